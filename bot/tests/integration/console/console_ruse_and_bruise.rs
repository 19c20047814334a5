//! The console plays Ruse & Bruise among random players (issue 6).

use crate::cli;
use cli::vliv;

#[test]
fn four_ais_play_a_whole_ruse_and_bruise_game_the_same_way_for_the_same_seed() {
    let args = [
        "console",
        "ruse-and-bruise",
        "--seats",
        "ai,ai,ai,ai",
        "--seed",
        "11",
    ];
    let (ok, first) = vliv(&args);
    assert!(ok);
    for round in 1..=6 {
        assert!(
            first.contains(&format!("Round {round}/6: the point cards are ")),
            "round {round} is printed"
        );
        assert!(first.contains(&format!("Round {round} is over (")));
    }
    let decided = first
        .lines()
        .filter(|l| {
            l.starts_with("Column ") && (l.contains(" wins ") || l.contains("nobody can win"))
        })
        .count();
    assert_eq!(
        decided,
        6 * 4,
        "every column of every round is decided in the log"
    );
    assert!(first.contains("The game is over after six rounds."));
    assert!(first.contains("-- Final scoring --"));
    let last = first.lines().last().unwrap();
    assert!(
        last.contains(" wins with ") || last.contains(" share the victory "),
        "the result closes the output: {last}"
    );
    let (_, second) = vliv(&args);
    assert_eq!(first, second);
    let (_, other) = vliv(&[
        "console",
        "ruse-and-bruise",
        "--seats",
        "ai,ai,ai,ai",
        "--seed",
        "12",
    ]);
    assert_ne!(first, other);
}

#[test]
fn ruse_and_bruise_speaks_czech_with_the_rulebooks_names() {
    let (ok, out) = vliv(&[
        "console",
        "ruse-and-bruise",
        "--seats",
        "ai,ai,ai",
        "--seed",
        "3",
        "--lang",
        "cs",
    ]);
    assert!(ok);
    assert!(out.contains("Kabale und Hiebe"));
    assert!(out.contains("Po šesti kolech hra končí."));
    assert!(out.contains("Závěrečné počítání"));
}

#[test]
fn every_seat_count_from_two_to_six_plays_to_the_end() {
    for n in 2..=6 {
        let seats = vec!["ai"; n].join(",");
        let (ok, out) = vliv(&[
            "console",
            "ruse-and-bruise",
            "--seats",
            &seats,
            "--seed",
            "5",
        ]);
        assert!(ok, "{n} seats");
        assert!(
            out.contains("-- Final scoring --"),
            "{n} seats end with a result"
        );
    }
}
