//! What a front end that reads an event stream (and names people by strings) needs from
//! the store, kept platform-neutral: identities behind the store's integer ids, the
//! stream's position, the commands read from it (each applied and answered once), and
//! each user's direct-message room with the bot.

use super::{ChannelId, GameRecord, Id, Platform, Service, ServiceResult, UserId};
pub use crate::store::InboxEntry;

impl Service {
    /// The internal id of a platform's user, room or message, made on first sight.
    pub async fn identity<I: Id>(&self, platform: Platform, external: &str) -> ServiceResult<I> {
        Ok(self.store.identity(platform, external).await?)
    }

    /// The internal id of an identity seen before, without making one.
    pub async fn known_identity<I: Id>(
        &self,
        platform: Platform,
        external: &str,
    ) -> ServiceResult<Option<I>> {
        Ok(self.store.known_identity(platform, external).await?)
    }

    /// The platform's own id behind an internal id.
    pub async fn external_identity(
        &self,
        id: impl Id,
    ) -> ServiceResult<Option<(Platform, String)>> {
        Ok(self.store.external_identity(id).await?)
    }

    pub async fn stream_position(&self, account: &str) -> ServiceResult<Option<String>> {
        Ok(self.store.stream_position(account).await?)
    }

    pub async fn set_stream_position(&self, account: &str, position: &str) -> ServiceResult<()> {
        Ok(self.store.set_stream_position(account, position).await?)
    }

    /// A command's progress, or `None` the first time it is read.
    pub async fn inbox_entry(
        &self,
        platform: Platform,
        event: &str,
    ) -> ServiceResult<Option<InboxEntry>> {
        Ok(self.store.inbox_entry(platform, event).await?)
    }

    /// Records a command as read, with the move it resolved to (the first record wins).
    pub async fn receive(
        &self,
        platform: Platform,
        event: &str,
        click: Option<&str>,
    ) -> ServiceResult<InboxEntry> {
        let now = self.now_ms();
        Ok(self.store.receive(platform, event, click, now).await?)
    }

    pub async fn mark_answered(&self, platform: Platform, event: &str) -> ServiceResult<()> {
        Ok(self.store.mark_answered(platform, event).await?)
    }

    pub async fn direct_room(&self, user: UserId) -> ServiceResult<Option<ChannelId>> {
        Ok(self.store.direct_room(user).await?)
    }

    pub async fn set_direct_room(&self, user: UserId, channel: ChannelId) -> ServiceResult<()> {
        Ok(self.store.set_direct_room(user, channel).await?)
    }

    /// Running games anywhere in which `user` holds a seat, newest first.
    pub async fn running_games_of(&self, user: UserId) -> ServiceResult<Vec<GameRecord>> {
        Ok(self.store.running_games_of(user).await?)
    }

    /// The latest game of a channel, whatever its status (a finished one's table on request).
    pub async fn latest_game(
        &self,
        guild: super::GuildId,
        channel: ChannelId,
    ) -> ServiceResult<Option<GameRecord>> {
        let all = [
            super::Status::Lobby,
            super::Status::Running,
            super::Status::Finished,
            super::Status::Abandoned,
            super::Status::Frozen,
        ];
        let games = self.store.channel_games(guild, channel, &all, 1).await?;
        Ok(games.into_iter().next())
    }
}
