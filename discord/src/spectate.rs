//! Spectators' tables: the public table (the spectator's view, no buttons) in each
//! spectator's DM, edited after every change of the game. Nothing private is rendered here.

use super::{
    budget::{self, Class},
    convert, dm, lang, tables, Error,
};
use crate::ids::{Ours, Theirs};
use poise::serenity_prelude as serenity;
use vliv_service::{
    app,
    render::{self, MessageSpec},
    service::{GameRecord, Service, Spectator, UserId},
};

/// Sends a new spectator the table; `false` when Discord refuses them a DM.
pub async fn welcome(
    http: &serenity::Http,
    service: &Service,
    rec: &GameRecord,
    user: UserId,
) -> Result<bool, Error> {
    let spectator = Spectator { user, dm: None };
    match show(http, service, rec, spectator).await {
        Ok(()) => Ok(true),
        Err(e) if is_refused(&e) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Brings every spectator's table up to date; once the game has ended they get its last
/// table and watch no more. A spectator whose DM fails is logged and skipped.
pub async fn update_all(http: &serenity::Http, service: &Service, rec: &GameRecord) {
    app::update_spectators(service, rec, |spectator| async move {
        match show(http, service, rec, spectator).await {
            Ok(()) => {}
            // Discord would refuse every later DM too: they stop watching now rather than
            // cost a refused request on every move.
            Err(e) if dms_closed(&e) => {
                tracing::info!(
                    game = rec.id,
                    guild = %rec.guild,
                    "a spectator's DMs are closed; they watch no more"
                );
                if let Err(e) = service.unwatch(rec.id, spectator.user).await {
                    tracing::warn!(game = rec.id, error = %e, "spectator not dropped");
                }
            }
            Err(e) => {
                tracing::info!(game = rec.id, guild = %rec.guild, error = %e, "a spectator's table not updated")
            }
        }
    })
    .await
}

/// The spectator's table, edited in place or sent anew.
async fn show(
    http: &serenity::Http,
    service: &Service,
    rec: &GameRecord,
    spectator: Spectator,
) -> Result<(), Error> {
    let lang = lang::for_user(service, spectator.user, None, Some(rec.guild)).await;
    let spec = spectator_table(service, rec, lang).await?;
    if let Some((channel, message)) = spectator.dm {
        // A message edited in the spectator's DM: under the channel's limit and the
        // global one, paced as every other request.
        budget::spend(Class::Channel).await;
        let edited = channel
            .theirs()
            .edit_message(http, message.theirs(), convert::edit_message(&spec))
            .await;
        if edited.is_ok() {
            return Ok(());
        }
    }
    let sent = dm::send(
        http,
        service,
        spectator.user,
        convert::create_message(&spec),
    )
    .await?;
    service
        .note_spectator_table(
            rec.id,
            spectator.user,
            sent.channel_id.ours(),
            sent.id.ours(),
        )
        .await?;
    Ok(())
}

/// The public table in `lang` as a spectator's DM.
pub async fn spectator_table(
    service: &Service,
    rec: &GameRecord,
    lang: vliv_engine::Lang,
) -> Result<MessageSpec, Error> {
    let table = tables::render(service, rec, lang).await?;
    Ok(render::spectator_table(
        table,
        rec,
        &tables::table_link(rec),
        lang,
    ))
}

/// Discord's "Cannot send messages to this user": the user's DMs are closed to the bot.
const DMS_CLOSED: isize = 50007;

fn dms_closed(e: &Error) -> bool {
    matches!(e.downcast_ref::<serenity::Error>(),
        Some(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) if r.error.code == DMS_CLOSED)
}

fn is_refused(e: &Error) -> bool {
    matches!(e.downcast_ref::<serenity::Error>(),
        Some(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) if r.status_code.as_u16() == 403)
}
