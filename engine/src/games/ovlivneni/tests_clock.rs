//! The move clock of spec §7.4 item 8 (O-D38): what one expiry ends, and when the clock
//! restarts (the engine's rule in `crate::clocks`, which the session applies).

use super::{
    cards::*,
    events::OvEvent,
    menu::id,
    state::Phase,
    tests::{act, ids, pass, play, t, waiting_for, GERMANY, P0, P1},
    OvOptions, OvState, Ovlivneni,
};
use crate::{
    clocks::{carries, Step},
    contract::{Actor, Audience, ChoiceId, DecisionKind, Game},
};

fn expire(s: &mut OvState, seat: u8) -> Vec<OvEvent> {
    let choice = Ovlivneni::timeout_choice(s, Actor::Seat(seat)).expect("a timeout choice");
    act(s, seat, choice.0)
}

/// Whether `seat`'s clock runs on after it chooses `choice` (the session's rule).
fn clock_carries(s: &mut OvState, seat: u8, choice: u32) -> bool {
    let timeout_choice = Ovlivneni::timeout_choice(s, Actor::Seat(seat)) == Some(ChoiceId(choice));
    let events = act(s, seat, choice);
    let shown = events
        .iter()
        .any(|e| Ovlivneni::audience(e) == Audience::Public);
    carries(
        Actor::Seat(seat),
        Step {
            mover: Actor::Seat(seat),
            timeout_choice,
            shown,
        },
    )
}

#[test]
fn s7_4_8_one_expiry_while_an_investment_amount_is_chosen_ends_the_turn() {
    let mut s = t(&[DOMINANCE], &[]);
    s.players[0].treasury = [2, 0];
    act(&mut s, P0, id::INVEST);
    expire(&mut s, P0);
    assert_eq!(s.active, P1, "the turn ended at the first expiry");
    assert_eq!(s.players[0].treasury, [2, 0], "nothing was invested");
    assert_eq!(s.inv[0][0], [0, 0]);
}

#[test]
fn s7_4_8_one_expiry_drops_an_unconfirmed_declaration_and_ends_the_turn() {
    let mut s = t(&[DOMINANCE, OPPORTUNITY], &[]);
    play(&mut s, P0, DOMINANCE, false);
    assert_eq!(waiting_for(&s), (P0, DecisionKind::Move));
    expire(&mut s, P0);
    assert_eq!(s.active, P1, "the turn ended at the first expiry");
    assert!(s.decl.is_none() && s.stack.is_empty(), "nothing was played");
    // No end-of-turn discards; the hand is kept and drawn up to five (§5.4).
    assert!(s.players[0].hand.starts_with(&[DOMINANCE, OPPORTUNITY]));
    assert_eq!(s.players[0].hand.len(), 5);
}

#[test]
fn s7_4_8_an_expiry_at_the_confirm_drops_the_declaration_and_ends_the_turn() {
    let mut s = t(&[DOMINANCE, OPPORTUNITY], &[]);
    s.inv[0][0] = [2, 0];
    play(&mut s, P0, DOMINANCE, false);
    act(&mut s, P0, id::COUNTRY + GERMANY as u32);
    assert_eq!(ids(&s, P0)[0], id::CONFIRM, "every parameter fixed");
    let events = expire(&mut s, P0);
    assert!(
        !events.iter().any(|e| matches!(e, OvEvent::Declared { .. })),
        "a declaration not yet confirmed is dropped"
    );
    assert_eq!(s.active, P1, "the turn ended at the first expiry");
    assert!(s.decl.is_none() && s.stack.is_empty());
    assert_eq!(s.inv[0][0], [2, 0], "Převaha did nothing");
    assert!(s.players[0].hand.starts_with(&[DOMINANCE, OPPORTUNITY]));
    assert_eq!(s.players[0].hand.len(), 5);
}

#[test]
fn s7_4_8_an_expiry_at_the_confirm_of_a_play_without_parameters_drops_it_too() {
    let mut s = t(&[INVESTMENT], &[]);
    act(&mut s, P0, super::tests::eff(INVESTMENT, false));
    expire(&mut s, P0);
    assert_eq!(s.active, P1);
    assert_eq!(s.players[0].treasury, [0, 0], "nothing was gained");
    assert!(s.players[0].hand.contains(&INVESTMENT));
}

#[test]
fn s7_4_8_parameters_and_back_keep_the_clock_the_confirm_restarts_it() {
    let mut s = t(&[DOMINANCE], &[]);
    let germany = id::COUNTRY + GERMANY as u32;
    assert!(clock_carries(
        &mut s,
        P0,
        super::tests::eff(DOMINANCE, false)
    ));
    assert!(clock_carries(&mut s, P0, germany), "a parameter");
    assert!(clock_carries(&mut s, P0, id::BACK), "back is no action");
    assert!(clock_carries(&mut s, P0, germany));
    assert!(
        !clock_carries(&mut s, P0, id::CONFIRM),
        "the confirm completes the play"
    );
}

#[test]
fn s7_4_8_one_expiry_at_the_end_of_turn_choice_finishes_the_turn() {
    let mut s = t(&[DOMINANCE, OPPORTUNITY], &[]);
    act(&mut s, P0, id::DISCARD_END);
    act(&mut s, P0, id::CARD + OPPORTUNITY as u32);
    expire(&mut s, P0);
    assert_eq!(s.active, P1);
    assert_eq!(s.phase, Phase::Main);
    assert_eq!(
        s.players[0].discard,
        vec![OPPORTUNITY],
        "what was confirmed stays"
    );
}

#[test]
fn s7_4_7_a_discard_question_of_two_cards_ends_in_one_expiry() {
    let mut s = t(&[ENTERPRISE], &[]);
    play(&mut s, P0, ENTERPRISE, true);
    pass(&mut s, P1);
    assert!(s.prompt.is_some());
    expire(&mut s, P0);
    assert!(s.prompt.is_none(), "the question is answered in full");
    // Drew Opportunity, Investment, Optimisation; the two most recent go.
    assert_eq!(s.players[0].hand, vec![OPPORTUNITY]);
    assert_eq!(
        s.players[0].discard,
        vec![OPTIMISATION, INVESTMENT, ENTERPRISE]
    );
    assert_eq!(waiting_for(&s), (P0, DecisionKind::Move), "play continues");
}

#[test]
fn s7_4_8_a_cancel_in_the_invest_menu_keeps_the_clock_a_completed_investment_restarts_it() {
    let mut s = t(&[DOMINANCE], &[]);
    s.players[0].treasury = [3, 0];
    assert!(
        clock_carries(&mut s, P0, id::INVEST),
        "choosing where to invest"
    );
    assert!(
        clock_carries(&mut s, P0, id::CANCEL),
        "a cancel does not restart"
    );
    assert!(clock_carries(&mut s, P0, id::INVEST));
    assert!(
        !clock_carries(&mut s, P0, id::AMOUNT + 2),
        "an investment opens no window but restarts the clock"
    );
    assert_eq!(waiting_for(&s), (P0, DecisionKind::Move));
}

#[test]
fn s7_4_8_a_declarations_steps_and_cancel_keep_the_clock_a_factory_activation_restarts_it() {
    let mut s = t(&[DOMINANCE], &[]);
    s.players[0].bases = vec![FACTORY];
    assert!(clock_carries(
        &mut s,
        P0,
        super::tests::eff(DOMINANCE, false)
    ));
    assert!(clock_carries(&mut s, P0, id::CANCEL));
    assert!(!clock_carries(&mut s, P0, id::FACTORY));
    assert!(s.doubling);
}

#[test]
fn s7_4_8_the_move_clock_defaults_to_ten_minutes_and_loads_a_stored_move_minutes() {
    assert_eq!(OvOptions::default().move_timeout, 10);
    let stored: OvOptions = serde_json::from_value(serde_json::json!({
        "no_refill": false,
        "strict_thresholds": false,
        "turn_limit": 0,
        "reaction_secs": 60,
        "move_minutes": 0
    }))
    .unwrap();
    let mut s = t(&[DOMINANCE], &[]);
    s.options = stored;
    let p = super::tests::pending(&s)[0];
    assert_eq!(
        Ovlivneni::deadline_secs(&s, p),
        Some(600),
        "legacy 0 = the default"
    );
}

#[test]
fn issue17_withdrawal_b_offers_only_what_comes_back_unless_nothing_is_invested() {
    let mut s = t(&[WITHDRAWAL], &[]);
    play(&mut s, P0, WITHDRAWAL, true);
    let every = ids(&s, P0);
    assert_eq!(
        every.len(),
        2 * 5 + 2,
        "O-D28: a play for nothing, every country"
    );
    act(&mut s, P0, id::CANCEL);
    s.inv[2][0] = [0, 3];
    play(&mut s, P0, WITHDRAWAL, true);
    assert_eq!(
        ids(&s, P0),
        vec![id::INVEST + 5 + 2, id::CANCEL, id::END_TURN],
        "only Spain's M"
    );
}
