//! More of §6, §11, §16.

use super::*;

#[test]
fn s11_1_every_parameterless_instant_gains_exactly_what_the_gain_table_lists() {
    // §11.1, with the opponent's Akcie reporting which resources a resolved play gained.
    let gains_b = [
        Effect::new(OPPORTUNITY, false),
        Effect::new(INVESTMENT, false),
        Effect::new(OPTIMISATION, false),
        Effect::new(INTEREST, false),
        Effect::new(LICENCE, false),
        Effect::new(WITHDRAWAL, false),
        Effect::new(AGENTS, false),
        Effect::new(CONFUSION, false),
    ];
    let gains_m = [
        Effect::new(SLANDER, false),
        Effect::new(HISTORY, false),
        Effect::new(DECLINE, false),
        Effect::new(COOPERATION, false),
        Effect::new(SHARES, true),
        Effect::new(REORGANISATION, true),
        Effect::new(INSURANCE, false),
        Effect::new(REINFORCEMENTS, false),
    ];
    for c in 0..CARD_COUNT as u8 {
        for b in [false, true] {
            let e = Effect::new(c, b);
            if e.kind() != Kind::Instant || e.has_params() {
                continue;
            }
            let mut s = t(&[c], &[]);
            s.players[1].bases = vec![SHARES];
            play(&mut s, P0, c, b);
            pass(&mut s, P1);
            let both = e == Effect::new(DILIGENCE, true);
            let expected = [
                u32::from(gains_b.contains(&e) || both),
                u32::from(gains_m.contains(&e) || both),
            ];
            assert_eq!(treasury(&s, P1), expected, "{}", e.id());
            assert_eq!(e.gains_m(), expected[1] == 1, "{}", e.id());
        }
    }
}

#[test]
fn s6_2_effects_naming_a_missing_object_are_not_offered() {
    let mut s = t(&[SLANDER, BODYGUARDS, HISTORY, REORGANISATION], &[]);
    s.country_deck.clear();
    let menu = ids(&s, P0);
    for e in [
        eff(SLANDER, true),
        eff(BODYGUARDS, false),
        eff(HISTORY, true),
        eff(REORGANISATION, false),
    ] {
        assert!(!menu.contains(&e));
    }
    for e in [
        eff(SLANDER, false),
        eff(BODYGUARDS, true),
        eff(HISTORY, false),
    ] {
        assert!(menu.contains(&e));
    }
}

#[test]
fn s6_3_a_declaration_is_dropped_by_cancel_and_the_card_stays_in_hand() {
    let mut s = t(&[AGENTS], &[]);
    play(&mut s, P0, AGENTS, true);
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    act(&mut s, P0, id::CANCEL);
    assert_eq!(s.players[0].hand, vec![AGENTS]);
    assert!(s.stack.is_empty() && s.decl.is_none());
    assert_eq!(s.inv[0][0], [0, 0]);
}

#[test]
fn s13_a_discard_pile_too_long_for_one_menu_is_picked_by_halves() {
    let mut s = t(&[HISTORY], &[]);
    s.players[0].deck.clear();
    s.players[0].discard = (0..CARD_COUNT as u8).filter(|&c| c != HISTORY).collect();
    play(&mut s, P0, HISTORY, true);
    assert_eq!(
        ids(&s, P0),
        vec![id::GROUP, id::GROUP + 1, id::CANCEL, id::END_TURN]
    );
    act(&mut s, P0, id::GROUP + 1);
    let menu = ids(&s, P0);
    assert_eq!(menu.len(), 13 + 2);
    assert!(menu.contains(&(id::CARD + DILIGENCE as u32)));
    assert!(!menu.contains(&(id::CARD + OPPORTUNITY as u32)));
    act(&mut s, P0, id::CARD + DILIGENCE as u32);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(s.players[0].hand, vec![DILIGENCE]);
}

#[test]
fn options_offer_both_variants_a_turn_limit_and_the_reaction_and_move_clocks() {
    use crate::options::{resolve_options, OptionKind, OptionValue, OptionValues};
    let schema = Ovlivneni::option_schema();
    let keys: Vec<&str> = schema.iter().map(|o| o.key).collect();
    assert_eq!(
        keys,
        vec![
            "no_refill",
            "strict_thresholds",
            "turn_limit",
            "reaction_secs",
            "move_timeout"
        ]
    );
    assert_eq!(
        schema[3].kind,
        OptionKind::Int {
            min: 10,
            max: 86_400,
            default: 60
        }
    );
    let defaults = resolve_options(&schema, &OptionValues::new()).unwrap();
    let options: OvOptions = serde_json::from_value(defaults.into()).unwrap();
    assert_eq!(options, OvOptions::default());
    assert_eq!(options.turn_limit, 0, "off by default");
    let mut v = OptionValues::new();
    v.insert("reaction_secs".into(), OptionValue::Int(5));
    assert!(resolve_options(&schema, &v).is_err());
    // O-D38: `move_timeout`, default 10 minutes, 1 minute – 72 hours; 0 is no "off".
    assert_eq!(
        schema[4].kind,
        OptionKind::Int {
            min: 1,
            max: 72 * 60,
            default: 10
        }
    );
    let s = t(&[PLANNING], &[]);
    let p = pending(&s)[0];
    assert_eq!(p.kind, DecisionKind::Move);
    assert_eq!(Ovlivneni::deadline_secs(&s, p), Some(600));
    let mut timed = s.clone();
    timed.options.move_timeout = 1;
    assert_eq!(Ovlivneni::deadline_secs(&timed, p), Some(60));
    for minutes in [0, 72 * 60 + 1] {
        let options = OvOptions {
            move_timeout: minutes,
            ..OvOptions::default()
        };
        assert!(Ovlivneni::new(&options, 2, 1).is_err(), "{minutes} minutes");
    }
}

#[test]
fn s7_4_8_a_licence_copiers_prompt_in_the_opponents_turn_runs_on_the_move_clock() {
    let mut s = t(&[PLANNING], &[LICENCE]);
    play(&mut s, P0, PLANNING, false);
    play(&mut s, P1, LICENCE, true);
    pass(&mut s, P0);
    // Seat 1 looks at its own top five inside seat 0's turn: "a resolution-time prompt of
    // the acting player (also a Licence copier's prompt in the opponent's turn)".
    let p = pending(&s)[0];
    assert_eq!((p.actor, p.kind), (Actor::Seat(P1), DecisionKind::Move));
    assert_eq!(Ovlivneni::deadline_secs(&s, p), Some(600));
    assert_eq!(
        Ovlivneni::timeout_choice(&s, Actor::Seat(P1)).unwrap().0,
        id::KEEP_REST
    );
    act(&mut s, P1, id::KEEP_REST);
    assert_eq!(s.players[1].known_top, 5);
    assert_eq!(
        waiting_for(&s),
        (P1, DecisionKind::Reaction),
        "back to the window"
    );
}

#[test]
fn o_d1_each_player_owns_one_copy_of_each_of_the_27_cards() {
    let s = Ovlivneni::new(&OvOptions::default(), 2, 9).unwrap();
    for p in &s.players {
        let mut all: Vec<u8> = p.deck.iter().chain(&p.hand).copied().collect();
        all.sort();
        assert_eq!(all, (0..27).collect::<Vec<u8>>());
    }
}

#[test]
fn o_d2_the_bank_is_unlimited() {
    let mut s = t(&[DOMINANCE], &[]);
    s.inv[0][0] = [u32::MAX / 4, 0];
    play(&mut s, P0, DOMINANCE, false);
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(s.inv[0][0][0], u32::MAX / 4 * 2);
}

#[test]
fn o_d3_o_d34_both_start_with_empty_treasuries_and_no_compensation() {
    for seed in 0..5 {
        let s = Ovlivneni::new(&OvOptions::default(), 2, seed).unwrap();
        assert_eq!(treasury(&s, P0), [0, 0]);
        assert_eq!(treasury(&s, P1), [0, 0]);
        assert_eq!(s.players[0].hand.len(), s.players[1].hand.len());
    }
}

#[test]
fn o_d4_o_d7_same_resource_strictly_more_and_exact_halves() {
    let mut s = t(&[], &[]);
    s.inv[3] = [[5, 0], [5, 9]];
    assert!(!s.qualifies(P0, 3));
    assert!(s.qualifies(P1, 3));
    s.status = Some((P0, CONFUSION));
    // France 5M: 9M counts 4.5 (short), 10M counts 5.
    assert!(!s.qualifies(P1, 3));
    s.inv[3][1][1] = 10;
    assert!(s.qualifies(P1, 3));
}

#[test]
fn o_d8_reactions_resolve_before_the_card_they_answer() {
    let mut s = t(&[SHARES], &[COOPERATION]);
    play(&mut s, P0, SHARES, true);
    play(&mut s, P1, COOPERATION, true);
    pass(&mut s, P0);
    assert_eq!(treasury(&s, P1), [0, 3]);
    assert_eq!(
        treasury(&s, P0),
        [0, 0],
        "the answered card has not resolved yet"
    );
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [0, 2]);
}

#[test]
fn o_d10_a_card_reaches_the_discard_pile_only_after_resolving() {
    let mut s = t(&[EXTORTION, LICENCE], &[]);
    s.players[0].deck.clear();
    play(&mut s, P0, EXTORTION, true);
    pass(&mut s, P1);
    // Licence is discarded, reshuffled and drawn again; Vydírání, still resolving, was
    // not in the reshuffled pile (§9).
    assert_eq!(s.players[0].hand, vec![LICENCE]);
    assert_eq!(s.players[0].discard, vec![EXTORTION]);
}

#[test]
fn o_d18_factory_b_counts_own_bases_and_gains_nothing_without_any() {
    let mut s = t(&[FACTORY], &[SHARES]);
    s.players[1].bases = vec![SHARES, ENTERPRISE];
    play(&mut s, P0, FACTORY, true);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [0, 0]);
    assert_eq!(treasury(&s, P1), [0, 0], "no gain, no Akcie");
}

#[test]
fn o_d20_insurance_leaves_other_countries_untouched() {
    let mut s = t(&[], &[INSURANCE]);
    s.inv[0] = [[6, 0], [0, 2]];
    s.inv[4] = [[0, 0], [3, 3]];
    start_p0_turn(&mut s);
    play(&mut s, P1, INSURANCE, true);
    pass(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P1), [0, 2]);
    assert_eq!(s.inv[4][1], [3, 3]);
}

#[test]
fn o_d23_agents_b_is_not_doubled_by_factory_but_bribes_b_is() {
    let mut s = t(&[AGENTS], &[]);
    s.doubling = true;
    play(&mut s, P0, AGENTS, true);
    for c in [GERMANY, AUSTRIA, SPAIN] {
        act(&mut s, P0, id::COUNTRY + c as u32);
    }
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!([s.inv[0][0], s.inv[1][0], s.inv[2][0]], [[0, 1]; 3]);
}

#[test]
fn o_d30_any_country_on_display_takes_investments() {
    let mut s = t(&[], &[]);
    s.players[0].treasury = [5, 5];
    let menu = ids(&s, P0);
    for x in 0..10 {
        assert!(menu.contains(&(id::INVEST + x)));
    }
    s.slots[2] = None;
    assert!(!ids(&s, P0).contains(&(id::INVEST + 2)));
}

#[test]
fn o_d35_the_window_opens_even_for_a_responder_without_cards() {
    let mut s = t(&[OPPORTUNITY], &[]);
    play(&mut s, P0, OPPORTUNITY, false);
    assert_eq!(waiting_for(&s), (P1, DecisionKind::Reaction));
    assert!(only_pass(&s, P1));
    let view = Ovlivneni::view(&s, Viewer::Spectator);
    assert_eq!(view.waiting, Some((P1, true)));
}

#[test]
fn o_d37_a_look_may_keep_some_and_discard_others_in_any_order() {
    let mut s = t(&[DILIGENCE], &[]);
    play(&mut s, P0, DILIGENCE, false);
    pass(&mut s, P1);
    act(&mut s, P0, id::KEEP + OPTIMISATION as u32);
    act(&mut s, P0, id::LOOK_DISCARD + OPPORTUNITY as u32);
    // The looker sees the cards; the opponent does not.
    let mine = serde_json::to_string(&Ovlivneni::view(&s, Viewer::Seat(P0))).unwrap();
    assert!(mine.contains("\"INVESTMENT#0\""));
    assert!(Ovlivneni::secrets(&s, P1).contains(&"INVESTMENT#0".to_string()));
    act(&mut s, P0, id::KEEP + INVESTMENT as u32);
    let top: Vec<u8> = s.players[0].deck.iter().rev().take(2).copied().collect();
    assert_eq!(top, vec![OPTIMISATION, INVESTMENT]);
    assert_eq!(s.players[0].discard, vec![OPPORTUNITY, DILIGENCE]);
}
