//! §1 components, §2 setup; §3, §4, §5 the turn.

use super::*;

#[test]
fn s1_two_decks_of_27_different_cards_and_18_countries_with_the_documents_thresholds() {
    assert_eq!(CARDS.len(), 27);
    let kinds = |k: Kind| {
        CARDS
            .iter()
            .flat_map(|c| c.kinds)
            .filter(|&x| x == k)
            .count()
    };
    assert_eq!(kinds(Kind::Status), 3);
    assert_eq!(kinds(Kind::Base), 6);
    assert_eq!(kinds(Kind::Reaction), 5);
    assert_eq!(COUNTRIES.len(), 18);
    assert_eq!(COUNTRIES[0].thresholds, [6, 4]);
    assert_eq!(COUNTRIES[10].thresholds, [3, 6]);
    assert_eq!(COUNTRIES[17].thresholds, [4, 3]);
    let s = Ovlivneni::new(&OvOptions::default(), 2, 3).unwrap();
    for p in 0..2 {
        assert_eq!(s.card_count(p), 27);
    }
}

#[test]
fn s1_names_in_both_languages_match_the_tables() {
    let none = |_: Seat| String::new();
    for (c, info) in CARDS.iter().enumerate() {
        assert_eq!(
            Lang::Cs.try_text(&card_text(c as u8), &none).unwrap(),
            info.cs
        );
        assert_eq!(
            Lang::En.try_text(&card_text(c as u8), &none).unwrap(),
            info.en
        );
        for b in [false, true] {
            for lang in Lang::ALL {
                assert!(lang
                    .try_text(&Effect::new(c as u8, b).text(), &none)
                    .is_ok());
            }
        }
    }
    for (c, info) in COUNTRIES.iter().enumerate() {
        assert_eq!(
            Lang::Cs.try_text(&Country(c as u8).text(), &none).unwrap(),
            info.cs
        );
        assert_eq!(
            Lang::En.try_text(&Country(c as u8).text(), &none).unwrap(),
            info.en
        );
    }
}

#[test]
fn s2_setup_deals_five_cards_lays_five_countries_and_draws_lots_for_the_first_player() {
    let mut starters = [0; 2];
    for seed in 0..40 {
        let s = Ovlivneni::new(&OvOptions::default(), 2, seed).unwrap();
        for p in &s.players {
            assert_eq!(p.hand.len(), 5);
            assert_eq!(p.deck.len(), 22);
            assert_eq!(p.treasury, [0, 0], "O-D3");
        }
        assert_eq!(s.displayed(), 5);
        assert_eq!(s.country_deck.len(), 13);
        assert_eq!(s.turn, 1);
        assert_eq!(waiting_for(&s), (s.active, DecisionKind::Move));
        starters[s.active as usize] += 1;
    }
    assert!(starters[0] > 0 && starters[1] > 0, "{starters:?}");
    assert!(Ovlivneni::new(&OvOptions::default(), 3, 1).is_err());
}

// ---------------------------------------------------------------- §3, §4, §5 the turn

#[test]
fn s4_capture_needs_strictly_more_of_the_same_resource_and_the_threshold() {
    let mut s = t(&[], &[]);
    s.inv[0][0] = [6, 0];
    assert!(s.qualifies(P0, 0));
    s.inv[0][1] = [6, 0];
    assert!(!s.qualifies(P0, 0), "O-D4: a tie is not more");
    s.inv[0][1] = [0, 9];
    assert!(
        s.qualifies(P0, 0),
        "O-D4: the opponent's other resource does not count"
    );
    assert!(
        s.qualifies(P1, 0),
        "both may qualify, each by its own resource"
    );
    s.inv[0][0] = [5, 0];
    assert!(!s.qualifies(P0, 0), "below Germany's 6B");
    s.inv[0][0] = [0, 4];
    s.inv[0][1] = [0, 3];
    assert!(s.qualifies(P0, 0), "4M reaches Germany's 4M");
}

#[test]
fn s4_statuses_change_the_effective_thresholds_and_confusion_halves_m_exactly() {
    let mut s = t(&[], &[]);
    s.inv[0][0] = [5, 3];
    assert!(!s.qualifies(P0, 0));
    s.status = Some((P1, DECLINE));
    assert_eq!(s.thresholds(GERMANY), [5, 4]);
    assert!(s.qualifies(P0, 0));
    s.status = Some((P1, WEAKENING));
    assert_eq!(s.thresholds(GERMANY), [6, 3]);
    assert!(s.qualifies(P0, 0));
    // O-D7: with Zmatek 7M is 3.5, short of 4; 8M is exactly 4.
    s.status = Some((P1, CONFUSION));
    s.inv[0][0] = [0, 7];
    assert!(!s.qualifies(P0, 0));
    s.inv[0][0] = [0, 8];
    assert!(s.qualifies(P0, 0));
}

#[test]
fn s5_1_o_d5_every_qualifying_country_is_captured_in_slot_order_then_refilled() {
    let mut s = t(&[], &[]);
    s.inv[slot(SPAIN)][0] = [4, 0];
    s.inv[slot(GERMANY)][0] = [0, 4];
    s.inv[slot(GERMANY)][1] = [2, 1];
    s.inv[slot(FRANCE)][0] = [4, 0];
    let events = start_p0_turn(&mut s);
    assert!(events.iter().any(|e| matches!(e,
        OvEvent::Capturing { seat: 0, country } if country.0 == GERMANY)));
    // The opponent gets a window on each capture event (§5.1.2.1).
    assert_eq!(waiting_for(&s), (P1, DecisionKind::Reaction));
    pass(&mut s, P1);
    assert_eq!(s.players[0].captured, vec![GERMANY]);
    assert_eq!(waiting_for(&s), (P1, DecisionKind::Reaction));
    pass(&mut s, P1);
    assert_eq!(s.players[0].captured, vec![GERMANY, SPAIN]);
    // Refilled in slot order from the country deck; investments went to the bank.
    assert_eq!(s.slots[0], Some(HUNGARY));
    assert_eq!(s.slots[2], Some(CZECHIA));
    assert_eq!(s.inv[0], [[0; 2]; 2]);
    assert_eq!(treasury(&s, P1), [0, 0]);
    assert_eq!(
        s.inv[slot(FRANCE)][0],
        [4, 0],
        "France (5B) is not captured"
    );
    assert_eq!(waiting_for(&s), (P0, DecisionKind::Move));
}

#[test]
fn s3_a_third_country_wins_at_once_without_refill_or_base_income() {
    let mut s = t(&[], &[]);
    s.players[0].captured = vec![10, 11];
    s.players[0].bases = vec![ENTERPRISE];
    s.inv[0][0] = [6, 0];
    start_p0_turn(&mut s);
    pass(&mut s, P1);
    assert_eq!(s.phase, Phase::Over);
    assert!(pending(&s).is_empty());
    let outcome = Ovlivneni::outcome(&s).unwrap();
    assert_eq!(outcome.places, vec![1, 2]);
    assert_eq!(outcome.scores, vec![3, 0]);
    assert_eq!(s.slots[0], None);
    assert_eq!(treasury(&s, P0), [0, 0]);
}

#[test]
fn s5_1_countries_are_not_reevaluated_during_the_capture_step() {
    // Seat 1's Pojištění takes its B out of Austria while seat 0 captures Germany; seat 0
    // did not qualify for Austria at the start of the turn, so it is not captured later.
    let mut s = t(&[], &[INSURANCE]);
    s.inv[0][0] = [6, 0];
    s.inv[1][0] = [5, 0];
    s.inv[1][1] = [5, 0];
    start_p0_turn(&mut s);
    assert_eq!(s.capture_queue, Vec::<u8>::new());
    pass(&mut s, P1);
    assert_eq!(s.players[0].captured, vec![GERMANY]);
}

#[test]
fn s5_2_base_income_at_the_start_of_the_turn_is_no_card_play() {
    let mut s = t(&[], &[SHARES]);
    s.players[0].bases = vec![ENTERPRISE, ESPIONAGE, EXPERIENCE];
    s.players[1].bases = vec![SHARES];
    let events = start_p0_turn(&mut s);
    assert_eq!(treasury(&s, P0), [2, 2]);
    assert_eq!(treasury(&s, P1), [0, 0], "no Akcie on base income");
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, OvEvent::BaseIncome { .. }))
            .count(),
        3
    );
    assert_eq!(
        waiting_for(&s),
        (P0, DecisionKind::Move),
        "no reaction window"
    );
}

#[test]
fn s5_3_investing_moves_any_amount_from_the_treasury_without_a_window() {
    let mut s = t(&[], &[INVESTMENT]);
    s.players[0].treasury = [30, 2];
    assert!(ids(&s, P0).contains(&(id::INVEST + 4)));
    act(&mut s, P0, id::INVEST + 3); // B into France
    let menu = ids(&s, P0);
    assert!(menu.len() <= 25 && menu.contains(&id::ALL) && menu.contains(&id::CANCEL));
    act(&mut s, P0, id::ALL);
    assert_eq!(s.inv[3][0], [30, 0]);
    act(&mut s, P0, id::INVEST + SLOTS as u32 + 3); // M into France
    act(&mut s, P0, id::AMOUNT + 2);
    assert_eq!(s.inv[3][0], [30, 2]);
    assert_eq!(treasury(&s, P0), [0, 0]);
    assert_eq!(
        waiting_for(&s),
        (P0, DecisionKind::Move),
        "investing opens no window"
    );
    assert!(!ids(&s, P0)
        .iter()
        .any(|&i| (id::INVEST..id::INVEST + 10).contains(&i)));
}

#[test]
fn s5_4_end_of_turn_discards_then_draws_up_to_five_and_the_opponent_begins() {
    let mut s = t(&[OPPORTUNITY, HISTORY, DECLINE], &[]);
    act(&mut s, P0, id::DISCARD_END);
    assert_eq!(waiting_for(&s), (P0, DecisionKind::Move));
    act(&mut s, P0, id::CARD + HISTORY as u32);
    act(&mut s, P0, id::DONE);
    assert_eq!(s.players[0].discard, vec![HISTORY]);
    // Deck top is the lowest number: Investment, Optimisation, Slander.
    assert_eq!(
        s.players[0].hand,
        vec![OPPORTUNITY, DECLINE, INVESTMENT, OPTIMISATION, SLANDER]
    );
    assert_eq!(s.active, P1);
    assert_eq!(s.turn, 2);
}

#[test]
fn o_d39_a_hand_above_five_is_kept_and_draws_nothing() {
    let mut s = t(&[0, 1, 2, 3, 4, 5], &[]);
    act(&mut s, P0, id::END_TURN);
    assert_eq!(s.players[0].hand.len(), 6);
    assert_eq!(s.players[0].deck.len(), 21);
}
