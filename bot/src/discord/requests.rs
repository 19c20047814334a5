//! Requests carried out through the application layer, and their publish plans carried out
//! with Discord's primitives: the table message, the channel, DMs.

use poise::serenity_prelude as serenity;
use vliv_engine::Text;

use super::{
    convert, dm, lang,
    publish::{self, InTime, Rest},
    spectate, tables, Error,
};
use crate::{
    app::{self, Answer, Origin, Plan, Refusal, Request},
    i18n::tr,
    render::{clip, limits},
    service::{HandOver, Service},
};

/// A carried-out request's answer, and the rest of its publishing when that takes longer
/// than an answer may wait (to be awaited once the answer is out).
pub struct Asked<'a> {
    pub answer: Answer,
    pub rest: Option<Rest<'a>>,
}

/// Carries `request` out for `origin` and publishes what it changed, within the time an
/// answer may wait ([`publish::ANSWER_WITHIN`]).
pub async fn ask<'a>(
    http: &'a serenity::Http,
    service: &'a Service,
    origin: &Origin,
    request: Request,
) -> Result<Asked<'a>, Refusal> {
    let outcome = app::execute(service, origin, request).await?;
    if let Plan::Welcome { game, user } = &outcome.publish {
        if !spectate::welcome(http, service, game, *user).await? {
            // No DM reaches them: watching would send nothing.
            app::execute(service, origin, Request::Unwatch).await?;
            return Ok(Asked {
                answer: Answer::Said(Text::new("watch-dm-closed")),
                rest: None,
            });
        }
        return Ok(Asked {
            answer: outcome.answer,
            rest: None,
        });
    }
    match publish::in_answer_time(carry_out(http, service, outcome.publish)).await {
        InTime::Published(Ok(())) => Ok(Asked {
            answer: outcome.answer,
            rest: None,
        }),
        InTime::Published(Err(e)) => Err(Refusal::NotShown(e)),
        InTime::Publishing(rest) => Ok(Asked {
            answer: outcome.answer,
            rest: Some(rest),
        }),
    }
}

/// A publish plan, with Discord's primitives.
pub async fn carry_out(http: &serenity::Http, service: &Service, plan: Plan) -> Result<(), Error> {
    match plan {
        Plan::Nothing => Ok(()),
        Plan::Table { game, repost } => {
            publish::refresh_table(http, service, game, repost).await?;
            Ok(())
        }
        Plan::Report {
            report,
            started,
            note,
        } => {
            if let Some(note) = note {
                publish::say_in_channel(http, &report.game, &note).await?;
            }
            publish::after_report(http, service, &report, started).await
        }
        Plan::Note { game, text } => publish::say_in_channel(http, &game, &text).await,
        Plan::HandOver { done, held } => {
            let published = hand_over(http, service, &done).await;
            drop(held);
            published
        }
        Plan::Rematch(rematch) => publish::invite_to_rematch(http, service, &rematch).await,
        Plan::Welcome { game, user } => {
            spectate::welcome(http, service, &game, user).await?;
            Ok(())
        }
        Plan::Tables(games) => {
            for game in games {
                if let Err(e) = publish::refresh_table(http, service, game, false).await {
                    tracing::warn!(game, error = %e, "table not refreshed after a vacation change");
                }
            }
            Ok(())
        }
    }
}

/// A seat changed hands: a note in the channel, the table, and the hand in the new
/// player's DMs (the caller holds the game's publishing lock).
async fn hand_over(http: &serenity::Http, service: &Service, done: &HandOver) -> Result<(), Error> {
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
    publish::refresh_table_held(http, service, rec.id, false).await?;
    let lang = lang::for_user(service, change.to, None, Some(rec.guild)).await;
    let mut spec = tables::hand_spec(service, rec, change.to, lang).await?;
    let header = Text::new("dm-seat-handed")
        .arg("name", lang.seat_name(change.seat))
        .arg("link", publish::table_link(rec));
    let header = tr(lang, &header, &|s| lang.seat_name(s));
    spec.content = clip(&format!("{header}\n{}", spec.content), limits::CONTENT);
    let sent = dm::send(http, service, change.to, convert::create_message(&spec)).await;
    if let Err(e) = sent {
        // The channel note names them; "My hand" on the table shows the hand.
        tracing::info!(game = rec.id, guild = rec.guild, error = %e, "the new player's DM failed");
    }
    Ok(())
}

/// An answer that is one short text (a click's, or a command's other than a hand or a
/// question): the text.
pub fn answer_text(answer: &Answer) -> Text {
    match answer {
        Answer::Said(text) => text.clone(),
        Answer::Rematch { .. } => Text::new("settings-saved"),
        Answer::Started
        | Answer::Hands(_)
        | Answer::ConfirmLeave(_)
        | Answer::ConfirmAbandon(_)
        | Answer::LobbyMayOpen { .. } => Text::new("move-applied"),
    }
}
