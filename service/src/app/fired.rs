//! What a fired deadline says in its game's place, the same on every front end.

use vliv_engine::Text;

use crate::service::{Fired, SeatHolder};

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
