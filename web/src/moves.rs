//! A choice clicked on the page, carried out by the application layer as the same request
//! a chat front end's click is: stale, repeated and out-of-turn clicks are refused there,
//! in the words every front end uses, and what it changes is published in the game's chat
//! place by that platform's front end.

use vliv_engine::{ChoiceId, Seat};
use vliv_service::{
    app::{execute, Answer, Origin, Refusal, Request},
    i18n::tr,
    render::Names,
    service::{Click, GameRecord, Place, ServiceError},
};

use crate::{page::Notice, reader::Reader, Web};

/// The form a choice's button posts.
#[derive(serde::Deserialize)]
pub struct Posted {
    pub seat: Seat,
    pub counter: u32,
    pub choice: u32,
}

pub async fn click(web: &Web, reader: &Reader, rec: &GameRecord, posted: &Posted) -> Notice {
    let lang = reader.lang;
    let names = Names::for_game(rec, lang);
    let say = |text| tr(lang, text, &|s| names.get(s));
    let Some(user) = reader.user else {
        // A spectator's link has no seat to move for.
        return Notice::Refused(say(&ServiceError::NotAPlayer.text()));
    };
    let origin = Origin {
        platform: reader.platform,
        user,
        // The game's own place: a click is admitted only where its game lives.
        place: Place::channel(rec.guild, rec.channel),
        admin: false,
        private: false,
        key: None,
        reads: Some(lang),
        name: None,
    };
    let click = Click {
        game: rec.id,
        seat: posted.seat,
        counter: posted.counter,
        choice: ChoiceId(posted.choice),
    };
    match execute(&web.service, &origin, Request::Click(click)).await {
        Ok(outcome) => {
            if let Some(dispatcher) = web.dispatcher.clone() {
                let platform = reader.platform;
                // The chat place follows at its own pace; the page answers now.
                tokio::spawn(async move { dispatcher.publish(platform, outcome.publish).await });
            }
            match outcome.answer {
                Answer::Said(text) => Notice::Said(say(&text)),
                _ => Notice::Said(String::new()),
            }
        }
        Err(Refusal::Refused(text)) => Notice::Refused(say(&text)),
        Err(Refusal::Failed(e) | Refusal::NotShown(e)) => {
            tracing::warn!(game = rec.id, error = %e, "a web move failed");
            Notice::Refused(say(&vliv_engine::Text::new("web-failed")))
        }
    }
}
