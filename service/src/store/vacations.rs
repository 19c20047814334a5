//! Vacations: a player's clocks in one server's games paused for up to N days.

use sqlx::{any::AnyRow, Row};

use super::{cache::Fact, GuildId, Store, StoreResult, UserId};

/// One vacation as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacation {
    pub id: i64,
    pub guild: GuildId,
    pub user: UserId,
    pub starts_at: i64,
    /// The planned end.
    pub ends_at: i64,
    /// When the player returned early or an admin ended it.
    pub ended_at: Option<i64>,
    pub ended_by: Option<UserId>,
}

impl Vacation {
    /// When it ends (or ended).
    pub fn until(&self) -> i64 {
        self.ended_at.map_or(self.ends_at, |e| e.min(self.ends_at))
    }

    pub fn is_on(&self, now_ms: i64) -> bool {
        self.starts_at <= now_ms && now_ms < self.until()
    }
}

const COLUMNS: &str = "id, guild_id, user_id, starts_at, ends_at, ended_at, ended_by";

impl Store {
    /// Stores a vacation unless the player is on one in this server at `starts_at`
    /// (`None` then).
    pub async fn insert_vacation(
        &self,
        guild: GuildId,
        user: UserId,
        starts_at: i64,
        ends_at: i64,
    ) -> StoreResult<Option<Vacation>> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO vacations (guild_id, user_id, starts_at, ends_at) \
             SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM vacations \
             WHERE guild_id = $1 AND user_id = $2 AND ended_at IS NULL AND ends_at > $3) \
             RETURNING {COLUMNS}"
        )))
        .bind(guild)
        .bind(user)
        .bind(starts_at)
        .bind(ends_at)
        .fetch_optional(&self.pool)
        .await?;
        self.fact_written(Fact::Vacations, |f| {
            f.vacations.remove(&(guild, user));
        });
        row.map(|r| vacation_from_row(&r)).transpose()
    }

    /// The player's vacations in this server not ended and not over at `now_ms` (kept in
    /// memory by the sole writer: read on every move, written rarely).
    pub(super) async fn open_vacations(
        &self,
        guild: GuildId,
        user: UserId,
        now_ms: i64,
    ) -> StoreResult<Vec<Vacation>> {
        let load = async {
            let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
                "SELECT {COLUMNS} FROM vacations WHERE guild_id = $1 AND user_id = $2 \
                 AND ended_at IS NULL AND ends_at > $3 ORDER BY starts_at"
            )))
            .bind(guild)
            .bind(user)
            .bind(now_ms)
            .fetch_all(&self.pool)
            .await?;
            rows.iter().map(vacation_from_row).collect()
        };
        let open: Vec<Vacation> = self
            .cached_fact(
                Fact::Vacations,
                |f| f.vacations.get(&(guild, user)).cloned(),
                load,
                |f, v| {
                    f.vacations.insert((guild, user), v);
                },
            )
            .await?;
        Ok(open.into_iter().filter(|v| v.ends_at > now_ms).collect())
    }

    /// The player's vacation in this server that runs at `now_ms`.
    pub async fn current_vacation(
        &self,
        guild: GuildId,
        user: UserId,
        now_ms: i64,
    ) -> StoreResult<Option<Vacation>> {
        let open = self.open_vacations(guild, user, now_ms).await?;
        Ok(open
            .into_iter()
            .filter(|v| v.starts_at <= now_ms)
            .max_by_key(|v| v.starts_at))
    }

    /// The player's vacations in this server that started at or after `since_ms`.
    pub async fn vacations_since(
        &self,
        guild: GuildId,
        user: UserId,
        since_ms: i64,
    ) -> StoreResult<Vec<Vacation>> {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM vacations WHERE guild_id = $1 AND user_id = $2 \
             AND starts_at >= $3 ORDER BY starts_at"
        )))
        .bind(guild)
        .bind(user)
        .bind(since_ms)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(vacation_from_row).collect()
    }

    /// Vacations that ran their course in `(after_ms, until_ms]`.
    pub async fn vacations_ending(
        &self,
        after_ms: i64,
        until_ms: i64,
    ) -> StoreResult<Vec<Vacation>> {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM vacations WHERE ended_at IS NULL \
             AND ends_at > $1 AND ends_at <= $2 ORDER BY ends_at"
        )))
        .bind(after_ms)
        .bind(until_ms)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(vacation_from_row).collect()
    }

    /// Ends a running vacation at `at_ms`; false if it had already ended.
    pub async fn end_vacation(&self, id: i64, at_ms: i64, by: UserId) -> StoreResult<bool> {
        let done = sqlx::query(
            "UPDATE vacations SET ended_at = $1, ended_by = $2 \
             WHERE id = $3 AND ended_at IS NULL AND ends_at > $1",
        )
        .bind(at_ms)
        .bind(by)
        .bind(id)
        .execute(&self.pool)
        .await?;
        self.fact_written(Fact::Vacations, |f| f.vacations.clear());
        Ok(done.rows_affected() == 1)
    }
}

fn vacation_from_row(r: &AnyRow) -> StoreResult<Vacation> {
    Ok(Vacation {
        id: r.try_get("id")?,
        guild: r.try_get::<GuildId, _>("guild_id")?,
        user: r.try_get::<UserId, _>("user_id")?,
        starts_at: r.try_get("starts_at")?,
        ends_at: r.try_get("ends_at")?,
        ended_at: r.try_get("ended_at")?,
        ended_by: r.try_get::<Option<UserId>, _>("ended_by")?,
    })
}
