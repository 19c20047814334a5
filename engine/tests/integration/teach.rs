//! No peeking, extended to the teaching API (issue 48), one test per registered game:
//! - a hint (the best three choices and their win chances) is the same on random mid-game
//!   states and on a determinization of each for the hinted seat (same seed);
//! - a review (every decision's figures, the turning points and their texts) is the same on
//!   the states before a seat's decisions in a random game and on a determinization of each
//!   for that seat;
//! - a hint and a review whose search reads the real state fail those checks (they are run
//!   and must find a difference).
//!
//! Cases per game: `VLIV_CASES_TEACH`, else `VLIV_CASES`, else 6.

use rand::{rngs::SmallRng, Rng, SeedableRng};
use vliv_engine::{
    ai::{
        self,
        hint::{hint, hint_from_samples, HintChoice},
        review::{positions, review_positions, review_with, Position, Review},
        SearchConfig,
    },
    games::{
        claim::Claim, fantasy_realms::FantasyRealms, louis_xiv::LouisXiv, ovlivneni::Ovlivneni,
        ruse_and_bruise::RuseAndBruise,
    },
    registry, Actor, ChoiceId, Game, Pending, Seat,
};

use crate::ai::mid_game_states;

/// Every registered game must appear here.
const TESTED: &[&str] = &[
    "claim",
    "fantasy-realms",
    "louis-xiv",
    "ovlivneni",
    "ruse-and-bruise",
];

/// A small budget, as the move's no-peek test has: enough to reach hidden information.
const ITERATIONS: u32 = 150;
/// Decisions of one seat reviewed per game: a review's cost grows with them.
const REVIEWED: usize = 12;

fn cases() -> usize {
    ["VLIV_CASES_TEACH", "VLIV_CASES"]
        .iter()
        .find_map(|k| std::env::var(k).ok()?.parse().ok())
        .unwrap_or(6)
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Reader {
    Honest,
    /// Deliberately wrong: every sample is the state it was given.
    Peeking,
}

/// For each mid-game state and seat: (hint on the state, hint on a determinization of it).
fn hints<G: Game>(reader: Reader) -> Vec<(Vec<HintChoice>, Vec<HintChoice>)> {
    let cfg = SearchConfig::iterations::<G>(ITERATIONS);
    let mut out = Vec::new();
    for (i, state) in mid_game_states::<G>(cases()).iter().enumerate() {
        for seat in 0..G::seat_count(state) as Seat {
            let det = G::determinize(state, seat, &mut SmallRng::seed_from_u64(i as u64 + 7));
            let seed = 2_000 + i as u64;
            let run = |s: &G::State| match reader {
                Reader::Honest => hint::<G>(s, seat, &cfg, seed),
                Reader::Peeking => hint_from_samples::<G>(|_| s.clone(), s, seat, &cfg, seed),
            };
            out.push((run(state), run(&det)));
        }
    }
    out
}

/// A seeded random game of `G` to its end (or a bound), as (start, moves).
fn random_game<G: Game>(case: usize) -> (G::State, Vec<(Actor, ChoiceId)>) {
    let setups = G::conformance_setups();
    let (options, seats) = &setups[case % setups.len()];
    let mut rng = SmallRng::seed_from_u64(48 + case as u64);
    let start = G::new(options, *seats, rng.random()).expect("a conformance setup");
    let mut state = start.clone();
    let (mut pending, mut ids, mut events, mut moves) =
        (Vec::<Pending>::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..3_000 {
        pending.clear();
        G::pending(&state, &mut pending);
        let Some(p) = pending.get(rng.random_range(0..pending.len().max(1))) else {
            break;
        };
        ids.clear();
        G::legal_ids(&state, p.actor, &mut ids);
        let id = ids[rng.random_range(0..ids.len())];
        events.clear();
        G::apply(&mut state, p.actor, id, &mut events).expect("a legal id applies");
        moves.push((p.actor, id));
    }
    (start, moves)
}

/// For each random game and seat: (review of its decisions, review of the same decisions
/// with each state replaced by a determinization of it for the seat).
fn reviews<G: Game>(reader: Reader) -> Vec<(Review, Review)> {
    let cfg = SearchConfig::iterations::<G>(ITERATIONS);
    let mut out = Vec::new();
    for case in 0..cases().div_ceil(2) {
        let (start, moves) = random_game::<G>(case);
        for seat in 0..G::seat_count(&start) as Seat {
            let mut real = positions::<G>(&start, &moves, seat).expect("the moves replay");
            // Spread over the game: its start, middle and end.
            let step = real.len().div_ceil(REVIEWED).max(1);
            real = real.into_iter().step_by(step).collect();
            let det: Vec<Position<G::State>> = real
                .iter()
                .map(|p| Position {
                    state: G::determinize(
                        &p.state,
                        seat,
                        &mut SmallRng::seed_from_u64(p.move_index as u64),
                    ),
                    ..p.clone()
                })
                .collect();
            let seed = 3_000 + case as u64;
            let run = |ps: &[Position<G::State>]| match reader {
                Reader::Honest => review_positions::<G>(ps, seat, &cfg, seed),
                Reader::Peeking => review_with::<G>(ps, seat, seed, |s, also, seed| {
                    ai::evaluate_from_samples::<G>(|_| s.clone(), seat, &cfg, seed, also)
                }),
            };
            out.push((run(&real), run(&det)));
        }
    }
    out
}

fn never_peeks<G: Game>() {
    let pairs = hints::<G>(Reader::Honest);
    assert!(
        pairs.iter().any(|(h, _)| !h.is_empty()),
        "{}: no state had a seat to hint",
        G::ID
    );
    for (k, (real, det)) in pairs.iter().enumerate() {
        assert_eq!(
            real,
            det,
            "{}: case {k}: the hint differs on the state and on a determinization for its \
             seat, so it read a hidden card",
            G::ID
        );
    }
    let pairs = reviews::<G>(Reader::Honest);
    assert!(
        pairs.iter().any(|(r, _)| !r.decisions.is_empty()),
        "{}: no decision was reviewed",
        G::ID
    );
    for (k, (real, det)) in pairs.iter().enumerate() {
        assert_eq!(
            real,
            det,
            "{}: case {k}: the review differs on the states and on determinizations for its \
             seat, so it read a hidden card",
            G::ID
        );
        assert_eq!(
            real.turning_points_explained(),
            det.turning_points_explained(),
            "{}: case {k}",
            G::ID
        );
    }
    // The learning-mode words a turning point carries are part of what is compared.
    assert!(
        pairs
            .iter()
            .any(|(r, _)| r.decisions.iter().any(|d| d.why.is_some())),
        "{}: no decision was explained",
        G::ID
    );
}

fn peeking_is_caught<G: Game>() {
    let hints = hints::<G>(Reader::Peeking);
    assert!(
        hints.iter().any(|(real, det)| real != det),
        "{}: a hint reading the real state passed the no-peek check",
        G::ID
    );
    let reviews = reviews::<G>(Reader::Peeking);
    assert!(
        reviews.iter().any(|(real, det)| real != det),
        "{}: a review reading the real state passed the no-peek check",
        G::ID
    );
}

#[test]
fn every_registered_game_has_teaching_tests() {
    for game in registry::all() {
        assert!(
            TESTED.contains(&game.id()),
            "add `{}` to TESTED and tests below",
            game.id()
        );
    }
}

#[test]
fn claim_hints_and_reviews_never_peek() {
    never_peeks::<Claim>();
}
#[test]
fn claim_peeking_hints_and_reviews_are_caught() {
    peeking_is_caught::<Claim>();
}

#[test]
fn fantasy_realms_hints_and_reviews_never_peek() {
    never_peeks::<FantasyRealms>();
}
#[test]
fn fantasy_realms_peeking_hints_and_reviews_are_caught() {
    peeking_is_caught::<FantasyRealms>();
}

#[test]
fn louis_xiv_hints_and_reviews_never_peek() {
    never_peeks::<LouisXiv>();
}
#[test]
fn louis_xiv_peeking_hints_and_reviews_are_caught() {
    peeking_is_caught::<LouisXiv>();
}

#[test]
fn ovlivneni_hints_and_reviews_never_peek() {
    never_peeks::<Ovlivneni>();
}
#[test]
fn ovlivneni_peeking_hints_and_reviews_are_caught() {
    peeking_is_caught::<Ovlivneni>();
}

#[test]
fn ruse_and_bruise_hints_and_reviews_never_peek() {
    never_peeks::<RuseAndBruise>();
}
#[test]
fn ruse_and_bruise_peeking_hints_and_reviews_are_caught() {
    peeking_is_caught::<RuseAndBruise>();
}
