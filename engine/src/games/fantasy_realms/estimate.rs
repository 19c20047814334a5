//! What a Fantasy Realms hand will be worth at the end, for the AI's flat search (issue 15).
//!
//! The present score is the greedy player's yardstick and says nothing of a hand's room to
//! grow: a half-built combo scores little now and much later. This estimate plays the
//! seat's own remaining picks forward on one sample of the cards it has not seen: each
//! drafting pick the better of two random cards, each later turn one random card with the
//! worst of eight thrown away, then scores the final hand exactly, wild cards and
//! Necromancer included (§11). The forward play judges hands by the plain score (§10) with
//! the scoring choices the exact score makes for the hand (wild cards, Book of Changes,
//! Island): without them a wild card counts as nothing and was the first card thrown away.
//! The other seats are not played: what the seat can still become is what separates its
//! choices.
//!
//! Cards are drawn by rejection from random card numbers, so two states that differ by a
//! card or two draw mostly the same cards from the same random numbers: the flat search
//! compares its choices on the same seeds, and this keeps that comparison fair.

use std::{cell::RefCell, collections::HashMap};

use rand::{Rng, RngCore, SeedableRng};

use super::{
    cards::{Card, DECK_SIZE},
    rules::{FrState, Step, Variant},
    score::Declarations,
    search::{best, best_choices, total_with},
};
use crate::contract::Seat;

/// Draws before a card number lands in the pool are bounded (the pool is never empty when
/// a draw is asked for; this only guards the loop).
const MAX_TRIES: u32 = 4_096;

/// Exact scores kept per thread before the cache starts over (about 12 MB).
const CACHE_CAP: usize = 400_000;

thread_local! {
    /// Exact best scores by (hand, Necromancer extras) as card masks. Late in a game the
    /// samples end in the same few hands again and again, and a rare hand takes the exact
    /// search milliseconds: scored once, it is looked up after.
    static EXACT: RefCell<HashMap<(u64, u64), i32>> = RefCell::new(HashMap::new());
    /// The exact score's choices by hand (see `choices`).
    static CHOICES: RefCell<HashMap<u64, Declarations>> = RefCell::new(HashMap::new());
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

/// A hand's plain score with fixed scoring choices: what the forward play judges hands by.
fn value(decl: &Declarations, cards: &[Card]) -> i32 {
    total_with(cards, decl)
}

/// The cards with a choice at scoring besides the Necromancer's (§11): without them the
/// plain score is the exact one.
const CHOOSERS: u64 = (1 << Card::ISLAND.0)
    | (1 << Card::BOOK_OF_CHANGES.0)
    | (1 << Card::SHAPESHIFTER.0)
    | (1 << Card::MIRAGE.0)
    | (1 << Card::DOPPELGANGER.0);

/// The scoring choices the forward play judges `hand` with: the exact score's (one exact
/// search per hand, cached), none for a hand without a card that has a choice. The play
/// keeps them until such a card joins the hand (`add`), not one search per hand it judges.
fn choices(hand: &[Card]) -> Declarations {
    if mask(hand) & CHOOSERS == 0 {
        return Declarations::default();
    }
    let key = mask(hand);
    if let Some(decl) = CHOICES.with(|c| c.borrow().get(&key).copied()) {
        return decl;
    }
    let decl = best_choices(hand, &[]).map_or_else(|_| Declarations::default(), |(_, d)| d);
    CHOICES.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_CAP {
            c.clear();
        }
        c.insert(key, decl);
    });
    decl
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

/// `hand` without the card whose loss lowers its value least.
fn drop_worst(decl: &Declarations, hand: &mut Vec<Card>) {
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
        let v = value(decl, &rest);
        if v > best.0 {
            best = (v, skip);
        }
    }
    hand.remove(best.1);
}

/// `card` added to `hand`, and the choices to judge the hand by from now on.
fn add(decl: &mut Declarations, hand: &mut Vec<Card>, card: Card) {
    hand.push(card);
    if bit(card) & CHOOSERS != 0 {
        *decl = choices(hand);
    }
}

/// The better of `a` and `b` for `hand` by its value (a card with a scoring choice judged
/// with its own choices).
fn better(decl: &Declarations, hand: &[Card], a: Card, b: Card) -> Card {
    let mut with = hand.to_vec();
    let mut judge = |card: Card| {
        with.truncate(hand.len());
        let mut d = *decl;
        add(&mut d, &mut with, card);
        value(&d, &with)
    };
    let va = judge(a);
    if judge(b) > va {
        b
    } else {
        a
    }
}

/// The turns `seat` still has after the present one: (drafting picks, later draws).
///
/// Two players: drafting until both hold 7, then turns until 12 cards lie in the discard
/// area, checked at the end of a turn (§6.4). A draw of two adds a discard and a take
/// removes one; the drafting turns still to come are taken to mix the two as the table has
/// so far (a greedy table takes often, and then the game runs long), every later turn as a
/// draw from the deck, one discard each, the seats alternating. A turn under way (a card to
/// keep, a card to throw away) already counts its discard, so the turn that ends the game
/// leaves nobody a later draw.
pub(super) fn turns_left(state: &FrState, seat: Seat, hand_len: usize) -> (usize, usize) {
    let seats = state.seats();
    let discards = state.discard.len();
    let mover = state.to_move as usize;
    let mid_turn = matches!(state.step, Step::Keep { .. } | Step::Discard { .. });
    match state.variant {
        Variant::TwoPlayer => {
            // Each hand as it will be once the turn under way is over.
            let len = |s: usize| {
                if s == seat as usize {
                    return hand_len;
                }
                let h = state.hands[s].len();
                match state.step {
                    Step::Keep { .. } if s == mover => h + 1,
                    Step::Discard { .. } if s == mover => h.saturating_sub(1),
                    _ => h,
                }
            };
            let drafting: usize = (0..seats).map(|s| 7usize.saturating_sub(len(s))).sum();
            let after_turn = discards + usize::from(mid_turn);
            let (later, starter) = if drafting > 0 {
                // Until both hold 7 every card held was drafted: draws − takes = discards.
                let held: usize = state.hands.iter().map(Vec::len).sum();
                let takes = held.saturating_sub(discards) / 2;
                let take_share = (takes as f64 + 1.0) / (held as f64 + 4.0);
                let end_of_draft = after_turn as f64 + drafting as f64 * (1.0 - 2.0 * take_share);
                let later = (12.0 - end_of_draft).max(0.0).round() as usize;
                (later, state.start as usize)
            } else {
                let next = if mid_turn { (mover + 1) % seats } else { mover };
                (12usize.saturating_sub(after_turn), next)
            };
            let mine = if starter == seat as usize {
                later.div_ceil(2)
            } else {
                later / 2
            };
            (7usize.saturating_sub(hand_len), mine)
        }
        // Every turn adds one discard until 10 (§5.3); the seats share them in turn order,
        // from the next turn on when the present one is under way.
        _ => {
            let left = 10usize.saturating_sub(discards + usize::from(mid_turn));
            let next = if mid_turn { (mover + 1) % seats } else { mover };
            let after = (seat as usize + seats - next) % seats;
            (0, left.saturating_sub(after).div_ceil(seats))
        }
    }
}

/// One sampled final score of `seat`'s hand (see the module's note), on a determinized
/// state. Chaotic Realms has no turns to play forward: its present exact score.
pub fn estimate(state: &FrState, seat: Seat, outer: &mut dyn RngCore) -> f64 {
    // One number from the caller's stream per call, whatever this estimate draws: the next
    // seat's estimate then draws the same numbers for every choice the search compares.
    let mut own = rand::rngs::SmallRng::seed_from_u64(outer.next_u64());
    let rng = &mut own;
    let s = seat as usize;
    if state.is_over() || state.variant == Variant::Chaotic {
        return state.scores[s].total as f64;
    }
    let mut hand = state.hands[s].clone();
    let mut decl = choices(&hand);
    let mine = state.to_move == seat;
    // What the seat may still draw: the deck as this determinization holds it.
    let mut pool = mask(&state.deck);
    match state.step {
        Step::Keep { drawn } if mine => {
            let card = better(&decl, &hand, drawn[0], drawn[1]);
            add(&mut decl, &mut hand, card);
        }
        Step::Discard { .. } if mine => drop_worst(&decl, &mut hand),
        _ => {}
    }
    let (picks, draws) = turns_left(state, seat, hand.len());
    for _ in 0..picks {
        let (Some(a), Some(b)) = (draw(&mut pool, rng), draw(&mut pool, rng)) else {
            break;
        };
        let card = better(&decl, &hand, a, b);
        add(&mut decl, &mut hand, card);
    }
    for _ in 0..draws {
        let Some(c) = draw(&mut pool, rng) else { break };
        add(&mut decl, &mut hand, c);
        drop_worst(&decl, &mut hand);
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
            let now = super::value(&Default::default(), &state.hands[seat as usize]) as f64;
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

    /// Two players at a turn with 11 discards: a deck draw ends the game with this turn, so
    /// nobody has a later draw; a take from the discard area leaves the other seat one.
    #[test]
    fn the_turn_that_ends_the_game_leaves_no_later_draw() {
        use super::super::rules::{ids, Step};
        use rand::Rng;
        let mut found = 0;
        for seed in 0..40u64 {
            let mut state = FantasyRealms::new(&Default::default(), 2, seed).unwrap();
            let mut rng = SmallRng::seed_from_u64(seed);
            let (mut ids, mut events) = (Vec::new(), Vec::new());
            while let Some(seat) = state.turn() {
                ids.clear();
                FantasyRealms::legal_ids(&state, crate::Actor::Seat(seat), &mut ids);
                if state.step == Step::Take && state.discard.len() == 11 {
                    let other = 1 - seat;
                    let mut drawn = state.clone();
                    let deck = crate::ChoiceId(ids::DECK);
                    FantasyRealms::apply(&mut drawn, crate::Actor::Seat(seat), deck, &mut events)
                        .unwrap();
                    assert_eq!(super::turns_left(&drawn, seat, 7), (0, 0));
                    assert_eq!(super::turns_left(&drawn, other, 7), (0, 0));
                    let take = *ids.iter().find(|id| id.0 != ids::DECK).unwrap();
                    let mut taken = state.clone();
                    FantasyRealms::apply(&mut taken, crate::Actor::Seat(seat), take, &mut events)
                        .unwrap();
                    assert_eq!(super::turns_left(&taken, seat, 7), (0, 0));
                    assert_eq!(super::turns_left(&taken, other, 7), (0, 1));
                    found += 1;
                    break;
                }
                let id = ids[rng.random_range(0..ids.len())];
                FantasyRealms::apply(&mut state, crate::Actor::Seat(seat), id, &mut events)
                    .unwrap();
            }
        }
        assert!(
            found >= 5,
            "only {found} tables reached 11 discards at a take"
        );
    }

    /// Each estimate takes one number from the caller's stream, however many cards it
    /// draws: the next seat's estimate draws the same numbers whatever came before.
    #[test]
    fn an_estimate_takes_one_number_from_the_callers_stream() {
        use rand::RngCore;
        for (a, b) in [(2, 9), (4, 13), (0, 20)] {
            let (early, late) = (drafted(a, a as usize), drafted(b, b as usize));
            let mut r1 = SmallRng::seed_from_u64(7);
            let mut r2 = SmallRng::seed_from_u64(7);
            super::estimate(&early, 0, &mut r1);
            super::estimate(&late, 1, &mut r2);
            assert_eq!(r1.next_u64(), r2.next_u64());
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
