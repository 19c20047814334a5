//! The AI's guarantees, one test per registered game so they run in parallel:
//! - no peeking: on random mid-game states, for every seat, the search's choice with a fixed
//!   seed and budget, and the greedy player's, are the same on the real state and on a
//!   determinization of it for that seat (the hidden cards re-dealt); a search that reads
//!   the real state fails that check;
//! - strength: a small fixed-seed sample where `normal` beats random (≥ 6 of 8) and holds its
//!   own against the greedy player (≥ 4 of 8): thresholds below the arena's targets; the seeds
//!   and budgets are fixed, so the result never changes between runs.
//!
//! States checked per game: `VLIV_CASES_AI` (default 24).

use rand::{rngs::SmallRng, Rng, SeedableRng};
use vliv_engine::{
    ai::{self, SearchConfig, Strategy},
    games::{
        claim::Claim, fantasy_realms::FantasyRealms, louis_xiv::LouisXiv, ovlivneni::Ovlivneni,
        ruse_and_bruise::RuseAndBruise,
    },
    registry, Actor, ChoiceId, Game, Level, Pending, Seat,
};

/// Every registered game must appear here.
const TESTED: &[&str] = &[
    "claim",
    "fantasy-realms",
    "louis-xiv",
    "ovlivneni",
    "ruse-and-bruise",
];

/// A small budget: enough for the tree to reach hidden information, cheap in a test build.
const ITERATIONS: u32 = 150;

fn cases() -> usize {
    std::env::var("VLIV_CASES_AI")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24)
}

/// Seeded random mid-game states of `G` over its conformance setups: a random game is cut at
/// a random step. The teaching tests (`teach.rs`) use them too.
pub(crate) fn mid_game_states<G: Game>(count: usize) -> Vec<G::State> {
    let setups = G::conformance_setups();
    let mut rng = SmallRng::seed_from_u64(15);
    let mut out = Vec::new();
    let (mut pending, mut ids, mut events) = (Vec::<Pending>::new(), Vec::new(), Vec::new());
    for i in 0..count {
        let (options, seats) = &setups[i % setups.len()];
        let mut state = G::new(options, *seats, rng.random()).expect("a conformance setup");
        let mut history = vec![state.clone()];
        loop {
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
            history.push(state.clone());
        }
        // Not the final state: nothing is left to decide there.
        let cut = rng.random_range(0..history.len() - 1);
        out.push(history.swap_remove(cut));
    }
    out
}

#[derive(Clone, Copy, Debug)]
enum Player {
    Search,
    /// Deliberately wrong: every iteration reads the state it was given.
    PeekingSearch,
    /// The greedy player, Fantasy Realms' `easy`.
    Greedy,
}

/// For each state and seat: (choice on the state, choice on a determinization of it).
fn choices_on_state_and_determinization<G: Game>(
    player: Player,
) -> Vec<(Option<ChoiceId>, Option<ChoiceId>)> {
    let cfg = SearchConfig::iterations::<G>(ITERATIONS);
    let mut out = Vec::new();
    for (i, state) in mid_game_states::<G>(cases()).iter().enumerate() {
        for seat in 0..G::seat_count(state) as Seat {
            let det = G::determinize(state, seat, &mut SmallRng::seed_from_u64(i as u64 + 99));
            let seed = 1_000 + i as u64;
            let choose = |s: &G::State| match player {
                Player::Search => ai::choose::<G>(s, seat, &cfg, seed),
                Player::PeekingSearch => {
                    ai::choose_from_samples::<G>(|_| s.clone(), seat, &cfg, seed)
                }
                Player::Greedy => ai::greedy_choice::<G>(s, seat, seed),
            };
            out.push((choose(state), choose(&det)));
        }
    }
    out
}

/// The search and the greedy player (an `easy` level where the game's tuning says so).
fn never_peeks<G: Game>() {
    for player in [Player::Search, Player::Greedy] {
        let pairs = choices_on_state_and_determinization::<G>(player);
        let decided = pairs.iter().filter(|(a, _)| a.is_some()).count();
        assert!(decided > 0, "{}: no state had a seat to decide", G::ID);
        for (k, (real, det)) in pairs.iter().enumerate() {
            assert_eq!(
                real,
                det,
                "{}: case {k}: {player:?} chose differently on the real state and on a \
                 determinization for its seat, so it read a hidden card",
                G::ID
            );
        }
    }
}

fn a_peeking_search_is_caught<G: Game>() {
    let pairs = choices_on_state_and_determinization::<G>(Player::PeekingSearch);
    assert!(
        pairs.iter().any(|(real, det)| real != det),
        "{}: a search reading the real state passed the no-peek check",
        G::ID
    );
}

/// Plays `games` seeded 2-seat games, `a` in seat `g % 2`; returns `a`'s score (a win 1, a
/// draw ½).
fn score<G: Game>(a: &Strategy, b: &Strategy, games: u64) -> f64 {
    let mut pending = Vec::new();
    let mut events = Vec::new();
    let mut total = 0.0;
    for g in 0..games {
        let mut state = G::new(&Default::default(), 2, 500 + g).expect("two seats");
        let a_seat = (g % 2) as Seat;
        for mv in 0u64.. {
            pending.clear();
            G::pending(&state, &mut pending);
            let Some(p) = pending.first() else { break };
            let choice = match p.actor {
                Actor::System => G::timeout_choice(&state, Actor::System).expect("a clock"),
                Actor::Seat(seat) => {
                    let strategy = if seat == a_seat { a } else { b };
                    ai::choose_by::<G>(&state, seat, strategy, g << 20 | mv)
                        .expect("a pending seat has a choice")
                }
            };
            events.clear();
            G::apply(&mut state, p.actor, choice, &mut events).expect("an AI choice applies");
        }
        let outcome = G::outcome(&state).expect("the game ended");
        if outcome.places[a_seat as usize] == 1 {
            total += if outcome.is_draw() { 0.5 } else { 1.0 };
        }
    }
    total
}

/// `normal` without its time cap (reproducible): its full budget, 8 games per pairing, so a
/// game whose playouts are slow still tests in about a minute.
fn normal_is_strong<G: Game>() {
    let normal = Strategy::Search(SearchConfig::level::<G>(Level::Normal).untimed());
    let vs_random = score::<G>(&normal, &Strategy::Random, 8);
    assert!(
        vs_random >= 6.0,
        "{}: normal scored {vs_random}/8 against random",
        G::ID
    );
    let vs_greedy = score::<G>(&normal, &Strategy::Greedy, 8);
    assert!(
        vs_greedy >= 4.0,
        "{}: normal scored {vs_greedy}/8 against greedy",
        G::ID
    );
}

#[test]
fn every_registered_game_has_ai_tests() {
    for game in registry::all() {
        assert!(
            TESTED.contains(&game.id()),
            "add `{}` to TESTED and tests below",
            game.id()
        );
    }
}

#[test]
fn claim_never_peeks() {
    never_peeks::<Claim>();
}
#[test]
fn claim_peeking_is_caught() {
    a_peeking_search_is_caught::<Claim>();
}
#[test]
fn claim_normal_is_strong() {
    normal_is_strong::<Claim>();
}

#[test]
fn fantasy_realms_never_peeks() {
    never_peeks::<FantasyRealms>();
}
#[test]
fn fantasy_realms_peeking_is_caught() {
    a_peeking_search_is_caught::<FantasyRealms>();
}
#[test]
fn fantasy_realms_normal_is_strong() {
    normal_is_strong::<FantasyRealms>();
}

#[test]
fn louis_xiv_never_peeks() {
    never_peeks::<LouisXiv>();
}
#[test]
fn louis_xiv_peeking_is_caught() {
    a_peeking_search_is_caught::<LouisXiv>();
}
#[test]
fn louis_xiv_normal_is_strong() {
    normal_is_strong::<LouisXiv>();
}

#[test]
fn ovlivneni_never_peeks() {
    never_peeks::<Ovlivneni>();
}
#[test]
fn ovlivneni_peeking_is_caught() {
    a_peeking_search_is_caught::<Ovlivneni>();
}
#[test]
fn ovlivneni_normal_is_strong() {
    normal_is_strong::<Ovlivneni>();
}

#[test]
fn ruse_and_bruise_never_peeks() {
    never_peeks::<RuseAndBruise>();
}
#[test]
fn ruse_and_bruise_peeking_is_caught() {
    a_peeking_search_is_caught::<RuseAndBruise>();
}
#[test]
fn ruse_and_bruise_normal_is_strong() {
    normal_is_strong::<RuseAndBruise>();
}
