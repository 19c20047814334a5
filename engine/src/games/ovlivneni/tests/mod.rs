//! Ovlivnění rules tests, named after the spec sections (`s4_…`), cards (`c13_…`, both
//! effects) and decisions (`o_d12_…`) they check.

use super::{
    cards::*,
    events::OvEvent,
    menu::id,
    only_pass,
    state::{OvState, Phase, PromptKind, SLOTS},
    OvOptions, Ovlivneni,
};
use crate::{
    contract::{Actor, ChoiceId, DecisionKind, Game, Pending, Seat, Viewer},
    i18n::Lang,
    random_player,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub(super) const P0: Seat = 0;
pub(super) const P1: Seat = 1;
// The display of `table`: slot i holds country i.
pub(super) const GERMANY: u8 = 0; // 6B 4M
pub(super) const AUSTRIA: u8 = 1; // 5B 4M
const SPAIN: u8 = 2; // 4B 5M
const FRANCE: u8 = 3; // 5B 5M
const SWEDEN: u8 = 4; // 6B 5M
const HUNGARY: u8 = 5; // top of the country deck
const CZECHIA: u8 = 6;

/// Turn 1, seat 0 in its main phase, the given hands, every other card in the deck with
/// the lowest card numbers on top, Germany…Sweden on display, Hungary next.
pub(super) fn table(options: OvOptions, hand0: &[u8], hand1: &[u8]) -> OvState {
    let mut s = Ovlivneni::new(&options, 2, 1).unwrap();
    for (p, hand) in [(0, hand0), (1, hand1)] {
        let pl = &mut s.players[p];
        pl.hand = hand.to_vec();
        pl.deck = (0..CARD_COUNT as u8)
            .rev()
            .filter(|c| !hand.contains(c))
            .collect();
        pl.discard.clear();
        pl.bases.clear();
        pl.treasury = [0, 0];
        pl.captured.clear();
        pl.known_top = 0;
        pl.public_top = 0;
        pl.public_hand.clear();
    }
    s.slots = [Some(0), Some(1), Some(2), Some(3), Some(4)];
    s.inv = [[[0; 2]; 2]; SLOTS];
    s.country_deck = (5..COUNTRY_COUNT as u8).rev().collect();
    s.removed.clear();
    s.status = None;
    s.active = P0;
    s.turn = 1;
    s.phase = Phase::Main;
    s.capture_queue.clear();
    s.stack.clear();
    s.decl = None;
    s.invest = None;
    s.prompt = None;
    s.doubling = false;
    s
}

pub(super) fn t(hand0: &[u8], hand1: &[u8]) -> OvState {
    table(OvOptions::default(), hand0, hand1)
}

pub(super) fn ids(s: &OvState, seat: Seat) -> Vec<u32> {
    let mut out = Vec::new();
    Ovlivneni::legal_ids(s, Actor::Seat(seat), &mut out);
    out.iter().map(|c| c.0).collect()
}

pub(super) fn act(s: &mut OvState, seat: Seat, choice: u32) -> Vec<OvEvent> {
    let mut events = Vec::new();
    if let Err(e) = Ovlivneni::apply(s, Actor::Seat(seat), ChoiceId(choice), &mut events) {
        panic!(
            "seat {seat} choice {choice}: {e}; offered {:?}",
            ids(s, seat)
        );
    }
    events
}

pub(super) fn eff(card: u8, b: bool) -> u32 {
    id::PLAY + Effect::new(card, b).0 as u32
}

/// Chooses a card's effect; an effect without parameters is confirmed at once (§13), so
/// the card is on the stack. With parameters its declaration's menus are open.
pub(super) fn play(s: &mut OvState, seat: Seat, card: u8, b: bool) -> Vec<OvEvent> {
    let mut events = act(s, seat, eff(card, b));
    if !Effect::new(card, b).has_params() && s.decl.as_ref().is_some_and(|d| d.ready) {
        events.extend(confirm(s, seat));
    }
    events
}

/// §6.1, §13: the declaration's final confirm.
pub(super) fn confirm(s: &mut OvState, seat: Seat) -> Vec<OvEvent> {
    act(s, seat, id::CONFIRM)
}

pub(super) fn pass(s: &mut OvState, seat: Seat) -> Vec<OvEvent> {
    act(s, seat, id::PASS)
}

pub(super) fn pending(s: &OvState) -> Vec<Pending> {
    let mut out = Vec::new();
    Ovlivneni::pending(s, &mut out);
    out
}

pub(super) fn waiting_for(s: &OvState) -> (Seat, DecisionKind) {
    let p = pending(s);
    assert_eq!(p.len(), 1);
    match p[0].actor {
        Actor::Seat(seat) => (seat, p[0].kind),
        Actor::System => panic!("a system decision"),
    }
}

/// Seat 0 plays a parameterless effect and seat 1 lets it resolve.
fn resolve(hand: &[u8], card: u8, b: bool) -> OvState {
    let mut s = t(hand, &[]);
    play(&mut s, P0, card, b);
    pass(&mut s, P1);
    s
}

fn treasury(s: &OvState, seat: Seat) -> [u32; 2] {
    s.players[seat as usize].treasury
}

/// Seat 1 ends its turn, so seat 0's turn begins with the capture check (§5.1).
fn start_p0_turn(s: &mut OvState) -> Vec<OvEvent> {
    s.active = P1;
    act(s, P1, id::END_TURN)
}

fn slot(country: u8) -> usize {
    country as usize
}

mod cards;
mod confirm;
mod invariants;
mod more_rules;
mod playing_and_reactions;
mod setup_and_turn;
mod upgrade;
