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

fn conforms(id: &str) {
    let game = registry::find(id).unwrap_or_else(|| panic!("`{id}` is not registered"));
    let games = cases(id);
    let cfg = Config {
        games,
        ..Config::default()
    };
    let report = game.conformance(&cfg).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.games, games);
    assert!(report.steps >= games, "every game takes at least one step");
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
    conforms("claim");
}

#[test]
fn fantasy_realms() {
    conforms("fantasy-realms");
}

#[test]
fn louis_xiv() {
    conforms("louis-xiv");
}

#[test]
fn ovlivneni() {
    conforms("ovlivneni");
}

#[test]
fn ruse_and_bruise() {
    conforms("ruse-and-bruise");
}
