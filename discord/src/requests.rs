//! Requests carried out through the application layer, and their publish plans carried out
//! with Discord's primitives: the table message, the channel, DMs.

use crate::limits;
use poise::serenity_prelude as serenity;
use vliv_engine::Text;

use super::{
    convert, dm, lang,
    publish::{self, InTime, Rest},
    spectate, tables, Error,
};
use vliv_service::i18n::tr;
use vliv_service::{
    app::{self, Answer, Carried, Origin, Plan, Publisher, Refusal, Request},
    render::clip,
    service::{GameId, GameRecord, HandOver, Rematch, Report, Service, UserId},
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
    let channel = Channel { http, service };
    if let Plan::Welcome { .. } = outcome.publish {
        if app::carry_out(&channel, outcome.publish).await? == Carried::Unreached {
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
    let publishing = async move {
        app::carry_out(&channel, outcome.publish).await?;
        Ok(())
    };
    match publish::in_answer_time(publishing).await {
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

/// Discord's publishing primitives: the game's channel (its table message and notes) and
/// DMs.
pub struct Channel<'a> {
    pub http: &'a serenity::Http,
    pub service: &'a Service,
}

impl Publisher for Channel<'_> {
    async fn table(&self, game: GameId, repost: bool) -> Result<(), Error> {
        publish::refresh_table(self.http, self.service, game, repost).await?;
        Ok(())
    }

    async fn note(&self, game: &GameRecord, text: &Text) -> Result<(), Error> {
        publish::say_in_channel(self.http, game, text).await
    }

    async fn report(&self, report: &Report, started: bool) -> Result<(), Error> {
        publish::after_report(self.http, self.service, report, started).await
    }

    async fn hand_over(&self, done: &HandOver) -> Result<(), Error> {
        hand_over(self.http, self.service, done).await
    }

    async fn rematch(&self, rematch: &Rematch) -> Result<(), Error> {
        publish::invite_to_rematch(self.http, self.service, rematch).await
    }

    async fn welcome(&self, game: &GameRecord, user: UserId) -> Result<bool, Error> {
        spectate::welcome(self.http, self.service, game, user).await
    }
}

/// A seat changed hands: a note in the channel, the table, and the hand in the new
/// player's DMs (the caller holds the game's publishing lock).
async fn hand_over(http: &serenity::Http, service: &Service, done: &HandOver) -> Result<(), Error> {
    let rec = &done.game;
    let change = &done.change;
    let note = app::hand_over_note(done);
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
        tracing::info!(game = rec.id, guild = %rec.guild, error = %e, "the new player's DM failed");
    }
    Ok(())
}

/// An answer that is one short text (a click's, or a command's other than a hand or a
/// question): the text.
pub fn answer_text(answer: &Answer) -> Text {
    match answer {
        Answer::Said(text) => text.clone(),
        Answer::Rematch { .. } => Text::new("settings-saved"),
        // The rest are rendered by the command that asked for them.
        _ => Text::new("move-applied"),
    }
}
