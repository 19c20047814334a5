//! Louis XIV rules tests, named after the spec sections (§) and decisions (A..) they check:
//! the shared set-up is here, the tests are in `tests/`, one file per part of the spec.

use std::collections::BTreeSet;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{
    course::{Chain, Decision, Phase, PlaceStep, Task},
    data::{Chip, Condition, Data, Deck, DEFAULT_TOML, TILES},
    events::LouisEvent as Ev,
    flow::{MISSION, NONE_TILE, STOP},
    state::{Cards, LouisState, JOKER, NEUTRAL, PLAIN_COAT},
    LouisOptions, LouisXiv,
};
use crate::{
    contract::{Actor, ChoiceId, Game, SetupError},
    options::OptionValues,
    random_player, registry,
};

mod data;
mod evaluation;
mod influence;
mod information;
mod missions_and_scoring;
mod rounds;

fn game(seats: usize, seed: u64) -> LouisState {
    LouisXiv::new(&LouisOptions::default(), seats, seed).unwrap()
}

/// A table with nothing pending, empty tiles and hands, seat 0 starting: the stage for
/// hand-made situations.
fn quiet(seats: usize) -> LouisState {
    let mut st = game(seats, 1);
    st.tasks.clear();
    st.decision = None;
    st.start = 0;
    st.king = None;
    st.round = 1;
    for t in &mut st.tiles {
        t.stones = [0; 5];
        t.back = false;
    }
    for p in &mut st.players {
        p.own = 10;
        p.common = 6;
        p.money = 10;
        p.chips = [0; 5];
        p.influence.clear();
        p.intrigue.clear();
        p.missions.clear();
        p.completed.clear();
        p.coats.clear();
    }
    st.phase = Phase::Evaluation;
    st
}

fn cards(list: &[u8]) -> Cards {
    list.iter().copied().collect()
}

fn mission(st: &LouisState, id: &str) -> u8 {
    st.data.mission.iter().position(|m| m.id == id).unwrap() as u8
}

fn run(st: &mut LouisState, tasks: impl IntoIterator<Item = Task>) -> Vec<Ev> {
    let mut ev = Vec::new();
    st.then(tasks);
    st.run(&mut ev);
    ev
}

/// Evaluates tile `number` (1-based) alone.
fn evaluate(st: &mut LouisState, number: u8) -> Vec<Ev> {
    run(st, [Task::Tile(number - 1)])
}

fn ids(st: &LouisState) -> Vec<u32> {
    let mut out = Vec::new();
    if let Some(d) = &st.decision {
        LouisXiv::legal_ids(st, Actor::Seat(d.seat()), &mut out);
    }
    out.into_iter().map(|c| c.0).collect()
}

fn seat_to_decide(st: &LouisState) -> u8 {
    st.decision.as_ref().expect("a decision").seat()
}

fn pick(st: &mut LouisState, id: u32) -> Vec<Ev> {
    let seat = seat_to_decide(st);
    let mut ev = Vec::new();
    LouisXiv::apply(st, Actor::Seat(seat), ChoiceId(id), &mut ev).unwrap();
    ev
}

fn received(ev: &[Ev]) -> Vec<(u8, bool)> {
    ev.iter()
        .filter_map(|e| match e {
            Ev::Received { seat, crown, .. } => Some((*seat, *crown)),
            _ => None,
        })
        .collect()
}

fn flipped(ev: &[Ev]) -> bool {
    ev.iter().any(|e| matches!(e, Ev::Flipped { .. }))
}
