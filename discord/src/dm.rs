//! A DM to a player through the DM channel stored for them: opened once (one request to
//! Discord), then reused by every process of a fleet and after a restart. This process also
//! keeps the ids it knows in memory, so a DM costs no database read.

use crate::ids::{Ours, Theirs};
use poise::serenity_prelude as serenity;
use vliv_service::service::UserId;

use super::budget::{self, Class};
use vliv_service::service::Service;

/// Discord's "Unknown Channel": a stored DM channel Discord no longer knows.
const UNKNOWN_CHANNEL: isize = 10003;

/// Sends `message` to `user`'s DMs.
pub async fn send(
    http: &serenity::Http,
    service: &Service,
    user: UserId,
    message: serenity::CreateMessage,
) -> serenity::Result<serenity::Message> {
    let known = match budget::dm_channel(user) {
        Some(c) => Some(c),
        None => service.store().dm_channel(user).await.ok().flatten(),
    };
    if let Some(channel) = known {
        budget::dm_channel_opened(user, channel);
        budget::spend(Class::Channel).await;
        match channel.theirs().send_message(http, message.clone()).await {
            Err(e) if unknown_channel(&e) => budget::dm_channel_lost(user),
            sent => return sent,
        }
    }
    let channel = {
        let _turn = budget::dm_channel_turn().await;
        // Another DM to this user may have opened it meanwhile.
        match budget::dm_channel(user) {
            Some(c) => c.theirs(),
            None => {
                budget::spend(Class::Global).await;
                user.theirs().create_dm_channel(http).await?.id
            }
        }
    };
    budget::dm_channel_opened(user, channel.ours());
    if let Err(e) = service
        .store()
        .remember_dm_channel(user, channel.ours())
        .await
    {
        tracing::debug!(error = %e, "DM channel not stored");
    }
    budget::spend(Class::Channel).await;
    channel.send_message(http, message).await
}

fn unknown_channel(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
        if r.error.code == UNKNOWN_CHANNEL)
}
