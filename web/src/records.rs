//! A game's records on the web: its replay step by step, a player's review and the
//! leaderboard of its kind, each asked of the application layer as the chat front ends ask
//! (`Request::Replay`, `Request::Review`, `Request::Leaderboard`) from the game's own place.
//! What a replay of a running game may show, whose review may be read and what a board
//! lists is the application layer's rule: this file only asks and renders.

use axum::http::StatusCode;
use vliv_engine::{Seat, Text};
use vliv_service::service::UserId;
use vliv_service::{
    app::{execute, Answer, Origin, Refusal, Request, Target},
    i18n::tr,
    render::{leaderboard_message, replay_message, review_lines, Names},
    service::{GameRecord, Place},
};

use crate::{
    reader::Reader,
    records_page::{self, Nav},
    reviews::Prepared,
    view::{panel, Words},
    Web,
};

/// A page and its status.
pub type Shown = (StatusCode, String);

/// The reader asking from the game's own place (a replay is admitted only where its game
/// lives). A spectator's link has no user: they ask as nobody, which no rule here needs.
fn origin(reader: &Reader, rec: &GameRecord) -> Origin {
    Origin {
        platform: reader.platform,
        user: reader.user.unwrap_or(UserId(0)),
        place: Place::channel(rec.guild, rec.channel),
        admin: false,
        private: false,
        key: None,
        reads: Some(reader.lang),
        name: None,
    }
}

/// The answer, or the page saying why there is none.
async fn ask(
    web: &Web,
    reader: &Reader,
    rec: &GameRecord,
    request: Request,
) -> Result<Answer, Shown> {
    let names = Names::for_game(rec, reader.lang);
    let say = |text: &Text| tr(reader.lang, text, &|s| names.get(s));
    match execute(&web.service, &origin(reader, rec), request).await {
        Ok(outcome) => Ok(outcome.answer),
        Err(Refusal::Refused(text)) => Err((
            StatusCode::FORBIDDEN,
            records_page::refused(reader.lang, &say(&text)),
        )),
        Err(Refusal::Failed(e) | Refusal::NotShown(e)) => {
            tracing::warn!(game = rec.id, error = %e, "a web record failed");
            let text = say(&Text::new("web-failed"));
            Err((
                StatusCode::SERVICE_UNAVAILABLE,
                records_page::refused(reader.lang, &text),
            ))
        }
    }
}

fn unexpected(reader: &Reader) -> Shown {
    let text = records_page::say(reader.lang, Text::new("web-failed"));
    (
        StatusCode::SERVICE_UNAVAILABLE,
        records_page::refused(reader.lang, &text),
    )
}

/// The game after `step` moves.
pub async fn replay(web: &Web, reader: &Reader, rec: &GameRecord, step: u32, base: &str) -> Shown {
    let request = Request::Replay { game: rec.id, step };
    let step = match ask(web, reader, rec, request).await {
        Ok(Answer::Replay(step)) => step,
        Ok(_) => return unexpected(reader),
        Err(shown) => return shown,
    };
    let words = Words::new(&step.game, reader);
    let spec = replay_message(&step, reader.lang);
    let shown = panel(&spec.embed.unwrap_or_default(), &words);
    let nav = Nav {
        at: step.step as u32,
        last: step.total as u32,
    };
    (
        StatusCode::OK,
        records_page::replay(&shown, nav, base, reader.lang, step.revealed),
    )
}

/// A player's decisions against the AI's best choices; `seat` counted from 1 (`None`: the
/// reader's own, or the first seat's for a spectator).
pub async fn review(
    web: &Web,
    reader: &Reader,
    rec: &GameRecord,
    seat: Option<i64>,
    base: &str,
) -> Shown {
    let own = reader.user.and_then(|u| rec.seat_of(u));
    let seat = seat.or(match own {
        Some(_) => None,
        None => Some(1),
    });
    let request = Request::Review {
        game: Target::Game(rec.id),
        seat,
    };
    // The application layer decides, each time, whether this reader may read this review.
    let job = match ask(web, reader, rec, request).await {
        Ok(Answer::Review(job)) => job,
        Ok(_) => return unexpected(reader),
        Err(shown) => return shown,
    };
    let reviewed = job.seat;
    let queued = match web.reviews.state(rec.id, reviewed) {
        Prepared::Ready(done) => return review_page(reader, &done.0, reviewed, &done.1, base),
        Prepared::Failed => return unexpected(reader),
        Prepared::Preparing { queued } => queued,
        Prepared::Unknown => {
            let queued = job.queued;
            web.reviews.start(*job);
            queued
        }
    };
    (
        StatusCode::OK,
        records_page::preparing(rec.id, queued, reader.lang),
    )
}

fn review_page(
    reader: &Reader,
    game: &GameRecord,
    reviewed: Seat,
    review: &vliv_engine::ai::Review,
    base: &str,
) -> Shown {
    let words = Words::new(game, reader);
    let lines: Vec<String> = review_lines(game, reviewed, review, reader.lang)
        .iter()
        .map(|l| words.plain(l))
        .collect();
    let seats: Vec<(Seat, String)> = (0..game.seats.len() as Seat)
        .map(|s| (s, words.seat(s)))
        .collect();
    (
        StatusCode::OK,
        records_page::review(&lines, &seats, reviewed, base, reader.lang),
    )
}

/// A page (from 0) of the leaderboard of the game's kind in the game's server.
pub async fn leaderboard(
    web: &Web,
    reader: &Reader,
    rec: &GameRecord,
    page: u64,
    base: &str,
) -> Shown {
    let request = Request::Leaderboard {
        game: rec.kind.clone(),
        page,
        of: None,
    };
    let board = match ask(web, reader, rec, request).await {
        Ok(Answer::Leaderboard(board)) => board,
        Ok(_) => return unexpected(reader),
        Err(shown) => return shown,
    };
    let words = Words::new(rec, reader).knowing(&board.names);
    let spec = leaderboard_message(&board, rec.guild, reader.lang);
    let shown = panel(&spec.embed.unwrap_or_default(), &words);
    let nav = Nav {
        at: board.page as u32,
        last: board.pages.saturating_sub(1) as u32,
    };
    (
        StatusCode::OK,
        records_page::leaderboard(&shown, nav, base, reader.lang),
    )
}
