//! Fantasy Realms from the command line: a console game among AIs and the score calculator.

use crate::cli;
use cli::vliv_full as vliv;

#[test]
fn four_ais_play_a_whole_game_the_same_way_for_the_same_seed() {
    let args = [
        "console",
        "fantasy-realms",
        "--seats",
        "ai,ai,ai,ai",
        "--seed",
        "11",
    ];
    let (ok, first, _) = vliv(&args);
    assert!(ok);
    assert!(first.contains("The game is over; the hands are scored."));
    // Each deck draw adds one card to the discard area; the tenth ends the game.
    assert_eq!(first.matches(" took the top card of the deck.").count(), 10);
    assert_eq!(first.matches(" scores ").count(), 4, "every hand is scored");
    let last = first.lines().last().unwrap();
    assert!(
        last.contains(" wins with ") || last.contains(" share the victory "),
        "the result closes the output: {last}"
    );
    let (_, second, _) = vliv(&args);
    assert_eq!(first, second);
    let (_, other, _) = vliv(&[
        "console",
        "fantasy-realms",
        "--seats",
        "ai,ai,ai,ai",
        "--seed",
        "12",
    ]);
    assert_ne!(first, other);
}

#[test]
fn two_and_seven_seats_play_the_two_player_variant_and_chaotic_realms() {
    let (ok, out, _) = vliv(&[
        "console",
        "fantasy-realms",
        "--seats",
        "ai,ai",
        "--seed",
        "3",
        "--lang",
        "cs",
    ]);
    assert!(ok);
    assert!(out.contains("Tajuplné říše — dva hráči"));
    assert!(out.contains("Konec hry, ruce se počítají."));
    let (ok, out, _) = vliv(&[
        "console",
        "fantasy-realms",
        "--seats",
        "ai,ai,ai,ai,ai,ai,ai",
        "--seed",
        "3",
    ]);
    assert!(ok);
    assert!(out.contains("Time is up: trading is over."));
}

#[test]
fn the_calculator_scores_the_rulebook_hands() {
    let (ok, out, _) = vliv(&[
        "score",
        "fantasy-realms",
        "1",
        "Požár",
        "smoke",
        "stoleta voda",
        "15",
        "Přelud",
        "Whirlwind",
    ]);
    assert!(ok);
    assert_eq!(out.lines().next(), Some("Best score: 260"));
    assert!(out.contains("Mirage [Weather]: 0 +0 −0 = 0 (is Rainstorm)"));
    // Each bonus and penalty is followed by the card text that gave it.
    assert!(out.contains("\n   ↳ Bonus: +50 with both Smoke and Wildfire."));
    let (ok, out, _) = vliv(&[
        "score",
        "fantasy-realms",
        "candle",
        "Book of Changes",
        "KETHSKÝ ŠTÍT",
        "47",
        "zvonice",
        "sword of keth",
        "Královna",
        "--json",
    ]);
    assert!(ok);
    assert!(out.starts_with(r#"{"total":380,"cards":[{"number":17,"name_en":"Candle","name_cs":"Svíčka","suit":"Flame","base":2,"bonus":100,"penalty":0,"blanked":false,"cleared_by":[],"declaration":null},"#));
    let (ok, out, _) = vliv(&[
        "score",
        "fantasy-realms",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "--lang",
        "cs",
    ]);
    assert!(ok);
    assert!(out.starts_with("Nejlepší skóre: "));
}

#[test]
fn the_calculator_explains_bad_hands() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["1", "2", "3", "4", "5", "6", "Jester"],
            "Unknown card “Jester”",
        ),
        (
            &["1", "2", "3", "4", "5", "6", "hora"],
            "Mountain is given twice.",
        ),
        (
            &["1", "2", "3"],
            "A hand has 7 cards (8 with the Necromancer), not 3.",
        ),
        (
            &["1", "2", "3", "4", "5", "6", "7", "8"],
            "An eighth card is allowed only with the Necromancer.",
        ),
        (
            &["28", "1", "2", "3", "4", "5", "6", "7"],
            "The Necromancer's eighth card must be an Army, Leader, Wizard or Beast.",
        ),
    ];
    for (cards, message) in cases {
        let mut args = vec!["score", "fantasy-realms"];
        args.extend_from_slice(cards);
        let (ok, out, err) = vliv(&args);
        assert!(!ok, "{cards:?}");
        assert!(out.is_empty());
        assert!(err.contains(message), "{err}");
    }
    let mut args = vec!["score", "fantasy-realms", "--chaotic"];
    args.extend_from_slice(&["28", "1", "2", "3", "4", "5", "6", "7"]);
    assert!(vliv(&args).0, "any eighth card in Chaotic Realms");
    let (ok, _, err) = vliv(&["score", "claim", "1"]);
    assert!(!ok);
    assert!(err.contains("no score calculator for `claim`"));
}
