//! The search's playout policy (`playout.rs`): not a rule, but what the search's estimate of
//! every position rests on.

use std::collections::BTreeMap;

use rand::{rngs::SmallRng, SeedableRng};

use super::*;

/// What the policy picks over `draws` calls (`None`: a uniform move), by choice id.
fn picks(s: &RbState, seat: Seat, draws: u64) -> BTreeMap<Option<u32>, u32> {
    let legal: Vec<ChoiceId> = ids(s, seat).into_iter().map(ChoiceId).collect();
    let mut out = BTreeMap::new();
    for seed in 0..draws {
        let mut rng = SmallRng::seed_from_u64(seed);
        let pick = RuseAndBruise::rollout_choice(s, Actor::Seat(seat), &legal, &mut rng);
        *out.entry(pick.map(|c| c.0)).or_default() += 1;
    }
    out
}

fn id(character: &str, column: u32) -> Option<u32> {
    Some(ch(character).index() as u32 * 8 + column)
}

#[test]
fn it_takes_the_most_valuable_lead_it_can() {
    // The King beats the Queen in the 5-point column; the cheap cards could only take the
    // empty 1-point column.
    let mut s = table(
        4,
        vec![("art-5", vec![down(1, "queen")]), ("trade-1", vec![])],
    );
    set_hand(&mut s, 0, &["king", "squire", "witch"]);
    let got = picks(&s, 0, 1000);
    assert_eq!(
        got.keys().copied().collect::<Vec<_>>(),
        vec![None, id("king", 0)]
    );
    let uniform = got[&None];
    assert!(
        (130..=270).contains(&uniform),
        "about a fifth uniform: {uniform}"
    );
}

#[test]
fn it_takes_a_lead_with_the_cheapest_card_that_does() {
    // Nothing beats the King; the Witch (1) takes the empty column as well as the Squire (2).
    let mut s = table(
        4,
        vec![("art-5", vec![down(1, "king")]), ("trade-1", vec![])],
    );
    set_hand(&mut s, 0, &["queen", "squire", "witch"]);
    let got = picks(&s, 0, 500);
    assert_eq!(
        got.keys().copied().collect::<Vec<_>>(),
        vec![None, id("witch", 1)]
    );
}

#[test]
fn with_no_lead_to_take_it_plays_its_cheapest_card_into_any_column() {
    // Seat 0 leads both columns already.
    let mut s = table(
        4,
        vec![
            ("art-5", vec![up(0, "king"), down(1, "squire")]),
            ("trade-3a", vec![up(0, "queen")]),
        ],
    );
    set_hand(&mut s, 0, &["juliet", "squire", "witch"]);
    let got = picks(&s, 0, 500);
    assert_eq!(
        got.keys().copied().collect::<Vec<_>>(),
        vec![None, id("witch", 0), id("witch", 1)],
        "both columns, at random"
    );
    assert!(
        got[&id("witch", 0)] > 100 && got[&id("witch", 1)] > 100,
        "{got:?}"
    );
}

#[test]
fn a_symbol_character_counts_its_own_symbol_value() {
    // In a trade column the Merchant is worth 12 (§6.2), above the Alchemist's 8; at its
    // printed 8 it would only tie.
    let mut s = table(
        4,
        vec![
            ("trade-4", vec![down(1, "alchemist")]),
            ("art-1", vec![up(1, "queen")]),
        ],
    );
    set_hand(&mut s, 0, &["merchant", "witch", "squire"]);
    let got = picks(&s, 0, 500);
    assert_eq!(
        got.keys().copied().collect::<Vec<_>>(),
        vec![None, id("merchant", 0)]
    );
}

#[test]
fn other_decisions_are_left_to_uniform_play() {
    let mut s = table(4, vec![("art-5", vec![]), ("trade-1", vec![])]);
    s.decision = Some(Decision::Traitor {
        owner: 0,
        column: 0,
    });
    assert_eq!(
        picks(&s, 0, 200).keys().copied().collect::<Vec<_>>(),
        vec![None]
    );
}

#[test]
fn only_three_and_four_seats_use_it() {
    for seats in 2..=6 {
        let mut s = table(
            seats,
            vec![("art-5", vec![down(1, "queen")]), ("trade-1", vec![])],
        );
        set_hand(&mut s, 0, &["king", "squire", "witch"]);
        let policy = picks(&s, 0, 200).contains_key(&id("king", 0));
        assert_eq!(policy, (3..=4).contains(&seats), "{seats} seats");
    }
}
