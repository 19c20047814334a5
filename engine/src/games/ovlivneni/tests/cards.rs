//! The cards, both effects (`c13_…`).

use super::*;

fn gain_of(card: u8, b: bool) -> [u32; 2] {
    let s = resolve(&[card], card, b);
    assert!(
        s.players[0].discard.contains(&card),
        "§6.7 to the discard pile"
    );
    treasury(&s, P0)
}

#[test]
fn c01_opportunity_gains_1b_or_draws_a_card() {
    assert_eq!(gain_of(OPPORTUNITY, false), [1, 0]);
    let s = resolve(&[OPPORTUNITY], OPPORTUNITY, true);
    assert_eq!(s.players[0].hand, vec![INVESTMENT]);
}

#[test]
fn c02_investment_gains_2b_or_cancels_as_a_reaction() {
    assert_eq!(gain_of(INVESTMENT, false), [2, 0]);
    let s = t(&[INVESTMENT], &[]);
    assert!(!ids(&s, P0).contains(&eff(INVESTMENT, true)), "O-D12");
    // The cancel itself: s7_3_investment_cancels_the_card_just_played.
}

#[test]
fn c03_optimisation_gains_3b_or_moves_up_to_3_invested_m() {
    assert_eq!(gain_of(OPTIMISATION, false), [3, 0]);
    let mut s = t(&[OPTIMISATION], &[]);
    s.inv[0][0] = [1, 2];
    play(&mut s, P0, OPTIMISATION, true);
    let from0 = |t: u32| id::MOVE + t;
    assert_eq!(
        ids(&s, P0),
        vec![
            from0(1),
            from0(2),
            from0(3),
            from0(4),
            id::DONE,
            id::CANCEL,
            id::END_TURN
        ]
    );
    act(&mut s, P0, from0(1));
    act(&mut s, P0, from0(1));
    assert!(
        !ids(&s, P0).contains(&from0(1)),
        "Germany has no M left to move"
    );
    act(&mut s, P0, id::MOVE + SLOTS as u32 + 2); // Austria → Spain
                                                  // Three moves close the declaration; once confirmed it is on the stack.
    confirm(&mut s, P0);
    assert_eq!(waiting_for(&s), (P1, DecisionKind::Reaction));
    pass(&mut s, P1);
    assert_eq!(s.inv[0][0], [1, 0]);
    assert_eq!(s.inv[1][0], [0, 1]);
    assert_eq!(s.inv[2][0], [0, 1]);
}

#[test]
fn c04_slander_gains_1m_or_removes_an_opponent_base() {
    assert_eq!(gain_of(SLANDER, false), [0, 1]);
    let mut s = t(&[SLANDER], &[]);
    assert!(
        !ids(&s, P0).contains(&eff(SLANDER, true)),
        "§6.2 needs a base"
    );
    s.players[1].bases = vec![ENTERPRISE, SHARES];
    play(&mut s, P0, SLANDER, true);
    assert_eq!(
        ids(&s, P0),
        vec![
            id::CARD + ENTERPRISE as u32,
            id::CARD + SHARES as u32,
            id::CANCEL,
            id::END_TURN
        ]
    );
    act(&mut s, P0, id::CARD + SHARES as u32);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(s.players[1].bases, vec![ENTERPRISE]);
    assert_eq!(s.players[1].discard, vec![SHARES]);
}

#[test]
fn c05_history_gains_2m_or_takes_a_discard_card_never_itself() {
    assert_eq!(gain_of(HISTORY, false), [0, 2]);
    let mut s = t(&[HISTORY], &[]);
    assert!(
        !ids(&s, P0).contains(&eff(HISTORY, true)),
        "§6.2 empty discard pile"
    );
    s.players[0].discard = vec![PLANNING];
    play(&mut s, P0, HISTORY, true);
    assert_eq!(
        ids(&s, P0),
        vec![id::CARD + PLANNING as u32, id::CANCEL, id::END_TURN]
    );
    act(&mut s, P0, id::CARD + PLANNING as u32);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(s.players[0].hand, vec![PLANNING]);
    assert_eq!(
        s.players[0].discard,
        vec![HISTORY],
        "O-D10: placed after resolving"
    );
}

#[test]
fn c06_decline_gains_3m_or_lowers_every_b_threshold() {
    assert_eq!(gain_of(DECLINE, false), [0, 3]);
    let s = resolve(&[DECLINE], DECLINE, true);
    assert_eq!(s.status, Some((P0, DECLINE)));
    assert_eq!(s.thresholds(GERMANY), [5, 4]);
    assert!(s.players[0].discard.is_empty(), "a status stays in play");
}

#[test]
fn c07_interest_gains_1b_or_3b_when_the_opponent_captures() {
    assert_eq!(gain_of(INTEREST, false), [1, 0]);
    let mut s = t(&[], &[INTEREST]);
    s.inv[0][0] = [6, 0];
    start_p0_turn(&mut s);
    play(&mut s, P1, INTEREST, true);
    pass(&mut s, P0);
    assert_eq!(treasury(&s, P1), [3, 0]);
    pass(&mut s, P1);
    assert_eq!(s.players[0].captured, vec![GERMANY]);
}

#[test]
fn c08_cooperation_gains_1m_or_3m_when_the_opponent_plays_an_m_gain() {
    assert_eq!(gain_of(COOPERATION, false), [0, 1]);
    let mut s = t(&[HISTORY], &[COOPERATION]);
    play(&mut s, P0, HISTORY, false);
    play(&mut s, P1, COOPERATION, true);
    pass(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P1), [0, 3]);
    assert_eq!(treasury(&s, P0), [0, 2]);
}

#[test]
fn c09_extortion_converts_up_to_3m_in_place_or_exchanges_the_hand() {
    let mut s = t(&[EXTORTION], &[]);
    s.players[0].treasury = [0, 2];
    s.inv[0][0] = [0, 2];
    play(&mut s, P0, EXTORTION, false);
    act(&mut s, P0, id::TREASURY);
    act(&mut s, P0, id::TREASURY + 1);
    act(&mut s, P0, id::TREASURY + 1);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [1, 1]);
    assert_eq!(s.inv[0][0], [2, 0], "converted where it was invested");

    let mut s = t(&[EXTORTION, LICENCE, FACTORY], &[]);
    play(&mut s, P0, EXTORTION, true);
    pass(&mut s, P1);
    assert_eq!(s.players[0].hand, vec![OPPORTUNITY, INVESTMENT]);
    assert_eq!(s.players[0].discard, vec![LICENCE, FACTORY, EXTORTION]);
}

#[test]
fn c10_weakening_lowers_m_thresholds_or_withdraws_chosen_amounts() {
    let s = resolve(&[WEAKENING], WEAKENING, false);
    assert_eq!(s.status, Some((P0, WEAKENING)));
    assert_eq!(s.thresholds(SPAIN), [4, 4]);
    let mut s = t(&[WEAKENING], &[]);
    s.inv[0][0] = [3, 2];
    play(&mut s, P0, WEAKENING, true);
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    assert_eq!(
        ids(&s, P0),
        vec![
            id::AMOUNT,
            id::AMOUNT + 1,
            id::AMOUNT + 2,
            id::AMOUNT + 3,
            id::CANCEL,
            id::END_TURN
        ]
    );
    act(&mut s, P0, id::AMOUNT + 1);
    act(&mut s, P0, id::AMOUNT + 2);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [1, 2]);
    assert_eq!(s.inv[0][0], [2, 0]);
}

#[test]
fn c11_planning_looks_at_five_or_draws_two_and_discards_one() {
    let mut s = t(&[PLANNING], &[]);
    play(&mut s, P0, PLANNING, false);
    let events = pass(&mut s, P1);
    assert!(events
        .iter()
        .any(|e| matches!(e, OvEvent::Looked { cards, .. } if cards.len() == 5)));
    // Top five: Opportunity, Investment, Optimisation, Slander, History.
    assert_eq!(waiting_for(&s), (P0, DecisionKind::Move));
    act(&mut s, P0, id::LOOK_DISCARD + INVESTMENT as u32);
    act(&mut s, P0, id::KEEP + SLANDER as u32);
    act(&mut s, P0, id::KEEP_REST);
    let deck = &s.players[0].deck;
    let top: Vec<u8> = deck.iter().rev().take(4).copied().collect();
    assert_eq!(top, vec![SLANDER, OPPORTUNITY, OPTIMISATION, HISTORY]);
    assert_eq!(s.players[0].discard, vec![INVESTMENT, PLANNING]);
    assert_eq!(s.players[0].known_top, 4);

    let mut s = t(&[PLANNING, LICENCE], &[]);
    play(&mut s, P0, PLANNING, true);
    pass(&mut s, P1);
    assert_eq!(s.players[0].hand, vec![LICENCE, OPPORTUNITY, INVESTMENT]);
    act(&mut s, P0, id::CARD + LICENCE as u32);
    assert_eq!(s.players[0].hand, vec![OPPORTUNITY, INVESTMENT]);
    assert_eq!(s.players[0].discard, vec![LICENCE, PLANNING]);
}

#[test]
fn c12_licence_gains_2b_or_copies_the_opponents_instant_for_itself() {
    assert_eq!(gain_of(LICENCE, false), [2, 0]);
    let mut s = t(&[OPTIMISATION], &[LICENCE]);
    play(&mut s, P0, OPTIMISATION, false);
    assert_eq!(ids(&s, P1), vec![eff(LICENCE, true), id::PASS]);
    play(&mut s, P1, LICENCE, true);
    // The copy is a card play the original player may answer (§7.3).
    assert_eq!(waiting_for(&s), (P0, DecisionKind::Reaction));
    pass(&mut s, P0);
    assert_eq!(treasury(&s, P1), [3, 0], "the copy resolves first");
    assert_eq!(treasury(&s, P0), [0, 0]);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [3, 0]);
    assert_eq!(s.players[1].discard, vec![LICENCE]);
}

#[test]
fn c13_factory_base_doubles_b_when_activated_or_gains_1b_per_own_base() {
    let mut s = resolve(&[FACTORY, OPTIMISATION, BRIBES], FACTORY, false);
    assert_eq!(s.players[0].bases, vec![FACTORY]);
    // O-D17: activated in the turn it was placed.
    act(&mut s, P0, id::FACTORY);
    assert!(s.players[0].bases.is_empty());
    assert_eq!(s.players[0].discard, vec![FACTORY]);
    play(&mut s, P0, OPTIMISATION, false);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [6, 0], "§11.2: 3B doubled");
    // O-D23: 24B puts 2B into each of three countries.
    play(&mut s, P0, BRIBES, true);
    for c in [GERMANY, AUSTRIA, SPAIN] {
        act(&mut s, P0, id::COUNTRY + c as u32);
    }
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!([s.inv[0][0][0], s.inv[1][0][0], s.inv[2][0][0]], [2, 2, 2]);
    // O-D31: the doubling ends with the turn.
    act(&mut s, P0, id::END_TURN);
    assert!(!s.doubling);

    let mut s = t(&[FACTORY], &[]);
    s.players[0].bases = vec![ENTERPRISE, SHARES];
    s.players[1].bases = vec![ESPIONAGE, EXPERIENCE, BODYGUARDS];
    play(&mut s, P0, FACTORY, true);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [2, 0], "O-D18: own bases only");
}

#[test]
fn c14_enterprise_base_gains_1b_each_turn_or_draws_three_and_discards_two() {
    let mut s = resolve(&[ENTERPRISE], ENTERPRISE, false);
    assert_eq!(s.players[0].bases, vec![ENTERPRISE]);
    act(&mut s, P0, id::END_TURN);
    act(&mut s, P1, id::END_TURN);
    assert_eq!(treasury(&s, P0), [1, 0]);

    let mut s = t(&[ENTERPRISE], &[]);
    play(&mut s, P0, ENTERPRISE, true);
    pass(&mut s, P1);
    assert_eq!(
        s.players[0].hand,
        vec![OPPORTUNITY, INVESTMENT, OPTIMISATION]
    );
    if let Some(p) = &s.prompt {
        assert!(matches!(p.kind, PromptKind::Discard { left: 2, .. }));
    }
    act(&mut s, P0, id::CARD + OPPORTUNITY as u32);
    act(&mut s, P0, id::CARD + OPTIMISATION as u32);
    assert_eq!(s.players[0].hand, vec![INVESTMENT]);
    assert_eq!(
        s.players[0].discard,
        vec![OPPORTUNITY, OPTIMISATION, ENTERPRISE]
    );
}

#[test]
fn c15_espionage_base_gains_1m_each_turn_or_moves_up_to_3_invested_b() {
    let mut s = resolve(&[ESPIONAGE], ESPIONAGE, false);
    act(&mut s, P0, id::END_TURN);
    act(&mut s, P1, id::END_TURN);
    assert_eq!(treasury(&s, P0), [0, 1]);

    let mut s = t(&[ESPIONAGE], &[]);
    s.inv[4][0] = [5, 1];
    play(&mut s, P0, ESPIONAGE, true);
    act(&mut s, P0, id::MOVE + 4 * SLOTS as u32);
    act(&mut s, P0, id::DONE);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(s.inv[4][0], [4, 1]);
    assert_eq!(s.inv[0][0], [1, 0]);
}

#[test]
fn c16_experience_returns_up_to_3_discards_on_top_or_is_a_base_of_1b_1m() {
    let mut s = t(&[EXPERIENCE], &[]);
    s.players[0].discard = vec![PLANNING, LICENCE, HISTORY, SHARES];
    play(&mut s, P0, EXPERIENCE, false);
    act(&mut s, P0, id::CARD + HISTORY as u32);
    act(&mut s, P0, id::CARD + PLANNING as u32);
    act(&mut s, P0, id::DONE);
    confirm(&mut s, P0);
    let events = pass(&mut s, P1);
    assert!(events
        .iter()
        .any(|e| matches!(e, OvEvent::PutOnDeck { cards, .. } if cards.len() == 2)));
    let top: Vec<u8> = s.players[0].deck.iter().rev().take(2).copied().collect();
    assert_eq!(
        top,
        vec![HISTORY, PLANNING],
        "§9: the first chosen is on top"
    );
    assert_eq!(s.players[0].discard, vec![LICENCE, SHARES, EXPERIENCE]);

    let mut s = resolve(&[EXPERIENCE], EXPERIENCE, true);
    act(&mut s, P0, id::END_TURN);
    act(&mut s, P1, id::END_TURN);
    assert_eq!(treasury(&s, P0), [1, 1]);
}

#[test]
fn c17_bodyguards_remove_a_base_or_take_the_loss_instead_of_another_base() {
    let mut s = t(&[BODYGUARDS], &[]);
    s.players[1].bases = vec![SHARES];
    play(&mut s, P0, BODYGUARDS, false);
    act(&mut s, P0, id::CARD + SHARES as u32);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert!(s.players[1].bases.is_empty());

    // §8: the opponent's Ochranka is lost instead of the targeted base.
    let mut s = t(&[SLANDER], &[]);
    s.players[1].bases = vec![SHARES, BODYGUARDS];
    play(&mut s, P0, SLANDER, true);
    act(&mut s, P0, id::CARD + SHARES as u32);
    confirm(&mut s, P0);
    let events = pass(&mut s, P1);
    assert_eq!(s.players[1].bases, vec![SHARES]);
    assert_eq!(s.players[1].discard, vec![BODYGUARDS]);
    assert!(events.iter().any(|e| matches!(
        e,
        OvEvent::BaseRemoved {
            instead_of: Some(_),
            ..
        }
    )));
}

#[test]
fn c18_shares_base_gains_1_of_each_resource_the_opponent_gains_or_gains_2m() {
    assert_eq!(gain_of(SHARES, true), [0, 2]);
    let mut s = t(&[DILIGENCE, EXTORTION], &[]);
    s.players[1].bases = vec![SHARES];
    play(&mut s, P0, DILIGENCE, true);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P1), [1, 1], "1B and 1M for a gain of both");
    // O-D15: a conversion is not a gain.
    s.players[0].treasury = [0, 1];
    play(&mut s, P0, EXTORTION, false);
    act(&mut s, P0, id::TREASURY);
    act(&mut s, P0, id::DONE);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [1, 0]);
    assert_eq!(treasury(&s, P1), [1, 1]);
}

#[test]
fn c19_withdrawal_gains_2b_or_returns_one_resource_from_one_country() {
    assert_eq!(gain_of(WITHDRAWAL, false), [2, 0]);
    let mut s = t(&[WITHDRAWAL], &[]);
    s.inv[2][0] = [3, 4];
    play(&mut s, P0, WITHDRAWAL, true);
    // Only where something comes back (issue 17): Spain B and M, cancel, end the turn.
    assert_eq!(ids(&s, P0).len(), 4);
    act(&mut s, P0, id::INVEST + SLOTS as u32 + 2);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [0, 4]);
    assert_eq!(s.inv[2][0], [3, 0]);
}

#[test]
fn c20_reorganisation_replaces_a_country_or_gains_2m() {
    assert_eq!(gain_of(REORGANISATION, true), [0, 2]);
    let mut s = t(&[REORGANISATION], &[]);
    s.inv[0] = [[3, 1], [2, 2]];
    play(&mut s, P0, REORGANISATION, false);
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(s.slots[0], Some(HUNGARY));
    assert_eq!(s.inv[0], [[0; 2]; 2], "both players' points vanish");
    assert_eq!(s.removed, vec![GERMANY], "O-D24");
    assert_eq!(treasury(&s, P0), [0, 0]);
}

#[test]
fn c21_dominance_doubles_your_b_or_removes_the_opponents_m_in_one_country() {
    let mut s = t(&[DOMINANCE], &[]);
    s.inv[1] = [[3, 1], [2, 2]];
    play(&mut s, P0, DOMINANCE, false);
    act(&mut s, P0, id::COUNTRY + AUSTRIA as u32);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(s.inv[1], [[6, 1], [2, 2]]);
    let mut s = t(&[DOMINANCE], &[]);
    s.inv[1] = [[3, 1], [2, 2]];
    play(&mut s, P0, DOMINANCE, true);
    act(&mut s, P0, id::COUNTRY + AUSTRIA as u32);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(s.inv[1], [[3, 1], [2, 0]]);
}

#[test]
fn c22_agents_gain_1b_or_3m_invested_in_3_different_countries() {
    assert_eq!(gain_of(AGENTS, false), [1, 0]);
    let mut s = t(&[AGENTS], &[]);
    play(&mut s, P0, AGENTS, true);
    act(&mut s, P0, id::COUNTRY + SWEDEN as u32);
    assert!(
        !ids(&s, P0).contains(&(id::COUNTRY + SWEDEN as u32)),
        "different countries"
    );
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    act(&mut s, P0, id::COUNTRY + SPAIN as u32);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!([s.inv[4][0][1], s.inv[0][0][1], s.inv[2][0][1]], [1, 1, 1]);
    assert_eq!(treasury(&s, P0), [0, 0]);
}

#[test]
fn c23_insurance_gains_1m_or_saves_your_investment_in_the_country_being_captured() {
    assert_eq!(gain_of(INSURANCE, false), [0, 1]);
    let mut s = t(&[], &[INSURANCE]);
    s.inv[0] = [[6, 0], [2, 3]];
    s.inv[1] = [[0, 0], [1, 1]];
    start_p0_turn(&mut s);
    play(&mut s, P1, INSURANCE, true);
    pass(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P1), [2, 3], "O-D20: only the captured country");
    assert_eq!(s.inv[1][1], [1, 1]);
    assert_eq!(s.players[0].captured, vec![GERMANY]);
}

#[test]
fn c24_bribes_convert_up_to_3b_or_gain_3b_invested_in_3_countries() {
    let mut s = t(&[BRIBES], &[]);
    s.players[0].treasury = [1, 0];
    s.inv[3][0] = [4, 0];
    play(&mut s, P0, BRIBES, false);
    act(&mut s, P0, id::TREASURY + 4);
    act(&mut s, P0, id::TREASURY);
    assert!(
        !ids(&s, P0).contains(&id::TREASURY),
        "the treasury has no B left"
    );
    act(&mut s, P0, id::DONE);
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [0, 1]);
    assert_eq!(s.inv[3][0], [3, 1]);

    let mut s = t(&[BRIBES], &[]);
    play(&mut s, P0, BRIBES, true);
    for c in [FRANCE, AUSTRIA, SWEDEN] {
        act(&mut s, P0, id::COUNTRY + c as u32);
    }
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!([s.inv[3][0][0], s.inv[1][0][0], s.inv[4][0][0]], [1, 1, 1]);
}

#[test]
fn c25_confusion_gains_2b_or_makes_invested_m_count_half() {
    assert_eq!(gain_of(CONFUSION, false), [2, 0]);
    let mut s = resolve(&[CONFUSION], CONFUSION, true);
    assert_eq!(s.status, Some((P0, CONFUSION)));
    s.inv[0][0] = [0, 6];
    assert!(!s.qualifies(P0, 0));
}

#[test]
fn c26_reinforcements_gain_2m_or_discard_any_number_and_draw_as_many() {
    assert_eq!(gain_of(REINFORCEMENTS, false), [0, 2]);
    let mut s = t(&[REINFORCEMENTS, LICENCE, FACTORY, SHARES], &[]);
    play(&mut s, P0, REINFORCEMENTS, true);
    assert!(!ids(&s, P0).contains(&(id::CARD + REINFORCEMENTS as u32)));
    act(&mut s, P0, id::CARD + LICENCE as u32);
    act(&mut s, P0, id::CARD + SHARES as u32);
    act(&mut s, P0, id::DONE);
    let events = confirm(&mut s, P0);
    // The declaration announces how many, not which hand cards (they are still hidden).
    assert!(events
        .iter()
        .any(|e| matches!(e, OvEvent::Declared { hidden: 2, .. })));
    pass(&mut s, P1);
    assert_eq!(s.players[0].hand, vec![FACTORY, OPPORTUNITY, INVESTMENT]);
    assert_eq!(s.players[0].discard, vec![LICENCE, SHARES, REINFORCEMENTS]);
}

#[test]
fn c27_diligence_looks_at_three_or_gains_1b_and_1m() {
    assert_eq!(gain_of(DILIGENCE, true), [1, 1]);
    let mut s = t(&[DILIGENCE], &[]);
    play(&mut s, P0, DILIGENCE, false);
    pass(&mut s, P1);
    let PromptKind::Look { looked, .. } = &s.prompt.as_ref().unwrap().kind else {
        panic!("a look prompt");
    };
    assert_eq!(looked, &vec![OPPORTUNITY, INVESTMENT, OPTIMISATION]);
    // O-D37: any subset may be discarded, here all three.
    for c in [OPPORTUNITY, INVESTMENT, OPTIMISATION] {
        act(&mut s, P0, id::LOOK_DISCARD + c as u32);
    }
    assert!(s.prompt.is_none());
    assert_eq!(s.players[0].deck.last(), Some(&SLANDER));
    assert_eq!(s.players[0].discard.len(), 4);
}
