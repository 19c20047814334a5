//! The console plays Louis XIV among random players, as a user runs it.

use crate::cli;
use cli::vliv;

#[test]
fn three_ais_play_a_whole_louis_xiv_game_the_same_way_for_the_same_seed() {
    let args = [
        "console",
        "louis-xiv",
        "--seats",
        "ai,ai,ai",
        "--seed",
        "11",
    ];
    let (ok, first) = vliv(&args);
    assert!(ok);
    for round in 2..=4 {
        assert!(
            first.contains(&format!("Round {round} begins")),
            "round {round} is printed"
        );
    }
    assert!(first.contains("The fourth round is over: final scoring."));
    // Round 1's card is revealed by the deal: an opening event and the opening table;
    // rounds 2–4 as events.
    assert!(first.contains("Round 1 begins"));
    assert!(first.contains("-- Table --\n  Start player:"));
    assert_eq!(first.matches(": everyone takes ").count(), 4);
    assert!(first.contains("-- The court"), "the tile grid is printed");
    let last = first.lines().last().unwrap();
    assert!(
        last.contains(" wins with ") || last.contains("Shared victory"),
        "the result closes the output: {last}"
    );
    let (_, second) = vliv(&args);
    assert_eq!(first, second);
    let (_, other) = vliv(&[
        "console",
        "louis-xiv",
        "--seats",
        "ai,ai,ai",
        "--seed",
        "12",
    ]);
    assert_ne!(first, other);
}

#[test]
fn two_and_four_ais_finish_and_the_console_speaks_czech() {
    for seats in ["ai,ai", "ai,ai,ai,ai"] {
        let (ok, out) = vliv(&[
            "console",
            "louis-xiv",
            "--seats",
            seats,
            "--seed",
            "5",
            "--lang",
            "cs",
        ]);
        assert!(ok);
        assert!(out.contains("Čtvrté kolo skončilo: konečné hodnocení."));
        let last = out.lines().last().unwrap();
        assert!(
            last.contains("Vítězí") || last.contains("Dělené vítězství"),
            "{last}"
        );
    }
}
