//! Spectators: a member who watches a running game gets its public table in a DM, kept
//! current on every move. They hold no seat, so nothing private is ever rendered for them:
//! the front end renders the spectator's view only.

use super::{
    ChannelId, GameId, GameRecord, MessageId, Service, ServiceError, ServiceResult, Status, UserId,
};
use crate::store::Spectator;

impl Service {
    /// `user` watches `game` from now on (again, if they did). A player of the game is
    /// refused: their hand shows them more than a spectator's table; so is one more
    /// spectator than the cap.
    pub async fn watch(&self, game: GameId, user: UserId) -> ServiceResult<GameRecord> {
        let rec = self.game(game).await?;
        match rec.status {
            Status::Running => {}
            Status::Lobby => return Err(ServiceError::NotRunning),
            Status::Frozen => return Err(ServiceError::Frozen),
            Status::Finished | Status::Abandoned => return Err(ServiceError::GameOver),
        }
        if rec.seat_of(user).is_some() {
            return Err(ServiceError::AlreadySeated);
        }
        // Each spectator's table is a message edited on every move: a game has a few.
        let max = self.game_limits.spectators_per_game;
        let watching = self.store.spectators(game).await?;
        if watching.len() >= max as usize && !watching.iter().any(|s| s.user == user) {
            return Err(ServiceError::TooManySpectators { max });
        }
        self.store.add_spectator(game, user).await?;
        Ok(rec)
    }

    /// `user` stops watching `game`.
    pub async fn unwatch(&self, game: GameId, user: UserId) -> ServiceResult<()> {
        match self.store.remove_spectator(game, user).await? {
            true => Ok(()),
            false => Err(ServiceError::NotWatching),
        }
    }

    /// Who watches `game` and where their table is.
    pub async fn spectators(&self, game: GameId) -> ServiceResult<Vec<Spectator>> {
        Ok(self.store.spectators(game).await?)
    }

    /// Remembers the DM a spectator's table was posted in, to edit it on the next move.
    pub async fn note_spectator_table(
        &self,
        game: GameId,
        user: UserId,
        channel: ChannelId,
        message: MessageId,
    ) -> ServiceResult<()> {
        Ok(self
            .store
            .set_spectator_message(game, user, channel, message)
            .await?)
    }

    /// The game ended and its final table was sent: nobody watches it any more.
    pub async fn end_watching(&self, game: GameId) -> ServiceResult<()> {
        Ok(self.store.clear_spectators(game).await?)
    }
}
