//! A Claim game stored before the state kept `voids` (issue 15): its snapshot, without the
//! key, still matches the game replayed from its moves, and the replayed state the bot then
//! keeps gives the AI determinizations that respect what play proved.

use rand::{rngs::SmallRng, Rng, SeedableRng};

use super::{rules::ClaimState, Claim};
use crate::{registry, Actor, ChoiceId, Game, GameState, OptionValues};

/// A seeded game played at random, as the bot would store it (moves and snapshot), up to
/// the first phase-1 position where seat 0 has proved a void and seat 1 is to lead or follow.
fn a_game_with_a_void(seed: u64) -> Option<(Vec<ChoiceId>, ClaimState)> {
    let mut state = Claim::new(&Default::default(), 2, seed).ok()?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut moves, mut events, mut legal) = (Vec::new(), Vec::new(), Vec::new());
    while let Some(seat) = state.to_move() {
        if !state.voids[0].is_empty() && seat == 1 {
            return Some((moves, state));
        }
        legal.clear();
        Claim::legal_ids(&state, Actor::Seat(seat), &mut legal);
        let choice = legal[rng.random_range(0..legal.len())];
        Claim::apply(&mut state, Actor::Seat(seat), choice, &mut events).ok()?;
        moves.push(choice);
    }
    None
}

/// The snapshot as a deploy before `voids` wrote it: the same JSON without the key.
fn old_snapshot(state: &ClaimState) -> String {
    let mut json = serde_json::to_value(state).unwrap();
    json.as_object_mut().unwrap().remove("voids");
    json.to_string()
}

fn replayed(seed: u64, moves: &[ChoiceId]) -> Box<dyn GameState> {
    let kind = registry::find(Claim::ID).unwrap();
    let mut game = kind.new_game(&OptionValues::new(), 2, seed).unwrap();
    for &choice in moves {
        let seat = game.pending()[0].actor;
        game.apply(seat, choice).unwrap();
    }
    game
}

#[test]
fn a_snapshot_without_voids_resumes_with_the_voids_the_moves_proved() {
    let mut checked = 0;
    for seed in 0..40 {
        let Some((moves, real)) = a_game_with_a_void(seed) else {
            continue;
        };
        let stored = old_snapshot(&real);
        assert!(!stored.contains("voids"));
        let loaded: ClaimState = serde_json::from_str(&stored).unwrap();
        assert!(loaded.voids[0].is_empty(), "the old snapshot knows no void");

        let game = replayed(seed, &moves);
        assert_ne!(game.to_json(), stored, "the replay writes the voids");
        assert!(game.resumes_from(&stored), "seed {seed}: no frozen game");
        let resumed: ClaimState = serde_json::from_str(&game.to_json()).unwrap();
        assert_eq!(
            resumed, real,
            "the replay restores every field, voids included"
        );

        // Seat 1's AI re-deals seat 0's hand: never a card of a faction seat 0 proved void.
        let voids = resumed.voids[0];
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..100 {
            let det = Claim::determinize(&resumed, 1, &mut rng);
            for f in voids.iter() {
                assert!(det.hands[0].of(f).is_empty(), "seed {seed}: {f:?} re-dealt");
            }
        }
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} games showed a void");
}

#[test]
fn a_snapshot_that_differs_elsewhere_is_still_refused() {
    let (moves, real) = a_game_with_a_void(3).expect("seed 3 shows a void");
    let mut other = real.clone();
    other.trick += 1;
    let game = replayed(3, &moves);
    assert!(!game.resumes_from(&old_snapshot(&other)));
    assert!(!game.resumes_from(&serde_json::to_string(&other).unwrap()));
}
