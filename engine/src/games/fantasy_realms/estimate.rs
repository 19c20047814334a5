//! What a Fantasy Realms hand will be worth at the end, for the AI's flat search (issue 15).
//!
//! The present score is the greedy player's yardstick and says nothing of a hand's room to
//! grow: a half-built combo scores little now and much later. This estimate plays the
//! seat's own remaining picks forward on one sample of the cards it has not seen: each
//! drafting pick the better of two random cards, each later turn one random card with the
//! worst of eight thrown away (by the plain score, §10 without choices), then scores the
//! final hand exactly, wild cards and Necromancer included (§11). The other seats are not
//! played: what the seat can still become is what separates its choices.
//!
//! Cards are drawn by rejection from random card numbers, so two states that differ by a
//! card or two draw mostly the same cards from the same random numbers: the flat search
//! compares its choices on the same seeds, and this keeps that comparison fair.

use std::{cell::RefCell, collections::HashMap};

use rand::{Rng, RngCore};

use super::{
    cards::{Card, DECK_SIZE},
    rules::{FrState, Step, Variant},
    score::Declarations,
    search::{best, total_with},
};
use crate::contract::Seat;

/// Draws before a card number lands in the pool are bounded (the pool is never empty when
/// a draw is asked for; this only guards the loop).
const MAX_TRIES: u32 = 4_096;

/// Exact scores kept per thread before the cache starts over (about 3 MB).
const CACHE_CAP: usize = 100_000;

thread_local! {
    /// Exact best scores by (hand, Necromancer extras) as card masks. Late in a game the
    /// samples end in the same few hands again and again, and a rare hand takes the exact
    /// search milliseconds: scored once, it is looked up after.
    static EXACT: RefCell<HashMap<(u64, u64), i32>> = RefCell::new(HashMap::new());
}

fn exact(hand: &[Card], extras: &[Card]) -> i32 {
    let key = (mask(hand), mask(extras));
    if let Some(total) = EXACT.with(|c| c.borrow().get(&key).copied()) {
        return total;
    }
    let total = best(hand, extras).total;
    EXACT.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_CAP {
            c.clear();
        }
        c.insert(key, total);
    });
    total
}

fn mask(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, &c| m | bit(c))
}

fn bit(c: Card) -> u64 {
    1u64 << c.0
}

fn plain(cards: &[Card]) -> i32 {
    total_with(cards, &Declarations::default())
}

/// A random card of `pool`, taken out of it.
fn draw(pool: &mut u64, rng: &mut dyn RngCore) -> Option<Card> {
    for _ in 0..MAX_TRIES {
        if *pool == 0 {
            return None;
        }
        let c = Card(rng.random_range(1..=DECK_SIZE));
        if *pool & bit(c) != 0 {
            *pool &= !bit(c);
            return Some(c);
        }
    }
    None
}

/// `hand` without the card whose loss lowers the plain score least.
fn drop_worst(hand: &mut Vec<Card>) {
    let mut best = (i32::MIN, 0);
    let mut rest = Vec::with_capacity(hand.len());
    for skip in 0..hand.len() {
        rest.clear();
        rest.extend(
            hand.iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, &c)| c),
        );
        let v = plain(&rest);
        if v > best.0 {
            best = (v, skip);
        }
    }
    hand.remove(best.1);
}

/// The better of `a` and `b` for `hand` by the plain score.
fn better(hand: &[Card], a: Card, b: Card) -> Card {
    let mut with = hand.to_vec();
    with.push(a);
    let va = plain(&with);
    *with.last_mut().expect("just pushed") = b;
    if plain(&with) > va {
        b
    } else {
        a
    }
}

/// The turns `seat` still has: (drafting picks, later draws). Two players: drafting until
/// both hold 7, then turns until 12 cards lie in the discard area. A draw of two adds a
/// discard and a take removes one; the drafting turns still to come are taken to mix the
/// two as the table has so far (a greedy table takes often, and then the game runs long),
/// every later turn as a draw from the deck, one discard each.
fn turns_left(state: &FrState, seat: Seat, hand_len: usize) -> (usize, usize) {
    let seats = state.seats();
    let discards = state.discard.len();
    match state.variant {
        Variant::TwoPlayer => {
            let lens = |s: usize, h: &Vec<Card>| {
                if s == seat as usize {
                    hand_len
                } else {
                    h.len()
                }
            };
            let held: usize = state
                .hands
                .iter()
                .enumerate()
                .map(|(s, h)| lens(s, h))
                .sum();
            let drafting: usize = state
                .hands
                .iter()
                .enumerate()
                .map(|(s, h)| 7usize.saturating_sub(lens(s, h)))
                .sum();
            // Until both hold 7 every card held was drafted: draws − takes = discards.
            let takes = held.saturating_sub(discards) / 2;
            let take_share = (takes as f64 + 1.0) / (held as f64 + 4.0);
            let end_of_draft = discards as f64 + drafting as f64 * (1.0 - 2.0 * take_share);
            let later = (12.0 - end_of_draft).max(0.0);
            (
                7usize.saturating_sub(hand_len),
                (later / 2.0).round() as usize,
            )
        }
        // Every turn adds one discard until 10 (§5.3); the seats share them in turn order.
        _ => {
            let left = 10usize.saturating_sub(discards);
            let after = (seat as usize + seats - state.to_move as usize) % seats;
            (0, left.saturating_sub(after).div_ceil(seats))
        }
    }
}

/// One sampled final score of `seat`'s hand (see the module's note), on a determinized
/// state. Chaotic Realms has no turns to play forward: its present exact score.
pub fn estimate(state: &FrState, seat: Seat, rng: &mut dyn RngCore) -> f64 {
    let s = seat as usize;
    if state.is_over() || state.variant == Variant::Chaotic {
        return state.scores[s].total as f64;
    }
    let mut hand = state.hands[s].clone();
    let mine = state.to_move == seat;
    // What the seat may still draw: the deck as this determinization holds it.
    let mut pool = mask(&state.deck);
    match state.step {
        Step::Keep { drawn } if mine => hand.push(better(&hand, drawn[0], drawn[1])),
        Step::Discard { .. } if mine => drop_worst(&mut hand),
        _ => {}
    }
    let (picks, draws) = turns_left(state, seat, hand.len());
    for _ in 0..picks {
        let (Some(a), Some(b)) = (draw(&mut pool, rng), draw(&mut pool, rng)) else {
            break;
        };
        hand.push(better(&hand, a, b));
    }
    for _ in 0..draws {
        let Some(c) = draw(&mut pool, rng) else { break };
        hand.push(c);
        drop_worst(&mut hand);
    }
    let extras: Vec<Card> = if hand.contains(&Card::NECROMANCER) {
        state
            .discard
            .iter()
            .map(|d| d.card)
            .filter(|c| c.suit().necromancer_eligible())
            .collect()
    } else {
        Vec::new()
    };
    exact(&hand, &extras) as f64
}

#[cfg(test)]
mod tests {
    use rand::{rngs::SmallRng, SeedableRng};

    use super::super::{rules::FrState, FantasyRealms};
    use crate::contract::Game;

    fn drafted(seed: u64, turns: usize) -> FrState {
        let mut state = FantasyRealms::new(&Default::default(), 2, seed).unwrap();
        let (mut ids, mut events) = (Vec::new(), Vec::new());
        for _ in 0..turns {
            let seat = state.turn().unwrap();
            ids.clear();
            FantasyRealms::legal_ids(&state, crate::Actor::Seat(seat), &mut ids);
            FantasyRealms::apply(&mut state, crate::Actor::Seat(seat), ids[0], &mut events)
                .unwrap();
        }
        state
    }

    /// Early in the draft a hand of two cards is worth far more than its present score, and
    /// the estimate is reproducible from its seed.
    #[test]
    fn an_early_hand_is_valued_by_what_it_can_become() {
        for seed in 0..10 {
            let state = drafted(seed, 4);
            let seat = state.turn().unwrap();
            let now = super::plain(&state.hands[seat as usize]) as f64;
            let mean = (0..50u64)
                .map(|k| super::estimate(&state, seat, &mut SmallRng::seed_from_u64(k)))
                .sum::<f64>()
                / 50.0;
            assert!(mean > now + 20.0, "seed {seed}: {mean} against {now} now");
            let a = super::estimate(&state, seat, &mut SmallRng::seed_from_u64(3));
            assert_eq!(
                a,
                super::estimate(&state, seat, &mut SmallRng::seed_from_u64(3))
            );
        }
    }

    /// At the end the estimate is the final score.
    #[test]
    fn a_finished_hand_is_its_final_score() {
        let mut state = drafted(2, 0);
        let (mut ids, mut events) = (Vec::new(), Vec::new());
        while let Some(seat) = state.turn() {
            ids.clear();
            FantasyRealms::legal_ids(&state, crate::Actor::Seat(seat), &mut ids);
            // The deck first: every draw brings the end nearer.
            let id = ids[0];
            FantasyRealms::apply(&mut state, crate::Actor::Seat(seat), id, &mut events).unwrap();
        }
        for seat in 0..2 {
            let e = super::estimate(&state, seat, &mut SmallRng::seed_from_u64(1));
            assert_eq!(e, state.scores[seat as usize].total as f64);
        }
    }
}
