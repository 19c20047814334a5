//! Ruse & Bruise: what each player sees (§8) and the panels and reports.

use super::*;

// §8: information.

#[test]
fn spec_8_views_hide_hands_face_down_cards_and_the_card_under_a_disguise() {
    let mut s = table(
        2,
        vec![
            ("trade-5", vec![up(1, "disguise"), down(1, "king")]),
            ("art-5", vec![down(0, "explorer")]),
        ],
    );
    s.columns[0].cards[0].hidden = Some(ch("queen"));
    s.columns[1].cards[0].known = true;
    set_hand(&mut s, 0, &["romeo", "juliet", "beggar"]);
    let red = serde_json::to_string(&RuseAndBruise::view(&s, Viewer::Seat(0))).unwrap();
    let blue = serde_json::to_string(&RuseAndBruise::view(&s, Viewer::Seat(1))).unwrap();
    let spectator = serde_json::to_string(&RuseAndBruise::view(&s, Viewer::Spectator)).unwrap();
    for view in [&red, &spectator] {
        assert!(!view.contains("\"blue-king\""), "a face-down card");
        assert!(
            !view.contains("\"blue-queen\""),
            "the card under the Disguise"
        );
        assert!(
            view.contains("\"red-explorer\""),
            "a moved Explorer is public"
        );
        assert!(view.contains("\"hides\":true"));
    }
    assert!(red.contains("\"red-romeo\""), "one's own hand");
    assert!(!blue.contains("\"red-romeo\"") && !spectator.contains("\"red-romeo\""));
    assert!(blue.contains("\"blue-king\"") && blue.contains("\"blue-queen\""));
    for seat in 0..2 {
        let secrets = RuseAndBruise::secrets(&s, seat);
        let deck_card = s.card(seat, s.players[seat as usize].deck.as_slice()[0]);
        assert!(secrets.contains(&deck_card.id()), "deck cards are secret");
    }
    // D-20: won point cards show as a count.
    s.players[1].won.push(pt("art-3a"));
    let red = serde_json::to_string(&RuseAndBruise::view(&s, Viewer::Seat(0))).unwrap();
    assert!(!red.contains("art-3a"));
}

// Presentation.

fn english_panel(s: &RbState, viewer: Viewer) -> String {
    let panel = RuseAndBruise::panel(&RuseAndBruise::view(s, viewer));
    panel
        .localize(crate::i18n::Lang::En, &|seat| format!("P{seat}"))
        .unwrap()
        .to_plain()
}

#[test]
fn spec_2_2_the_name_table_matches_both_languages() {
    use crate::i18n::Lang;
    for c in Character::all() {
        let none = |_: Seat| String::new();
        assert_eq!(Lang::Cs.try_text(&c.text(), &none).unwrap(), c.info().cs);
        assert_eq!(Lang::En.try_text(&c.text(), &none).unwrap(), c.info().en);
    }
}

#[test]
fn spec_8_the_panel_shows_columns_top_down_with_owners_face_state_fullness_and_point_card() {
    let mut s = table(
        2,
        vec![
            (
                "trade-3a",
                vec![up(1, "king"), up(0, "disguise"), down(1, "queen")],
            ),
            ("art-5", vec![down(0, "explorer")]),
        ],
    );
    s.columns[0].cards[1].hidden = Some(ch("romeo"));
    s.columns[1].cards[0].known = true;
    s.players[1].discard = [ch("witch"), ch("storm")].into_iter().collect();
    let red = english_panel(&s, Viewer::Seat(0));
    assert!(
        red.contains("-- Column 1 — Trade 3 — 4/3 · full --"),
        "{red}"
    );
    assert!(red.contains("  1. King (Blue)\n  2. Disguise (Red)\n     └ hidden: Romeo (Red)\n  3. face down (Blue)\n"), "{red}");
    assert!(red.contains("-- Column 2 — Art 5 — 1/5 --"));
    assert!(red.contains("1. face down: Explorer (Red)"));
    assert!(
        red.contains("P1's discard pile: Witch, Storm"),
        "D-31: the whole pile"
    );
    let blue = english_panel(&s, Viewer::Seat(1));
    assert!(blue.contains("     └ a hidden card (Red)"));
    assert!(
        blue.contains("  3. face down: Queen (Blue)"),
        "one's own face-down card"
    );
    assert!(!blue.contains("Romeo"));
    s.columns[1].closed = true;
    assert!(english_panel(&s, Viewer::Spectator).contains("1/5 · closed by a Storm (full)"));
}

#[test]
fn spec_9_d25_every_pending_decision_has_a_timeout_choice_on_its_menu() {
    let mut s = table(2, vec![("trade-5", vec![]), ("art-5", vec![])]);
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    let t = RuseAndBruise::timeout_choice(&s, Actor::Seat(0)).unwrap();
    assert_eq!(
        t.0,
        ids(&s, 0)[0],
        "an idle move plays the first menu entry"
    );
    assert_eq!(RuseAndBruise::timeout_choice(&s, Actor::Seat(1)), None);
}

#[test]
fn spec_6_the_round_report_names_each_removal_value_sum_and_winner_in_both_languages() {
    let mut s = table(
        2,
        vec![
            (
                "trade-1",
                vec![up(1, "king"), up(0, "magician"), up(0, "queen")],
            ),
            ("art-1", vec![up(1, "beggar"), up(0, "squire")]),
        ],
    );
    set_hand(&mut s, 0, &["romeo", "juliet", "beggar"]);
    let events = play(&mut s, 0, "romeo", 1);
    let lines: Vec<String> = events
        .iter()
        .map(|e| {
            crate::i18n::Lang::En.text(&RuseAndBruise::describe(e), &|seat| format!("P{seat}"))
        })
        .collect();
    let expect = [
        "Round 1 is over (P0 ended it). All cards are revealed.",
        "Column 1: King (Blue), Magician (Red), Queen (Red).",
        "Column 1 (Trade 1): highest total wins.",
        "Column 1: Magician (Red) removes King (Blue) (value 20).",
        "Column 1: Magician (Red) removes Queen (Red) (value 16).",
        "Column 1 values: Magician (Red) 7.",
        "Column 1 totals — P0: 7.",
        "Column 1: P0 wins Trade 1.",
        "Column 2 (Art 1): a Beggar is here, the lowest total wins.",
        "Column 2 values: Beggar (Blue) 4, Squire (Red) 2, Romeo (Red) 5.",
        "Column 2 totals — P0: 7, P1: 4.",
        "Column 2: P1 wins Art 1.",
    ];
    for line in expect {
        assert!(
            lines.iter().any(|l| l == line),
            "missing {line:?} in {lines:#?}"
        );
    }
    let cs: Vec<String> = events
        .iter()
        .map(|e| {
            crate::i18n::Lang::Cs.text(&RuseAndBruise::describe(e), &|seat| format!("P{seat}"))
        })
        .collect();
    assert!(
        cs.iter()
            .any(|l| l == "Sloupec 1: Mág (červená) odstraňuje kartu Král (modrá) (hodnota 20)."),
        "{cs:#?}"
    );
}
