//! Opening a lobby under the caps on open lobbies, and counting them. The caps are checked
//! by the INSERT itself, so two `/game new` at once cannot both take the last place.

use sqlx::{AssertSqlSafe, Row};

use super::{
    busy_if_unique, game_from_row, replace_deadlines, to_json, Backend, Deadline, DeadlineKind,
    GameRecord, GuildId, LobbyMeta, NewGame, Store, StoreError, StoreResult, UserId, GAME_COLUMNS,
};

/// The most lobbies that may be open at once: hosted by one user in a server, and in all
/// of a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LobbyCaps {
    pub per_user: u32,
    pub per_server: u32,
}

/// Keeps the advisory locks of lobby caps apart from any other use of advisory locks.
const CAP_LOCK_SPACE: i64 = 0x5_6C69_7600_0000;

impl Store {
    /// Inserts a lobby without caps (tests, imports).
    pub async fn insert_game(&self, g: &NewGame) -> StoreResult<GameRecord> {
        self.insert(g, None).await
    }

    /// Inserts a lobby if its host and its server are under `caps`; otherwise
    /// [`StoreError::LobbyCap`] and nothing is written.
    pub async fn insert_lobby(&self, g: &NewGame, caps: LobbyCaps) -> StoreResult<GameRecord> {
        self.insert(g, Some(caps)).await
    }

    async fn insert(&self, g: &NewGame, caps: Option<LobbyCaps>) -> StoreResult<GameRecord> {
        let mut tx = self.pool.begin().await?;
        if caps.is_some() && self.backend == Backend::Postgres {
            // Under READ COMMITTED two conditional INSERTs would not see each other's row:
            // the server's creators queue on one lock until the first commits. (SQLite
            // takes its write lock at the INSERT's first step, before the counts are read.)
            // (Wrapped: the Any driver cannot read a `void` column.)
            sqlx::query("SELECT 1 FROM (SELECT pg_advisory_xact_lock($1)) AS held")
                .bind(CAP_LOCK_SPACE ^ g.guild.0 as i64)
                .execute(&mut *tx)
                .await?;
        }
        let caps = caps.unwrap_or(LobbyCaps {
            per_user: u32::MAX,
            per_server: u32::MAX,
        });
        let row = sqlx::query(AssertSqlSafe(format!(
            "INSERT INTO games (guild_id, channel_id, kind, rules_version, status, host_id, \
             seats, options, seed, version, counters, draw_offers, created_at, place_slot) \
             SELECT $1, $2, $3, $4, 'lobby', $5, $6, $7, $8, 1, '[]', '[]', $9, $12 \
             WHERE (SELECT COUNT(*) FROM games WHERE guild_id = $1 AND status = 'lobby' \
                    AND host_id = $5) < $10 \
               AND (SELECT COUNT(*) FROM games WHERE guild_id = $1 AND status = 'lobby') < $11 \
             RETURNING {GAME_COLUMNS}"
        )))
        .bind(g.guild)
        .bind(g.channel)
        .bind(g.kind.clone())
        .bind(g.rules_version as i64)
        .bind(g.host)
        .bind(to_json(&g.seats))
        .bind(to_json(&LobbyMeta {
            options: g.options.clone(),
            lang: g.lang,
        }))
        .bind(g.seed as i64)
        .bind(g.created_at)
        .bind(caps.per_user as i64)
        .bind(caps.per_server as i64)
        .bind((self.places.slot_of)(g.guild, g.channel))
        .fetch_optional(&mut *tx)
        .await
        .map_err(busy_if_unique)?;
        let Some(row) = row else {
            let mine = count_lobbies(&mut tx, g.guild, Some(g.host)).await?;
            return Err(StoreError::LobbyCap {
                per_user: mine >= caps.per_user as u64,
            });
        };
        let rec = game_from_row(&row)?;
        if let Some(due_ms) = g.expires_at {
            let expiry = Deadline {
                game: rec.id,
                kind: DeadlineKind::LobbyExpiry,
                due_ms,
            };
            replace_deadlines(&mut tx, rec.id, &[expiry]).await?;
        }
        tx.commit().await?;
        Ok(rec)
    }

    /// How many lobbies are open in a server, or hosted there by one user.
    pub async fn open_lobbies(&self, guild: GuildId, host: Option<UserId>) -> StoreResult<u64> {
        let mut conn = self.pool.acquire().await?;
        count_lobbies(&mut conn, guild, host).await
    }

    /// Running games in `guild`, of `host` only if given (the caps on running games).
    pub async fn running_games(&self, guild: GuildId, host: Option<UserId>) -> StoreResult<u64> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM games WHERE guild_id = $1 AND status = 'running' \
             AND ($2 = 0 OR host_id = $2)",
        )
        .bind(guild)
        .bind(host.map_or(0, |h| h.0 as i64))
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>(0)?.max(0) as u64)
    }
}

async fn count_lobbies(
    conn: &mut sqlx::AnyConnection,
    guild: GuildId,
    host: Option<UserId>,
) -> StoreResult<u64> {
    let row = sqlx::query(
        "SELECT COUNT(*) FROM games WHERE guild_id = $1 AND status = 'lobby' \
         AND ($2 = 0 OR host_id = $2)",
    )
    .bind(guild)
    .bind(host.map_or(0, |h| h.0 as i64))
    .fetch_one(&mut *conn)
    .await?;
    Ok(row.try_get::<i64, _>(0)?.max(0) as u64)
}
