//! Learning mode at the console (`vliv console GAME --learn`): a whole game of each kind,
//! in Czech and in English, a scripted player answering every menu; every choice listed is
//! followed by exactly one explanation line, and scoring (a trick, a round, an evaluation,
//! the end) is explained under the event that scored.

use crate::cli;
use cli::{typing, vliv, vliv_typed};

const CHOICE_NOTE: &str = "      ↳ ";
const EVENT_NOTE: &str = "  ↳ ";

/// A listed choice: `   1) …`, `  12) …` (possibly after the `> ` of an unechoed answer).
fn is_choice(line: &str) -> bool {
    let line = line.strip_prefix("> ").unwrap_or(line);
    let Some((number, _)) = line.split_once(") ") else {
        return false;
    };
    number.len() == 4 && number.trim_start().parse::<u8>().is_ok()
}

/// Plays `game` in learning mode and checks the lines; returns the output.
fn learn(game: &str, lang: &str, seed: u64) -> String {
    let seed_arg = seed.to_string();
    let args = [
        "console", game, "--seats", "human,ai", "--seed", &seed_arg, "--lang", lang, "--learn",
    ];
    let (ok, out, err) = vliv_typed(&args, &typing(seed, 5, 40_000));
    assert!(ok, "{game} {lang}: {err}");
    let lines: Vec<&str> = out.lines().collect();
    let mut choices = 0;
    for (i, line) in lines.iter().enumerate() {
        if !is_choice(line) {
            continue;
        }
        choices += 1;
        let note = lines.get(i + 1).copied().unwrap_or("");
        assert!(
            note.starts_with(CHOICE_NOTE) && note.len() > CHOICE_NOTE.len() + 3,
            "{game} {lang}: no explanation under {line:?}"
        );
        assert!(
            !note.contains("[") || !note.contains("-learn-"),
            "{game}: {note}"
        );
        let after = lines.get(i + 2).copied().unwrap_or("");
        assert!(
            !after.starts_with(CHOICE_NOTE),
            "{game} {lang}: two explanations under {line:?}"
        );
    }
    let notes = lines.iter().filter(|l| l.starts_with(CHOICE_NOTE)).count();
    let singles = lines
        .iter()
        .filter(|l| l.contains("the only possible choice") || l.contains("jediná možná volba"))
        .count();
    assert!(choices > 10, "{game} {lang}: {choices} choices");
    assert_eq!(
        notes,
        choices + singles,
        "{game} {lang}: one line per choice"
    );
    let scored = lines
        .iter()
        .filter(|l| l.starts_with(EVENT_NOTE) && !l.starts_with(CHOICE_NOTE))
        .count();
    assert!(scored > 0, "{game} {lang}: no scoring explained");
    out
}

#[test]
fn claim_teaches_in_both_languages() {
    let en = learn("claim", "en", 3);
    assert!(en.contains("the trick"), "{en}");
    let cs = learn("claim", "cs", 3);
    assert!(cs.contains("Štych bere"), "{cs}");
}

#[test]
fn fantasy_realms_teaches_in_both_languages() {
    let en = learn("fantasy-realms", "en", 4);
    assert!(en.contains("best score"), "{en}");
    let cs = learn("fantasy-realms", "cs", 4);
    assert!(cs.contains("nejlepší skóre"), "{cs}");
}

#[test]
fn louis_xiv_teaches_in_both_languages() {
    let en = learn("louis-xiv", "en", 5);
    assert!(en.contains("face-up condition"), "{en}");
    let cs = learn("louis-xiv", "cs", 5);
    assert!(cs.contains("podle podmínky lícem nahoru"), "{cs}");
}

#[test]
fn ruse_and_bruise_teaches_in_both_languages() {
    let en = learn("ruse-and-bruise", "en", 6);
    assert!(
        en.contains("goes face down to the bottom of column"),
        "{en}"
    );
    let cs = learn("ruse-and-bruise", "cs", 6);
    assert!(cs.contains("jde lícem dolů na konec sloupce"), "{cs}");
}

#[test]
fn ovlivneni_teaches_in_both_languages() {
    let en = learn("ovlivneni", "en", 5);
    assert!(en.contains("threshold"), "{en}");
    let cs = learn("ovlivneni", "cs", 5);
    assert!(cs.contains("práh"), "{cs}");
}

#[test]
fn without_the_flag_no_explanation_is_printed() {
    let (ok, out, err) = vliv_typed(
        &["console", "claim", "--seats", "human,ai", "--seed", "3"],
        &typing(3, 5, 40_000),
    );
    assert!(ok, "{err}");
    assert!(!out.contains("↳"));
}

#[test]
fn the_rules_summary_of_each_game_says_how_to_switch_learning_mode() {
    for id in [
        "claim",
        "fantasy-realms",
        "louis-xiv",
        "ruse-and-bruise",
        "ovlivneni",
    ] {
        let (ok, en) = vliv(&["rules", id]);
        assert!(ok, "{id}");
        let learn = en.split("\nLearning mode\n").nth(1).expect("the section");
        assert!(learn.contains("/vliv settings learning"), "{id}: {learn}");
        assert!(learn.contains("!vliv me learning"), "{id}: {learn}");
        assert!(
            learn.contains(&format!("vliv console {id} --learn")),
            "{id}"
        );
        let (ok, cs) = vliv(&["rules", id, "--lang", "cs"]);
        assert!(ok, "{id}");
        let learn = cs.split("\nRežim učení\n").nth(1).expect("the section");
        assert!(learn.contains("/vliv nastavení učení"), "{id}: {learn}");
        assert!(learn.contains("!vliv já učení"), "{id}: {learn}");
        assert!(
            learn.contains(&format!("vliv console {id} --learn --lang cs")),
            "{id}"
        );
    }
}
