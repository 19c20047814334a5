//! Ovlivnění rules tests, named after the spec sections (`s4_…`), cards (`c13_…`, both
//! effects) and decisions (`o_d12_…`) they check.

use super::{
    cards::*,
    events::OvEvent,
    menu::id,
    only_pass,
    state::{OvState, Phase, PromptKind, SLOTS},
    OvOptions, Ovlivneni,
};
use crate::{
    contract::{Actor, ChoiceId, DecisionKind, Game, Pending, Seat, Viewer},
    i18n::Lang,
    random_player,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub(super) const P0: Seat = 0;
pub(super) const P1: Seat = 1;
// The display of `table`: slot i holds country i.
pub(super) const GERMANY: u8 = 0; // 6B 4M
pub(super) const AUSTRIA: u8 = 1; // 5B 4M
const SPAIN: u8 = 2; // 4B 5M
const FRANCE: u8 = 3; // 5B 5M
const SWEDEN: u8 = 4; // 6B 5M
const HUNGARY: u8 = 5; // top of the country deck
const CZECHIA: u8 = 6;

/// Turn 1, seat 0 in its main phase, the given hands, every other card in the deck with
/// the lowest card numbers on top, Germany…Sweden on display, Hungary next.
pub(super) fn table(options: OvOptions, hand0: &[u8], hand1: &[u8]) -> OvState {
    let mut s = Ovlivneni::new(&options, 2, 1).unwrap();
    for (p, hand) in [(0, hand0), (1, hand1)] {
        let pl = &mut s.players[p];
        pl.hand = hand.to_vec();
        pl.deck = (0..CARD_COUNT as u8)
            .rev()
            .filter(|c| !hand.contains(c))
            .collect();
        pl.discard.clear();
        pl.bases.clear();
        pl.treasury = [0, 0];
        pl.captured.clear();
        pl.known_top = 0;
        pl.public_top = 0;
        pl.public_hand.clear();
    }
    s.slots = [Some(0), Some(1), Some(2), Some(3), Some(4)];
    s.inv = [[[0; 2]; 2]; SLOTS];
    s.country_deck = (5..COUNTRY_COUNT as u8).rev().collect();
    s.removed.clear();
    s.status = None;
    s.active = P0;
    s.turn = 1;
    s.phase = Phase::Main;
    s.capture_queue.clear();
    s.stack.clear();
    s.decl = None;
    s.invest = None;
    s.prompt = None;
    s.doubling = false;
    s
}

pub(super) fn t(hand0: &[u8], hand1: &[u8]) -> OvState {
    table(OvOptions::default(), hand0, hand1)
}

pub(super) fn ids(s: &OvState, seat: Seat) -> Vec<u32> {
    let mut out = Vec::new();
    Ovlivneni::legal_ids(s, Actor::Seat(seat), &mut out);
    out.iter().map(|c| c.0).collect()
}

pub(super) fn act(s: &mut OvState, seat: Seat, choice: u32) -> Vec<OvEvent> {
    let mut events = Vec::new();
    if let Err(e) = Ovlivneni::apply(s, Actor::Seat(seat), ChoiceId(choice), &mut events) {
        panic!(
            "seat {seat} choice {choice}: {e}; offered {:?}",
            ids(s, seat)
        );
    }
    events
}

pub(super) fn eff(card: u8, b: bool) -> u32 {
    id::PLAY + Effect::new(card, b).0 as u32
}

pub(super) fn play(s: &mut OvState, seat: Seat, card: u8, b: bool) -> Vec<OvEvent> {
    act(s, seat, eff(card, b))
}

pub(super) fn pass(s: &mut OvState, seat: Seat) -> Vec<OvEvent> {
    act(s, seat, id::PASS)
}

pub(super) fn pending(s: &OvState) -> Vec<Pending> {
    let mut out = Vec::new();
    Ovlivneni::pending(s, &mut out);
    out
}

pub(super) fn waiting_for(s: &OvState) -> (Seat, DecisionKind) {
    let p = pending(s);
    assert_eq!(p.len(), 1);
    match p[0].actor {
        Actor::Seat(seat) => (seat, p[0].kind),
        Actor::System => panic!("a system decision"),
    }
}

/// Seat 0 plays a parameterless effect and seat 1 lets it resolve.
fn resolve(hand: &[u8], card: u8, b: bool) -> OvState {
    let mut s = t(hand, &[]);
    play(&mut s, P0, card, b);
    pass(&mut s, P1);
    s
}

fn treasury(s: &OvState, seat: Seat) -> [u32; 2] {
    s.players[seat as usize].treasury
}

/// Seat 1 ends its turn, so seat 0's turn begins with the capture check (§5.1).
fn start_p0_turn(s: &mut OvState) -> Vec<OvEvent> {
    s.active = P1;
    act(s, P1, id::END_TURN)
}

fn slot(country: u8) -> usize {
    country as usize
}

// ---------------------------------------------------------------- §1 components, §2 setup

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

// ---------------------------------------------------------------- the cards, both effects

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
                                                  // Three moves close the declaration; it is on the stack now.
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
    pass(&mut s, P1);
    assert!(s.players[1].bases.is_empty());

    // §8: the opponent's Ochranka is lost instead of the targeted base.
    let mut s = t(&[SLANDER], &[]);
    s.players[1].bases = vec![SHARES, BODYGUARDS];
    play(&mut s, P0, SLANDER, true);
    act(&mut s, P0, id::CARD + SHARES as u32);
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
    pass(&mut s, P1);
    assert_eq!(s.inv[1], [[6, 1], [2, 2]]);
    let mut s = t(&[DOMINANCE], &[]);
    s.inv[1] = [[3, 1], [2, 2]];
    play(&mut s, P0, DOMINANCE, true);
    act(&mut s, P0, id::COUNTRY + AUSTRIA as u32);
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
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [0, 1]);
    assert_eq!(s.inv[3][0], [3, 1]);

    let mut s = t(&[BRIBES], &[]);
    play(&mut s, P0, BRIBES, true);
    for c in [FRANCE, AUSTRIA, SWEDEN] {
        act(&mut s, P0, id::COUNTRY + c as u32);
    }
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
    let events = act(&mut s, P0, id::DONE);
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

// ---------------------------------------------------------------- §6 playing, §7 reactions

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
    play(&mut s, P1, LICENCE, true);
    act(&mut s, P1, id::BACK);
    assert_eq!(ids(&s, P1), vec![eff(LICENCE, true), id::PASS]);
    play(&mut s, P1, LICENCE, true);
    act(&mut s, P1, id::COUNTRY + SPAIN as u32);
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
    assert_eq!(ids(&s, P1), vec![eff(LICENCE, true), id::PASS]);
    play(&mut s, P1, LICENCE, true);
    act(&mut s, P1, id::CARD + ENTERPRISE as u32);
    pass(&mut s, P0);
    assert!(s.players[0].bases.is_empty());
    pass(&mut s, P1);
    assert!(s.players[1].bases.is_empty());
    // Without a base of the original player the copy is not offered.
    let mut s = t(&[SLANDER], &[LICENCE]);
    s.players[1].bases = vec![SHARES];
    play(&mut s, P0, SLANDER, true);
    act(&mut s, P0, id::CARD + SHARES as u32);
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
    play(&mut s, P1, LICENCE, true);
    act(&mut s, P1, id::COUNTRY + GERMANY as u32);
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
    play(&mut s, P1, LICENCE, true);
    assert_eq!(
        ids(&s, P1),
        vec![id::CARD + SHARES as u32, id::BACK, id::PASS]
    );
    act(&mut s, P1, id::CARD + SHARES as u32);
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

// ---------------------------------------------------------------- more of §6, §11, §16

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

// ---------------------------------------------------------------- §15 invariants

fn cases() -> u64 {
    ["VLIV_CASES_OVLIVNENI", "VLIV_CASES"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.parse().ok())
        .unwrap_or(300)
}

fn check_invariants(s: &OvState) {
    for p in 0..2 {
        assert_eq!(s.card_count(p), 27, "§15: seat {p} has 27 cards");
        // Above five only while a draw-then-discard question is open (11B, 14B).
        assert!(s.players[p as usize].hand.len() <= 5 || s.prompt.is_some());
    }
    let countries = s.displayed()
        + s.country_deck.len()
        + s.removed.len()
        + s.players.iter().map(|p| p.captured.len()).sum::<usize>();
    assert_eq!(countries, 18, "§15: 18 countries");
    let mut ids = Vec::new();
    for seat in 0..2 {
        ids.clear();
        Ovlivneni::legal_ids(s, Actor::Seat(seat), &mut ids);
        assert!(ids.len() <= 25);
    }
}

#[test]
fn s15_invariants_hold_in_seeded_random_games_which_end_with_a_winner_or_the_turn_limit() {
    let mut scratch = Vec::new();
    let mut events = Vec::new();
    let (mut wins, mut draws) = (0u64, 0u64);
    for seed in 0..cases() {
        let options = OvOptions {
            turn_limit: [0, 40][seed as usize % 2],
            no_refill: seed % 3 == 0,
            strict_thresholds: seed % 5 == 0,
            ..OvOptions::default()
        };
        let mut s = Ovlivneni::new(&options, 2, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while let Some(p) = pending(&s).first() {
            check_invariants(&s);
            let choice = random_player::choose::<Ovlivneni>(&s, p.actor, &mut rng, &mut scratch)
                .expect("a pending seat has a choice");
            events.clear();
            Ovlivneni::apply(&mut s, p.actor, choice, &mut events).unwrap();
            steps += 1;
            assert!(steps < 200_000, "seed {seed} does not end");
        }
        check_invariants(&s);
        let outcome = Ovlivneni::outcome(&s).unwrap();
        match s.winner {
            Some(w) => {
                assert!(s.players[w as usize].captured.len() >= 3);
                assert_eq!(outcome.places[w as usize], 1);
                wins += 1;
            }
            None => {
                assert!(options.turn_limit > 0 && s.turn == options.turn_limit);
                assert!(outcome.is_draw());
                draws += 1;
            }
        }
    }
    assert!(wins > 0);
    assert_eq!(wins + draws, cases());
}
