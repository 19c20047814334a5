//! The console plays Ovlivnění between two random players (issue 8).

use crate::cli;
use cli::vliv;

#[test]
fn two_ais_play_a_whole_ovlivneni_game_the_same_way_for_the_same_seed() {
    let args = ["console", "ovlivneni", "--seats", "ai,ai", "--seed", "11"];
    let (ok, first) = vliv(&args);
    assert!(ok);
    assert!(first.starts_with("Ovlivnění — deal 11 — Player 1 (AI), Player 2 (AI)"));
    assert!(first.contains("== Ovlivnění — turn 1, Player "));
    assert!(first.contains("Turn 2: Player "));
    // Every card play opens a reaction window that is answered (§7.4).
    let plays = first.lines().filter(|l| l.contains(" plays ")).count();
    let answers = first
        .lines()
        .filter(|l| l.ends_with(" passed.") || l.contains(" reacts with "))
        .count();
    assert!(plays > 10, "{plays} card plays");
    assert!(answers >= plays);
    // The winner's captures are logged one by one up to three (§3).
    let captures: Vec<&str> = first
        .lines()
        .filter(|l| l.contains(" captured ") && l.ends_with("/3)."))
        .collect();
    assert!(
        captures.iter().any(|l| l.ends_with("(3/3).")),
        "{captures:?}"
    );
    assert!(first.contains(" owns three countries and wins!"));
    assert!(first.contains("== Ovlivnění — game over =="));
    assert!(first.contains("-- Result --"));
    let last = first.lines().last().unwrap();
    assert!(
        last.ends_with(" wins with 3 countries."),
        "the result closes the output: {last}"
    );
    let (_, second) = vliv(&args);
    assert_eq!(first, second);
    let (_, other) = vliv(&["console", "ovlivneni", "--seats", "ai,ai", "--seed", "12"]);
    assert_ne!(first, other);
}

#[test]
fn ovlivneni_speaks_czech_with_the_rulebooks_names() {
    let (ok, out) = vliv(&[
        "console",
        "ovlivneni",
        "--seats",
        "ai,ai",
        "--seed",
        "3",
        "--lang",
        "cs",
    ]);
    assert!(ok);
    assert!(out.contains("Tah 2: Hráč "));
    assert!(out.contains("Pokladnice: 0B 0M"));
    assert!(out.contains("-- Výsledek --"));
    assert!(out.contains("ovládá tři země a vítězí!"));
}

#[test]
fn ovlivneni_needs_exactly_two_players() {
    let (ok, _) = vliv(&["console", "ovlivneni", "--seats", "ai,ai,ai", "--seed", "1"]);
    assert!(!ok);
}
