//! Claim's rules, each test named after the spec section it checks (shared/rules/claim.md):
//! the shared set-up is here, the tests are in `tests/`, one file per part of the spec.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{
    cards::{Card, CardSet, Faction},
    rules::{legal_follow, result, trick_winner, ClaimEvent, ClaimState, Phase, Winner},
    Claim,
};
use crate::{
    contract::{Actor, Audience, ChoiceId, Game, RuleError, Viewer},
    random_player,
};

mod determinize;
mod information;
mod phases;
mod scoring;
mod tricks;

fn card(id: &str) -> Card {
    Card::from_id(id).unwrap_or_else(|| panic!("no card {id}"))
}

fn set(ids: &[&str]) -> CardSet {
    ids.iter().map(|id| card(id)).collect()
}

/// A hand-built table: `leader` to lead, the given hands, the rest of the deck below.
fn table(phase: Phase, leader: u8, hands: [&[&str]; 2]) -> ClaimState {
    let hands = [set(hands[0]), set(hands[1])];
    let used = hands[0].union(hands[1]);
    let mut state = ClaimState::new(0, &mut Vec::new());
    state.phase = phase;
    state.hands = hands;
    state.leader = leader;
    state.led = None;
    state.followers = [CardSet::EMPTY; 2];
    state.blind = [CardSet::EMPTY; 2];
    state.scores = [CardSet::EMPTY; 2];
    state.discard = CardSet::EMPTY;
    state.trick = 1;
    let rest: Vec<Card> = CardSet::ALL.iter().filter(|c| !used.contains(*c)).collect();
    if phase == Phase::Recruiting {
        state.prize = rest.last().copied();
        state.deck = rest[..rest.len() - 1]
            .iter()
            .rev()
            .take(25)
            .copied()
            .collect();
    } else {
        state.prize = None;
        state.deck.clear();
    }
    state
}

fn play(state: &mut ClaimState, seat: u8, id: &str) -> Vec<ClaimEvent> {
    let mut events = Vec::new();
    Claim::apply(
        state,
        Actor::Seat(seat),
        ChoiceId(card(id).0 as u32),
        &mut events,
    )
    .unwrap_or_else(|e| panic!("{id} by seat {seat}: {e}"));
    events
}
