//! A hint and a review, each sent to the asker's DM room only: a hint names the asker's
//! own choices, and a review is the asker's to read (the game's room never sees either).
//! A review runs in the background, so the room's other commands are not kept waiting.

use std::sync::Arc;
use vliv_service::service::UserId;

use vliv_engine::Lang;

use super::{client::Client, ids, publish, Error};
use vliv_service::{
    render::{hint_lines, pages, review_lines, MessageSpec},
    service::{GameRecord, Hint, ReviewJob, Service},
};

/// The most characters of one message: a Matrix event holds 64 KiB, HTML body included.
const MAX_CHARS: usize = 20_000;

/// The language `user` reads privately: theirs if they chose one, else the game's.
async fn lang_of(service: &Service, user: UserId, rec: &GameRecord) -> Result<Lang, Error> {
    Ok(service.user_settings(user).await?.lang.unwrap_or(rec.lang))
}

/// `lines` in the user's DM room, in messages of whole lines.
async fn send_lines(
    client: &Client,
    service: &Service,
    rec: &GameRecord,
    user: UserId,
    lang: Lang,
    lines: &[String],
) -> Result<(), Error> {
    let reader = publish::player_reader(client, service, Some(user), rec.guild, lang).await?;
    let room = publish::direct_room(client, service, user).await?;
    for content in pages(lines, MAX_CHARS) {
        let spec = MessageSpec {
            content,
            ..MessageSpec::default()
        };
        let message = publish::to_message(service, &spec, &reader).await?;
        client.send(&room, &ids::fresh_txn(), &message).await?;
    }
    Ok(())
}

/// The hint, to the asker's DM room.
pub async fn send_hint(
    client: &Client,
    service: &Service,
    hint: &Hint,
    user: UserId,
) -> Result<(), Error> {
    let lang = lang_of(service, user, &hint.game).await?;
    let lines = hint_lines(&hint.game, &hint.choices, lang);
    send_lines(client, service, &hint.game, user, lang, &lines).await
}

/// Runs the review in the background and sends it to the asker's DM room when done (or,
/// if it failed, says so there).
pub fn review_in_background(client: Client, service: Arc<Service>, job: ReviewJob, user: UserId) {
    tokio::spawn(async move {
        let (rec, seat) = (job.game.clone(), job.seat);
        let sent = async {
            let lang = lang_of(&service, user, &rec).await?;
            let lines = match job.finish().await {
                Ok(review) => review_lines(&rec, seat, &review, lang),
                Err(e) => vec![vliv_service::i18n::tr(lang, &e.text(), &|s| {
                    lang.seat_name(s)
                })],
            };
            send_lines(&client, &service, &rec, user, lang, &lines).await
        };
        if let Err(e) = sent.await {
            tracing::warn!(game = rec.id, %user, error = %e, "a review was not sent");
        }
    });
}
