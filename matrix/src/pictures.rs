//! The table's picture in a Matrix room. An edit cannot swap an image, and an image per
//! move would fill the room and the media repository, so the picture is its own `m.image`
//! below the table: posted when the game starts, replaced (the new one posted, the old one
//! redacted) after every [`CHANGES_PER_PICTURE`] changes and on `!vliv status`, and posted
//! once more at the end, that one kept. Drawn from the spectator's view only; none when the
//! room turned pictures off.

use super::{client::Client, ids, Error};
use vliv_service::service::MessageId;
use vliv_service::{
    app,
    render::{with_table_scene, MessageSpec},
    service::{GameRecord, Platform, Service, Status},
    store::TablePicture,
};

/// Changes (moves, timeouts) a picture stands for before a new one replaces it.
pub const CHANGES_PER_PICTURE: u32 = 5;

/// When a picture goes out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// The game changed (it started with `started`).
    Changed { started: bool },
    /// Someone asked for the table again.
    Asked,
}

/// Brings the room's picture of the game up to date for `moment`.
pub async fn follow(
    client: &Client,
    service: &Service,
    rec: &GameRecord,
    moment: Moment,
) -> Result<(), Error> {
    let ended = matches!(rec.status, Status::Finished | Status::Abandoned);
    if rec.snapshot.is_none() || !(rec.status == Status::Running || ended) {
        return Ok(());
    }
    let last = service.table_picture(rec.id).await?;
    if moment != Moment::Asked && last.is_some_and(|p| p.last) {
        return Ok(());
    }
    let changes = last.map_or(0, |p| p.changes + 1);
    let due = match moment {
        Moment::Asked | Moment::Changed { started: true } => true,
        Moment::Changed { started: false } => {
            ended || last.is_none() || changes >= CHANGES_PER_PICTURE
        }
    };
    if !due {
        if let Some(last) = last {
            service
                .set_table_picture(rec.id, TablePicture { changes, ..last })
                .await?;
        }
        return Ok(());
    }
    if !service.guild_config(rec.guild).await?.pictures {
        return Ok(());
    }
    let Some(message) = post(client, service, rec).await? else {
        return Ok(());
    };
    service
        .set_table_picture(
            rec.id,
            TablePicture {
                message,
                changes: 0,
                last: ended,
            },
        )
        .await?;
    if let Some(old) = last {
        redact(client, service, rec, old.message).await;
    }
    Ok(())
}

/// The public table's picture as an `m.image`; its internal message id.
async fn post(
    client: &Client,
    service: &Service,
    rec: &GameRecord,
) -> Result<Option<MessageId>, Error> {
    let scene = app::table_picture(service, rec)?;
    let Some(picture) = with_table_scene(MessageSpec::default(), &scene, rec.lang).picture else {
        return Ok(None);
    };
    let room = ids::room_of(service, rec.channel).await?;
    let event = client
        .send_png(&room, &ids::fresh_txn(), &picture.filename, picture.png)
        .await?;
    Ok(Some(service.identity(Platform::Matrix, &event).await?))
}

/// Takes back an outdated picture (a failure leaves it: the newer one is below it).
async fn redact(client: &Client, service: &Service, rec: &GameRecord, message: MessageId) {
    let event = match service.external_identity(message).await {
        Ok(Some((Platform::Matrix, event))) => event,
        _ => return,
    };
    let room = match ids::room_of(service, rec.channel).await {
        Ok(room) => room,
        Err(_) => return,
    };
    if let Err(e) = client.redact(&room, &ids::fresh_txn(), &event).await {
        tracing::warn!(game = rec.id, error = %e, "an outdated table picture was not redacted");
    }
}
