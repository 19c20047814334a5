//! The cards of Fantasy Realms and Ruse & Bruise carry what they do in the pictures: every
//! face-up card with a rule shows its short text (wrapped, never cut) in both languages.

use vliv_engine::{Item, Lang, Viewer};
use vliv_pictures::lay_out;

#[test]
fn every_card_of_a_hand_shows_its_whole_rule() {
    for (game, seats, moves) in [("fantasy-realms", 4, 14), ("ruse-and-bruise", 4, 30)] {
        let state = vliv_pictures::position(game, seats, 7, moves).unwrap();
        let scene = state.scene(Viewer::Seat(0)).private();
        let mut rules = 0;
        for lang in Lang::ALL {
            let names = |s| lang.seat_name(s);
            let drawn: Vec<String> = lay_out(&scene, lang, &names)
                .texts()
                .map(str::to_owned)
                .collect();
            let joined = drawn.join(" ");
            assert!(!joined.contains('…'), "{game} {lang:?}: a rule was cut");
            for zone in &scene.zones {
                for item in &zone.items {
                    let Item::Card(card) = item else { continue };
                    // A character or a Fantasy Realms card has a rule; a point card has none.
                    let Some(rule) = card.rule.as_ref() else {
                        continue;
                    };
                    let text = lang.text(rule, &names);
                    // Wrapping joins the words with single spaces, line after line.
                    let words: Vec<&str> = text.split_whitespace().collect();
                    assert!(
                        joined.contains(&words.join(" ")),
                        "{game} {lang:?}: {text:?} not drawn in {joined:?}"
                    );
                    rules += 1;
                }
            }
        }
        assert!(rules >= 2 * 3, "{game}: {rules} rules checked");
    }
}
