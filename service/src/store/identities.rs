//! Identities of more than one chat platform behind the store's integer ids. A Discord
//! snowflake is its own id (no row: every game stored before keeps its ids); a user, room
//! or message of another platform gets an id of its own from the range with the top bit
//! set (negative as a stored BIGINT). Discord's snowflakes are milliseconds since 2015
//! shifted by 22 bits, so they stay below 2^63 until the year 2084: the two ranges never
//! meet, and an id alone says its platform.
//!
//! The terminal console is a platform too, for the words of its texts, but it keeps no
//! identities: its game lives in a store of its own (in memory, for one process), where it
//! numbers its users and its one place in the unmapped range, as Discord's are. No store
//! shared with Discord or Matrix ever holds a console id, so an id's platform stays Discord
//! or Matrix ([`Platform::of`]).

use std::fmt;

use sqlx::Row;

use super::{Id, Store, StoreError, StoreResult};

/// The chat platform an id belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Platform {
    Discord,
    Matrix,
    Console,
}

/// Ids at or above this belong to a platform other than Discord.
const MAPPED_BASE: u64 = 1 << 63;

impl Platform {
    /// The platforms whose games a shared store holds (a sweep over "every platform"). The
    /// console's game is in a store of its own, in the unmapped range: `ALL` sweeps it too.
    pub const ALL: [Platform; 2] = [Platform::Discord, Platform::Matrix];

    /// Whether the platform's ids are mapped (top bit set, a row in `identities`).
    fn mapped(self) -> bool {
        match self {
            Platform::Matrix => true,
            Platform::Discord | Platform::Console => false,
        }
    }

    /// Which of the two ranges `platforms` take: (unmapped, mapped).
    fn ranges(platforms: &[Platform]) -> (bool, bool) {
        (
            platforms.iter().any(|p| !p.mapped()),
            platforms.iter().any(|p| p.mapped()),
        )
    }

    /// SQL keeping the rows (by their `game_id`) of `platforms`' games: a game's platform
    /// is its channel's, and a mapped channel id is stored negative. One primary-key
    /// lookup per row, not a list of every game ever stored.
    pub(super) fn games_sql(platforms: &[Platform]) -> &'static str {
        match Platform::ranges(platforms) {
            (true, true) => "1 = 1",
            (true, false) => "(SELECT channel_id FROM games WHERE games.id = game_id) >= 0",
            (false, true) => "(SELECT channel_id FROM games WHERE games.id = game_id) < 0",
            (false, false) => "1 = 0",
        }
    }

    /// SQL keeping the `games` rows of `platforms`' games (by their own `channel_id`).
    pub(super) fn channels_sql(platforms: &[Platform]) -> &'static str {
        match Platform::ranges(platforms) {
            (true, true) => "1 = 1",
            (true, false) => "channel_id >= 0",
            (false, true) => "channel_id < 0",
            (false, false) => "1 = 0",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Platform::Discord => "discord",
            Platform::Matrix => "matrix",
            Platform::Console => "console",
        }
    }

    /// The platform of an internal id. Only Matrix maps ids today; a third platform would
    /// need its own stored platform column read here.
    pub fn of(id: impl Id) -> Platform {
        Platform::of_raw(id.raw())
    }

    fn of_raw(id: u64) -> Platform {
        match id >= MAPPED_BASE {
            true => Platform::Matrix,
            false => Platform::Discord,
        }
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The console numbers its users itself and stores no identity: asking for one is a bug.
fn console_identity() -> StoreError {
    StoreError::Corrupt("the console's ids are its own; none is stored".into())
}

/// How many times a new id is tried when another writer took the one read as free.
const ALLOCATION_ATTEMPTS: usize = 20;

impl Store {
    /// The internal id of a platform's user, room or message, made on first sight.
    /// Discord ids stand for themselves; a Discord id out of the snowflake range is refused
    /// as corrupt rather than allowed to look like another platform's.
    pub async fn identity<I: Id>(&self, platform: Platform, external: &str) -> StoreResult<I> {
        if platform == Platform::Console {
            return Err(console_identity());
        }
        if platform == Platform::Discord {
            return match external.parse::<u64>() {
                Ok(id) if id < MAPPED_BASE => Ok(I::from_raw(id)),
                _ => Err(StoreError::Corrupt(format!(
                    "not a Discord snowflake: {}",
                    external.chars().take(30).collect::<String>()
                ))),
            };
        }
        for _ in 0..ALLOCATION_ATTEMPTS {
            if let Some(id) = self.known_identity(platform, external).await? {
                return Ok(id);
            }
            // The next free id of the mapped range: stored as i64, the range starts at
            // i64::MIN (u64 2^63) and grows towards zero.
            let row = sqlx::query("SELECT MAX(internal_id) FROM identities")
                .fetch_one(&self.pool)
                .await?;
            let last: Option<i64> = row.try_get(0)?;
            let next = match last {
                Some(last) if last < -1 => last + 1,
                Some(_) => return Err(StoreError::Corrupt("the mapped id range is spent".into())),
                None => i64::MIN + 1,
            };
            let inserted = sqlx::query(
                "INSERT INTO identities (platform, external_id, internal_id) VALUES ($1, $2, $3)",
            )
            .bind(platform.as_str())
            .bind(external)
            .bind(next)
            .execute(&self.pool)
            .await;
            match inserted {
                Ok(_) => return Ok(I::from_raw(next as u64)),
                // Another writer took this id or mapped this identity first: read again.
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(StoreError::Conflict)
    }

    /// The internal id of an identity seen before, without making one.
    pub async fn known_identity<I: Id>(
        &self,
        platform: Platform,
        external: &str,
    ) -> StoreResult<Option<I>> {
        if platform == Platform::Console {
            return Err(console_identity());
        }
        if platform == Platform::Discord {
            return Ok(external
                .parse::<u64>()
                .ok()
                .filter(|&id| id < MAPPED_BASE)
                .map(I::from_raw));
        }
        let row = sqlx::query(
            "SELECT internal_id FROM identities WHERE platform = $1 AND external_id = $2",
        )
        .bind(platform.as_str())
        .bind(external)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row
            .map(|r| r.try_get::<i64, _>(0))
            .transpose()?
            .map(|id| I::from_raw(id as u64)))
    }

    /// The platform's own id behind an internal id (a Discord id is itself).
    pub async fn external_identity(&self, id: impl Id) -> StoreResult<Option<(Platform, String)>> {
        let id = id.raw();
        let platform = Platform::of_raw(id);
        if platform == Platform::Discord {
            return Ok(Some((platform, id.to_string())));
        }
        let row =
            sqlx::query("SELECT platform, external_id FROM identities WHERE internal_id = $1")
                .bind(id as i64)
                .fetch_optional(&self.pool)
                .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let stored: String = row.try_get(0)?;
        if stored != platform.as_str() {
            return Err(StoreError::Corrupt(format!(
                "identity {id} is stored for {stored}"
            )));
        }
        Ok(Some((platform, row.try_get(1)?)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::UserId;
    use Platform::{Console, Discord, Matrix};

    #[test]
    fn the_sweeps_sql_is_as_before_and_the_console_takes_the_unmapped_range() {
        assert_eq!(Platform::games_sql(&Platform::ALL), "1 = 1");
        assert_eq!(
            Platform::games_sql(&[Discord]),
            Platform::games_sql(&[Console])
        );
        assert!(Platform::games_sql(&[Discord]).ends_with(">= 0"));
        assert!(Platform::games_sql(&[Matrix]).ends_with("< 0"));
        assert_eq!(Platform::games_sql(&[]), "1 = 0");
        assert_eq!(Platform::channels_sql(&[Discord, Matrix]), "1 = 1");
        assert_eq!(Platform::channels_sql(&[Console]), "channel_id >= 0");
        assert_eq!(Platform::channels_sql(&[Matrix]), "channel_id < 0");
        // An id says Discord or Matrix, as every stored game's did.
        assert_eq!(Platform::of_raw(1), Discord);
        assert_eq!(Platform::of_raw(MAPPED_BASE), Matrix);
    }

    #[tokio::test]
    async fn the_console_stores_no_identity() {
        let store = Store::connect("sqlite::memory:").await.unwrap();
        assert!(store.identity::<UserId>(Console, "1").await.is_err());
        assert!(store.known_identity::<UserId>(Console, "1").await.is_err());
        let rows = sqlx::query("SELECT COUNT(*) FROM identities")
            .fetch_one(&store.pool)
            .await
            .unwrap();
        assert_eq!(rows.try_get::<i64, _>(0).unwrap(), 0);
    }
}
