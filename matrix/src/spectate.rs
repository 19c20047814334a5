//! Spectators' tables: the public table (the spectator's view) in each spectator's DM room
//! with the bot, edited after every change of the game. Nothing private is rendered here.

use super::{client::Client, ids, publish, Error};
use vliv_service::service::UserId;
use vliv_service::{
    app,
    render::{spectator_table, MessageSpec},
    service::{GameId, GameRecord, Platform, Service},
    store::Spectator,
};

/// Sends a new spectator the table; `false` when it cannot reach them.
pub async fn welcome(
    client: &Client,
    service: &Service,
    rec: &GameRecord,
    user: UserId,
) -> Result<bool, Error> {
    let spectator = Spectator { user, dm: None };
    match show(client, service, rec, spectator).await {
        Ok(()) => Ok(true),
        Err(e) => {
            tracing::info!(game = rec.id, error = %e, "a new spectator's table not sent");
            Ok(false)
        }
    }
}

/// After a change of `game` was published: its spectators' tables follow, under the game's
/// publishing lock and from the game as it stands (an older read must not replace a newer).
pub async fn follow(client: &Client, service: &Service, game: GameId) {
    let _publishing = app::publishing(game).await;
    match service.game(game).await {
        Ok(rec) => update_all(client, service, &rec).await,
        Err(e) => tracing::warn!(game, error = %e, "spectators' game not read"),
    }
}

/// Brings every spectator's table up to date; once the game has ended they get its last
/// table and watch no more. A spectator whose table fails is logged and skipped.
async fn update_all(client: &Client, service: &Service, rec: &GameRecord) {
    app::update_spectators(service, rec, |spectator| async move {
        if let Err(e) = show(client, service, rec, spectator).await {
            tracing::info!(game = rec.id, error = %e, "a spectator's table not updated");
        }
    })
    .await
}

/// The spectator's table, edited in place or sent anew to their DM room.
async fn show(
    client: &Client,
    service: &Service,
    rec: &GameRecord,
    spectator: Spectator,
) -> Result<(), Error> {
    let lang = service
        .user_settings(spectator.user)
        .await?
        .lang
        .unwrap_or(rec.lang);
    let spec = table(service, rec, lang).await?;
    let reader =
        publish::player_reader(client, service, Some(spectator.user), rec.guild, lang).await?;
    let message = publish::to_message(service, &spec, &reader).await?;
    if let Some((room, event)) = spectator.dm {
        if let (Ok(room), Some((Platform::Matrix, event))) = (
            ids::room_of(service, room).await,
            service.external_identity(event).await?,
        ) {
            // Not editable (taken back, the room left): sent anew below.
            if client
                .edit(&room, &ids::fresh_txn(), &event, &message)
                .await
                .is_ok()
            {
                return Ok(());
            }
        }
    }
    let room = publish::direct_room(client, service, spectator.user).await?;
    let event = client.send(&room, &ids::fresh_txn(), &message).await?;
    let room = service.identity(Platform::Matrix, &room).await?;
    let event = service.identity(Platform::Matrix, &event).await?;
    service
        .note_spectator_table(rec.id, spectator.user, room, event)
        .await?;
    Ok(())
}

/// The public table in `lang` as a spectator's DM, with a link to the game's room.
async fn table(
    service: &Service,
    rec: &GameRecord,
    lang: vliv_engine::Lang,
) -> Result<MessageSpec, Error> {
    let table = app::table(service, rec, lang, app::Picture::Without)
        .await?
        .spec;
    let room = ids::room_of(service, rec.channel).await?;
    let link = format!("https://matrix.to/#/{room}");
    Ok(spectator_table(table, rec, &link, lang))
}
