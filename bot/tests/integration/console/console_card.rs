//! The console's `?`: a card's full text by its number or name at any menu, or the texts of
//! the cards the current menu names.

use crate::cli;
use cli::vliv_typed;

#[test]
fn a_question_mark_tells_what_a_card_does() {
    let args = [
        "console",
        "fantasy-realms",
        "--seats",
        "human,ai,ai",
        "--seed",
        "3",
    ];
    let (_, out, _) = vliv_typed(&args, "?40\n? zvonice\n?hyd\n?jester\n?\n");
    assert!(out.contains("> Hydra: Bonus: +28 with Swamp.\n"), "{out}");
    assert!(
        out.contains("> Bell Tower: Bonus: +15 with any Wizard.\n"),
        "{out}"
    );
    assert_eq!(out.matches("Hydra: Bonus: +28 with Swamp.").count(), 2);
    assert!(out.contains("Fantasy Realms has no card “jester”"), "{out}");
    // `?` alone: every card the menu names (the discard area's cards here), or a hint.
    let after = out.split("has no card “jester”").nth(1).unwrap();
    let first = after.lines().nth(1).unwrap_or_default();
    let first = first.trim_start_matches("> ");
    assert!(
        first.contains(": Bonus:") || first.contains(": Penalty:") || first.starts_with("No card"),
        "{after}"
    );
}

#[test]
fn the_question_mark_speaks_czech() {
    let args = [
        "console",
        "ruse-and-bruise",
        "--seats",
        "human,ai",
        "--seed",
        "3",
        "--lang",
        "cs",
    ];
    let (_, out, _) = vliv_typed(&args, "?witch\n");
    assert!(
        out.contains("> Čarodějnice: Hodnota 1. Při vyhodnocení: odstraní ze sloupce"),
        "{out}"
    );
}
