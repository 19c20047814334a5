//! Whose turn it is, as the front ends need it for pings and DMs, without the game's state.

use vliv_engine::{Actor, Seat};

use crate::service::{GameRecord, Service, ServiceResult, UserId};

/// The seats a game waits for that people hold, with their users (AI seats are played,
/// not pinged).
pub fn waiting(service: &Service, rec: &GameRecord) -> ServiceResult<Vec<(Seat, UserId)>> {
    let state = service.live(rec)?;
    Ok(rec.waiting_users(&state.pending()))
}

/// `seat` has a decision pending on the game's own clock (a reaction window): the kind a
/// player answers right where they are told of it.
pub fn on_clock(service: &Service, rec: &GameRecord, seat: Seat) -> ServiceResult<bool> {
    let state = service.live(rec)?;
    Ok(state
        .pending()
        .iter()
        .any(|&p| p.actor == Actor::Seat(seat) && state.deadline_secs(p).is_some()))
}
