//! Views for a front end that shows a game as text to one reader at a time (the terminal,
//! where players take turns at one screen): a seat's panel with the menu it is to answer
//! and the learning lines under it, the public panel, the game as dealt. Each panel is
//! built from its one reader's view, so a seat never reads another seat's hidden cards.

use vliv_engine::{Actor, Panel, Seat, Text, Viewer};

use super::LogMark;
use crate::service::{GameRecord, PendingMenu, Service, ServiceResult};

/// What one seat reads of a game: its panel (its hand beside the public table), the menu
/// it is to answer now if any, and, in learning mode, one line per choice of that menu.
pub struct SeatView {
    pub panel: Panel,
    pub menu: Option<PendingMenu>,
    pub explanations: Vec<Text>,
}

/// `seat`'s view of `rec`; `learn`: with the explanations of its menu's choices.
pub fn seat_view(
    service: &Service,
    rec: &GameRecord,
    seat: Seat,
    learn: bool,
) -> ServiceResult<SeatView> {
    let state = service.live(rec)?;
    let menu = state.menu(Actor::Seat(seat)).map(|menu| PendingMenu {
        game: rec.id,
        seat,
        counter: rec.counters[seat as usize],
        menu,
    });
    let explanations = match (learn, &menu) {
        (true, Some(_)) => state.explain_choices(seat).unwrap_or_default(),
        _ => Vec::new(),
    };
    Ok(SeatView {
        panel: state.panel(Viewer::Seat(seat)),
        menu,
        explanations,
    })
}

/// The public panel of `rec`: what a spectator reads (a lobby has none).
pub fn public_panel(service: &Service, rec: &GameRecord) -> ServiceResult<Panel> {
    Ok(service.live(rec)?.panel(Viewer::Spectator))
}

/// A game as it was dealt, before any move: its public panel, and where the deal's events
/// (the round it opens with, the cards each seat drew), which no move's report carries,
/// end in the game's log: a reader reads them with [`super::events_since`].
pub struct Dealt {
    pub table: Panel,
    pub end: LogMark,
}

/// `rec` as it was dealt (AI seats may have moved on since its start).
pub async fn dealt(service: &Service, rec: &GameRecord) -> ServiceResult<Dealt> {
    let (dealt, _) = service.replay(rec, Some(0)).await?;
    Ok(Dealt {
        table: dealt.panel(Viewer::Spectator),
        end: LogMark::new(dealt.opening().len()),
    })
}
