//! §6.1 and §13: a declaration is built in small menus and goes on the stack only when it
//! is confirmed; "back" from the confirm reopens its last parameter, cancel drops it.

use super::super::{params::Params, state::What};
use super::*;
use crate::contract::Audience;

fn public(events: &[OvEvent]) -> usize {
    events
        .iter()
        .filter(|e| Ovlivneni::audience(e) == Audience::Public)
        .count()
}

fn declared(s: &OvState) -> Params {
    match &s.stack.last().expect("a card on the stack").what {
        What::Play { params, .. } => params.clone(),
        other => panic!("not a play: {other:?}"),
    }
}

#[test]
fn s6_1_s13_a_chosen_country_waits_for_the_confirm_and_only_the_confirm_plays_the_card() {
    let mut s = t(&[DOMINANCE], &[]);
    act(&mut s, P0, eff(DOMINANCE, false));
    let events = act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    assert_eq!(public(&events), 0, "nothing is shown before the confirm");
    assert!(s.stack.is_empty());
    assert_eq!(
        s.players[0].hand,
        vec![DOMINANCE],
        "the card is still in hand"
    );
    assert_eq!(
        ids(&s, P0),
        vec![id::CONFIRM, id::BACK, id::CANCEL, id::END_TURN]
    );
    assert_eq!(waiting_for(&s), (P0, DecisionKind::Move));

    let events = confirm(&mut s, P0);
    assert!(events.iter().any(|e| matches!(e, OvEvent::Declared { .. })));
    assert_eq!(declared(&s), Params::Country(GERMANY));
    assert!(s.players[0].hand.is_empty(), "§6.3: the card left the hand");
    assert_eq!(waiting_for(&s), (P1, DecisionKind::Reaction), "§7.4 item 1");
}

#[test]
fn s13_a_play_without_parameters_is_confirmed_too_and_cancel_takes_it_back() {
    let mut s = t(&[INVESTMENT], &[]);
    let before = s.clone();
    act(&mut s, P0, eff(INVESTMENT, false));
    assert!(s.stack.is_empty());
    // Nothing to step back to but the choice of the card: cancel is that step.
    assert_eq!(ids(&s, P0), vec![id::CONFIRM, id::CANCEL, id::END_TURN]);
    act(&mut s, P0, id::CANCEL);
    assert_eq!(
        s, before,
        "the table is as it was before the card was chosen"
    );
    act(&mut s, P0, eff(INVESTMENT, false));
    confirm(&mut s, P0);
    pass(&mut s, P1);
    assert_eq!(treasury(&s, P0), [2, 0]);
}

#[test]
fn s13_back_from_the_confirm_reopens_the_country_and_another_can_be_chosen() {
    let mut s = t(&[DOMINANCE], &[]);
    act(&mut s, P0, eff(DOMINANCE, true));
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    act(&mut s, P0, id::BACK);
    assert!(s
        .decl
        .as_ref()
        .is_some_and(|d| !d.ready && d.params == Params::None));
    let menu = ids(&s, P0);
    assert!(menu.contains(&(id::COUNTRY + GERMANY as u32)));
    assert!(menu.contains(&(id::COUNTRY + AUSTRIA as u32)));
    act(&mut s, P0, id::COUNTRY + AUSTRIA as u32);
    confirm(&mut s, P0);
    assert_eq!(declared(&s), Params::Country(AUSTRIA));
}

/// §13: cancel at the confirm of a play with parameters drops the whole declaration, not
/// only its last parameter; the main phase goes on (§5.3).
#[test]
fn s13_cancel_at_the_confirm_drops_the_declaration_and_the_main_phase_goes_on() {
    let mut s = t(&[DOMINANCE], &[]);
    let before = s.clone();
    act(&mut s, P0, eff(DOMINANCE, false));
    let events = act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    assert_eq!(public(&events), 0);
    let events = act(&mut s, P0, id::CANCEL);
    assert_eq!(public(&events), 0, "nothing was played, nothing is shown");
    assert_eq!(s, before, "the table as before the card was chosen");
    assert_eq!(waiting_for(&s), (P0, DecisionKind::Move));
}

/// §13 with §5.4: "drop it and end the turn" at the confirm plays nothing and ends the
/// turn as the end of the main phase does (keep the hand, draw up to five).
#[test]
fn s13_s5_4_drop_and_end_the_turn_at_the_confirm_plays_nothing() {
    let mut s = t(&[DOMINANCE, OPPORTUNITY], &[]);
    s.inv[0][0] = [2, 0];
    act(&mut s, P0, eff(DOMINANCE, false));
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    let events = act(&mut s, P0, id::END_TURN);
    assert!(!events.iter().any(|e| matches!(e, OvEvent::Declared { .. })));
    assert!(s.decl.is_none() && s.stack.is_empty());
    assert_eq!(s.active, P1, "the turn ended");
    assert_eq!(s.inv[0][0], [2, 0], "Převaha did nothing");
    assert!(s.players[0].hand.starts_with(&[DOMINANCE, OPPORTUNITY]));
    assert_eq!(s.players[0].hand.len(), 5, "drawn up to five");
}

/// §7.4 item 3: at a Licence copy's confirm the responder may still give the reaction up:
/// the Licence stays in hand and the window is passed.
#[test]
fn s7_4_3_giving_up_a_licence_copy_at_its_confirm_is_a_pass() {
    let mut s = t(&[DOMINANCE], &[LICENCE]);
    act(&mut s, P0, eff(DOMINANCE, true));
    act(&mut s, P0, id::COUNTRY + SPAIN as u32);
    confirm(&mut s, P0);
    play(&mut s, P1, LICENCE, true);
    act(&mut s, P1, id::COUNTRY + SPAIN as u32);
    assert_eq!(ids(&s, P1), vec![id::CONFIRM, id::BACK, id::PASS]);
    act(&mut s, P1, id::PASS);
    assert_eq!(s.players[1].hand, vec![LICENCE], "the card stays in hand");
    assert!(s.stack.is_empty(), "the window passed and Převaha resolved");
}

#[test]
fn s13_back_from_three_countries_drops_only_the_third() {
    let mut s = t(&[AGENTS], &[]);
    act(&mut s, P0, eff(AGENTS, true));
    for c in [GERMANY, AUSTRIA, SPAIN] {
        act(&mut s, P0, id::COUNTRY + c as u32);
    }
    assert_eq!(ids(&s, P0)[0], id::CONFIRM, "three countries end the list");
    act(&mut s, P0, id::BACK);
    let menu = ids(&s, P0);
    assert!(!menu.contains(&(id::COUNTRY + AUSTRIA as u32)), "kept");
    assert!(menu.contains(&(id::COUNTRY + SPAIN as u32)), "free again");
    act(&mut s, P0, id::COUNTRY + FRANCE as u32);
    confirm(&mut s, P0);
    assert_eq!(
        declared(&s),
        Params::Countries(vec![GERMANY, AUSTRIA, FRANCE])
    );
}

#[test]
fn s13_back_from_a_list_ended_by_done_reopens_it_as_it_was() {
    let mut s = t(&[OPTIMISATION], &[]);
    s.inv[0][0] = [0, 2];
    act(&mut s, P0, eff(OPTIMISATION, true));
    act(&mut s, P0, id::MOVE + 1); // Germany → Austria
    act(&mut s, P0, id::DONE);
    act(&mut s, P0, id::BACK);
    assert!(s
        .decl
        .as_ref()
        .is_some_and(|d| !d.ready && d.params == Params::Moves(vec![(GERMANY, AUSTRIA)])));
    act(&mut s, P0, id::MOVE + 1);
    act(&mut s, P0, id::DONE);
    confirm(&mut s, P0);
    assert_eq!(
        declared(&s),
        Params::Moves(vec![(GERMANY, AUSTRIA), (GERMANY, AUSTRIA)])
    );
}

#[test]
fn s13_back_from_a_withdrawal_asks_the_m_amount_again() {
    let mut s = t(&[WEAKENING], &[]);
    s.inv[slot(SPAIN)][0] = [2, 3];
    act(&mut s, P0, eff(WEAKENING, true));
    act(&mut s, P0, id::COUNTRY + SPAIN as u32);
    act(&mut s, P0, id::AMOUNT + 2);
    act(&mut s, P0, id::AMOUNT + 3);
    act(&mut s, P0, id::BACK);
    assert!(
        ids(&s, P0).contains(&(id::AMOUNT + 3)),
        "the M amounts again"
    );
    act(&mut s, P0, id::AMOUNT + 1);
    confirm(&mut s, P0);
    assert_eq!(
        declared(&s),
        Params::Withdraw {
            country: SPAIN,
            b: 2,
            m: 1
        }
    );
}

#[test]
fn s7_4_a_licence_copy_is_confirmed_in_the_window_and_back_reopens_its_country() {
    let mut s = t(&[DOMINANCE], &[LICENCE]);
    act(&mut s, P0, eff(DOMINANCE, true));
    act(&mut s, P0, id::COUNTRY + SPAIN as u32);
    confirm(&mut s, P0);
    play(&mut s, P1, LICENCE, true);
    act(&mut s, P1, id::COUNTRY + SPAIN as u32);
    assert_eq!(s.stack.len(), 1, "not yet on the stack");
    // Still the reaction's question, on the reaction clock (§7.4 item 4).
    assert_eq!(waiting_for(&s), (P1, DecisionKind::Reaction));
    assert_eq!(ids(&s, P1), vec![id::CONFIRM, id::BACK, id::PASS]);
    act(&mut s, P1, id::BACK);
    assert!(ids(&s, P1).contains(&(id::COUNTRY + SPAIN as u32)));
    act(&mut s, P1, id::COUNTRY + FRANCE as u32);
    confirm(&mut s, P1);
    assert_eq!(s.stack.len(), 2);
    assert_eq!(declared(&s), Params::Country(FRANCE));
}

#[test]
fn s7_4_4_a_licence_copy_unconfirmed_at_the_reaction_deadline_is_a_pass() {
    let mut s = t(&[DOMINANCE], &[LICENCE]);
    act(&mut s, P0, eff(DOMINANCE, true));
    act(&mut s, P0, id::COUNTRY + SPAIN as u32);
    confirm(&mut s, P0);
    play(&mut s, P1, LICENCE, true);
    act(&mut s, P1, id::COUNTRY + SPAIN as u32);
    let timeout = Ovlivneni::timeout_choice(&s, Actor::Seat(P1)).unwrap();
    assert_eq!(timeout.0, id::PASS);
    act(&mut s, P1, timeout.0);
    assert_eq!(s.players[1].hand, vec![LICENCE], "the card stays in hand");
    assert!(s.stack.is_empty(), "the window passed and Převaha resolved");
}

#[test]
fn s13_reactions_without_parameters_are_played_by_their_button() {
    let mut s = t(&[OPPORTUNITY], &[INVESTMENT]);
    play(&mut s, P0, OPPORTUNITY, false);
    act(&mut s, P1, eff(INVESTMENT, true));
    assert_eq!(s.stack.len(), 2, "§7.4 item 3: the button is the reaction");
}

#[test]
fn back_and_cancel_at_the_confirm_are_steps_back_for_the_search_confirm_is_not() {
    let mut s = t(&[DOMINANCE], &[]);
    act(&mut s, P0, eff(DOMINANCE, false));
    let me = Actor::Seat(P0);
    assert_eq!(
        Ovlivneni::confirms(&s, me),
        None,
        "a parameter is still open"
    );
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    let undoes = |c: u32| Ovlivneni::undoes(&s, me, ChoiceId(c));
    assert!(undoes(id::BACK) && undoes(id::CANCEL));
    assert!(!undoes(id::CONFIRM) && !undoes(id::END_TURN));
    // §6.1, §13: the AI takes the confirm with the last parameter, never anything else here.
    assert_eq!(Ovlivneni::confirms(&s, me), Some(ChoiceId(id::CONFIRM)));
    assert_eq!(Ovlivneni::confirms(&s, Actor::Seat(P1)), None);
    confirm(&mut s, P0);
    assert_eq!(
        Ovlivneni::confirms(&s, Actor::Seat(P1)),
        None,
        "a window is no confirm"
    );
}

/// The AI's choice at a confirm is the confirm, at once: the search's root has one choice
/// and the greedy player keeps the play it built (§6.1, §13).
#[test]
fn s13_an_ai_seat_at_the_confirm_confirms() {
    let mut s = t(&[DOMINANCE], &[]);
    act(&mut s, P0, eff(DOMINANCE, false));
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    let cfg = crate::ai::SearchConfig::iterations::<Ovlivneni>(50);
    assert_eq!(
        crate::ai::choose::<Ovlivneni>(&s, P0, &cfg, 7),
        Some(ChoiceId(id::CONFIRM))
    );
    assert_eq!(
        crate::ai::greedy_choice::<Ovlivneni>(&s, P0, 7),
        Some(ChoiceId(id::CONFIRM))
    );
}

#[test]
fn rules_version_2_a_move_list_stored_before_the_confirm_replays_only_with_the_confirm_inserted() {
    // Under version 1 the country put Převaha on the stack and seat 1 passed.
    let mut s = t(&[DOMINANCE], &[]);
    act(&mut s, P0, eff(DOMINANCE, false));
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    let mut events = Vec::new();
    assert_eq!(
        Ovlivneni::apply(&mut s, Actor::Seat(P1), ChoiceId(id::PASS), &mut events),
        Err(crate::contract::RuleError::NotYourDecision)
    );
    // So the rules version changed; a list stored under 1 replays with the confirms
    // inserted (`upgrade_move`, tests/upgrade.rs).
    assert_eq!(Ovlivneni::RULES_VERSION, 2);
    assert_eq!(Ovlivneni::REPLAYS_FROM, &[1]);
}
