//! Whether a player has finished a game of a kind: learning mode is on by default until
//! they have (their first game of the kind).

use super::{cache::Fact, GuildId, Store, StoreResult, UserId};

impl Store {
    /// Whether `user` holds a seat of a finished `kind` game on `guild`: the results kept
    /// for /stats, read through their `(guild_id, user_id, kind)` index, once for the sole
    /// writer (a hand is shown on every turn).
    pub async fn has_finished_kind(
        &self,
        guild: GuildId,
        user: UserId,
        kind: &str,
    ) -> StoreResult<bool> {
        let key = (guild, user, kind.to_owned());
        self.cached_fact(
            Fact::FinishedKinds,
            |f| f.finished_kinds.get(&key).copied(),
            self.read_finished_kind(guild, user, kind),
            |f, finished| {
                f.finished_kinds.insert(key.clone(), finished);
            },
        )
        .await
    }

    /// Results were written for these players (or their write failed): read them again.
    pub(super) fn results_written(&self, guild: GuildId, kind: &str, users: &[UserId]) {
        self.fact_written(Fact::FinishedKinds, |f| {
            for &user in users {
                f.finished_kinds.remove(&(guild, user, kind.to_owned()));
            }
        });
    }

    async fn read_finished_kind(
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
