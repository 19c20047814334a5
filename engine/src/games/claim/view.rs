//! What one viewer may know of a Claim table (spec §10): hidden cards are absent.

use serde::Serialize;

use super::{
    cards::{Card, CardSet},
    rules::{result, ClaimResult, ClaimState, Phase, TrickRecord},
};
use crate::contract::{Seat, Viewer};

#[derive(Clone, Debug, Serialize)]
pub struct ClaimView {
    pub phase: Phase,
    pub trick: u8,
    pub leader: Seat,
    pub to_move: Option<Seat>,
    pub prize: Option<Card>,
    pub deck_size: usize,
    pub led: Option<Card>,
    pub seats: [SeatView; 2],
    pub last_trick: Option<TrickRecord>,
    pub discard: CardSet,
    /// The viewer's own hidden cards; `None` for spectators.
    pub me: Option<PrivateView>,
    pub result: Option<ClaimResult>,
}

/// Public facts about one seat.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub hand_size: usize,
    pub follower_pile_size: usize,
    /// Score piles are face up (D13).
    pub score_pile: CardSet,
}

#[derive(Clone, Debug, Serialize)]
pub struct PrivateView {
    pub seat: Seat,
    pub hand: CardSet,
    /// Prizes won and cards drawn blind; the owner may look at any time (§10).
    pub follower_pile: CardSet,
}

impl ClaimView {
    pub fn new(state: &ClaimState, viewer: Viewer) -> ClaimView {
        let seat_view = |s: usize| SeatView {
            hand_size: state.hands[s].len(),
            follower_pile_size: state.followers[s].len(),
            score_pile: state.scores[s],
        };
        ClaimView {
            phase: state.phase,
            trick: state.trick,
            leader: state.leader,
            to_move: state.to_move(),
            prize: state.prize,
            deck_size: state.deck.len(),
            led: state.led,
            seats: [seat_view(0), seat_view(1)],
            last_trick: state.last_trick,
            discard: state.discard,
            me: match viewer {
                Viewer::Seat(seat) if seat < 2 => Some(PrivateView {
                    seat,
                    hand: state.hands[seat as usize],
                    follower_pile: state.followers[seat as usize],
                }),
                _ => None,
            },
            result: (state.phase == Phase::Over).then(|| result(state.scores)),
        }
    }
}
