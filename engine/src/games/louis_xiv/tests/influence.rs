//! Louis XIV: influence and where stones may be placed (§6, §9, §12).

use super::*;

// ---------------- §6 influence: placement legality ----------------

/// Every distribution reachable through the placement menus from a start tile.
fn distributions(start: u8, n_max: u8, own: u8) -> BTreeSet<Vec<u8>> {
    let mut st = quiet(3);
    st.phase = Phase::Influence;
    st.players[0].own = own;
    st.decision = Some(Decision::Place {
        seat: 0,
        chain: Chain {
            n_max,
            step: PlaceStep::Total,
            t0: start,
            n: 0,
            a0: 0,
            t1: 0,
            a1: 0,
        },
    });
    let mut out = BTreeSet::new();
    let mut stack = vec![st];
    while let Some(st) = stack.pop() {
        if !matches!(st.decision, Some(Decision::Place { .. })) {
            out.insert(st.tiles.iter().map(|t| t.stones[0]).collect());
            continue;
        }
        let ids = ids(&st);
        assert!(ids.len() <= 25);
        for id in ids {
            let mut next = st.clone();
            pick(&mut next, id);
            stack.push(next);
        }
    }
    out
}

#[test]
fn s6_3_personality_card_gives_23_options_from_an_inner_tile_13_from_an_outer() {
    assert_eq!(distributions(0, 3, 10).len(), 23);
    assert_eq!(distributions(4, 3, 10).len(), 13);
}

#[test]
fn s6_3_jumps_follow_adjacency_and_never_split_a6() {
    for d in distributions(0, 3, 10) {
        let placed: Vec<usize> = (0..TILES).filter(|&t| d[t] > 0).collect();
        assert!(d[0] >= 1, "a stone stays on the start tile");
        assert!(d.iter().sum::<u8>() <= 3);
        let adj = Data::default_data().adjacency();
        // One chain: every other tile is adjacent to the start tile or to one that is.
        for &t in &placed[..] {
            if t != 0 {
                let near_start = adj[0] & (1 << t) != 0;
                let via = placed
                    .iter()
                    .any(|&u| u != 0 && u != t && adj[u] & (1 << t) != 0 && adj[0] & (1 << u) != 0);
                assert!(near_start || via, "{d:?}");
            }
        }
        let jumped_to_start_neighbours = placed
            .iter()
            .filter(|&&t| t != 0 && adj[0] & (1 << t) != 0)
            .count();
        assert!(
            jumped_to_start_neighbours <= 1,
            "no splitting in two directions: {d:?}"
        );
    }
}

#[test]
fn s6_3_stones_left_behind_must_be_new_ones() {
    let mut st = quiet(3);
    st.tiles[0].stones[0] = 2; // already on tile 1 from earlier plays
    st.decision = Some(Decision::Place {
        seat: 0,
        chain: Chain {
            n_max: 3,
            step: PlaceStep::Total,
            t0: 0,
            n: 0,
            a0: 0,
            t1: 0,
            a1: 0,
        },
    });
    pick(&mut st, 2);
    assert_eq!(ids(&st), [1, 2], "at least one of the 2 new stones stays");
    pick(&mut st, 1);
    assert_eq!(ids(&st), [1, 3, 5, 6], "tile 1's neighbours 2, 4, 6, 7");
    pick(&mut st, 5); // the one stone left lands on tile 6 without a menu of one
    assert!(st.decision.is_none());
    assert_eq!(st.tiles[0].stones[0], 3);
    assert_eq!(st.tiles[5].stones[0], 1);
}

#[test]
fn s6_3_total_is_limited_by_the_own_supply() {
    assert_eq!(distributions(0, 3, 1).len(), 1);
    let two = distributions(4, 3, 2);
    assert!(two.iter().all(|d| d.iter().sum::<u8>() <= 2));
    assert_eq!(
        two.len(),
        2 + 2,
        "{{5:1}}, {{5:2}}, {{5:1,4:1}}, {{5:1,6:1}}"
    );
}

#[test]
fn s6_3_second_jump_never_returns_to_the_start_tile() {
    let mut st = quiet(3);
    st.decision = Some(Decision::Place {
        seat: 0,
        chain: Chain {
            n_max: 3,
            step: PlaceStep::Total,
            t0: 4,
            n: 0,
            a0: 0,
            t1: 0,
            a1: 0,
        },
    });
    pick(&mut st, 3);
    pick(&mut st, 1);
    pick(&mut st, 5); // jump to tile 6
    pick(&mut st, 1);
    // Tile 6's neighbours are 1 and 5; 5 is the start tile, so the last stone goes to 1.
    assert!(st.decision.is_none());
    assert_eq!(st.tiles[0].stones[0], 1);
    assert_eq!(st.tiles[4].stones[0], 1);
    assert_eq!(st.tiles[5].stones[0], 1);
}

fn influence_scene(hands: &[Vec<u8>]) -> LouisState {
    let mut st = quiet(hands.len());
    st.phase = Phase::Influence;
    st.turn = 0;
    for (s, h) in hands.iter().enumerate() {
        for &c in h {
            st.influence_deck.retain(|&x| x != c);
            st.discard.retain(|&x| x != c);
        }
        st.players[s].influence = cards(h);
    }
    st
}

#[test]
fn s6_4_joker_places_up_to_two_on_any_tile() {
    let joker = 24;
    let mut st = influence_scene(&[vec![joker, 0, 1], vec![2, 3]]);
    run(&mut st, [Task::Turns]);
    assert_eq!(ids(&st), [0, JOKER as u32]);
    pick(&mut st, JOKER as u32);
    assert_eq!(ids(&st), [0, 1], "place or retrieve");
    pick(&mut st, 0);
    assert_eq!(ids(&st), (0..12).collect::<Vec<_>>(), "any start tile");
    pick(&mut st, 9);
    assert_eq!(ids(&st), [1, 2]);
    pick(&mut st, 2);
    assert_eq!(ids(&st), [1, 2]);
    pick(&mut st, 2);
    assert_eq!(st.tiles[9].stones[0], 2);
    assert_eq!(seat_to_decide(&st), 1, "next player's turn");
}

#[test]
fn s6_2_last_card_goes_under_the_deck_and_players_with_more_cards_keep_playing_a9() {
    let mut st = influence_scene(&[vec![0, 2], vec![4, 6, 8, 10]]);
    run(&mut st, [Task::Turns]);
    let mut turns = Vec::new();
    while let Some(Decision::Turn { seat }) = st.decision.clone() {
        turns.push(seat);
        let first = ids(&st)[0];
        let ev = pick(&mut st, first);
        if seat == 0 {
            assert!(ev.contains(&Ev::LastCardReturned { seat: 0 }));
            assert_eq!(st.influence_deck[0], 2, "the last card is at the bottom");
        }
        pick(&mut st, 1); // retrieve
    }
    assert_eq!(turns, [0, 1, 1, 1]);
    assert!(st.players.iter().all(|p| p.influence.is_empty()));
}

#[test]
fn s6_5_retrieval_moves_up_to_three_from_the_common_supply() {
    let mut st = influence_scene(&[vec![0, 2], vec![4, 6]]);
    st.players[0].common = 2;
    run(&mut st, [Task::Turns]);
    pick(&mut st, 0);
    pick(&mut st, 1);
    assert_eq!((st.players[0].own, st.players[0].common), (12, 0));
}

#[test]
fn s12_l15_pays_and_m11_exchanges_instead_of_playing() {
    let mut st = influence_scene(&[vec![0, 2, 4], vec![6, 8]]);
    let l15 = mission(&st, "L15");
    let m11 = mission(&st, "M11");
    st.players[0].completed = cards(&[l15, m11]);
    run(&mut st, [Task::Turns]);
    assert_eq!(ids(&st), [0, 1, 2, MISSION + l15 as u32, 2000 + m11 as u32]);
    pick(&mut st, MISSION + l15 as u32);
    assert_eq!(st.players[0].money, 8);
    assert_eq!(st.players[0].influence.len(), 3, "hand unchanged");
    pick(&mut st, 3); // seat 1 plays tile 4's card
    pick(&mut st, 1);
    assert_eq!(ids(&st), [0, 1, 2, 2000 + m11 as u32], "L15 once per phase");
    pick(&mut st, 2000 + m11 as u32);
    let top = *st.influence_deck.last().unwrap();
    pick(&mut st, 0);
    assert!(st.players[0].influence.contains(&top));
    assert_eq!(st.players[0].influence.len(), 3);
}

#[test]
fn s12_d05_four_stone_joker_starts_anywhere_a25() {
    let mut st = influence_scene(&[vec![0, 2], vec![6, 8]]);
    st.players[0].completed = cards(&[mission(&st, "D05")]);
    run(&mut st, [Task::Turns]);
    pick(&mut st, 0);
    pick(&mut st, 0); // place
    assert!(matches!(st.decision, Some(Decision::FourStone { .. })));
    pick(&mut st, 1);
    assert_eq!(ids(&st).len(), 12, "any start tile");
    pick(&mut st, 11);
    assert_eq!(ids(&st), [1, 2, 3, 4]);
    pick(&mut st, 4);
    pick(&mut st, 4);
    assert_eq!(st.tiles[11].stones[0], 4);
}

#[test]
fn s6_1_start_placements_and_s6_6_d06() {
    let mut st = quiet(3);
    st.phase = Phase::Influence;
    st.king = Some(2);
    st.players[1].completed = cards(&[mission(&st, "M08"), mission(&st, "L11")]);
    st.players[2].completed = cards(&[mission(&st, "D06")]);
    st.players[1].common = 0;
    run(&mut st, [Task::StartPlacements(1), Task::EndPlacements]);
    assert_eq!(st.decision, Some(Decision::StartPlace { seat: 1, tile: 0 }));
    pick(&mut st, 0);
    let king = Some(Decision::StartPlace { seat: 1, tile: 2 });
    assert_eq!(st.decision, king, "M08: the king's tile");
    pick(&mut st, 1);
    assert_eq!(st.tiles[2].stones[1], 1);
    assert_eq!(
        st.players[1].own, 9,
        "own supply when the common one is empty"
    );
    assert_eq!(ids(&st)[0], NONE_TILE);
    pick(&mut st, 7);
    assert_eq!(st.tiles[7].stones[2], 1);
    assert_eq!(st.players[2].common, 5);
}

#[test]
fn s9_neutral_stones_two_on_the_king_and_two_per_revealed_personality_a19() {
    let mut st = quiet(2);
    st.neutral_pool = 8;
    st.king = Some(0);
    // Top of the deck is the end: joker, tile 5, joker, tile 7, tile 7.
    st.influence_deck = (0..30).collect();
    st.influence_deck
        .retain(|c| ![24, 8, 25, 12, 13].contains(c));
    st.influence_deck.extend([13, 12, 25, 8, 24]);
    st.discard.clear();
    let ev = run(&mut st, [Task::Neutral]);
    assert_eq!(st.tiles[0].stones[NEUTRAL], 2);
    assert_eq!(st.tiles[4].stones[NEUTRAL], 2);
    assert_eq!(st.tiles[6].stones[NEUTRAL], 4);
    assert_eq!(st.neutral_pool, 0);
    assert_eq!(st.discard, [24, 8, 25, 12, 13]);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Ev::NeutralRevealed { .. }))
            .count(),
        5
    );
}
