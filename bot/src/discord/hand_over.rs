//! A seat handed over: the channel is told, the table names the new player, and the new
//! player gets the seat's hand in a DM (or presses "My hand" when DMs are closed). The
//! former holder gets nothing more: their old buttons are refused by the service.

use poise::serenity_prelude as serenity;
use vliv_engine::Text;

use super::{commands, convert, lang, publish, Error};
use crate::{
    i18n::tr,
    render::{clip, limits},
    service::{HandOver, Service},
};

pub async fn publish(
    http: &serenity::Http,
    service: &Service,
    done: &HandOver,
) -> Result<(), Error> {
    let rec = &done.game;
    let change = &done.change;
    let from = match change.from {
        Some(u) => format!("<@{u}>"),
        None => tr(rec.lang, &Text::new("history-seat-ai"), &|s| {
            rec.lang.seat_name(s)
        }),
    };
    let note = Text::new("seat-handed-over")
        .arg("name", rec.lang.seat_name(change.seat))
        .arg("from", from)
        .arg("to", format!("<@{}>", change.to));
    publish::say_in_channel(http, rec, &note).await?;
    publish::refresh_table(http, service, rec.id, false).await?;
    let lang = lang::for_user(service, change.to, None, Some(rec.guild)).await;
    let mut spec = commands::hand_spec(service, rec, change.to, lang).await?;
    let header = Text::new("dm-seat-handed")
        .arg("name", lang.seat_name(change.seat))
        .arg("link", publish::table_link(rec));
    let header = tr(lang, &header, &|s| lang.seat_name(s));
    spec.content = clip(&format!("{header}\n{}", spec.content), limits::CONTENT);
    let sent = serenity::UserId::new(change.to)
        .direct_message(http, convert::create_message(&spec))
        .await;
    if let Err(e) = sent {
        // The channel note names them; "My hand" on the table shows the hand.
        tracing::info!(game = rec.id, guild = rec.guild, error = %e, "the new player's DM failed");
    }
    Ok(())
}
