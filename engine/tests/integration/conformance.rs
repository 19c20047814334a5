//! The shared conformance suite, one test per registered game so they run in parallel.
//! Seeded games per game: `VLIV_CASES_<GAME>` (e.g. `VLIV_CASES_LOUIS_XIV`), else
//! `VLIV_CASES`, else 1,000. CI sets them (see `.ci/run`).

use vliv_engine::{conformance::Config, registry};

/// Every registered game must appear here.
const TESTED: &[&str] = &[
    "claim",
    "fantasy-realms",
    "louis-xiv",
    "ovlivneni",
    "ruse-and-bruise",
];

fn cases(id: &str) -> usize {
    let specific = format!("VLIV_CASES_{}", id.to_uppercase().replace('-', "_"));
    [specific.as_str(), "VLIV_CASES"]
        .iter()
        .find_map(|var| std::env::var(var).ok()?.parse().ok())
        .unwrap_or(1_000)
}

/// The most expiries a silent seat may need to reach the end (issue 17 item 3): the suite
/// plays every other game again with one seat silent or stalling, and fails if that game
/// does not end at all.
fn conforms(id: &str, max_expiries: usize) {
    let game = registry::find(id).unwrap_or_else(|| panic!("`{id}` is not registered"));
    let games = cases(id);
    let cfg = Config {
        games,
        ..Config::default()
    };
    let report = game.conformance(&cfg).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.games, games);
    assert!(report.steps >= games, "every game takes at least one step");
    assert_eq!(report.clocked_games, games.div_ceil(2));
    assert!(
        report.max_silent_expiries <= max_expiries,
        "{id}: a silent seat needed {} expiries, more than {max_expiries}",
        report.max_silent_expiries
    );
    println!("{id}: {report:?}");
}

#[test]
fn every_registered_game_has_a_conformance_test() {
    for game in registry::all() {
        assert!(
            TESTED.contains(&game.id()),
            "add `{}` to TESTED and a test below",
            game.id()
        );
    }
}

#[test]
fn claim() {
    // One card per trick, 26 tricks.
    conforms("claim", 26);
}

#[test]
fn fantasy_realms() {
    // A take and a discard per turn until 10 cards lie discarded (more turns with 2 seats,
    // whose variant ends on 7 cards each), plus end-of-game choices.
    conforms("fantasy-realms", 60);
}

#[test]
fn louis_xiv() {
    // 4 rounds of at most 30 decisions of one seat (cards, stones, missions, rewards).
    conforms("louis-xiv", 120);
}

#[test]
fn ovlivneni() {
    // The suite's 80-turn limit: one expiry ends each of the seat's 40 turns; each card
    // play or capture of the opponent opens one window (at most 27 cards and 5 captures a
    // turn), each passed by one expiry.
    conforms("ovlivneni", 40 + 40 * 32);
}

#[test]
fn ruse_and_bruise() {
    // 6 rounds of at most 12 cards played by one seat.
    conforms("ruse-and-bruise", 72);
}
