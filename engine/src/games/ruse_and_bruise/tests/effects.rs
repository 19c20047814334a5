//! Ruse & Bruise: the immediate effects (§5).

use super::*;

// §5: immediate effects.

#[test]
fn spec_5_1_the_explorer_moves_face_down_to_the_next_open_column_and_flips_the_card_above() {
    let mut s = table(
        3,
        vec![
            ("trade-5", vec![down(1, "explorer")]),
            ("art-5", vec![up(2, "king")]),
            ("alchemy-5", vec![up(2, "queen"), down(2, "witch")]),
        ],
    );
    s.columns[1].closed = true;
    set_hand(&mut s, 0, &["juliet", "romeo", "beggar"]);
    let events = play(&mut s, 0, "juliet", 0);
    assert!(events.contains(&RbEvent::ExplorerMoved {
        card: card(1, "explorer"),
        from: 0,
        to: 2
    }));
    assert_eq!(
        column_ids(&s, 0),
        vec![("juliet", false)],
        "the flipper stays face down"
    );
    assert_eq!(
        column_ids(&s, 2),
        vec![("queen", true), ("witch", true), ("explorer", false)],
        "the stormed column was skipped; the Explorer flipped the Witch"
    );
    assert!(
        s.columns[2].cards[2].known,
        "its identity stays public (D-11)"
    );
    // Wrapping from the last column to the first.
    let mut s = table(
        2,
        vec![
            ("trade-5", vec![down(1, "hermit")]),
            ("art-5", vec![down(1, "explorer")]),
        ],
    );
    set_hand(&mut s, 0, &["juliet", "romeo", "beggar"]);
    play(&mut s, 0, "juliet", 1);
    assert_eq!(
        column_ids(&s, 0),
        vec![("hermit", true), ("explorer", false)]
    );
}

#[test]
fn spec_5_1_d11_an_explorer_with_every_other_column_closed_stays_face_up() {
    let mut s = table(
        2,
        vec![
            ("trade-5", vec![down(1, "explorer")]),
            ("art-1", vec![up(1, "storm")]),
        ],
    );
    s.columns[1].closed = true;
    set_hand(&mut s, 0, &["juliet", "romeo", "beggar"]);
    let events = play(&mut s, 0, "juliet", 0);
    assert!(events.contains(&RbEvent::ExplorerStays {
        card: card(1, "explorer"),
        column: 0
    }));
    assert_eq!(
        column_ids(&s, 0),
        vec![("explorer", true), ("juliet", false)]
    );
}

#[test]
fn spec_5_1_d11_an_explorer_moves_at_most_once_per_turn_so_chains_end() {
    // Three Explorers over two open columns would loop for ever without the guard.
    let mut s = table(
        3,
        vec![
            ("trade-5", vec![down(1, "explorer")]),
            ("art-5", vec![down(2, "explorer")]),
            ("alchemy-1", vec![up(2, "storm")]),
        ],
    );
    s.columns[2].closed = true;
    set_hand(&mut s, 0, &["explorer", "romeo", "beggar"]);
    let events = play(&mut s, 0, "explorer", 0);
    let moves = events
        .iter()
        .filter(|e| matches!(e, RbEvent::ExplorerMoved { .. }))
        .count();
    assert_eq!(moves, 3, "each Explorer moved once");
    assert!(events.contains(&RbEvent::ExplorerStays {
        card: card(1, "explorer"),
        column: 1
    }));
    assert_eq!(column_ids(&s, 0), vec![("explorer", false)]);
    assert_eq!(s.columns[0].cards[0].owner, 2);
    assert_eq!(
        column_ids(&s, 1),
        vec![("explorer", true), ("explorer", false)]
    );
    assert_eq!(s.columns[1].cards[1].owner, 0);
    // A later turn may move it again (§5.1).
    set_hand(&mut s, 1, &["king", "queen", "witch"]);
    let events = play(&mut s, 1, "king", 1);
    assert!(events.contains(&RbEvent::ExplorerMoved {
        card: card(0, "explorer"),
        from: 1,
        to: 0
    }));
}

#[test]
fn spec_5_2_the_assassin_sends_the_card_that_flipped_it_to_its_owners_discard_pile() {
    let mut s = table(
        2,
        vec![("trade-5", vec![down(1, "assassin")]), ("art-5", vec![])],
    );
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    let events = play(&mut s, 0, "king", 0);
    assert!(events.contains(&RbEvent::Killed {
        card: card(0, "king"),
        by: card(1, "assassin"),
        column: 0
    }));
    assert_eq!(column_ids(&s, 0), vec![("assassin", true)]);
    assert_eq!(s.players[0].discard.as_slice(), &[ch("king")]);
    // An arriving Explorer is killed the same way.
    let mut s = table(
        2,
        vec![
            ("trade-5", vec![down(1, "explorer")]),
            ("art-5", vec![down(1, "assassin")]),
        ],
    );
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    let events = play(&mut s, 0, "king", 0);
    assert!(events.contains(&RbEvent::Killed {
        card: card(1, "explorer"),
        by: card(1, "assassin"),
        column: 1
    }));
}

#[test]
fn spec_5_3_a_storm_closes_its_column_which_counts_as_full() {
    let mut s = table(
        2,
        vec![("trade-5", vec![down(1, "storm")]), ("art-5", vec![])],
    );
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    let events = play(&mut s, 0, "king", 0);
    assert!(events.contains(&RbEvent::StormClosed {
        card: card(1, "storm"),
        column: 0
    }));
    assert!(s.columns[0].closed && s.columns[0].full());
    assert_eq!(s.columns[0].count(), 2);
    assert!(
        ids(&s, 1).iter().all(|id| id % 8 == 1),
        "only column 2 is legal"
    );
}

#[test]
fn spec_5_4_the_disguise_owner_hides_a_hand_card_as_a_reaction_and_refills() {
    let mut s = table(
        3,
        vec![
            ("trade-3a", vec![down(1, "disguise")]),
            ("art-5", vec![]),
            ("alchemy-5", vec![]),
        ],
    );
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    set_hand(&mut s, 1, &["prince", "witch", "queen"]);
    let events = play(&mut s, 0, "king", 0);
    assert!(
        events
            .iter()
            .all(|e| !matches!(e, RbEvent::Drew { seat: 0, .. })),
        "the turn pauses before the draw"
    );
    assert_eq!(
        s.decision,
        Some(Decision::Disguise {
            owner: 1,
            column: 0,
            position: 0
        })
    );
    assert_eq!(
        pending(&s),
        vec![Pending {
            actor: Actor::Seat(1),
            kind: DecisionKind::Reaction
        }]
    );
    let menu = RuseAndBruise::menu(&s, Actor::Seat(1)).unwrap();
    assert_eq!(menu.choices.len(), 4, "three hand cards or nothing");
    assert_eq!(
        RuseAndBruise::timeout_choice(&s, Actor::Seat(1)),
        Some(ChoiceId(250)),
        "D-25: the timeout hides nothing"
    );
    let events = apply(&mut s, 1, 200 + ch("prince").index() as u32);
    assert!(events.contains(&RbEvent::Hid { seat: 1, column: 0 }));
    assert_eq!(s.columns[0].cards[0].hidden, Some(ch("prince")));
    assert_eq!(
        s.players[1].hand.len(),
        3,
        "D-9: the owner refilled at once"
    );
    assert_eq!(
        s.columns[0].count(),
        3,
        "D-8: the hidden card counts for fullness"
    );
    assert!(s.columns[0].full());
    assert_eq!(s.active, 1, "then the turn ended as usual");
    assert_eq!(s.players[0].hand.len(), 3);
}

#[test]
fn spec_5_4_declining_or_an_empty_hand_hides_nothing_and_the_active_owner_decides_as_a_move() {
    let mut s = table(
        2,
        vec![("trade-5", vec![down(0, "disguise")]), ("art-5", vec![])],
    );
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    play(&mut s, 0, "king", 0);
    assert_eq!(pending(&s)[0].kind, DecisionKind::Move);
    let events = apply(&mut s, 0, 250);
    assert!(events.contains(&RbEvent::HidNothing { seat: 0, column: 0 }));
    assert_eq!(s.columns[0].cards[0].hidden, None);

    let mut s = table(
        2,
        vec![("trade-5", vec![down(1, "disguise")]), ("art-5", vec![])],
    );
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    set_hand(&mut s, 1, &[]);
    let events = play(&mut s, 0, "king", 0);
    assert!(events.contains(&RbEvent::DisguiseEmptyHand { seat: 1, column: 0 }));
    assert_eq!(s.decision, None);
}

#[test]
fn spec_5_5_d21_the_traitor_swaps_point_cards_with_any_column_and_the_storm_stays() {
    let mut s = table(
        3,
        vec![
            ("trade-5", vec![down(1, "traitor")]),
            ("art-1", vec![up(2, "storm"), down(2, "king")]),
            ("alchemy-3a", vec![]),
        ],
    );
    s.columns[1].closed = true;
    set_hand(&mut s, 0, &["queen", "romeo", "beggar"]);
    play(&mut s, 0, "queen", 0);
    assert_eq!(pending(&s)[0].kind, DecisionKind::Reaction);
    assert_eq!(
        ids(&s, 1),
        vec![301, 302, 350],
        "the closed column is a target too"
    );
    assert_eq!(
        RuseAndBruise::timeout_choice(&s, Actor::Seat(1)),
        Some(ChoiceId(350)),
        "D-25: the timeout swaps nothing"
    );
    let events = apply(&mut s, 1, 301);
    assert!(events.contains(&RbEvent::Swapped {
        seat: 1,
        column: 0,
        other: 1,
        now: [pt("art-1"), pt("trade-5")]
    }));
    assert!(
        s.columns[1].closed,
        "the closure stays with the column's place"
    );
    assert!(!s.columns[0].closed);
    assert_eq!(s.columns[0].point, pt("art-1"));
    assert!(s.columns[0].full(), "two cards under a 1 now");
}

#[test]
fn spec_5_5_d28_a_swap_that_fills_the_last_column_ends_the_round_for_the_active_player() {
    let mut s = table(
        2,
        vec![
            ("trade-3a", vec![down(1, "traitor")]),
            (
                "art-1",
                vec![up(1, "king"), up(1, "hermit"), up(1, "witch")],
            ),
        ],
    );
    set_hand(&mut s, 0, &["queen", "romeo", "beggar"]);
    play(&mut s, 0, "queen", 0);
    assert_eq!(s.round, 1);
    let events = apply(&mut s, 1, 301);
    assert!(events.contains(&RbEvent::RoundEnded { round: 1, by: 0 }));
    assert_eq!(
        s.active, 1,
        "the ender was seat 0; its left neighbour starts"
    );
}

#[test]
fn spec_5_d23_immediate_effects_do_not_fire_at_the_end_of_round_reveal() {
    // The last card of a column is a Storm and a hidden Assassin: only values count.
    let r = eval(
        Symbol::Trade,
        &[
            (0, "king", None),
            (1, "disguise", Some("assassin")),
            (2, "storm", None),
        ],
    );
    assert_eq!(value_of(&r, 2, "storm"), Some(18));
    assert_eq!(sum_of(&r, 1), Some(19), "Disguise 0 + Assassin 9½");
    assert_eq!(r.winner, Some(0));
}
