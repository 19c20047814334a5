//! What one viewer may know of the table (spec §8): hands, deck orders, face-down cards
//! and the card under a Disguise are absent unless they are the viewer's own.

use serde::Serialize;

use super::{
    cards::{Card, Colour, PointCard},
    evaluation::ColumnResult,
    rules::{Phase, RbState},
    scoring::{final_scores, FinalScore},
};
use crate::contract::{Seat, Viewer};

#[derive(Clone, Debug, Serialize)]
pub struct RbView {
    pub phase: Phase,
    pub round: u8,
    /// Whose turn it is during play.
    pub active: Option<Seat>,
    /// A Disguise or Traitor decision and whose it is (not its options).
    pub deciding: Option<(Seat, DecisionName)>,
    pub colours: Vec<Option<Colour>>,
    pub point_deck: usize,
    pub columns: Vec<ColumnView>,
    pub seats: Vec<SeatView>,
    /// The evaluation of round 6, once the game is over. During play the round reports
    /// are events only: cards named there may be back in a deck or hand by now.
    pub last_round: Vec<ColumnResult>,
    pub me: Option<PrivateView>,
    pub result: Option<Vec<FinalScore>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionName {
    Colour,
    StartPlayer,
    Disguise,
    Traitor,
}

#[derive(Clone, Debug, Serialize)]
pub struct ColumnView {
    pub point: PointCard,
    pub count: usize,
    pub full: bool,
    pub closed: bool,
    pub cards: Vec<CardView>,
}

/// One position of a column. `card` is absent for a face-down card the viewer may not know.
#[derive(Clone, Debug, Serialize)]
pub struct CardView {
    pub owner: Seat,
    pub face_up: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<Card>,
    /// A card lies under this Disguise.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hides: bool,
    /// That card, only for its owner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hidden: Option<Card>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub colour: Option<Colour>,
    pub hand: usize,
    pub deck: usize,
    /// Face up, all of it (D-31).
    pub discard: Vec<Card>,
    /// Won point cards are face down: only their number (D-20).
    pub won: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct PrivateView {
    pub seat: Seat,
    pub hand: Vec<Card>,
    pub won: Vec<PointCard>,
}

impl RbView {
    pub fn new(state: &RbState, viewer: Viewer) -> RbView {
        let me = match viewer {
            Viewer::Seat(s) if (s as usize) < state.n() => Some(s),
            _ => None,
        };
        let deciding = match state.phase {
            Phase::Colours => state.choosing_colour().map(|s| (s, DecisionName::Colour)),
            Phase::StartPlayer => Some((0, DecisionName::StartPlayer)),
            Phase::Play => state.decision.map(|d| {
                let name = match d {
                    super::rules::Decision::Disguise { .. } => DecisionName::Disguise,
                    super::rules::Decision::Traitor { .. } => DecisionName::Traitor,
                };
                (d.owner(), name)
            }),
            Phase::Over => None,
        };
        let columns = state
            .columns
            .iter()
            .map(|c| ColumnView {
                point: c.point,
                count: c.count(),
                full: c.full(),
                closed: c.closed,
                cards: c
                    .cards
                    .iter()
                    .map(|p| {
                        let own = me == Some(p.owner);
                        CardView {
                            owner: p.owner,
                            face_up: p.face_up,
                            card: (p.face_up || p.known || own)
                                .then(|| state.card(p.owner, p.character)),
                            hides: p.hidden.is_some(),
                            hidden: p.hidden.filter(|_| own).map(|h| state.card(p.owner, h)),
                        }
                    })
                    .collect(),
            })
            .collect();
        let seats = state
            .players
            .iter()
            .enumerate()
            .map(|(s, p)| SeatView {
                colour: state.colours[s],
                hand: p.hand.len(),
                deck: p.deck.len(),
                discard: p
                    .discard
                    .iter()
                    .map(|&c| state.card(s as Seat, c))
                    .collect(),
                won: p.won.len(),
            })
            .collect();
        RbView {
            phase: state.phase,
            round: state.round,
            active: (state.phase == Phase::Play).then_some(state.active),
            deciding,
            colours: state.colours.clone(),
            point_deck: state.point_deck.len(),
            columns,
            seats,
            last_round: if state.phase == Phase::Over {
                state.last_round.clone()
            } else {
                Vec::new()
            },
            me: me.map(|seat| {
                let p = &state.players[seat as usize];
                PrivateView {
                    seat,
                    hand: p.hand.iter().map(|&c| state.card(seat, c)).collect(),
                    won: p.won.as_slice().to_vec(),
                }
            }),
            result: (state.phase == Phase::Over).then(|| {
                let won: Vec<_> = state
                    .players
                    .iter()
                    .map(|p| p.won.as_slice().to_vec())
                    .collect();
                final_scores(&won, state.doubling)
            }),
        }
    }
}
