//! Learning mode: whether a player's hand panel explains each choice (the engine's
//! `explain_choices`). On by default in a player's first game of a kind on a server (no
//! finished game of it there yet); the player's `learning` setting overrides it both ways.

use super::{GameRecord, Service, ServiceResult, UserId};

impl Service {
    /// Whether `user`'s panels in `rec` explain the choices.
    pub async fn learning(&self, rec: &GameRecord, user: UserId) -> ServiceResult<bool> {
        if let Some(on) = self.store.user_settings(user).await?.learning {
            return Ok(on);
        }
        Ok(!self
            .store
            .has_finished_kind(rec.guild, user, &rec.kind)
            .await?)
    }
}
