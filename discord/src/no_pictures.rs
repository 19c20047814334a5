//! Channels where Discord refuses the bot's files (no Attach Files, 403 / 50013): the table
//! goes on as text there, and the channel is told once which permission is missing and how
//! to grant it. A channel is tried with pictures again after [`RETRY_AFTER`], so a granted
//! permission brings them back.

use crate::ids::Theirs;
use std::{
    collections::{HashMap, HashSet},
    sync::{LazyLock, Mutex},
    time::{Duration, Instant},
};
use vliv_service::service::ChannelId;

use poise::serenity_prelude as serenity;
use vliv_service::{i18n::msg, render::MessageSpec, service::GameRecord};

use super::{
    budget::{self, Class},
    convert,
};

/// Discord's JSON code for a request the bot's permissions do not cover.
const MISSING_PERMISSIONS: isize = 50013;
/// How long a refused channel gets text only before pictures are tried again.
const RETRY_AFTER: Duration = Duration::from_secs(10 * 60);

/// Channel → when its files were refused.
static REFUSED: LazyLock<Mutex<HashMap<ChannelId, Instant>>> = LazyLock::new(Default::default);
/// Channels already told, once per process.
static TOLD: LazyLock<Mutex<HashSet<ChannelId>>> = LazyLock::new(Default::default);

/// Whether tables in `channel` go without pictures for now.
pub fn refused_in(channel: ChannelId) -> bool {
    let mut refused = REFUSED.lock().unwrap_or_else(|p| p.into_inner());
    match refused.get(&channel) {
        Some(at) if at.elapsed() < RETRY_AFTER => true,
        Some(_) => {
            refused.remove(&channel);
            false
        }
        None => false,
    }
}

/// Discord refused a message with a picture for a missing permission: the picture is the
/// likely cause (Send Messages is checked again by the text's own request).
pub fn refused_picture(spec: &MessageSpec, e: &serenity::Error) -> bool {
    spec.picture.is_some()
        && matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.error.code == MISSING_PERMISSIONS)
}

/// The message as text: no file, no embed image pointing at one.
pub fn text_only(spec: &MessageSpec) -> MessageSpec {
    let mut spec = spec.clone();
    spec.picture = None;
    if let Some(embed) = spec.embed.as_mut() {
        embed.image = None;
    }
    spec
}

/// The text went where the picture was refused: pictures stay off in the channel for a
/// while, and the channel reads once, in the game's language, what to grant.
pub async fn fell_back(http: &serenity::Http, rec: &GameRecord) {
    tracing::info!(
        game = rec.id,
        channel = %rec.channel,
        "picture refused: no Attach Files"
    );
    REFUSED
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(rec.channel, Instant::now());
    let first = TOLD
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(rec.channel);
    if !first {
        return;
    }
    let note = MessageSpec {
        content: msg(rec.lang, "pictures-need-attach-files"),
        ..Default::default()
    };
    budget::spend(Class::Channel).await;
    if let Err(e) = rec
        .channel
        .theirs()
        .send_message(http, convert::create_message(&note))
        .await
    {
        tracing::info!(game = rec.id, error = %e, "missing Attach Files not told");
    }
}
