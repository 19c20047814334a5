//! The exact endgame on Claim's last tricks: the solver's choice is worth what a brute-force
//! minimax says the best choice is worth, and a search with it finds the best line on every
//! position where the same budget of random playouts misses some.

use rand::{rngs::SmallRng, Rng, SeedableRng};

use super::{endgame::Solver, reward::rewards, *};
use crate::{
    games::claim::{rules::Phase, Claim, ENDGAME_TRICKS},
    Actor,
};

type State = <Claim as Game>::State;

/// A random game of `seed` stopped at the first decision of its exact endgame.
fn endgame(seed: u64) -> State {
    let mut state = Claim::new(&Default::default(), 2, seed).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut ids, mut events, mut pending) = (Vec::new(), Vec::new(), Vec::new());
    while !Claim::solvable(&state) {
        pending.clear();
        Claim::pending(&state, &mut pending);
        let actor = pending[0].actor;
        ids.clear();
        Claim::legal_ids(&state, actor, &mut ids);
        let id = ids[rng.random_range(0..ids.len())];
        Claim::apply(&mut state, actor, id, &mut events).unwrap();
    }
    assert_eq!(state.phase, Phase::Factions);
    state
}

fn actor(state: &State) -> Option<Actor> {
    let mut pending = Vec::new();
    Claim::pending(state, &mut pending);
    pending.first().map(|p| p.actor)
}

/// `seat`'s reward under best play by both, by plain minimax over every line.
fn brute_force(state: &State, seat: Seat) -> f64 {
    let Some(actor) = actor(state) else {
        let o = Claim::outcome(state).unwrap();
        let scores: Vec<f64> = o.scores.iter().map(|&s| s as f64).collect();
        let mut out = Vec::new();
        rewards(Some(&o.places), &scores, &mut out);
        return out[seat as usize];
    };
    let mut ids = Vec::new();
    Claim::legal_ids(state, actor, &mut ids);
    let values = ids.iter().map(|&id| {
        let mut next = state.clone();
        Claim::apply(&mut next, actor, id, &mut Vec::new()).unwrap();
        brute_force(&next, seat)
    });
    if actor == Actor::Seat(seat) {
        values.fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.fold(f64::INFINITY, f64::min)
    }
}

/// The value for the seat to move of each of its choices, by brute force.
fn choice_values(state: &State) -> (Seat, Vec<(ChoiceId, f64)>) {
    let Some(Actor::Seat(seat)) = actor(state) else {
        unreachable!("a decision")
    };
    let mut ids = Vec::new();
    Claim::legal_ids(state, Actor::Seat(seat), &mut ids);
    let values = ids
        .iter()
        .map(|&id| {
            let mut next = state.clone();
            Claim::apply(&mut next, Actor::Seat(seat), id, &mut Vec::new()).unwrap();
            (id, brute_force(&next, seat))
        })
        .collect();
    (seat, values)
}

#[test]
fn the_endgame_is_the_last_tricks_of_phase_two() {
    let state = endgame(1);
    assert_eq!(
        state.trick,
        crate::games::claim::rules::TRICKS_PER_PHASE - ENDGAME_TRICKS + 1
    );
    assert!(!Claim::solvable(
        &Claim::new(&Default::default(), 2, 1).unwrap()
    ));
}

#[test]
fn the_solved_play_out_reaches_the_brute_force_value() {
    for seed in 0..12 {
        let state = endgame(seed);
        let (seat, values) = choice_values(&state);
        let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
        let mut solved = state.clone();
        Solver::<Claim>::new().play_out(&mut solved);
        let o = Claim::outcome(&solved).expect("played to the end");
        let scores: Vec<f64> = o.scores.iter().map(|&s| s as f64).collect();
        let mut out = Vec::new();
        rewards(Some(&o.places), &scores, &mut out);
        assert!(
            (out[seat as usize] - best).abs() < 1e-9,
            "seed {seed}: solved {} against the best {best}",
            out[seat as usize]
        );
    }
}

/// On the real state (every sample the same: a position whose cards are all known), the
/// search with the exact endgame plays a best choice every time; random playouts on the
/// same budget miss the best line somewhere.
#[test]
fn the_exact_endgame_finds_winning_lines_the_sampled_search_misses() {
    let (mut exact_missed, mut sampled_missed, mut positions) = (0, 0, 0);
    for seed in 0..40 {
        let state = endgame(seed);
        let (seat, values) = choice_values(&state);
        let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
        if values.iter().all(|v| (v.1 - best).abs() < 1e-9) {
            continue;
        }
        positions += 1;
        let value_of = |id: ChoiceId| values.iter().find(|v| v.0 == id).unwrap().1;
        let cfg = SearchConfig::iterations::<Claim>(12);
        let sampled = SearchConfig {
            exact_endgame: false,
            ..cfg.clone()
        };
        let exact = choose_from_samples::<Claim>(|_| state.clone(), seat, &cfg, seed).unwrap();
        let random = choose_from_samples::<Claim>(|_| state.clone(), seat, &sampled, seed).unwrap();
        exact_missed += usize::from(value_of(exact) < best - 1e-9);
        sampled_missed += usize::from(value_of(random) < best - 1e-9);
    }
    assert!(
        positions >= 10,
        "only {positions} positions with a wrong choice"
    );
    assert_eq!(exact_missed, 0, "of {positions}");
    assert!(sampled_missed > 0, "of {positions}");
}
