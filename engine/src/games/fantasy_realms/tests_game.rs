//! The table: setup and turns (§5), the two-player variant (§6), Chaotic Realms (§7),
//! information (§8), timeouts (§9) and decisions D16, D18–D22.

use super::{
    cards::Card as C,
    rules::{cards_conserved, ids, FrEvent, FrState, Step, Variant},
    search::best,
    view::FrView,
    FantasyRealms, FrOptions, VariantOption,
};
use crate::contract::{Actor, ChoiceId, Game, SetupError, Viewer};

fn new(variant: VariantOption, seats: usize, seed: u64) -> FrState {
    let options = FrOptions {
        variant,
        ..FrOptions::default()
    };
    FantasyRealms::new(&options, seats, seed).unwrap()
}

fn ids_of(state: &FrState, actor: Actor) -> Vec<u32> {
    let mut out = Vec::new();
    FantasyRealms::legal_ids(state, actor, &mut out);
    out.into_iter().map(|c| c.0).collect()
}

fn play(state: &mut FrState, actor: Actor, id: u32) -> Vec<FrEvent> {
    let mut events = Vec::new();
    FantasyRealms::apply(state, actor, ChoiceId(id), &mut events)
        .unwrap_or_else(|e| panic!("{actor:?} {id}: {e}"));
    events
}

fn play_mover(state: &mut FrState, id: u32) -> Vec<FrEvent> {
    let actor = seat(state.to_move);
    play(state, actor, id)
}

fn seat(s: u8) -> Actor {
    Actor::Seat(s)
}

/// Plays the §9 timeout choice of whoever is pending until the game ends.
fn play_timeouts(state: &mut FrState) -> usize {
    let mut turns = 0;
    while !state.is_over() {
        let mut pending = Vec::new();
        FantasyRealms::pending(state, &mut pending);
        let actor = pending[0].actor;
        let id = FantasyRealms::timeout_choice(state, actor).expect("a timeout choice");
        play(state, actor, id.0);
        turns += 1;
    }
    turns
}

#[test]
fn spec_5_1_setup_deals_seven_each_and_the_same_seed_gives_the_same_table() {
    let s = new(VariantOption::Auto, 4, 3);
    assert_eq!(s.variant, Variant::Base);
    assert!(s.hands.iter().all(|h| h.len() == 7));
    assert_eq!(s.deck.len(), 53 - 28);
    assert!(s.discard.is_empty());
    assert!(cards_conserved(&s));
    assert_eq!(s, new(VariantOption::Auto, 4, 3));
    assert_ne!(s, new(VariantOption::Auto, 4, 4));
    assert_eq!(s.to_move, s.start);
}

#[test]
fn spec_5_2_the_start_player_must_draw_from_the_deck() {
    let s = new(VariantOption::Base, 3, 1);
    assert_eq!(ids_of(&s, seat(s.start)), vec![ids::DECK]);
    let other = (s.start + 1) % 3;
    assert!(ids_of(&s, seat(other)).is_empty());
}

#[test]
fn spec_5_2_d18_take_a_discard_and_discard_it_again() {
    let mut s = new(VariantOption::Base, 3, 2);
    let first = s.start;
    play(&mut s, seat(first), ids::DECK);
    let discarded = s.hands[first as usize][0];
    play(&mut s, seat(first), discarded.0 as u32);
    let next = (first + 1) % 3;
    assert_eq!(ids_of(&s, seat(next)), vec![ids::DECK, discarded.0 as u32]);
    let events = play(&mut s, seat(next), discarded.0 as u32);
    assert!(events.contains(&FrEvent::TookDiscard {
        seat: next,
        card: discarded
    }));
    // All 8 may be discarded, including the card just taken.
    assert_eq!(ids_of(&s, seat(next)).len(), 8);
    play(&mut s, seat(next), discarded.0 as u32);
    assert_eq!(s.discard.len(), 1);
    assert!(s.hands.iter().all(|h| h.len() == 7));
    assert!(cards_conserved(&s));
}

#[test]
fn spec_5_3_the_game_ends_at_ten_discards() {
    for seats in 3..=6 {
        let mut s = new(VariantOption::Base, seats, 7);
        let turns = play_timeouts(&mut s);
        // Each turn is a take and a discard; every take here is from the deck.
        assert_eq!(turns, 20, "{seats} seats");
        assert_eq!(
            s.discard.len()
                + usize::from(
                    s.scores
                        .iter()
                        .any(|x| x.declarations.necromancer.is_some())
                ),
            10
        );
        assert!(FantasyRealms::outcome(&s).is_some());
        assert!(cards_conserved(&s));
    }
}

/// A base table where seat 0 is to take, with chosen hands, deck top and discard area.
fn table(hands: [&[C]; 3], discard: &[C], deck_top: C) -> FrState {
    let mut s = new(VariantOption::Base, 3, 5);
    let used: Vec<C> = hands
        .iter()
        .flat_map(|h| h.iter().copied())
        .chain(discard.iter().copied())
        .chain([deck_top])
        .collect();
    let mut rest: Vec<C> = C::all().filter(|c| !used.contains(c)).collect();
    for (i, h) in hands.iter().enumerate() {
        let mut hand = h.to_vec();
        while hand.len() < 7 {
            hand.push(rest.pop().unwrap());
        }
        hand.sort();
        s.hands[i] = hand;
    }
    s.discard = discard
        .iter()
        .map(|&card| super::rules::Discarded { card, by: 1 })
        .collect();
    rest.push(deck_top);
    s.deck = rest;
    s.to_move = 0;
    s.step = Step::Take;
    s.rescore();
    assert!(cards_conserved(&s));
    s
}

#[test]
fn spec_5_3_necromancer_takes_an_eligible_discard_d17() {
    let discard = [
        C::KNIGHTS,
        C::CANDLE,
        C::FORGE,
        C::MOUNTAIN,
        C::CAVERN,
        C::SMOKE,
        C::SWAMP,
        C::ISLAND,
        C::LIGHTNING,
    ];
    let hands: [&[C]; 3] = [
        &[C::NECROMANCER, C::KING, C::QUEEN],
        &[C::HYDRA],
        &[C::UNICORN],
    ];
    let mut s = table(hands, &discard, C::WARHORSE);
    play(&mut s, seat(0), ids::DECK);
    let events = play(&mut s, seat(0), C::WARHORSE.0 as u32);
    assert!(s.is_over());
    assert!(events.contains(&FrEvent::NecromancerTook {
        seat: 0,
        card: C::KNIGHTS
    }));
    assert_eq!(s.hands[0].len(), 8);
    assert!(s.hands[0].contains(&C::KNIGHTS));
    assert!(!s.discard.iter().any(|d| d.card == C::KNIGHTS));
    // The breakdown shows the pick on the Necromancer.
    assert_eq!(s.scores[0].declarations.necromancer, Some(C::KNIGHTS));
    assert!(cards_conserved(&s));
}

#[test]
fn spec_5_3_necromancer_ignores_ineligible_suits() {
    // Magic Wand would give +25 with the Necromancer, but Weapons are not eligible.
    let discard = [
        C::MAGIC_WAND,
        C::CANDLE,
        C::FORGE,
        C::SMOKE,
        C::SWAMP,
        C::ISLAND,
        C::LIGHTNING,
        C::CAVERN,
        C::MOUNTAIN,
    ];
    let mut s = table(
        [&[C::NECROMANCER], &[C::HYDRA], &[C::UNICORN]],
        &discard,
        C::WARHORSE,
    );
    play(&mut s, seat(0), ids::DECK);
    play(&mut s, seat(0), C::WARHORSE.0 as u32);
    assert!(s.is_over());
    if let Some(pick) = s.scores[0].declarations.necromancer {
        assert!(pick.suit().necromancer_eligible(), "{pick:?}");
    }
    assert!(!s.hands[0].contains(&C::MAGIC_WAND));
}

#[test]
fn spec_5_3_d16_tie_break_by_lowest_total_base_strength_then_shared() {
    let mut s = new(VariantOption::Base, 3, 9);
    // 59 points each: Swamp + Hydra + Magic Wand (bases 31) vs Dragon + Necromancer +
    // Magic Wand (bases 34); the third seat copies the first (only places are computed).
    s.hands[0] = vec![C::SWAMP, C::HYDRA, C::MAGIC_WAND];
    s.hands[1] = vec![C::DRAGON, C::NECROMANCER, C::MAGIC_WAND];
    s.hands[2] = vec![C::KNIGHTS];
    s.scores = s.hands.iter().map(|h| best(h, &[])).collect();
    assert_eq!((s.scores[0].total, s.scores[1].total), (59, 59));
    assert_eq!(s.places(), vec![1, 2, 3]);
    s.hands[2] = s.hands[0].clone();
    s.scores[2] = s.scores[0].clone();
    assert_eq!(s.places(), vec![1, 3, 1]);
}

#[test]
fn spec_6_two_player_drafting_start() {
    let mut s = new(VariantOption::Auto, 2, 4);
    assert_eq!(s.variant, Variant::TwoPlayer);
    assert!(s.hands.iter().all(Vec::is_empty));
    let first = s.start;
    // The first turn must draw two: the discard area is empty.
    assert_eq!(ids_of(&s, seat(first)), vec![ids::DECK]);
    let events = play(&mut s, seat(first), ids::DECK);
    let Step::Keep { drawn } = s.step else {
        panic!("keep step expected")
    };
    assert!(events.contains(&FrEvent::DrewTwoCards {
        seat: first,
        cards: drawn
    }));
    play(&mut s, seat(first), drawn[1].0 as u32);
    assert_eq!(s.hands[first as usize], vec![drawn[1]]);
    assert_eq!(s.discard.len(), 1);
    assert_eq!(s.discard[0].card, drawn[0]);
    // The other player may take that discard (no discard this turn).
    let other = 1 - first;
    assert_eq!(ids_of(&s, seat(other)), vec![ids::DECK, drawn[0].0 as u32]);
    play(&mut s, seat(other), drawn[0].0 as u32);
    assert_eq!(s.hands[other as usize], vec![drawn[0]]);
    assert!(s.discard.is_empty());
    assert_eq!(s.step, Step::Draft);
}

#[test]
fn spec_6_4_d20_two_player_end_only_when_both_hold_seven() {
    let mut s = new(VariantOption::TwoPlayer, 2, 6);
    // Drafting by timeouts: draw two, keep the first; every turn adds one discard.
    for turn in 1..=13 {
        play_mover(&mut s, ids::DECK);
        let Step::Keep { drawn } = s.step else {
            panic!()
        };
        play_mover(&mut s, drawn[0].0 as u32);
        assert!(!s.is_over(), "turn {turn}: {} discards", s.discard.len());
    }
    assert_eq!(s.discard.len(), 13);
    play_mover(&mut s, ids::DECK);
    let Step::Keep { drawn } = s.step else {
        panic!()
    };
    play_mover(&mut s, drawn[0].0 as u32);
    assert!(
        s.is_over(),
        "both hold 7 and 14 ≥ 12 discards: the game ends right there"
    );
}

#[test]
fn spec_6_normal_turns_follow_the_draft_and_end_at_twelve() {
    let mut s = new(VariantOption::TwoPlayer, 2, 8);
    // Draft by taking discards where possible so the count stays low.
    while s.hands.iter().any(|h| h.len() < 7) {
        let legal = ids_of(&s, seat(s.to_move));
        let id = *legal.last().unwrap();
        play_mover(&mut s, id);
        if let Step::Keep { drawn } = s.step {
            play_mover(&mut s, drawn[0].0 as u32);
        }
    }
    assert!(!s.is_over());
    assert!(s.discard.len() < 12);
    assert_eq!(s.step, Step::Take);
    assert_eq!(
        s.to_move, s.start,
        "14 drafting turns: the start player is next"
    );
    play_timeouts(&mut s);
    assert_eq!(
        s.discard.len() + usize::from(s.hands.iter().any(|h| h.len() == 8)),
        12
    );
    assert!(cards_conserved(&s));
}

fn chaotic(seats: usize, seed: u64) -> FrState {
    let s = new(VariantOption::Chaotic, seats, seed);
    assert_eq!(s.step, Step::Trading);
    s
}

fn offer(s: &mut FrState, from: u8, card: C, to: Option<u8>) {
    play(s, seat(from), ids::OFFER);
    play(s, seat(from), card.0 as u32);
    play(
        s,
        seat(from),
        to.map_or(ids::EVERYONE, |t| ids::TO_SEAT + t as u32),
    );
    play(s, seat(from), ids::NO_WISH);
}

#[test]
fn spec_7_d21_offer_answer_confirm_swaps_atomically_and_privately() {
    let mut s = chaotic(3, 1);
    let c = s.hands[0][0];
    let d = s.hands[1][0];
    offer(&mut s, 0, c, Some(1));
    // The addressee sees the card; the third player does not.
    let v1 = FrView::new(&s, Viewer::Seat(1));
    assert_eq!(v1.me.unwrap().offers_to_me[0].card, c);
    let v2 = FrView::new(&s, Viewer::Seat(2));
    assert!(v2.me.unwrap().offers_to_me.is_empty());
    assert!(s.hidden_from(2).contains(&c));
    assert!(ids_of(&s, seat(2))
        .iter()
        .all(|&i| !(ids::ANSWER..ids::WITHDRAW).contains(&i)));
    // Answer: the proposed card is shown to the offerer only.
    play(&mut s, seat(1), ids::ANSWER);
    let events = play(&mut s, seat(1), d.0 as u32);
    assert!(events.iter().all(|e| !matches!(
        FantasyRealms::audience(e),
        crate::contract::Audience::Public
    )));
    assert!(!s.hidden_from(0).contains(&d));
    assert!(s.hidden_from(2).contains(&d));
    assert!(ids_of(&s, seat(0)).contains(&(ids::CONFIRM + 1)));
    let events = play(&mut s, seat(0), ids::CONFIRM + 1);
    assert!(events.contains(&FrEvent::Traded { a: 0, b: 1 }));
    assert!(s.hands[0].contains(&d) && s.hands[1].contains(&c));
    assert!(s.offers.is_empty() && s.answers.is_empty());
    assert_eq!(s.trades, 1);
    assert!(s.hands.iter().all(|h| h.len() == 7));
    assert!(cards_conserved(&s));
    // Scores follow the new hands.
    assert_eq!(s.scores[0].total, best(&s.hands[0], &[]).total);
}

#[test]
fn spec_7_offers_and_answers_are_void_when_their_card_leaves_the_hand() {
    let mut s = chaotic(3, 2);
    let c = s.hands[0][0];
    let d = s.hands[1][0];
    let e = s.hands[2][0];
    offer(&mut s, 0, c, None);
    offer(&mut s, 1, d, None);
    // Seat 2 answers both offers with the same card; seat 1 answers seat 0 with d.
    play(&mut s, seat(2), ids::ANSWER);
    play(&mut s, seat(2), e.0 as u32);
    play(&mut s, seat(2), ids::ANSWER + 1);
    play(&mut s, seat(2), e.0 as u32);
    play(&mut s, seat(1), ids::ANSWER);
    play(&mut s, seat(1), d.0 as u32);
    assert_eq!(s.answers.len(), 3);
    // Seat 0 takes seat 2's card: seat 2's other answer (same card) is void too.
    play(&mut s, seat(0), ids::CONFIRM + 2);
    assert!(s.answers.is_empty(), "{:?}", s.answers);
    assert_eq!(s.offers.len(), 1, "seat 1's offer stands");
    // Seat 1's offer is void once d leaves: trade d away through seat 0.
    offer(&mut s, 0, e, Some(1));
    play(&mut s, seat(1), ids::ANSWER);
    play(&mut s, seat(1), d.0 as u32);
    play(&mut s, seat(0), ids::CONFIRM + 1);
    assert!(s.offers.is_empty());
    assert!(cards_conserved(&s));
}

#[test]
fn spec_7_cancel_withdraw_and_decline() {
    let mut s = chaotic(4, 3);
    let c = s.hands[0][0];
    offer(&mut s, 0, c, None);
    let d = s.hands[3][2];
    play(&mut s, seat(3), ids::ANSWER);
    play(&mut s, seat(3), d.0 as u32);
    play(&mut s, seat(0), ids::DECLINE + 3);
    assert!(s.answers.is_empty());
    play(&mut s, seat(3), ids::ANSWER);
    play(&mut s, seat(3), d.0 as u32);
    play(&mut s, seat(3), ids::WITHDRAW);
    assert!(s.answers.is_empty());
    play(&mut s, seat(0), ids::CANCEL_OFFER);
    assert!(s.offers.is_empty());
    assert_eq!(ids_of(&s, seat(0))[0], ids::OFFER);
    // "Back" abandons a partial move.
    play(&mut s, seat(1), ids::OFFER);
    play(&mut s, seat(1), ids::BACK);
    assert_eq!(s.partial[1], None);
}

#[test]
fn spec_7_wish_for_a_suit_or_a_card() {
    let mut s = chaotic(3, 4);
    let c = s.hands[0][0];
    play(&mut s, seat(0), ids::OFFER);
    play(&mut s, seat(0), c.0 as u32);
    play(&mut s, seat(0), ids::EVERYONE);
    let flood = super::cards::Suit::Flood as u32;
    play(&mut s, seat(0), ids::WISH_SUIT + flood);
    let menu = ids_of(&s, seat(0));
    assert_eq!(menu.len(), 2 + 5, "back, any Flood, the five Floods");
    play(&mut s, seat(0), C::SWAMP.0 as u32);
    assert_eq!(s.offers[0].wish, Some(super::rules::Wish::Card(C::SWAMP)));
}

#[test]
fn spec_7_3_d22_the_clock_ends_trading_and_the_necromancer_looks_at_three() {
    let mut s = chaotic(3, 5);
    let holder = (0..3u8)
        .find(|&h| s.hands[h as usize].contains(&C::NECROMANCER))
        .unwrap_or_else(|| {
            // Put the Necromancer into seat 0's hand from wherever it is.
            let from_deck = s.deck.iter().position(|&c| c == C::NECROMANCER).unwrap();
            let out = s.hands[0].remove(0);
            s.deck[from_deck] = out;
            s.hands[0].push(C::NECROMANCER);
            s.hands[0].sort();
            0
        });
    let top: Vec<C> = s.deck.iter().rev().take(3).copied().collect();
    assert!(ids_of(&s, Actor::System) == vec![ids::TIME_UP]);
    play(&mut s, Actor::System, ids::TIME_UP);
    assert!(s.is_over());
    match s.scores[holder as usize].declarations.necromancer {
        Some(pick) => {
            assert!(top.contains(&pick));
            assert_eq!(s.hands[holder as usize].len(), 8);
        }
        None => assert_eq!(s.hands[holder as usize].len(), 7),
    }
    // The holder has seen the three; nobody else has.
    for &c in &top {
        assert!(!s.hidden_from(holder).contains(&c));
    }
    assert!(cards_conserved(&s));
}

#[test]
fn spec_9_timeout_choices() {
    let mut s = new(VariantOption::Base, 3, 11);
    let a = seat(s.start);
    assert_eq!(
        FantasyRealms::timeout_choice(&s, a),
        Some(ChoiceId(ids::DECK))
    );
    play(&mut s, a, ids::DECK);
    let Step::Discard { taken } = s.step else {
        panic!()
    };
    assert_eq!(
        FantasyRealms::timeout_choice(&s, a),
        Some(ChoiceId(taken.0 as u32))
    );
    let mut t = new(VariantOption::TwoPlayer, 2, 11);
    let b = seat(t.start);
    assert_eq!(
        FantasyRealms::timeout_choice(&t, b),
        Some(ChoiceId(ids::DECK))
    );
    play(&mut t, b, ids::DECK);
    let Step::Keep { drawn } = t.step else {
        panic!()
    };
    assert_eq!(
        FantasyRealms::timeout_choice(&t, b),
        Some(ChoiceId(drawn[0].0 as u32))
    );
    let c = chaotic(3, 11);
    assert_eq!(
        FantasyRealms::timeout_choice(&c, Actor::System),
        Some(ChoiceId(ids::TIME_UP))
    );
    assert_eq!(FantasyRealms::timeout_choice(&c, seat(0)), None);
}

#[test]
fn d19_an_empty_deck_ends_the_game() {
    let mut s = new(VariantOption::Base, 3, 12);
    let extra: Vec<C> = s.deck.drain(..s.deck.len() - 1).collect();
    s.discard = extra
        .into_iter()
        .take(3)
        .map(|card| super::rules::Discarded { card, by: 0 })
        .collect();
    let p = s.start;
    play(&mut s, seat(p), ids::DECK);
    let first = s.hands[p as usize][0].0 as u32;
    let events = play(&mut s, seat(p), first);
    assert!(events.contains(&FrEvent::DeckEmpty));
    assert!(s.is_over());
}

#[test]
fn spec_8_a_deck_draw_is_private_and_a_discard_public() {
    let mut s = new(VariantOption::Base, 3, 13);
    let p = s.start;
    let other = (p + 1) % 3;
    let events = play(&mut s, seat(p), ids::DECK);
    let drawn = match events[1] {
        FrEvent::Drew { card, .. } => card,
        _ => panic!("{events:?}"),
    };
    assert_eq!(
        FantasyRealms::audience(&events[1]),
        crate::contract::Audience::Seat(p)
    );
    assert!(s.hidden_from(other).contains(&drawn));
    play(&mut s, seat(p), drawn.0 as u32);
    assert!(!s.hidden_from(other).contains(&drawn));
}

#[test]
fn the_private_view_carries_the_hands_best_score() {
    let s = new(VariantOption::Base, 4, 14);
    for seat in 0..4u8 {
        let me = FrView::new(&s, Viewer::Seat(seat)).me.unwrap();
        assert_eq!(me.score.total, best(&s.hands[seat as usize], &[]).total);
        assert_eq!(me.hand, s.hands[seat as usize]);
    }
    assert!(FrView::new(&s, Viewer::Spectator).me.is_none());
}

#[test]
fn options_pick_the_variant_and_check_seat_counts() {
    let base = FrOptions {
        variant: VariantOption::Base,
        ..FrOptions::default()
    };
    assert!(matches!(
        FantasyRealms::new(&base, 2, 0),
        Err(SetupError::SeatCount { min: 3, max: 6, .. })
    ));
    assert!(FantasyRealms::new(&base, 7, 0).is_err());
    let chaotic = FrOptions {
        variant: VariantOption::Chaotic,
        ..FrOptions::default()
    };
    assert!(FantasyRealms::new(&chaotic, 2, 0).is_err());
    assert_eq!(
        FantasyRealms::new(&FrOptions::default(), 7, 0)
            .unwrap()
            .variant,
        Variant::Chaotic
    );
    let game = crate::registry::find("fantasy-realms").unwrap();
    let mut values = crate::options::OptionValues::new();
    values.insert("time_limit".into(), crate::options::OptionValue::Int(45));
    assert!(game.new_game(&values, 4, 0).is_err());
    values.insert("time_limit".into(), crate::options::OptionValue::Int(8));
    values.insert(
        "variant".into(),
        crate::options::OptionValue::Str("chaotic".into()),
    );
    assert!(game.new_game(&values, 4, 0).is_ok());
}

#[test]
fn spec_7_a_waiting_seat_is_not_pending_until_an_offer_reaches_it() {
    let mut s = chaotic(3, 6);
    play(&mut s, seat(1), ids::WAIT);
    play(&mut s, seat(2), ids::WAIT);
    assert!(ids_of(&s, seat(1)).is_empty());
    let mut pending = Vec::new();
    FantasyRealms::pending(&s, &mut pending);
    assert_eq!(
        pending.iter().map(|p| p.actor).collect::<Vec<_>>(),
        vec![seat(0), Actor::System]
    );
    let c = s.hands[0][0];
    offer(&mut s, 0, c, Some(2));
    assert!(ids_of(&s, seat(1)).is_empty(), "not addressed");
    assert!(ids_of(&s, seat(2)).contains(&ids::ANSWER));
}
