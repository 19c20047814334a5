//! Louis XIV: the evaluation of the tiles (§7).

use super::*;

// ---------------- §7 evaluation ----------------

#[test]
fn s7_2_money_majority_gets_it_free_others_may_buy_in_turn_order() {
    let mut st = quiet(3);
    st.start = 1;
    st.tiles[0].stones = [2, 1, 1, 0, 0];
    let ev = evaluate(&mut st, 1);
    assert_eq!(received(&ev), [(0, false)]);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 1,
            tile: 0,
            price: 3
        })
    );
    pick(&mut st, 0);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 2,
            tile: 0,
            price: 3
        })
    );
    let ev = pick(&mut st, 1);
    assert_eq!(received(&ev), [(2, false)]);
    assert_eq!(st.players[0].chips[Chip::Sceptre as usize], 1);
    assert_eq!(st.players[2].chips[Chip::Sceptre as usize], 1);
    assert_eq!(st.players[2].money, 7);
    assert_eq!(
        (st.players[0].common, st.players[0].own),
        (8, 10),
        "majority → common"
    );
    assert_eq!(st.players[1].own, 11, "others → own");
    assert!(st.tiles[0].back && flipped(&ev));
}

#[test]
fn s7_2_money_tie_nobody_free_all_may_buy_no_flip() {
    let mut st = quiet(3);
    st.tiles[0].stones = [2, 2, 1, 0, 0];
    evaluate(&mut st, 1);
    let mut buyers = Vec::new();
    while let Some(Decision::Buy { seat, .. }) = st.decision.clone() {
        buyers.push(seat);
        pick(&mut st, 1);
    }
    assert_eq!(buyers, [0, 1, 2]);
    assert!(!st.tiles[0].back);
    assert_eq!(
        st.players
            .iter()
            .map(|p| (p.own, p.common))
            .collect::<Vec<_>>(),
        [(12, 6), (12, 6), (11, 6)]
    );
}

#[test]
fn s7_2_a_buyer_who_cannot_pay_is_not_asked_and_d08_lowers_the_price() {
    let mut st = quiet(3);
    st.tiles[0].stones = [2, 1, 1, 0, 0];
    st.players[1].money = 2;
    st.players[2].completed = cards(&[mission(&st, "D08")]);
    evaluate(&mut st, 1);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 2,
            tile: 0,
            price: 2
        })
    );
}

#[test]
fn s7_3_first_place_only_the_majority_no_flip_on_a_tie() {
    let mut st = quiet(3);
    st.tiles[4].stones = [1, 3, 0, 0, 0];
    let ev = evaluate(&mut st, 5);
    assert_eq!(received(&ev), [(1, false)]);
    assert_eq!(st.players[1].chips[Chip::Crown as usize], 1);
    assert!(st.decision.is_none(), "nobody buys a First-place reward");
    assert!(st.tiles[4].back);
    assert_eq!(st.players[1].common, 9);

    let mut st = quiet(3);
    st.tiles[4].stones = [2, 2, 1, 0, 0];
    let ev = evaluate(&mut st, 5);
    assert!(received(&ev).is_empty());
    assert!(!st.tiles[4].back);
    assert_eq!(st.players[0].own, 12);
}

#[test]
fn s7_4_stones_threshold_everyone_with_enough_majority_first() {
    let mut st = quiet(3);
    st.tiles[9].stones = [3, 4, 2, 0, 0];
    let ev = evaluate(&mut st, 10);
    assert_eq!(received(&ev), [(1, false), (0, false)]);
    assert_eq!(st.players[1].coats.len(), 2);
    assert!(st.players[2].coats.is_empty());
    assert!(st.tiles[9].back);
    assert_eq!(
        st.players
            .iter()
            .map(|p| (p.own, p.common))
            .collect::<Vec<_>>(),
        [(13, 6), (14, 6), (12, 6)],
        "all stones → own supplies"
    );

    let mut st = quiet(3);
    st.tiles[9].stones = [2, 2, 0, 0, 0];
    let ev = evaluate(&mut st, 10);
    assert!(
        received(&ev).is_empty() && !st.tiles[9].back,
        "no receiver, no flip"
    );
}

#[test]
fn s9_neutral_majority_flips_money_but_a_neutral_threshold_does_not_a8() {
    let mut st = quiet(2);
    st.tiles[0].stones = [1, 0, 0, 0, 2];
    evaluate(&mut st, 1);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 0,
            tile: 0,
            price: 3
        })
    );
    pick(&mut st, 0);
    assert!(st.tiles[0].back, "a neutral majority flips");
    assert_eq!(st.neutral_pool, 2);

    let mut st = quiet(2);
    st.tiles[9].stones = [1, 0, 0, 0, 4];
    let ev = evaluate(&mut st, 10);
    assert!(received(&ev).is_empty());
    assert!(
        !st.tiles[9].back,
        "only a real receiver flips a Stones tile"
    );
}

#[test]
fn s7_5_king_first_gets_chip_and_crown_unique_second_gets_the_chip() {
    let mut st = quiet(4);
    st.king = Some(0);
    st.tiles[0].stones = [3, 2, 1, 1, 0];
    let ev = evaluate(&mut st, 1);
    assert_eq!(received(&ev), [(0, true), (1, false)]);
    assert_eq!(st.players[0].chips[Chip::Crown as usize], 1);
    assert_eq!(st.players[0].chips[Chip::Sceptre as usize], 1);
    assert_eq!(st.players[1].chips[Chip::Sceptre as usize], 1);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 2,
            tile: 0,
            price: 3
        })
    );
    pick(&mut st, 0);
    pick(&mut st, 0);
    assert_eq!(st.players[0].common, 9, "first → common");
    assert_eq!(st.players[1].own, 12, "second → own");
    assert!(st.tiles[0].back);
    assert_eq!(st.king, None, "Louis XIV leaves the board");
}

#[test]
fn s7_5_king_tie_for_first_all_tied_get_the_chip_no_crown_and_it_flips() {
    let mut st = quiet(3);
    st.king = Some(1);
    st.tiles[1].back = true; // First place side
    st.tiles[1].stones = [2, 2, 1, 0, 0];
    let ev = evaluate(&mut st, 2);
    assert_eq!(received(&ev), [(0, false), (1, false)]);
    assert!(st.decision.is_none(), "First place: the rest gets nothing");
    assert_eq!(st.players[0].common, 8);
    assert_eq!(st.players[1].common, 8);
    assert_eq!(st.players[2].own, 11);
    assert!(!st.tiles[1].back, "flipped back to front");
}

#[test]
fn s7_5_king_tied_seconds_get_nothing_free() {
    let mut st = quiet(3);
    st.king = Some(0);
    st.tiles[0].stones = [3, 1, 1, 0, 0];
    let ev = evaluate(&mut st, 1);
    assert_eq!(received(&ev), [(0, true)]);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 1,
            tile: 0,
            price: 3
        })
    );
}

#[test]
fn s7_1_d07_wins_a_tie_and_the_tile_flips_a7() {
    let mut st = quiet(3);
    st.tiles[4].stones = [2, 2, 0, 0, 0];
    st.players[1].completed = cards(&[mission(&st, "D07")]);
    evaluate(&mut st, 5);
    assert_eq!(st.decision, Some(Decision::OnceFirst { seat: 1, tile: 4 }));
    let ev = pick(&mut st, 1);
    assert_eq!(received(&ev), [(1, false)]);
    assert!(st.tiles[4].back);
    assert_eq!(st.players[1].common, 8);
    assert_eq!(st.players[0].own, 12);
}

#[test]
fn s7_5_d07_on_the_kings_tile_makes_the_other_tied_player_second_a7() {
    let mut st = quiet(3);
    st.king = Some(0);
    st.tiles[0].stones = [2, 2, 1, 0, 0];
    st.players[0].completed = cards(&[mission(&st, "D07")]);
    evaluate(&mut st, 1);
    let ev = pick(&mut st, 1);
    assert_eq!(received(&ev), [(0, true), (1, false)]);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 2,
            tile: 0,
            price: 3
        })
    );
    // Once per evaluation phase.
    pick(&mut st, 0);
    st.tiles[4].stones = [2, 2, 0, 0, 0];
    evaluate(&mut st, 5);
    assert!(st.decision.is_none());
}

#[test]
fn s7_1_intrigue_card_adds_stones_before_the_snapshot_a17() {
    let mut st = quiet(3);
    st.tiles[4].stones = [1, 0, 0, 0, 0];
    st.players[2].intrigue = cards(&[4]);
    st.intrigue_deck.retain(|&c| c != 4);
    evaluate(&mut st, 5);
    assert_eq!(st.decision, Some(Decision::Intrigue { seat: 2, tile: 4 }));
    assert_eq!(ids(&st), [0, 1, 2, 3]);
    let ev = pick(&mut st, 3);
    assert_eq!(received(&ev), [(2, false)]);
    assert_eq!(st.intrigue_deck[0], 4, "under the intrigue deck");
    assert_eq!(st.players[2].common, 8);

    let mut st = quiet(3);
    st.players[2].intrigue = cards(&[4]);
    st.players[2].common = 0;
    st.players[2].own = 1;
    evaluate(&mut st, 5);
    assert_eq!(ids(&st), [0, 2], "no mixing, no fallback between supplies");
}

#[test]
fn s7_6_round_4_nothing_flips_but_stones_still_return() {
    let mut st = quiet(3);
    st.round = 4;
    st.tiles[4].stones = [1, 3, 0, 0, 0];
    evaluate(&mut st, 5);
    assert!(!st.tiles[4].back);
    assert_eq!(st.players[1].common, 9);
}

#[test]
fn s7_6_tile_6_stone_on_itself_stays_for_next_round_a11() {
    let mut st = quiet(3);
    st.tiles[5].stones = [3, 0, 0, 0, 0];
    evaluate(&mut st, 6);
    assert_eq!(st.players[0].coats.len(), 1);
    assert_eq!(ids(&st)[0], NONE_TILE);
    pick(&mut st, 5);
    assert_eq!(st.tiles[5].stones[0], 1, "not in the snapshot: it stays");
    assert_eq!((st.players[0].own, st.players[0].common), (13, 5));
}

#[test]
fn s7_6_rewards_come_before_stones_leave_a10_and_tile_8_stones_wait_on_tile_5() {
    let mut st = quiet(3);
    st.players[0].common = 0;
    st.tiles[7].stones = [2, 1, 0, 0, 0];
    evaluate(&mut st, 8);
    assert_eq!(
        st.decision,
        Some(Decision::PlaceOn {
            seat: 0,
            tile: 4,
            max: 2
        })
    );
    pick(&mut st, 2);
    // Retrieval needs common stones; the tile's stones only reach the common supply after.
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 1,
            tile: 7,
            price: 2
        })
    );
    pick(&mut st, 0);
    assert_eq!(st.tiles[4].stones[0], 2);
    assert_eq!(st.players[0].own, 8);
    assert_eq!(st.players[0].common, 2);
}
