//! Whether a player has finished a game of a kind: learning mode is on by default until
//! they have (their first game of the kind).

use super::{GuildId, Store, StoreResult, UserId};

impl Store {
    /// Whether `user` holds a seat of a finished `kind` game on `guild`: the results kept
    /// for /stats, read through their `(guild_id, user_id, kind)` index.
    pub async fn has_finished_kind(
        &self,
        guild: GuildId,
        user: UserId,
        kind: &str,
    ) -> StoreResult<bool> {
        let row = sqlx::query(
            "SELECT 1 FROM player_results WHERE guild_id = $1 AND user_id = $2 AND kind = $3 \
             LIMIT 1",
        )
        .bind(guild)
        .bind(user)
        .bind(kind)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }
}
