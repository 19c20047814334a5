//! Ruse & Bruise rules tests, named after the spec sections and decisions they check: the
//! shared table set-up is here, the tests are in `tests/`, one file per part of the spec.

use super::{
    cards::{Card, Character, Colour, PointCard, Symbol, POINT_CARDS},
    evaluation::{evaluate, ColumnReport, Entry, Mode},
    rules::{Column, Decision, Phase, Placed, RbEvent, RbState},
    scoring::{final_scores, score},
    RbOptions, RuseAndBruise,
};
use crate::{
    contract::{Actor, ChoiceId, DecisionKind, Game, Pending, Seat, Viewer},
    random_player,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod effects;
mod evaluation;
mod final_scoring;
mod playout;
mod turns;
mod views;

const BLUE: Seat = 1;
const WHITE: Seat = 4;

fn ch(id: &str) -> Character {
    Character::all()
        .find(|c| c.info().id == id)
        .unwrap_or_else(|| panic!("no character {id}"))
}

fn pt(id: &str) -> PointCard {
    PointCard::from_id(id).unwrap_or_else(|| panic!("no point card {id}"))
}

fn card(seat: Seat, id: &str) -> Card {
    Card {
        colour: Colour::ALL[seat as usize],
        character: ch(id),
    }
}

fn apply(s: &mut RbState, seat: Seat, id: u32) -> Vec<RbEvent> {
    let mut events = Vec::new();
    RuseAndBruise::apply(s, Actor::Seat(seat), ChoiceId(id), &mut events)
        .unwrap_or_else(|e| panic!("seat {seat} choice {id}: {e}"));
    events
}

fn pending(s: &RbState) -> Vec<Pending> {
    let mut out = Vec::new();
    RuseAndBruise::pending(s, &mut out);
    out
}

fn ids(s: &RbState, seat: Seat) -> Vec<u32> {
    let mut out = Vec::new();
    RuseAndBruise::legal_ids(s, Actor::Seat(seat), &mut out);
    out.iter().map(|c| c.0).collect()
}

/// A game of `n` seats in play: colours in seat order, seat 0 starts round 1.
fn game(n: usize, seed: u64) -> RbState {
    let mut s = RuseAndBruise::new(&RbOptions::default(), n, seed).unwrap();
    while let Some(seat) = s.choosing_colour() {
        let t = RuseAndBruise::timeout_choice(&s, Actor::Seat(seat)).unwrap();
        apply(&mut s, seat, t.0);
    }
    apply(&mut s, 0, 501);
    s
}

fn up(owner: Seat, id: &str) -> Placed {
    Placed {
        owner,
        character: ch(id),
        face_up: true,
        hidden: None,
        moved: 0,
        known: false,
    }
}

fn down(owner: Seat, id: &str) -> Placed {
    Placed {
        face_up: false,
        ..up(owner, id)
    }
}

/// A game of `n` seats with the given columns; seat 0 to play.
fn table(n: usize, columns: Vec<(&str, Vec<Placed>)>) -> RbState {
    let mut s = game(n, 1);
    s.columns = columns
        .into_iter()
        .map(|(point, cards)| Column {
            point: pt(point),
            closed: false,
            cards,
        })
        .collect();
    s.active = 0;
    s
}

fn set_hand(s: &mut RbState, seat: Seat, cards: &[&str]) {
    let mut hand: Vec<Character> = cards.iter().map(|c| ch(c)).collect();
    hand.sort();
    s.players[seat as usize].hand = hand.into_iter().collect();
}

fn play(s: &mut RbState, seat: Seat, id: &str, column: u8) -> Vec<RbEvent> {
    apply(s, seat, ch(id).index() as u32 * 8 + column as u32)
}

fn column_ids(s: &RbState, column: usize) -> Vec<(&'static str, bool)> {
    s.columns[column]
        .cards
        .iter()
        .map(|p| (p.character.info().id, p.face_up))
        .collect()
}

/// Evaluates a column of (owner, character, card hidden under it) top-down.
fn eval(symbol: Symbol, cards: &[(Seat, &str, Option<&str>)]) -> ColumnReport {
    let mut entries = Vec::new();
    for (i, &(owner, id, hidden)) in cards.iter().enumerate() {
        let position = i as u8 + 1;
        entries.push(Entry {
            owner,
            card: card(owner, id),
            position,
            hidden: false,
        });
        if let Some(h) = hidden {
            entries.push(Entry {
                owner,
                card: card(owner, h),
                position,
                hidden: true,
            });
        }
    }
    evaluate(entries, symbol)
}

fn value_of(r: &ColumnReport, owner: Seat, id: &str) -> Option<i32> {
    r.cards
        .iter()
        .find(|v| v.entry.owner == owner && v.entry.card.character == ch(id))
        .unwrap_or_else(|| panic!("{id} of {owner} is not in the column"))
        .value
}

fn removed(r: &ColumnReport) -> Vec<&'static str> {
    r.removals
        .iter()
        .map(|x| x.card.card.character.info().id)
        .collect()
}

fn sum_of(r: &ColumnReport, seat: Seat) -> Option<i32> {
    r.sums.iter().find(|(s, _)| *s == seat).map(|&(_, v)| v)
}
