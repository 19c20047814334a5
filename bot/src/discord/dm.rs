//! A DM to a player through the DM channel stored for them: opened once (one request to
//! Discord), then reused by every process of a fleet and after a restart.

use poise::serenity_prelude as serenity;

use crate::service::Service;

/// Discord's "Unknown Channel": a stored DM channel Discord no longer knows.
const UNKNOWN_CHANNEL: isize = 10003;

/// Sends `message` to `user`'s DMs.
pub async fn send(
    http: &serenity::Http,
    service: &Service,
    user: u64,
    message: serenity::CreateMessage,
) -> serenity::Result<serenity::Message> {
    let stored = service.store().dm_channel(user).await.ok().flatten();
    if let Some(channel) = stored {
        match serenity::ChannelId::new(channel)
            .send_message(http, message.clone())
            .await
        {
            Err(e) if unknown_channel(&e) => {}
            sent => return sent,
        }
    }
    let channel = serenity::UserId::new(user).create_dm_channel(http).await?;
    if let Err(e) = service
        .store()
        .remember_dm_channel(user, channel.id.get())
        .await
    {
        tracing::debug!(error = %e, "DM channel not stored");
    }
    channel.id.send_message(http, message).await
}

fn unknown_channel(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
        if r.error.code == UNKNOWN_CHANNEL)
}
