//! What one viewer may know of a Fantasy Realms table (spec §8): hidden cards are absent.

use serde::Serialize;

use super::{
    cards::Card,
    rules::{Answer, Discarded, FrState, Offer, Step, Variant},
    search::Scored,
};
use crate::contract::{Seat, Viewer};

/// The step without its hidden cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Take,
    Discard,
    Draft,
    Keep,
    Trading,
    Over,
}

#[derive(Clone, Debug, Serialize)]
pub struct FrView {
    pub variant: Variant,
    pub phase: Phase,
    pub to_move: Option<Seat>,
    pub start: Seat,
    pub deck_size: usize,
    /// Every discard, oldest first, with who discarded it.
    pub discard: Vec<Discarded>,
    pub hand_sizes: Vec<usize>,
    pub discards_left: Option<usize>,
    /// Chaotic Realms: the time limit in minutes.
    pub time_limit: Option<u8>,
    pub trades: u32,
    pub me: Option<PrivateView>,
    /// At the end: every hand with its breakdown, in seat order.
    pub result: Option<Vec<SeatResult>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PrivateView {
    pub seat: Seat,
    pub hand: Vec<Card>,
    /// The hand's best score now (for the 7 cards held before this turn's take).
    pub score: Scored,
    /// The card just taken, during the discard step.
    pub taken: Option<Card>,
    /// The two cards drawn, during a two-player keep step.
    pub drawn: Option<[Card; 2]>,
    pub my_offer: Option<Offer>,
    pub offers_to_me: Vec<Offer>,
    pub my_answers: Vec<Answer>,
    pub answers_to_me: Vec<Answer>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatResult {
    pub seat: Seat,
    pub place: u8,
    pub base_sum: i32,
    pub score: Scored,
}

impl FrView {
    pub fn new(state: &FrState, viewer: Viewer) -> FrView {
        let phase = match state.step {
            Step::Take => Phase::Take,
            Step::Discard { .. } => Phase::Discard,
            Step::Draft => Phase::Draft,
            Step::Keep { .. } => Phase::Keep,
            Step::Trading => Phase::Trading,
            Step::Over => Phase::Over,
        };
        let me = match viewer {
            Viewer::Seat(seat) if (seat as usize) < state.seats() && !state.is_over() => {
                let mine = |s: &Step| s.clone();
                let (taken, drawn) = match (mine(&state.step), state.to_move == seat) {
                    (Step::Discard { taken }, true) => (Some(taken), None),
                    (Step::Keep { drawn }, true) => (None, Some(drawn)),
                    _ => (None, None),
                };
                Some(PrivateView {
                    seat,
                    hand: state.hands[seat as usize].clone(),
                    score: state.scores[seat as usize].clone(),
                    taken,
                    drawn,
                    my_offer: state.offers.iter().find(|o| o.from == seat).copied(),
                    offers_to_me: state
                        .offers
                        .iter()
                        .filter(|o| o.addressed_to(seat))
                        .copied()
                        .collect(),
                    my_answers: state
                        .answers
                        .iter()
                        .filter(|a| a.from == seat)
                        .copied()
                        .collect(),
                    answers_to_me: state
                        .answers
                        .iter()
                        .filter(|a| a.to == seat)
                        .copied()
                        .collect(),
                })
            }
            _ => None,
        };
        let result = state.is_over().then(|| {
            let places = state.places();
            (0..state.seats() as Seat)
                .map(|seat| SeatResult {
                    seat,
                    place: places[seat as usize],
                    base_sum: state.base_sum(seat),
                    score: state.scores[seat as usize].clone(),
                })
                .collect()
        });
        FrView {
            variant: state.variant,
            phase,
            to_move: state.turn(),
            start: state.start,
            deck_size: state.deck.len(),
            discard: state.discard.clone(),
            hand_sizes: state.hands.iter().map(Vec::len).collect(),
            discards_left: state.discards_left(),
            time_limit: (state.variant == Variant::Chaotic).then_some(state.time_limit),
            trades: state.trades,
            me,
            result,
        }
    }
}
