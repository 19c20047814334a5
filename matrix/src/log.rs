//! A game's log as its asker may read it, sent to their DM room: a seat's private events are
//! among its lines, so it is never posted in the game's room.

use vliv_engine::Text;
use vliv_service::service::UserId;

use super::{client::Client, ids, publish, Error};
use vliv_service::{
    i18n::tr,
    render::{MessageSpec, Names},
    service::{GameRecord, Service},
};

/// The most characters of a log in one message: the latest lines are kept (a Matrix event
/// may hold 64 KiB, HTML body included).
const MAX_CHARS: usize = 20_000;

/// Sends `user` the log's latest lines that fit one message, private ones marked 🔒.
pub async fn send_log(
    client: &Client,
    service: &Service,
    rec: &GameRecord,
    lines: &[(Text, bool)],
    user: UserId,
) -> Result<(), Error> {
    let lang = service.user_settings(user).await?.lang.unwrap_or(rec.lang);
    let names = Names::for_game(rec, lang);
    let say = |text: &Text| tr(lang, text, &|s| names.get(s));
    let mut kept: Vec<String> = Vec::new();
    let mut chars = 0;
    for (text, private) in lines.iter().rev() {
        let line = match private {
            false => say(text),
            true => format!("🔒 {}", say(text)),
        };
        chars += line.chars().count() + 1;
        if chars > MAX_CHARS {
            break;
        }
        kept.push(line);
    }
    kept.reverse();
    let heading = say(&Text::new("matrix-log-heading").arg("id", rec.id));
    let body = match kept.is_empty() {
        true => say(&Text::new("list-none")),
        false => kept.join("\n"),
    };
    send_content(
        client,
        service,
        rec,
        format!("{heading}\n{body}"),
        user,
        lang,
    )
    .await
}

/// Sends `user` one text about `rec` in their DM room (a link that opens their hand).
pub async fn send_text(
    client: &Client,
    service: &Service,
    rec: &GameRecord,
    text: &Text,
    user: UserId,
) -> Result<(), Error> {
    let lang = service.user_settings(user).await?.lang.unwrap_or(rec.lang);
    let names = Names::for_game(rec, lang);
    let content = tr(lang, text, &|s| names.get(s));
    send_content(client, service, rec, content, user, lang).await
}

async fn send_content(
    client: &Client,
    service: &Service,
    rec: &GameRecord,
    content: String,
    user: UserId,
    lang: vliv_engine::Lang,
) -> Result<(), Error> {
    let spec = MessageSpec {
        content,
        ..MessageSpec::default()
    };
    let reader = publish::player_reader(client, service, Some(user), rec.guild, lang).await?;
    let message = publish::to_message(service, &spec, &reader).await?;
    let room = publish::direct_room(client, service, user).await?;
    client.send(&room, &ids::fresh_txn(), &message).await?;
    Ok(())
}
