//! What one viewer may know (spec §12): the whole public table, and for a seat its own
//! hand, the top of its deck it knows, and what its own look effect shows. The opponent's
//! hand and every deck order are absent, not flagged.

use serde::Serialize;

use super::{
    cards::{CardRef, Country, Effect},
    menu::{decider, is_reaction, Decision},
    state::{OvState, Phase, PromptKind, What, SLOTS},
};
use crate::contract::{Seat, Viewer};

#[derive(Clone, Debug, Serialize)]
pub struct OvView {
    pub turn: u32,
    pub turn_limit: u32,
    pub active: Seat,
    pub phase: Phase,
    pub winner: Option<Seat>,
    /// Who the game waits for, and whether it is a reaction window.
    pub waiting: Option<(Seat, bool)>,
    pub status: Option<CardRef>,
    pub countries: Vec<CountryView>,
    pub country_deck: usize,
    pub removed: Vec<Country>,
    pub stack: Vec<ItemView>,
    pub seats: Vec<SeatView>,
    pub doubling: bool,
    pub no_refill: bool,
    pub strict_thresholds: bool,
    pub me: Option<PrivateView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CountryView {
    pub slot: usize,
    pub country: Country,
    pub printed: [u32; 2],
    pub effective: [u32; 2],
    /// Per seat `[B, M]`.
    pub invested: [[u32; 2]; 2],
}

#[derive(Clone, Debug, Serialize)]
pub struct ItemView {
    pub owner: Seat,
    /// `None` for a capture event.
    pub card: Option<CardRef>,
    pub effect: Option<Effect>,
    pub licence: bool,
    pub capture: Option<Country>,
    pub cancelled: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub treasury: [u32; 2],
    pub bases: Vec<CardRef>,
    pub captured: Vec<Country>,
    pub deck: usize,
    pub hand: usize,
    pub discard: Vec<CardRef>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PrivateView {
    pub seat: Seat,
    pub hand: Vec<CardRef>,
    /// The top of the own deck as far as known, top first.
    pub known_top: Vec<CardRef>,
    /// What the viewer's own look effect shows now.
    pub looking: Vec<CardRef>,
}

impl OvView {
    pub fn new(s: &OvState, viewer: Viewer) -> Self {
        let cards = |seat: Seat, list: &[u8]| -> Vec<CardRef> {
            list.iter().map(|&c| CardRef::new(seat, c)).collect()
        };
        let countries = (0..SLOTS)
            .filter_map(|slot| {
                let c = s.slots[slot]?;
                Some(CountryView {
                    slot,
                    country: Country(c),
                    printed: Country(c).info().thresholds,
                    effective: s.thresholds(c),
                    invested: s.inv[slot],
                })
            })
            .collect();
        let stack = s
            .stack
            .iter()
            .map(|i| match &i.what {
                What::Play {
                    card,
                    effect,
                    licence,
                    ..
                } => ItemView {
                    owner: i.owner,
                    card: Some(CardRef::new(i.owner, *card)),
                    effect: Some(*effect),
                    licence: *licence,
                    capture: None,
                    cancelled: i.cancelled,
                },
                What::Capture { country } => ItemView {
                    owner: i.owner,
                    card: None,
                    effect: None,
                    licence: false,
                    capture: Some(Country(*country)),
                    cancelled: i.cancelled,
                },
            })
            .collect();
        let seats = (0..2u8)
            .map(|seat| {
                let p = &s.players[seat as usize];
                SeatView {
                    treasury: p.treasury,
                    bases: cards(seat, &p.bases),
                    captured: p.captured.iter().map(|&c| Country(c)).collect(),
                    deck: p.deck.len(),
                    hand: p.hand.len(),
                    discard: cards(seat, &p.discard),
                }
            })
            .collect();
        let me = match viewer {
            Viewer::Seat(seat) => {
                let p = &s.players[seat as usize];
                let known = (p.known_top as usize).min(p.deck.len());
                let known_top: Vec<u8> = p.deck.iter().rev().take(known).copied().collect();
                let looking = match &s.prompt {
                    Some(pr) if pr.item.owner == seat => match &pr.kind {
                        PromptKind::Look { looked, kept } => {
                            cards(seat, &[kept.as_slice(), looked.as_slice()].concat())
                        }
                        PromptKind::Discard { .. } => Vec::new(),
                    },
                    _ => Vec::new(),
                };
                Some(PrivateView {
                    seat,
                    hand: cards(seat, &p.hand),
                    known_top: cards(seat, &known_top),
                    looking,
                })
            }
            Viewer::Spectator => None,
        };
        let waiting = decider(s).map(|(seat, d)| (seat, d == Decision::Window || is_reaction(s)));
        OvView {
            turn: s.turn,
            turn_limit: s.options.turn_limit,
            active: s.active,
            phase: s.phase,
            winner: s.winner,
            waiting,
            status: s.status.map(|(o, c)| CardRef::new(o, c)),
            countries,
            country_deck: s.country_deck.len(),
            removed: s.removed.iter().map(|&c| Country(c)).collect(),
            stack,
            seats,
            doubling: s.doubling,
            no_refill: s.options.no_refill,
            strict_thresholds: s.options.strict_thresholds,
            me,
        }
    }
}
