//! What a change says in its game's place, the same on every front end: a fired
//! deadline's timeouts, a seat handed over; and the note giving a player their web link.

use vliv_engine::Text;

use crate::{
    mark,
    service::{Fired, GameRecord, HandOver, SeatHolder, UserId},
};

/// The lines a fired deadline says in the game's place before its table is shown again: one
/// per timed-out seat, saying whether the game's timeout choice was played for it or an AI
/// took its seat over. Other deadlines say nothing there.
pub fn fired_notes(fired: &Fired) -> Vec<Text> {
    let Fired::TimedOut { report, seats } = fired else {
        return Vec::new();
    };
    seats
        .iter()
        .map(|&seat| {
            let key = match report.game.seats.get(seat as usize) {
                Some(SeatHolder::Ai {
                    forfeited_by: Some(_),
                    ..
                }) => "timeout-ai-takes-over",
                _ => "timeout-applied",
            };
            Text::new(key).seat("player", seat)
        })
        .collect()
}

/// The note a seat handed to another person says in the game's place: who plays it now, and
/// who did until now (a person, or the AI). The seat goes by its number's name in the game's
/// language: its player's name is the new one already.
pub fn hand_over_note(done: &HandOver) -> Text {
    let change = &done.change;
    let note = Text::new("seat-handed-over")
        .arg("name", done.game.lang.seat_name(change.seat))
        .arg("to", mark::user(change.to));
    match change.from {
        Some(from) => note.arg("from", mark::user(from)),
        None => note.arg("from", Text::new("history-seat-ai")),
    }
}

/// The private answer carrying `user`'s link to `game`'s web table: their own table (which
/// shows their hand, so not to be shared), or the public one.
pub fn web_link_note(game: &GameRecord, user: UserId, url: &str) -> Text {
    let name: vliv_engine::Arg = match vliv_engine::registry::find(&game.kind) {
        Some(kind) => kind.name().into(),
        None => game.kind.clone().into(),
    };
    let key = match game.seat_of(user) {
        Some(_) => "web-link-given",
        None => "web-link-given-spectator",
    };
    Text::new(key).arg("game", name).arg("url", url)
}
