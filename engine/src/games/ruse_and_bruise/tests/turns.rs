//! Ruse & Bruise: setup (§3, §9) and turns (§4).

use super::*;

// §3, §9: setup.

#[test]
fn spec_3_setup_deals_three_cards_each_and_6n_point_cards_for_every_player_count() {
    for n in 2..=6 {
        let s = game(n, 5);
        assert_eq!(s.phase, Phase::Play);
        for p in &s.players {
            assert_eq!(p.hand.len(), 3);
            assert_eq!(p.deck.len(), 22);
        }
        assert_eq!(s.boxed.len(), 36 - 6 * n, "returned to the box");
        assert_eq!(s.columns.len(), n, "columns per round");
        assert_eq!(s.point_deck.len(), 6 * n - n);
        assert_eq!(s.round, 1);
    }
}

#[test]
fn spec_9_colours_are_chosen_in_seat_order_and_time_out_to_the_first_free_one() {
    let mut s = RuseAndBruise::new(&RbOptions::default(), 3, 9).unwrap();
    assert_eq!(
        pending(&s),
        vec![Pending {
            actor: Actor::Seat(0),
            kind: DecisionKind::Setup
        }]
    );
    assert_eq!(ids(&s, 0), (400..406).collect::<Vec<_>>());
    apply(&mut s, 0, 400 + Colour::White as u32);
    assert_eq!(s.choosing_colour(), Some(1));
    assert!(!ids(&s, 1).contains(&(400 + Colour::White as u32)));
    let t = RuseAndBruise::timeout_choice(&s, Actor::Seat(1)).unwrap();
    assert_eq!(
        t.0,
        400 + Colour::Red as u32,
        "join order: the first free colour"
    );
    apply(&mut s, 1, t.0);
    apply(&mut s, 2, 400 + Colour::Black as u32);
    assert_eq!(s.phase, Phase::StartPlayer);
    assert_eq!(
        s.colours,
        vec![Some(Colour::White), Some(Colour::Red), Some(Colour::Black)]
    );
}

#[test]
fn spec_3_5_d19_the_start_player_is_drawn_from_the_seed_unless_the_host_picks_one() {
    let start = |seed: u64, choice: Option<u32>| {
        let mut s = RuseAndBruise::new(&RbOptions::default(), 4, seed).unwrap();
        while let Some(seat) = s.choosing_colour() {
            let first = ids(&s, seat)[0];
            apply(&mut s, seat, first);
        }
        assert_eq!(pending(&s)[0].kind, DecisionKind::Setup);
        let t = RuseAndBruise::timeout_choice(&s, Actor::Seat(0)).unwrap();
        assert_eq!(t.0, 500, "the timeout keeps the seeded start player");
        apply(&mut s, 0, choice.unwrap_or(t.0));
        (s.random_start, s.active)
    };
    let (random, active) = start(3, None);
    assert_eq!(random, active);
    assert_eq!(
        start(3, None),
        (random, active),
        "the same seed, the same start"
    );
    let starts: std::collections::BTreeSet<Seat> = (0..40).map(|k| start(k, None).1).collect();
    assert_eq!(starts.len(), 4, "every seat can be drawn");
    assert_eq!(start(3, Some(503)).1, 2, "the host picked seat 2");
}

#[test]
fn spec_3_d24_two_players_use_12_point_cards_in_two_columns_without_special_rules() {
    let s = game(2, 4);
    assert_eq!(s.point_deck.len() + s.columns.len(), 12);
    assert_eq!(s.boxed.len(), 24);
}

// §4: turns.

#[test]
fn spec_4_2_a_card_is_played_face_down_at_the_bottom_and_flips_the_card_above() {
    let mut s = table(
        3,
        vec![
            ("trade-3a", vec![down(1, "king")]),
            ("art-2", vec![]),
            ("alchemy-1", vec![]),
        ],
    );
    set_hand(&mut s, 0, &["queen", "romeo", "beggar"]);
    let events = play(&mut s, 0, "queen", 0);
    assert_eq!(column_ids(&s, 0), vec![("king", true), ("queen", false)]);
    assert!(events.contains(&RbEvent::Flipped {
        column: 0,
        card: card(1, "king")
    }));
    assert!(events.contains(&RbEvent::Played { seat: 0, column: 0 }));
    assert_eq!(s.players[0].hand.len(), 3, "the draw step refills the hand");
    assert_eq!(s.active, 1);
    // Own cards flip too.
    set_hand(&mut s, 1, &["witch", "hermit", "squire"]);
    play(&mut s, 1, "witch", 0);
    assert_eq!(column_ids(&s, 0)[1], ("queen", true));
}

#[test]
fn spec_4_2_full_columns_stay_legal_and_stormed_columns_are_not() {
    let mut s = table(2, vec![("trade-1", vec![up(1, "king")]), ("art-5", vec![])]);
    set_hand(&mut s, 0, &["queen", "romeo", "beggar"]);
    assert!(s.columns[0].full());
    assert_eq!(
        ids(&s, 0).len(),
        6,
        "3 cards × 2 columns, the full one included"
    );
    s.columns[1].closed = true;
    let legal = ids(&s, 0);
    assert_eq!(legal.len(), 3);
    assert!(legal.iter().all(|id| id % 8 == 0));
}

#[test]
fn spec_4_3_d30_an_empty_deck_is_rebuilt_from_the_discard_pile_when_a_draw_needs_it() {
    let mut s = table(2, vec![("trade-5", vec![]), ("art-5", vec![])]);
    set_hand(&mut s, 0, &["queen", "romeo", "beggar"]);
    s.players[0].deck.clear();
    s.players[0].discard = [ch("king"), ch("witch")].into_iter().collect();
    let events = play(&mut s, 0, "queen", 0);
    assert!(events.contains(&RbEvent::Reshuffled { seat: 0, count: 2 }));
    assert_eq!(s.players[0].hand.len(), 3);
    assert_eq!(s.players[0].deck.len(), 1);
    assert!(s.players[0].discard.is_empty());
}

#[test]
fn spec_4_3_d27_the_draw_step_tops_a_short_hand_up_to_three() {
    let mut s = table(2, vec![("trade-5", vec![]), ("art-5", vec![])]);
    set_hand(&mut s, 0, &["queen"]);
    play(&mut s, 0, "queen", 0);
    assert_eq!(s.players[0].hand.len(), 3);
    // Deck and discard empty: nothing is drawn, the hand shrinks.
    set_hand(&mut s, 1, &["king", "witch"]);
    s.players[1].deck.clear();
    s.players[1].discard.clear();
    play(&mut s, 1, "king", 1);
    assert_eq!(s.players[1].hand.len(), 1);
}

#[test]
fn spec_4_4_the_round_ends_when_every_column_is_full_after_the_turn_and_4_6_the_left_neighbour_starts_next(
) {
    let mut s = table(
        3,
        vec![
            ("trade-1", vec![up(1, "king")]),
            ("art-2", vec![up(2, "queen"), down(2, "hermit")]),
            ("alchemy-1", vec![]),
        ],
    );
    set_hand(&mut s, 0, &["juliet", "romeo", "beggar"]);
    let events = play(&mut s, 0, "juliet", 2);
    assert!(events.contains(&RbEvent::RoundEnded { round: 1, by: 0 }));
    assert_eq!(s.round, 2);
    assert_eq!(s.active, 1, "the left neighbour of who ended the round");
    assert_eq!(s.players[1].won.as_slice(), &[pt("trade-1")]);
    assert_eq!(s.players[2].won.as_slice(), &[pt("art-2")]);
    assert_eq!(s.players[0].won.as_slice(), &[pt("alchemy-1")]);
    // §6.6: every influence card goes to its owner's discard pile.
    assert!(s.players[0].discard.contains(&ch("juliet")));
    assert!(s.players[2].discard.contains(&ch("hermit")));
    // D-10: the ender drew before the evaluation.
    assert_eq!(s.players[0].hand.len(), 3);
}

#[test]
fn spec_4_4_d12_an_assassin_flipped_by_the_last_card_kills_it_and_the_round_goes_on() {
    let mut s = table(
        2,
        vec![
            ("trade-1", vec![up(1, "king")]),
            ("art-3a", vec![up(1, "queen"), down(1, "assassin")]),
        ],
    );
    set_hand(&mut s, 0, &["juliet", "romeo", "beggar"]);
    let events = play(&mut s, 0, "juliet", 1);
    assert!(events.contains(&RbEvent::Killed {
        card: card(0, "juliet"),
        by: card(1, "assassin"),
        column: 1
    }));
    assert_eq!(column_ids(&s, 1), vec![("queen", true), ("assassin", true)]);
    assert_eq!(s.round, 1, "the killed card no longer fills the column");
    assert!(s.players[0].discard.contains(&ch("juliet")));
    // §5.2: a card placed under a face-up Assassin flips nothing.
    set_hand(&mut s, 1, &["witch", "hermit", "squire"]);
    let events = play(&mut s, 1, "witch", 1);
    assert!(!events.iter().any(|e| matches!(e, RbEvent::Flipped { .. })));
    assert_eq!(s.round, 2, "now the column is full and the round is over");
}

#[test]
fn spec_4_5_d16_a_player_without_cards_is_skipped_and_nobody_able_to_play_ends_the_round() {
    let mut s = table(
        3,
        vec![
            ("trade-5", vec![]),
            ("art-5", vec![]),
            ("alchemy-5", vec![]),
        ],
    );
    set_hand(&mut s, 0, &["king"]);
    for seat in 0..3 {
        s.players[seat].deck.clear();
        s.players[seat].discard.clear();
    }
    set_hand(&mut s, 1, &[]);
    set_hand(&mut s, 2, &["queen"]);
    let events = play(&mut s, 0, "king", 0);
    assert!(events.contains(&RbEvent::Skipped { seat: 1 }));
    assert_eq!(s.active, 2);
    let events = play(&mut s, 2, "queen", 1);
    assert!(events.contains(&RbEvent::NobodyCanPlay));
    assert!(events.contains(&RbEvent::RoundEnded { round: 1, by: 2 }));
    // D-14: the empty column had no contender; its point card left the game.
    assert!(s.unclaimed.contains(&pt("alchemy-5")));
    assert_eq!(s.players[0].won.as_slice(), &[pt("trade-5")]);
}
