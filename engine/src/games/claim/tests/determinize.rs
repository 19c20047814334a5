//! The AI's determinization (issue 15): what play has proved is kept.

use rand::{rngs::SmallRng, SeedableRng};

use super::*;
use crate::games::claim::{cards::Faction, Claim};
use crate::Game;

/// A phase-1 state where seat 1 followed a led goblin with a dwarf: it holds no goblin.
fn after_a_void_in_goblins() -> ClaimState {
    let mut state = table(
        Phase::Recruiting,
        0,
        [
            &["GOB-5", "GOB-6", "KNI-2"],
            &["DWA-3", "UND-4", "KNI-9", "DOP-1"],
        ],
    );
    let mut events = Vec::new();
    state.play(0, card("GOB-5"), &mut events).unwrap();
    state.play(1, card("DWA-3"), &mut events).unwrap();
    state
}

#[test]
fn not_following_a_led_faction_proves_a_void() {
    let state = after_a_void_in_goblins();
    assert!(state.voids[1].contains(Faction::Goblin));
    assert!(state.voids[0].is_empty());
}

#[test]
fn a_doppelganger_follows_anything_so_it_proves_nothing() {
    let mut state = table(
        Phase::Recruiting,
        0,
        [&["KNI-5", "GOB-1"], &["DOP-3", "KNI-2"]],
    );
    let mut events = Vec::new();
    state.play(0, card("KNI-5"), &mut events).unwrap();
    state.play(1, card("DOP-3"), &mut events).unwrap();
    assert!(state.voids[1].is_empty());
}

#[test]
fn a_re_dealt_opponent_hand_never_holds_a_proved_void() {
    let state = after_a_void_in_goblins();
    let mut rng = SmallRng::seed_from_u64(1);
    for _ in 0..200 {
        let det = Claim::determinize(&state, 0, &mut rng);
        assert!(det.hands[1].of(Faction::Goblin).is_empty());
        assert_eq!(det.hands[1].len(), state.hands[1].len());
        assert_eq!(det.hands[0], state.hands[0]);
        assert_eq!(det.deck.len(), state.deck.len());
    }
}

#[test]
fn the_opponents_won_prizes_stay_with_it_and_its_blind_cards_are_re_dealt() {
    let mut state = after_a_void_in_goblins();
    let prize = card("KNI-8");
    let blind = card("UND-9");
    for c in [prize, blind] {
        state.deck.retain(|&d| d != c);
        state.prize = state.prize.filter(|&p| p != c);
    }
    state.followers[1] = [prize, blind].into_iter().collect();
    state.blind[1] = [blind].into_iter().collect();
    let mut rng = SmallRng::seed_from_u64(2);
    let mut moved = false;
    for _ in 0..50 {
        let det = Claim::determinize(&state, 0, &mut rng);
        assert!(det.followers[1].contains(prize));
        assert_eq!(det.blind[1].len(), 1);
        assert!(det.followers[1].contains(det.blind[1].iter().next().unwrap()));
        moved |= !det.blind[1].contains(blind);
    }
    assert!(moved, "the blind card is hidden, so it is dealt again");
}

#[test]
fn phase_two_hides_nothing_so_only_the_seed_changes() {
    let mut state = table(Phase::Factions, 0, [&["GOB-5"], &["DWA-3"]]);
    state.seed = 77;
    let det = Claim::determinize(&state, 0, &mut SmallRng::seed_from_u64(3));
    assert_ne!(det.seed, 77);
    assert_eq!(ClaimState { seed: 77, ..det }, state);
}

#[test]
fn the_heuristic_prefers_leading_factions() {
    let mut state = table(Phase::Factions, 0, [&["GOB-5"], &["DWA-3"]]);
    state.scores[0] = set(&["KNI-2", "KNI-3", "UND-1"]);
    state.scores[1] = set(&["GOB-1"]);
    assert!(Claim::heuristic(&state, 0) > Claim::heuristic(&state, 1));
}
