//! What a server's games take up, and deleting the ones that ended long ago (a server's
//! retention setting). Results and ratings are kept: they live apart from the game rows.

use sqlx::Row;

use super::{from_json, GameId, GuildConfig, GuildId, Store, StoreResult};

/// The storage a server's games take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StorageUse {
    /// Games stored, and how many of them ended (finished or abandoned).
    pub games: u64,
    pub ended: u64,
    pub moves: u64,
    /// About how many bytes: the stored texts plus a row's overhead (indexes included).
    pub bytes: u64,
}

/// Per stored row besides its texts: keys, times and index entries (an estimate).
const GAME_ROW_BYTES: u64 = 160;
const MOVE_ROW_BYTES: u64 = 80;

impl Store {
    /// What a server's games take up.
    pub async fn storage_use(&self, guild: GuildId) -> StoreResult<StorageUse> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS games, \
             COALESCE(SUM(CASE WHEN status IN ('finished', 'abandoned') THEN 1 ELSE 0 END), 0) \
               AS ended, \
             COALESCE(SUM(LENGTH(seats) + LENGTH(options) + LENGTH(counters) \
               + COALESCE(LENGTH(snapshot), 0) + COALESCE(LENGTH(ai_rng), 0) \
               + COALESCE(LENGTH(outcome), 0) + COALESCE(LENGTH(ending), 0) \
               + COALESCE(LENGTH(recent), 0)), 0) AS text_bytes \
             FROM games WHERE guild_id = $1",
        )
        .bind(guild)
        .fetch_one(&self.pool)
        .await?;
        let moves = sqlx::query(
            "SELECT COUNT(*) FROM moves m JOIN games g ON g.id = m.game_id WHERE g.guild_id = $1",
        )
        .bind(guild)
        .fetch_one(&self.pool)
        .await?;
        let count = |v: i64| v.max(0) as u64;
        let games = count(row.try_get("games")?);
        let moves = count(moves.try_get(0)?);
        Ok(StorageUse {
            games,
            ended: count(row.try_get("ended")?),
            moves,
            bytes: count(row.try_get("text_bytes")?)
                + games * GAME_ROW_BYTES
                + moves * MOVE_ROW_BYTES,
        })
    }

    /// Deletes at most `limit` of a server's games that ended before `before_ms`, oldest
    /// first, with their moves and deadlines; returns the ids deleted.
    pub async fn delete_ended_before(
        &self,
        guild: GuildId,
        before_ms: i64,
        limit: u32,
    ) -> StoreResult<Vec<GameId>> {
        let mut tx = self.pool.begin().await?;
        let ids: Vec<GameId> = sqlx::query(
            "SELECT id FROM games WHERE guild_id = $1 AND status IN ('finished', 'abandoned') \
             AND finished_at < $2 ORDER BY finished_at, id LIMIT $3",
        )
        .bind(guild)
        .bind(before_ms)
        .bind(limit as i64)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|r| r.try_get::<GameId, _>(0))
        .collect::<Result<_, _>>()?;
        for table in [
            "moves",
            "deadlines",
            "held_notices",
            "table_pictures",
            "turn_notices",
        ] {
            for id in &ids {
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "DELETE FROM {table} WHERE game_id = $1"
                )))
                .bind(id)
                .execute(&mut *tx)
                .await?;
            }
        }
        for id in &ids {
            sqlx::query("DELETE FROM games WHERE id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(ids)
    }

    /// Forgets the commands read from an event stream before `before_ms` (a stream never
    /// gives them again once its position moved past them); returns how many.
    pub async fn delete_inbox_before(&self, before_ms: i64) -> StoreResult<u64> {
        let done = sqlx::query("DELETE FROM inbox WHERE received_at < $1")
            .bind(before_ms)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// Every server that changed its settings, with them (the retention sweep reads these).
    pub async fn guild_configs(&self) -> StoreResult<Vec<(GuildId, GuildConfig)>> {
        let rows = sqlx::query("SELECT guild_id, config FROM guild_config ORDER BY guild_id")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get::<GuildId, _>("guild_id")?,
                    from_json(&r.try_get::<String, _>("config")?)?,
                ))
            })
            .collect()
    }
}
