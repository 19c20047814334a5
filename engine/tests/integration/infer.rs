//! No peeking with inference on (issue 48): the search and the hint weight their sampled
//! worlds by the other seats' observed decisions, and still give the same results on random
//! mid-game states and on a determinization of each for the deciding seat (same seed), in
//! every registered game. Two deliberately leaking variants must fail that check: a pool of
//! worlds that are the real state, and weights that favour worlds like the real state (the
//! other seats' views compared).
//!
//! States per game: `VLIV_CASES_INFER`, else 12 (not `VLIV_CASES`: each state is a search,
//! and CI's 10,000 games of the conformance suite would be hours of them).

use rand::{rngs::SmallRng, SeedableRng};
use vliv_engine::{
    ai::{
        self,
        hint::{hint, hint_from_samples, HintChoice},
        infer::{inferred, Particles, Sampler},
        SearchConfig,
    },
    games::{
        claim::Claim, fantasy_realms::FantasyRealms, louis_xiv::LouisXiv, ovlivneni::Ovlivneni,
        ruse_and_bruise::RuseAndBruise,
    },
    registry, ChoiceId, Game, Seat, Viewer,
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

/// A small budget, as the other no-peek tests have, over a small weighted pool.
const ITERATIONS: u32 = 150;
const PARTICLES: u32 = 16;

fn cases() -> usize {
    std::env::var("VLIV_CASES_INFER")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12)
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Reader {
    Honest,
    /// Deliberately wrong: the pool is the state it was given.
    PeekingPool,
    /// Deliberately wrong: worlds are weighted by how like the given state they look to the
    /// other seats.
    PeekingWeights,
}

fn cfg<G: Game>() -> SearchConfig {
    SearchConfig {
        infer: Some(PARTICLES),
        ..SearchConfig::iterations::<G>(ITERATIONS)
    }
}

/// Minus the characters in which the other seats' views of `world` and `real` differ.
fn likeness<G: Game>(world: &G::State, real: &G::State, seat: Seat) -> f64 {
    let mut diff = 0usize;
    for other in (0..G::seat_count(real) as Seat).filter(|&s| s != seat) {
        let a = serde_json::to_string(&G::view(world, Viewer::Seat(other))).unwrap();
        let b = serde_json::to_string(&G::view(real, Viewer::Seat(other))).unwrap();
        diff += a.bytes().zip(b.bytes()).filter(|(x, y)| x != y).count();
        diff += a.len().abs_diff(b.len());
    }
    -(diff as f64)
}

/// The samples `reader` gives a search for `seat` on `s`.
fn samples<'a, G: Game>(
    reader: Reader,
    s: &'a G::State,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
) -> Sampler<'a, G::State> {
    match reader {
        Reader::Honest => ai::infer::determinizations::<G>(s, seat, cfg, seed),
        Reader::PeekingPool => inferred::<G>(|_| s.clone(), seat, cfg, seed),
        Reader::PeekingWeights => Box::new(
            Particles::weigh_by(
                |rng| G::determinize(s, seat, rng),
                PARTICLES,
                seed,
                |w| likeness::<G>(w, s, seat),
            )
            .into_sampler(),
        ),
    }
}

type Pair<T> = (T, T);

/// For each mid-game state and seat: (search's choice, hint) on the state and on a
/// determinization of it for the seat.
fn results<G: Game>(reader: Reader) -> Vec<Pair<(Option<ChoiceId>, Vec<HintChoice>)>> {
    let cfg = cfg::<G>();
    let mut out = Vec::new();
    for (i, state) in mid_game_states::<G>(cases()).iter().enumerate() {
        for seat in 0..G::seat_count(state) as Seat {
            let det = G::determinize(state, seat, &mut SmallRng::seed_from_u64(i as u64 + 48));
            let seed = 4_800 + i as u64;
            let run = |s: &G::State| {
                let choice = match reader {
                    Reader::Honest => ai::choose::<G>(s, seat, &cfg, seed),
                    _ => ai::choose_from_samples::<G>(
                        samples::<G>(reader, s, seat, &cfg, seed),
                        seat,
                        &cfg,
                        seed,
                    ),
                };
                let hint = match reader {
                    Reader::Honest => hint::<G>(s, seat, &cfg, seed),
                    _ => hint_from_samples::<G>(
                        samples::<G>(reader, s, seat, &cfg, seed),
                        s,
                        seat,
                        &cfg,
                        seed,
                    ),
                };
                (choice, hint)
            };
            out.push((run(state), run(&det)));
        }
    }
    out
}

/// How many (state, seat) cases of `G` have worlds the inference does not find equally
/// likely: none where the game reports no observed decisions.
fn weighed_cases<G: Game>() -> usize {
    let mut n = 0;
    for (i, state) in mid_game_states::<G>(cases()).iter().enumerate() {
        for seat in 0..G::seat_count(state) as Seat {
            let pool = Particles::weigh::<G>(
                |rng| G::determinize(state, seat, rng),
                seat,
                PARTICLES,
                i as u64,
            );
            n += usize::from(pool.effective_size() < f64::from(PARTICLES) - 1e-6);
        }
    }
    n
}

/// `weighs`: the game reports observed decisions (every game now), so some worlds must weigh
/// differently (else the check below would pass for want of anything to infer).
fn never_peeks<G: Game>(weighs: bool) {
    if weighs {
        assert!(
            weighed_cases::<G>() > 0,
            "{}: no state's worlds were weighted",
            G::ID
        );
    }
    let pairs = results::<G>(Reader::Honest);
    assert!(
        pairs.iter().any(|((c, _), _)| c.is_some()),
        "{}: no state had a seat to decide",
        G::ID
    );
    for (k, (real, det)) in pairs.iter().enumerate() {
        assert_eq!(
            real,
            det,
            "{}: case {k}: with inference on, the search or the hint differs on the state and \
             on a determinization for its seat, so it read a hidden card",
            G::ID
        );
    }
}

fn peeking_is_caught<G: Game>() {
    for reader in [Reader::PeekingPool, Reader::PeekingWeights] {
        let pairs = results::<G>(reader);
        assert!(
            pairs.iter().any(|(real, det)| real != det),
            "{}: {reader:?} passed the no-peek check",
            G::ID
        );
    }
}

#[test]
fn every_registered_game_has_inference_tests() {
    for game in registry::all() {
        assert!(
            TESTED.contains(&game.id()),
            "add `{}` to TESTED and tests below",
            game.id()
        );
    }
}

#[test]
fn claim_inference_never_peeks() {
    never_peeks::<Claim>(true);
}
#[test]
fn claim_peeking_inference_is_caught() {
    peeking_is_caught::<Claim>();
}

#[test]
fn fantasy_realms_inference_never_peeks() {
    never_peeks::<FantasyRealms>(true);
}
#[test]
fn fantasy_realms_peeking_inference_is_caught() {
    peeking_is_caught::<FantasyRealms>();
}

#[test]
fn louis_xiv_inference_never_peeks() {
    never_peeks::<LouisXiv>(true);
}
#[test]
fn louis_xiv_peeking_inference_is_caught() {
    peeking_is_caught::<LouisXiv>();
}

#[test]
fn ovlivneni_inference_never_peeks() {
    never_peeks::<Ovlivneni>(true);
}
#[test]
fn ovlivneni_peeking_inference_is_caught() {
    peeking_is_caught::<Ovlivneni>();
}

#[test]
fn ruse_and_bruise_inference_never_peeks() {
    never_peeks::<RuseAndBruise>(true);
}
#[test]
fn ruse_and_bruise_peeking_inference_is_caught() {
    peeking_is_caught::<RuseAndBruise>();
}
