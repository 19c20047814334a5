//! The shared conformance suite over every registered game. `VLIV_CASES` sets the number of
//! seeded games per game (CI: 10,000; default: 1,000).

use vliv_engine::{conformance::Config, registry};

#[test]
fn every_registered_game_conforms() {
    let games = std::env::var("VLIV_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000);
    for game in registry::all() {
        let cfg = Config {
            games,
            ..Config::default()
        };
        let report = game.conformance(&cfg).unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(report.games, games);
        assert!(report.steps > 0);
        println!("{}: {report:?}", game.id());
    }
}
