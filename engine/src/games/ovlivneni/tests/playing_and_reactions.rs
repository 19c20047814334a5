//! §6 playing, §7 reactions.

use super::*;

#[test]
fn s7_3_investment_cancels_the_card_just_played() {
    let mut s = t(&[OPTIMISATION], &[INVESTMENT]);
    play(&mut s, P0, OPTIMISATION, false);
    assert_eq!(ids(&s, P1), vec![eff(INVESTMENT, true), id::PASS]);
    play(&mut s, P1, INVESTMENT, true);
    assert_eq!(
        waiting_for(&s),
        (P0, DecisionKind::Reaction),
        "a reaction can be answered"
    );
    let events = pass(&mut s, P0);
    assert!(events
        .iter()
        .any(|e| matches!(e, OvEvent::CancelledPlay { .. })));
    assert_eq!(treasury(&s, P0), [0, 0]);
    assert_eq!(s.players[0].discard, vec![OPTIMISATION]);
    assert_eq!(s.players[1].discard, vec![INVESTMENT]);
    assert!(s.stack.is_empty());
    assert_eq!(waiting_for(&s), (P0, DecisionKind::Move));
}

#[test]
fn s7_3_a_reaction_to_a_reaction_resolves_first_and_the_window_reopens() {
    let mut s = t(&[OPTIMISATION, INVESTMENT], &[INVESTMENT]);
    play(&mut s, P0, OPTIMISATION, false);
    play(&mut s, P1, INVESTMENT, true);
    // §7.2: in its own turn seat 0 answers the opponent's reaction.
    assert_eq!(ids(&s, P0), vec![eff(INVESTMENT, true), id::PASS]);
    play(&mut s, P0, INVESTMENT, true);
    assert_eq!(s.stack.len(), 3);
    pass(&mut s, P1);
    // Seat 1's Investice was cancelled; seat 1 is asked again about Optimalizace.
    assert_eq!(s.stack.len(), 1);
    assert_eq!(waiting_for(&s), (P1, DecisionKind::Reaction));
    assert_eq!(ids(&s, P1), vec![id::PASS]);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [3, 0]);
}

#[test]
fn s7_4_a_passed_window_lets_the_card_resolve_and_only_pass_is_one_choice() {
    let mut s = t(&[OPPORTUNITY], &[FACTORY, SHARES]);
    play(&mut s, P0, OPPORTUNITY, false);
    assert!(
        only_pass(&s, P1),
        "the window opens even without a reaction (O-D35)"
    );
    assert_eq!(ids(&s, P1), vec![id::PASS]);
    assert_eq!(
        treasury(&s, P0),
        [0, 0],
        "O-D8: nothing resolves before the window"
    );
    let events = pass(&mut s, P1);
    assert!(events
        .iter()
        .any(|e| matches!(e, OvEvent::Passed { seat: 1 })));
    assert_eq!(treasury(&s, P0), [1, 0]);
}

#[test]
fn s7_4_a_reaction_window_times_out_as_a_pass_on_the_reaction_clock() {
    let options = OvOptions {
        reaction_secs: 90,
        ..OvOptions::default()
    };
    let mut s = table(options, &[OPPORTUNITY], &[INVESTMENT]);
    let main = pending(&s)[0];
    assert_eq!(
        Ovlivneni::deadline_secs(&s, main),
        Some(10 * 60),
        "moves run on the move clock (§7.4 item 8)"
    );
    play(&mut s, P0, OPPORTUNITY, false);
    let window = pending(&s)[0];
    assert_eq!(window.kind, DecisionKind::Reaction);
    assert_eq!(Ovlivneni::deadline_secs(&s, window), Some(90));
    let t = Ovlivneni::timeout_choice(&s, Actor::Seat(P1)).unwrap();
    assert_eq!(t.0, id::PASS);
    act(&mut s, P1, t.0);
    assert_eq!(treasury(&s, P0), [1, 0]);
    assert_eq!(s.players[1].hand, vec![INVESTMENT]);
}

#[test]
fn s7_4_an_unfinished_reaction_menu_at_the_deadline_is_a_pass() {
    let mut s = t(&[DOMINANCE], &[LICENCE]);
    s.inv[0] = [[2, 0], [0, 0]];
    play(&mut s, P0, DOMINANCE, false);
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    confirm(&mut s, P0);
    play(&mut s, P1, LICENCE, true);
    // The copier is choosing the copy's country: still a reaction, on the reaction clock.
    assert_eq!(waiting_for(&s), (P1, DecisionKind::Reaction));
    assert!(ids(&s, P1).contains(&id::BACK));
    let t = Ovlivneni::timeout_choice(&s, Actor::Seat(P1)).unwrap();
    assert_eq!(t.0, id::PASS);
    act(&mut s, P1, t.0);
    assert_eq!(
        s.players[1].hand,
        vec![LICENCE],
        "the reaction card stays in hand"
    );
    assert_eq!(
        s.inv[0][0],
        [4, 0],
        "the window passed and Převaha resolved"
    );
    assert!(s.stack.is_empty());
}

#[test]
fn s7_4_back_from_a_reaction_menu_returns_to_the_window() {
    let mut s = t(&[DOMINANCE], &[LICENCE]);
    play(&mut s, P0, DOMINANCE, true);
    act(&mut s, P0, id::COUNTRY + SPAIN as u32);
    confirm(&mut s, P0);
    play(&mut s, P1, LICENCE, true);
    act(&mut s, P1, id::BACK);
    assert_eq!(ids(&s, P1), vec![eff(LICENCE, true), id::PASS]);
    play(&mut s, P1, LICENCE, true);
    act(&mut s, P1, id::COUNTRY + SPAIN as u32);
    confirm(&mut s, P1);
    assert_eq!(s.stack.len(), 2);
}

#[test]
fn o_d11_several_reactions_to_one_card_one_at_a_time_and_a_cancel_closes_the_window() {
    let mut s = t(&[SLANDER], &[COOPERATION, INVESTMENT, LICENCE]);
    play(&mut s, P0, SLANDER, false);
    assert_eq!(
        ids(&s, P1),
        vec![
            eff(COOPERATION, true),
            eff(INVESTMENT, true),
            eff(LICENCE, true),
            id::PASS
        ]
    );
    play(&mut s, P1, COOPERATION, true);
    pass(&mut s, P0);
    assert_eq!(treasury(&s, P1), [0, 3]);
    play(&mut s, P1, LICENCE, true);
    pass(&mut s, P0);
    assert_eq!(treasury(&s, P1), [0, 4]);
    play(&mut s, P1, INVESTMENT, true);
    pass(&mut s, P0);
    assert!(
        s.stack.is_empty(),
        "the cancelled card's window closed at once"
    );
    assert_eq!(treasury(&s, P0), [0, 0]);
    assert_eq!(waiting_for(&s), (P0, DecisionKind::Move));
}

#[test]
fn o_d12_reaction_effects_are_not_main_phase_actions() {
    let s = t(
        &[INVESTMENT, INTEREST, COOPERATION, LICENCE, INSURANCE],
        &[],
    );
    let menu = ids(&s, P0);
    for c in [INVESTMENT, INTEREST, COOPERATION, LICENCE, INSURANCE] {
        assert!(menu.contains(&eff(c, false)));
        assert!(!menu.contains(&eff(c, true)));
    }
}

#[test]
fn o_d13_investment_cannot_cancel_a_capture_and_o_d21_interest_only_answers_captures() {
    let mut s = t(&[OPPORTUNITY], &[INVESTMENT, INTEREST]);
    play(&mut s, P0, OPPORTUNITY, false);
    assert_eq!(ids(&s, P1), vec![eff(INVESTMENT, true), id::PASS]);
    pass(&mut s, P1);
    s.inv[0][0] = [6, 0];
    act(&mut s, P0, id::END_TURN);
    act(&mut s, P1, id::END_TURN);
    assert_eq!(ids(&s, P1), vec![eff(INTEREST, true), id::PASS]);
}

#[test]
fn o_d14_licence_copies_only_instant_effects_it_could_choose_itself() {
    // A base placement is not copyable; an Instant is.
    let mut s = t(&[ENTERPRISE, SLANDER], &[LICENCE]);
    play(&mut s, P0, ENTERPRISE, false);
    assert_eq!(ids(&s, P1), vec![id::PASS]);
    pass(&mut s, P1);
    // Slander B aimed at seat 1's base: seat 1 copying it needs a base of seat 0 — there is
    // one now (Podnikání), so the copy is offered and removes it.
    s.players[1].bases = vec![SHARES];
    play(&mut s, P0, SLANDER, true);
    act(&mut s, P0, id::CARD + SHARES as u32);
    confirm(&mut s, P0);
    assert_eq!(ids(&s, P1), vec![eff(LICENCE, true), id::PASS]);
    play(&mut s, P1, LICENCE, true);
    act(&mut s, P1, id::CARD + ENTERPRISE as u32);
    confirm(&mut s, P1);
    pass(&mut s, P0);
    assert!(s.players[0].bases.is_empty());
    pass(&mut s, P1);
    assert!(s.players[1].bases.is_empty());
    // Without a base of the original player the copy is not offered.
    let mut s = t(&[SLANDER], &[LICENCE]);
    s.players[1].bases = vec![SHARES];
    play(&mut s, P0, SLANDER, true);
    act(&mut s, P0, id::CARD + SHARES as u32);
    confirm(&mut s, P0);
    assert_eq!(ids(&s, P1), vec![id::PASS]);
}

#[test]
fn o_d15_cooperation_answers_declared_m_gains_only() {
    for (card, b, offered) in [
        (SLANDER, false, true),
        (DILIGENCE, true, true),
        (OPPORTUNITY, false, false),
        (EXTORTION, true, false),
    ] {
        let mut s = t(&[card], &[COOPERATION]);
        play(&mut s, P0, card, b);
        assert_eq!(
            ids(&s, P1).contains(&eff(COOPERATION, true)),
            offered,
            "{card}"
        );
    }
}

#[test]
fn o_d16_shares_pay_on_resolution_not_for_a_cancelled_play() {
    let mut s = t(&[OPPORTUNITY], &[INVESTMENT]);
    s.players[1].bases = vec![SHARES];
    play(&mut s, P0, OPPORTUNITY, false);
    play(&mut s, P1, INVESTMENT, true);
    pass(&mut s, P0);
    assert_eq!(treasury(&s, P1), [0, 0]);
    // A Licence copy is a gain of the copier: the original player's Akcie pays.
    let mut s = t(&[OPTIMISATION], &[LICENCE]);
    s.players[0].bases = vec![SHARES];
    play(&mut s, P0, OPTIMISATION, false);
    play(&mut s, P1, LICENCE, true);
    pass(&mut s, P0);
    assert_eq!(treasury(&s, P0), [1, 0]);
}

#[test]
fn o_d17_o_d19_factory_activation_is_no_loss_for_bodyguards() {
    let mut s = t(&[], &[]);
    s.players[0].bases = vec![BODYGUARDS, FACTORY];
    act(&mut s, P0, id::FACTORY);
    assert_eq!(s.players[0].bases, vec![BODYGUARDS]);
    assert!(s.doubling);
    assert_eq!(waiting_for(&s), (P0, DecisionKind::Move), "no window");
}

#[test]
fn o_d9_declared_targets_apply_as_far_as_still_possible() {
    // Seat 1 copies Reorganizace on Germany first; seat 0's own Reorganizace then finds its
    // declared country gone and does nothing.
    let mut s = t(&[REORGANISATION], &[LICENCE]);
    play(&mut s, P0, REORGANISATION, false);
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    confirm(&mut s, P0);
    play(&mut s, P1, LICENCE, true);
    act(&mut s, P1, id::COUNTRY + GERMANY as u32);
    confirm(&mut s, P1);
    pass(&mut s, P0);
    assert_eq!(s.slots[0], Some(HUNGARY));
    pass(&mut s, P1);
    assert_eq!(
        s.slots[0],
        Some(HUNGARY),
        "the vanished target means nothing happens"
    );
    assert_eq!(s.removed, vec![GERMANY]);
}

#[test]
fn o_d22_agents_and_bribes_need_three_countries() {
    let mut s = table(
        OvOptions {
            no_refill: true,
            ..OvOptions::default()
        },
        &[AGENTS, BRIBES],
        &[],
    );
    s.slots = [Some(0), None, Some(2), None, None];
    let menu = ids(&s, P0);
    assert!(!menu.contains(&eff(AGENTS, true)) && !menu.contains(&eff(BRIBES, true)));
    assert!(menu.contains(&eff(AGENTS, false)) && menu.contains(&eff(BRIBES, false)));
}

#[test]
fn o_d24_reorganisation_is_unavailable_with_an_empty_country_deck() {
    let mut s = t(&[REORGANISATION], &[]);
    s.country_deck.clear();
    assert!(!ids(&s, P0).contains(&eff(REORGANISATION, false)));
    assert!(ids(&s, P0).contains(&eff(REORGANISATION, true)));
}

#[test]
fn o_d25_discard_piles_bases_and_status_are_public_and_hands_are_not() {
    let mut s = t(&[OPPORTUNITY, SLANDER], &[LICENCE]);
    s.players[1].discard = vec![PLANNING];
    s.status = Some((P1, CONFUSION));
    let spectator = serde_json::to_string(&Ovlivneni::view(&s, Viewer::Spectator)).unwrap();
    assert!(spectator.contains("\"PLANNING#1\"") && spectator.contains("\"CONFUSION#1\""));
    assert!(!spectator.contains("\"LICENCE#1\"") && !spectator.contains("\"SLANDER#0\""));
    let seat0 = serde_json::to_string(&Ovlivneni::view(&s, Viewer::Seat(P0))).unwrap();
    assert!(seat0.contains("\"SLANDER#0\"") && !seat0.contains("\"LICENCE#1\""));
    let secrets = Ovlivneni::secrets(&s, P0);
    assert!(secrets.contains(&"LICENCE#1".to_string()));
    assert!(
        secrets.contains(&"OPPORTUNITY#1".to_string()),
        "the opponent's deck"
    );
    assert!(!secrets.contains(&"SLANDER#0".to_string()));
    // A played card is public on the stack.
    play(&mut s, P0, SLANDER, false);
    let spectator = serde_json::to_string(&Ovlivneni::view(&s, Viewer::Spectator)).unwrap();
    assert!(spectator.contains("\"SLANDER#0\""));
}

#[test]
fn s9_o_d27_a_short_deck_reshuffles_the_discard_pile_under_it() {
    let mut s = t(&[OPPORTUNITY], &[]);
    s.players[0].deck = vec![SHARES];
    s.players[0].discard = vec![PLANNING, LICENCE, FACTORY];
    play(&mut s, P0, OPPORTUNITY, true); // draw 1: enough cards, no reshuffle
    pass(&mut s, P1);
    assert_eq!(s.players[0].hand, vec![SHARES]);
    assert_eq!(s.players[0].discard.len(), 4);
    act(&mut s, P0, id::END_TURN);
    // Needs 4, has 0: the discard pile (with Příležitost) becomes the deck.
    assert_eq!(s.players[0].hand.len(), 5);
    assert!(s.players[0].discard.is_empty());
    assert!(s.players[0].deck.is_empty());
    let mut hand = s.players[0].hand.clone();
    hand.sort();
    assert_eq!(hand, vec![OPPORTUNITY, PLANNING, LICENCE, FACTORY, SHARES]);
}

#[test]
fn s9_o_d26_looking_never_reshuffles() {
    let mut s = t(&[PLANNING], &[]);
    s.players[0].deck = vec![SHARES, LICENCE];
    s.players[0].discard = vec![FACTORY];
    play(&mut s, P0, PLANNING, false);
    pass(&mut s, P1);
    let PromptKind::Look { looked, .. } = &s.prompt.as_ref().unwrap().kind else {
        panic!("a look prompt");
    };
    assert_eq!(looked, &vec![LICENCE, SHARES]);
    assert_eq!(s.players[0].discard, vec![FACTORY]);
}

#[test]
fn s8_o_d32_a_status_replaces_another_even_with_the_same_name() {
    let mut s = t(&[CONFUSION], &[]);
    s.status = Some((P1, CONFUSION));
    play(&mut s, P0, CONFUSION, true);
    pass(&mut s, P1);
    assert_eq!(s.status, Some((P0, CONFUSION)));
    assert_eq!(s.players[1].discard, vec![CONFUSION]);
}

#[test]
fn s8_a_cancelled_status_or_base_never_enters_play() {
    let mut s = t(&[DECLINE, ENTERPRISE], &[INVESTMENT]);
    s.status = Some((P1, WEAKENING));
    play(&mut s, P0, DECLINE, true);
    play(&mut s, P1, INVESTMENT, true);
    pass(&mut s, P0);
    assert_eq!(s.status, Some((P1, WEAKENING)));
    assert_eq!(s.players[0].discard, vec![DECLINE]);
}

#[test]
fn s11_2_o_d31_doubling_is_for_own_plays_only_and_not_for_m() {
    let mut s = t(&[DILIGENCE], &[LICENCE]);
    s.doubling = true;
    play(&mut s, P0, DILIGENCE, true);
    play(&mut s, P1, LICENCE, true);
    pass(&mut s, P0);
    assert_eq!(
        treasury(&s, P1),
        [1, 1],
        "the opponent's copy is not doubled"
    );
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [2, 1]);
}

#[test]
fn o_d6_weakening_withdraws_from_any_displayed_country() {
    let mut s = t(&[WEAKENING], &[]);
    s.inv[2] = [[9, 0], [0, 0]]; // seat 0 qualifies for Spain: still withdrawable
    play(&mut s, P0, WEAKENING, true);
    assert_eq!(ids(&s, P0).len(), 5 + 2);
}

#[test]
fn o_d28_effects_with_nothing_to_do_are_allowed() {
    let s = t(&[OPTIMISATION, DOMINANCE, EXPERIENCE, EXTORTION], &[]);
    let menu = ids(&s, P0);
    for e in [
        eff(OPTIMISATION, true),
        eff(DOMINANCE, false),
        eff(EXPERIENCE, false),
        eff(EXTORTION, false),
    ] {
        assert!(menu.contains(&e));
    }
}

#[test]
fn o_d29_no_investing_once_the_end_of_turn_has_begun() {
    let mut s = t(&[OPPORTUNITY], &[]);
    s.players[0].treasury = [2, 0];
    act(&mut s, P0, id::DISCARD_END);
    assert_eq!(ids(&s, P0), vec![id::CARD + OPPORTUNITY as u32, id::DONE]);
}

#[test]
fn o_d33_the_turn_limit_ends_the_game_in_a_draw() {
    let mut s = table(
        OvOptions {
            turn_limit: 2,
            ..OvOptions::default()
        },
        &[],
        &[],
    );
    act(&mut s, P0, id::END_TURN);
    assert_eq!(s.phase, Phase::Main);
    let events = act(&mut s, P1, id::END_TURN);
    assert!(events
        .iter()
        .any(|e| matches!(e, OvEvent::TurnLimitDraw { turns: 2 })));
    assert!(Ovlivneni::outcome(&s).unwrap().is_draw());
}

#[test]
fn o_d36_effects_use_the_acting_players_own_deck_and_discard_pile() {
    let mut s = t(&[HISTORY], &[LICENCE]);
    s.players[0].discard = vec![PLANNING];
    s.players[1].discard = vec![SHARES];
    s.players[0].deck.retain(|&c| c != PLANNING);
    s.players[1].deck.retain(|&c| c != SHARES);
    play(&mut s, P0, HISTORY, true);
    act(&mut s, P0, id::CARD + PLANNING as u32);
    confirm(&mut s, P0);
    play(&mut s, P1, LICENCE, true);
    assert_eq!(
        ids(&s, P1),
        vec![id::CARD + SHARES as u32, id::BACK, id::PASS]
    );
    act(&mut s, P1, id::CARD + SHARES as u32);
    confirm(&mut s, P1);
    pass(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(s.players[1].hand, vec![SHARES]);
    assert_eq!(s.players[0].hand, vec![PLANNING]);
    // Cards taken openly from the discard pile are no secret in the hand.
    assert!(!Ovlivneni::secrets(&s, P0).contains(&"SHARES#1".to_string()));
}

#[test]
fn o_d38_move_timeouts_end_the_turn_drop_declarations_and_take_defaults() {
    let timeout = |s: &OvState, seat| Ovlivneni::timeout_choice(s, Actor::Seat(seat)).unwrap().0;
    let mut s = t(&[DOMINANCE, ENTERPRISE], &[]);
    s.players[0].treasury = [1, 0];
    assert_eq!(timeout(&s, P0), id::END_TURN);
    assert_eq!(Ovlivneni::timeout_choice(&s, Actor::Seat(P1)), None);
    act(&mut s, P0, id::INVEST);
    assert_eq!(
        timeout(&s, P0),
        id::END_TURN,
        "the invest is dropped, the turn ends"
    );
    act(&mut s, P0, id::CANCEL);
    play(&mut s, P0, DOMINANCE, false);
    assert_eq!(timeout(&s, P0), id::END_TURN, "the declaration is dropped");
    act(&mut s, P0, id::CANCEL);
    assert_eq!(
        s.players[0].hand,
        vec![DOMINANCE, ENTERPRISE],
        "the card stays in hand"
    );
    play(&mut s, P0, ENTERPRISE, true);
    pass(&mut s, P1);
    // §7.4 item 7: discard the most recently drawn cards, both at once.
    assert_eq!(timeout(&s, P0), id::DISCARD_DRAWN);
    act(&mut s, P0, id::DISCARD_DRAWN);
    assert_eq!(s.players[0].discard[..2], [OPTIMISATION, INVESTMENT]);
    act(&mut s, P0, id::DISCARD_END);
    assert_eq!(timeout(&s, P0), id::DONE);
    let mut s = t(&[PLANNING], &[]);
    play(&mut s, P0, PLANNING, false);
    pass(&mut s, P1);
    assert_eq!(timeout(&s, P0), id::KEEP_REST);
    act(&mut s, P0, id::KEEP_REST);
    let top: Vec<u8> = s.players[0].deck.iter().rev().take(5).copied().collect();
    assert_eq!(top, vec![0, 1, 2, 3, 4], "the order is kept");
}

#[test]
fn s14_no_refill_leaves_captured_slots_empty_and_strict_thresholds_must_be_exceeded() {
    let mut s = table(
        OvOptions {
            no_refill: true,
            ..OvOptions::default()
        },
        &[],
        &[],
    );
    s.inv[0][0] = [6, 0];
    start_p0_turn(&mut s);
    pass(&mut s, P1);
    assert_eq!(s.slots[0], None);
    assert_eq!(s.displayed(), 4);

    let mut s = table(
        OvOptions {
            strict_thresholds: true,
            ..OvOptions::default()
        },
        &[],
        &[],
    );
    s.inv[0][0] = [6, 0];
    assert!(!s.qualifies(P0, 0));
    s.status = Some((P1, DECLINE));
    assert!(
        s.qualifies(P0, 0),
        "Úpadek first: Germany needs more than 5B"
    );
}

#[test]
fn every_text_exists_in_both_languages_for_a_busy_table() {
    let mut s = t(&[DOMINANCE], &[LICENCE]);
    s.players[0].bases = vec![ENTERPRISE];
    s.status = Some((P1, CONFUSION));
    play(&mut s, P0, DOMINANCE, false);
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    // §13: the confirm question and its choices, in both languages.
    let asked = Ovlivneni::menu(&s, Actor::Seat(0)).unwrap();
    for lang in Lang::ALL {
        let say = |t: &crate::text::Text| lang.try_text(t, &|s| format!("P{s}")).unwrap();
        assert!(say(&asked.prompt).ends_with('?'), "{}", say(&asked.prompt));
        for c in &asked.choices {
            say(&c.label);
        }
    }
    confirm(&mut s, P0);
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        let panel = Ovlivneni::panel(&Ovlivneni::view(&s, viewer));
        for lang in Lang::ALL {
            let local = panel.localize(lang, &|s| format!("P{s}")).unwrap();
            assert!(local.sections.len() >= 4);
        }
    }
    let en = Lang::En.text(&Ovlivneni::menu(&s, Actor::Seat(1)).unwrap().prompt, &|s| {
        format!("P{s}")
    });
    assert!(en.contains("P0 plays Dominance"), "{en}");
}
