//! Ruse & Bruise: the evaluation of a column (§6).

use super::*;

// §6: evaluation.

#[test]
fn spec_6_7_example_1_equal_totals_go_to_the_player_whose_card_lies_higher() {
    let r = eval(
        Symbol::Art,
        &[
            (BLUE, "queen", None),
            (WHITE, "alchemist", None),
            (WHITE, "merchant", None),
        ],
    );
    assert_eq!(sum_of(&r, BLUE), Some(32));
    assert_eq!(sum_of(&r, WHITE), Some(32));
    assert_eq!(r.winner, Some(BLUE));
    assert_eq!(r.deciding_card.unwrap().card, card(BLUE, "queen"));
}

#[test]
fn spec_6_7_example_2_whites_magician_removes_blues_king_and_white_wins() {
    let r = eval(
        Symbol::Art,
        &[(BLUE, "king", None), (WHITE, "magician", None)],
    );
    assert_eq!(removed(&r), vec!["king"]);
    assert_eq!(r.removals[0].by.card, card(WHITE, "magician"));
    assert_eq!(r.winner, Some(WHITE));
    let text = crate::i18n::Lang::En.text(
        &crate::games::ruse_and_bruise::present::eval_text(
            0,
            &crate::games::ruse_and_bruise::evaluation::EvalLine::Removed(r.removals[0]),
        ),
        &|s| format!("P{s}"),
    );
    assert_eq!(
        text,
        "Column 1: Magician (White) removes King (Blue) (value 20)."
    );
}

#[test]
fn spec_6_4_1_d3_musketeers_cancel_every_effect_but_the_symbol_12() {
    let r = eval(
        Symbol::Trade,
        &[
            (0, "musketeers", None),
            (1, "magician", None),
            (1, "merchant", None),
            (2, "doppelganger", None),
            (2, "king", None),
            (3, "tom-thumb", None),
            (3, "beggar", None),
        ],
    );
    assert_eq!(r.mode, Mode::Musketeers);
    assert!(r.removals.is_empty());
    assert_eq!(
        value_of(&r, 1, "merchant"),
        Some(24),
        "12 under its own symbol"
    );
    assert_eq!(
        value_of(&r, 2, "doppelganger"),
        None,
        "no value under Musketeers"
    );
    assert_eq!(value_of(&r, 3, "tom-thumb"), Some(4));
    assert_eq!(
        r.winner,
        Some(2),
        "highest total even with a Beggar: King 20"
    );
    // A hidden Musketeers counts too.
    let r = eval(
        Symbol::Trade,
        &[
            (0, "disguise", Some("musketeers")),
            (1, "magician", None),
            (2, "king", None),
        ],
    );
    assert_eq!(r.mode, Mode::Musketeers);
    assert_eq!(r.winner, Some(2));
}

#[test]
fn spec_6_4_2_d5_the_magician_removes_base_values_of_10_or_more_hidden_cards_and_copies_included() {
    let r = eval(
        Symbol::Alchemy,
        &[
            (0, "hermit", None),
            (1, "doppelganger", None),
            (1, "queen", None),
            (2, "alchemist", None),
            (2, "swordsman", None),
            (3, "disguise", Some("explorer")),
            (3, "assassin", None),
            (0, "magician", None),
        ],
    );
    // Hermit goes by its base 12 (its final value would be lower), the Alchemist is 12 in
    // its own column, the Swordsman 8 stays, the Assassin 9½ stays.
    assert_eq!(
        removed(&r),
        vec!["hermit", "doppelganger", "queen", "alchemist", "explorer"]
    );
    assert!(r.removals.iter().all(|x| x.by.card == card(0, "magician")));
    assert_eq!(
        r.winner,
        Some(3),
        "Disguise 0 + Assassin 9½ beat Swordsman 8 and Magician 7"
    );
}

#[test]
fn spec_6_3_d4_two_or_more_magicians_or_witches_cancel_each_other() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "magician", None),
            (1, "king", None),
            (2, "magician", None),
            (2, "magician", None),
        ],
    );
    assert!(r.removals.is_empty());
    assert_eq!(r.cancelled.len(), 1);
    assert_eq!(r.winner, Some(1));
    let r = eval(
        Symbol::Art,
        &[(0, "witch", None), (1, "romeo", None), (2, "witch", None)],
    );
    assert!(r.removals.is_empty());
    assert_eq!(r.winner, Some(1));
}

#[test]
fn spec_6_4_3_d5_the_witch_removes_base_values_of_9_or_less_but_itself_and_spares_the_assassin() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "witch", None),
            (1, "tom-thumb", None),
            (1, "romeo", None),
            (1, "juliet", None),
            (2, "assassin", None),
            (2, "doppelganger", None),
            (3, "disguise", Some("beggar")),
            (3, "doppelganger", None),
            (0, "cardinal", None),
        ],
    );
    // Tom Thumb by base 2, Romeo by base 5 although Juliet is there, the Disguise and the
    // Beggar under it separately, a Doppelganger copying the Cardinal's 8; the lower
    // Doppelganger copying the Cardinal too. The upper one copies the Disguise (0).
    assert_eq!(
        removed(&r),
        vec![
            "tom-thumb",
            "romeo",
            "doppelganger",
            "disguise",
            "beggar",
            "doppelganger",
            "cardinal"
        ]
    );
    assert_eq!(value_of(&r, 2, "assassin"), Some(19));
    assert_eq!(r.mode, Mode::Highest, "the Beggar was removed");
    assert_eq!(r.winner, Some(1), "Juliet 14");
}

#[test]
fn spec_6_4_3_a_doppelganger_copying_the_witch_is_removed_by_it() {
    let r = eval(
        Symbol::Art,
        &[(0, "doppelganger", None), (1, "witch", None)],
    );
    assert_eq!(removed(&r), vec!["doppelganger"]);
    assert_eq!(r.winner, Some(1));
}

#[test]
fn spec_6_4_2_and_6_4_3_the_magician_acts_before_the_witch() {
    // The Witch removes the Magician only after the Magician removed the King.
    let r = eval(
        Symbol::Art,
        &[
            (0, "king", None),
            (1, "magician", None),
            (2, "witch", None),
            (3, "assassin", None),
        ],
    );
    assert_eq!(removed(&r), vec!["king", "magician"]);
    assert_eq!(r.winner, Some(3));
}

#[test]
fn spec_6_4_4_d22_prince_and_squire_of_one_owner_win_even_a_beggar_column() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "king", None),
            (1, "squire", None),
            (2, "prince", None),
            (3, "beggar", None),
            (2, "disguise", Some("squire")),
            (1, "prince", None),
        ],
    );
    assert_eq!(r.mode, Mode::PrinceAndSquire);
    assert_eq!(
        r.winner,
        Some(1),
        "blue's Squire lies highest of both pairs"
    );
    assert!(r.sums.is_empty(), "no sums are computed");
    // Different owners do nothing; a Witch breaks a pair.
    let r = eval(Symbol::Art, &[(0, "prince", None), (1, "squire", None)]);
    assert_eq!(r.mode, Mode::Highest);
    let r = eval(
        Symbol::Art,
        &[
            (0, "prince", None),
            (0, "squire", None),
            (1, "witch", None),
            (1, "queen", None),
        ],
    );
    assert_eq!(removed(&r), vec!["squire"]);
    assert_eq!(r.winner, Some(1), "Queen 16 + Witch 1 beat the lone Prince");
}

#[test]
fn spec_6_4_5_d8_the_hermit_loses_one_per_other_card_counting_disguise_and_hidden_card() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "hermit", None),
            (1, "disguise", Some("romeo")),
            (2, "doppelganger", None),
        ],
    );
    assert_eq!(value_of(&r, 0, "hermit"), Some(24 - 2 * 3));
    assert_eq!(
        value_of(&r, 2, "doppelganger"),
        None,
        "bottom Doppelganger, no value"
    );
}

#[test]
fn spec_6_4_10_tom_thumb_gains_three_per_other_card() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "tom-thumb", None),
            (1, "disguise", Some("romeo")),
            (2, "king", None),
        ],
    );
    assert_eq!(value_of(&r, 0, "tom-thumb"), Some(4 + 6 * 3));
}

#[test]
fn spec_6_4_6_d6_the_doppelganger_copies_the_base_value_below_it_recomputed_after_removals() {
    // A copied Hermit is 12, a copied Romeo 5 even with Juliet.
    let r = eval(
        Symbol::Art,
        &[
            (0, "doppelganger", None),
            (1, "hermit", None),
            (1, "king", None),
        ],
    );
    assert_eq!(value_of(&r, 0, "doppelganger"), Some(24));
    let r = eval(
        Symbol::Art,
        &[
            (0, "juliet", None),
            (0, "doppelganger", None),
            (0, "romeo", None),
        ],
    );
    assert_eq!(value_of(&r, 0, "doppelganger"), Some(10));
    assert_eq!(value_of(&r, 0, "romeo"), Some(30));
    // Two Doppelgangers: the upper copies the lower, which copies the King.
    let r = eval(
        Symbol::Art,
        &[
            (0, "doppelganger", None),
            (1, "doppelganger", None),
            (2, "king", None),
        ],
    );
    assert_eq!(value_of(&r, 0, "doppelganger"), Some(40));
    // Copying the Queen, it goes with her when the Magician acts.
    let r = eval(
        Symbol::Art,
        &[
            (0, "doppelganger", None),
            (1, "queen", None),
            (2, "magician", None),
        ],
    );
    assert_eq!(removed(&r), vec!["doppelganger", "queen"]);
    // A Disguise below is copied as 0, not the card under it.
    let r = eval(
        Symbol::Art,
        &[(0, "doppelganger", None), (1, "disguise", Some("king"))],
    );
    assert_eq!(value_of(&r, 0, "doppelganger"), Some(0));
    // D-6: a Doppelganger hidden under a Disguise copies the next position below.
    let r = eval(
        Symbol::Art,
        &[(0, "disguise", Some("doppelganger")), (1, "queen", None)],
    );
    assert_eq!(value_of(&r, 0, "doppelganger"), Some(32));
}

#[test]
fn spec_6_3_d29_magician_and_witch_remove_simultaneously() {
    // Doppelganger above a Storm above a King: the Witch tests the Doppelganger as a copy
    // of the Storm (9) and removes both at once; it does not re-copy the King.
    let r = eval(
        Symbol::Art,
        &[
            (0, "doppelganger", None),
            (1, "storm", None),
            (2, "king", None),
            (3, "witch", None),
        ],
    );
    assert_eq!(removed(&r), vec!["doppelganger", "storm"]);
    assert_eq!(r.winner, Some(2));
}

#[test]
fn spec_6_4_7_d7_dragons_take_two_from_other_players_cards_stacking_with_one_floor() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "dragon", None),
            (1, "dragon", None),
            (2, "tom-thumb", None),
            (2, "witch", None),
            (0, "squire", None),
        ],
    );
    // Witch alone removes the Squire and Tom Thumb (base ≤ 9).
    assert_eq!(removed(&r), vec!["tom-thumb", "squire"]);
    assert_eq!(value_of(&r, 0, "dragon"), Some(22 - 4));
    assert_eq!(value_of(&r, 1, "dragon"), Some(22 - 4));
    assert_eq!(value_of(&r, 2, "witch"), Some(0), "1 − 4, floored at 0");
    // D-7: Tom Thumb under two enemy Dragons with 3 other cards: 2 + 9 − 4 = 7.
    let r = eval(
        Symbol::Art,
        &[
            (0, "dragon", None),
            (1, "dragon", None),
            (2, "tom-thumb", None),
            (2, "queen", None),
        ],
    );
    assert_eq!(value_of(&r, 2, "tom-thumb"), Some(4 + 18 - 8));
    assert_eq!(value_of(&r, 2, "queen"), Some(32 - 8));
}

#[test]
fn spec_6_4_8_romeo_is_15_with_his_owners_juliet() {
    let r = eval(Symbol::Art, &[(0, "romeo", None), (1, "juliet", None)]);
    assert_eq!(value_of(&r, 0, "romeo"), Some(10));
    let r = eval(
        Symbol::Art,
        &[(0, "romeo", None), (0, "disguise", Some("juliet"))],
    );
    assert_eq!(value_of(&r, 0, "romeo"), Some(30));
}

#[test]
fn spec_6_4_9_the_beggar_gives_the_column_to_the_lowest_total_ties_to_the_lower_card() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "beggar", None),
            (1, "king", None),
            (2, "disguise", None),
            (3, "doppelganger", None),
        ],
    );
    assert_eq!(r.mode, Mode::Lowest);
    assert_eq!(r.winner, Some(2), "a lone Disguise wins with 0");
    assert_eq!(
        sum_of(&r, 3),
        None,
        "a valueless Doppelganger is no contender"
    );
    let r = eval(
        Symbol::Art,
        &[
            (0, "beggar", None),
            (1, "squire", None),
            (1, "squire", None),
            (0, "disguise", None),
        ],
    );
    // Red: Beggar 4 + Disguise 0 = 4, Blue: 2 + 2 = 4: red's Disguise lies lowest.
    assert_eq!(r.winner, Some(0));
}

#[test]
fn spec_6_5_d13_ties_ignore_valueless_doppelgangers() {
    // Musketeers: the Doppelganger at position 1 has no value; red 11 and blue 11 tie.
    let r = eval(
        Symbol::Art,
        &[
            (0, "doppelganger", None),
            (1, "musketeers", None),
            (0, "musketeers", None),
            (1, "disguise", None),
        ],
    );
    assert_eq!(sum_of(&r, 0), Some(22));
    assert_eq!(sum_of(&r, 1), Some(22));
    assert_eq!(
        r.deciding_card.unwrap().card,
        card(1, "musketeers"),
        "the highest eligible card decides"
    );
    assert_eq!(r.winner, Some(1));
}

#[test]
fn spec_6_5_d14_a_column_without_contenders_is_won_by_nobody() {
    let r = eval(Symbol::Art, &[(0, "doppelganger", None)]);
    assert_eq!(r.winner, None);
    let r = eval(Symbol::Art, &[]);
    assert_eq!(r.winner, None);
}

#[test]
fn spec_6_6_d15_removed_and_hidden_cards_go_to_their_owners_discard_piles() {
    let mut s = table(
        2,
        vec![
            ("trade-1", vec![up(1, "king"), up(0, "magician")]),
            ("art-1", vec![up(1, "disguise")]),
        ],
    );
    s.columns[1].cards[0].hidden = Some(ch("queen"));
    set_hand(&mut s, 0, &["romeo", "juliet", "beggar"]);
    // Red's Romeo fills nothing new; every column is already full: the round ends.
    play(&mut s, 0, "romeo", 0);
    assert!(s.players[1].discard.contains(&ch("king")));
    assert!(s.players[1].discard.contains(&ch("queen")));
    assert!(s.players[1].discard.contains(&ch("disguise")));
    assert!(s.players[0].discard.contains(&ch("magician")));
}

#[test]
fn spec_6_2_half_points_the_assassin_is_9_and_a_half() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "assassin", None),
            (1, "storm", None),
            (1, "witch", None),
        ],
    );
    assert_eq!(removed(&r), vec!["storm"]);
    assert_eq!(sum_of(&r, 0), Some(19));
    assert_eq!(sum_of(&r, 1), Some(2));
}

#[test]
fn spec_6_1_d26_the_last_card_of_a_column_keeps_its_end_of_round_effect() {
    let r = eval(Symbol::Art, &[(0, "king", None), (1, "magician", None)]);
    assert_eq!(removed(&r), vec!["king"], "the bottom Magician acts");
}
