//! Who watches a running game, and the DM that keeps the public table current for each.

use sqlx::Row;

use super::{cache::Fact, ChannelId, GameId, MessageId, Store, StoreResult, UserId};

/// One spectator of a game; the DM message is unknown until the first table reached them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spectator {
    pub user: UserId,
    pub dm: Option<(ChannelId, MessageId)>,
}

impl Store {
    /// Adds a spectator; `false` if they already watch.
    pub async fn add_spectator(&self, game: GameId, user: UserId) -> StoreResult<bool> {
        let done = sqlx::query(
            "INSERT INTO spectators (game_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(game)
        .bind(user)
        .execute(&self.pool)
        .await;
        self.spectators_changed(game);
        Ok(done?.rows_affected() == 1)
    }

    /// Removes a spectator; `false` if they did not watch.
    pub async fn remove_spectator(&self, game: GameId, user: UserId) -> StoreResult<bool> {
        let done = sqlx::query("DELETE FROM spectators WHERE game_id = $1 AND user_id = $2")
            .bind(game)
            .bind(user)
            .execute(&self.pool)
            .await;
        self.spectators_changed(game);
        Ok(done?.rows_affected() == 1)
    }

    /// Everyone watching a game, in the order they came (kept in memory with the game by
    /// the sole writer: read on every table edit).
    pub async fn spectators(&self, game: GameId) -> StoreResult<Vec<Spectator>> {
        if !self.game_is_cached(game) {
            return self.load_spectators(game).await;
        }
        self.cached_fact(
            Fact::Spectators,
            |f| f.spectators.get(&game).cloned(),
            self.load_spectators(game),
            |f, s| {
                f.spectators.insert(game, s);
            },
        )
        .await
    }

    fn spectators_changed(&self, game: GameId) {
        self.fact_written(Fact::Spectators, |f| {
            f.spectators.remove(&game);
        });
    }

    async fn load_spectators(&self, game: GameId) -> StoreResult<Vec<Spectator>> {
        let rows = sqlx::query(
            "SELECT user_id, dm_channel_id, message_id FROM spectators WHERE game_id = $1 \
             ORDER BY user_id",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let channel: Option<ChannelId> = r.try_get("dm_channel_id")?;
                let message: Option<MessageId> = r.try_get("message_id")?;
                Ok(Spectator {
                    user: r.try_get::<UserId, _>("user_id")?,
                    dm: channel.zip(message),
                })
            })
            .collect()
    }

    /// Remembers the DM message a spectator's table is kept in.
    pub async fn set_spectator_message(
        &self,
        game: GameId,
        user: UserId,
        channel: ChannelId,
        message: MessageId,
    ) -> StoreResult<()> {
        let done = sqlx::query(
            "UPDATE spectators SET dm_channel_id = $1, message_id = $2 \
             WHERE game_id = $3 AND user_id = $4",
        )
        .bind(channel)
        .bind(message)
        .bind(game)
        .bind(user)
        .execute(&self.pool)
        .await;
        self.spectators_changed(game);
        done?;
        Ok(())
    }

    /// Nobody watches a game any more (it ended).
    pub async fn clear_spectators(&self, game: GameId) -> StoreResult<()> {
        let done = sqlx::query("DELETE FROM spectators WHERE game_id = $1")
            .bind(game)
            .execute(&self.pool)
            .await;
        self.spectators_changed(game);
        done?;
        Ok(())
    }
}
