//! What the other seats' turns say about their hands (issue 48, inference): in a sampled
//! world, each other seat's hand is taken back turn by turn through the public record
//! (`FrState::turns`), and each decision it made is valued as it would have valued it with
//! that hand: which card it took from the discard area or left there for the deck, which it
//! discarded, which of two drawn cards it kept. A world whose hands make those choices look
//! poor (a card left in the area that would have scored well with the hand) is less likely.
//!
//! Cards a seat drew unseen are placed among its turns at random (from the world's own seed):
//! the observer cannot know which of them came when, and every order is equally likely.

use rand::{rngs::SmallRng, Rng, SeedableRng};

use super::{
    cards::Card,
    rules::{FrState, Step, TurnRecord},
    score::Declarations,
    search::total_with,
};
use crate::{contract::Seat, observed::Observations};

/// The opponent model's temperature in points of a hand's score.
pub const TEMPERATURE: f64 = 5.0;
/// What a seat expects a card drawn blind to add to a full hand, in points: taking from the
/// deck is as good as taking a card that adds this much.
const DECK_GAIN: f64 = 4.0;
/// Each other seat's most recent turns read: older ones cost time and, with more unseen draws
/// to place among them, say less.
const MAX_TURNS: usize = 8;

fn bit(c: Card) -> u64 {
    1u64 << c.0
}

fn cards(mask: u64) -> Vec<Card> {
    Card::all().filter(|&c| mask & bit(c) != 0).collect()
}

/// The plain score of the hand `mask` (every scoring choice undeclared).
fn score(mask: u64) -> f64 {
    total_with(&cards(mask), &Declarations::default()) as f64
}

/// The best score of `mask` less one card: a full hand with a card taken, before its discard.
fn best_after_discard(mask: u64) -> f64 {
    cards(mask)
        .into_iter()
        .map(|c| score(mask & !bit(c)))
        .fold(f64::NEG_INFINITY, f64::max)
}

/// One of the cards of `mask`, uniformly.
fn pick(mask: u64, rng: &mut SmallRng) -> Option<Card> {
    let n = mask.count_ones();
    if n == 0 {
        return None;
    }
    let k = rng.random_range(0..n);
    cards(mask).into_iter().nth(k as usize)
}

pub fn observed_decisions(world: &FrState, observer: Seat, out: &mut Observations) {
    if world.turns.is_empty() || world.is_over() {
        return;
    }
    for seat in (0..world.seats() as Seat).filter(|&s| s != observer) {
        one_seat(world, seat, out);
    }
}

/// The decisions of `seat`, its hand taken back from the world's, latest turn first.
fn one_seat(world: &FrState, seat: Seat, out: &mut Observations) {
    let turns: Vec<&TurnRecord> = world.turns.iter().filter(|t| t.seat == seat).collect();
    // The cards the seat publicly held before each of its turns: taken from the area and not
    // discarded since. No unseen draw can be one of them.
    let mut held = 0u64;
    let mut public_before = Vec::with_capacity(turns.len());
    for t in &turns {
        public_before.push(held);
        if let Some(x) = t.took {
            held |= bit(x);
        }
        if let Some(y) = t.discarded {
            held &= !bit(y);
        }
    }
    let mut hand = world.hands[seat as usize]
        .iter()
        .fold(0u64, |m, &c| m | bit(c));
    let mut rng = SmallRng::seed_from_u64(world.seed ^ ((u64::from(seat) + 1) * 0x9e37_79b9));
    for (k, t) in turns.iter().enumerate().rev().take(MAX_TURNS) {
        if t.drew_two {
            // Still choosing which of the two to keep: nothing decided yet.
            let Some(other) = t.discarded else { continue };
            let Some(kept) = pick(hand & !public_before[k], &mut rng) else {
                return;
            };
            hand &= !bit(kept);
            out.decision(0, [score(hand | bit(kept)), score(hand | bit(other))]);
            continue;
        }
        if let Some(y) = t.discarded {
            hand |= bit(y);
            let alts = cards(hand);
            let chosen = alts.iter().position(|&c| c == y).unwrap_or(usize::MAX);
            out.decision(chosen, alts.iter().map(|&c| score(hand & !bit(c))));
        }
        let taken = match (t.took, &world.step) {
            (Some(x), _) => Some(x),
            // The world's own card taken from the deck this turn, not yet discarded.
            (None, Step::Discard { taken }) if t.discarded.is_none() && world.to_move == seat => {
                Some(*taken)
            }
            (None, _) => pick(hand & !public_before[k], &mut rng),
        };
        let Some(taken) = taken else { return };
        if hand & bit(taken) == 0 {
            // The world cannot have made this turn (it should not happen): read no further.
            return;
        }
        hand &= !bit(taken);
        let area = cards(t.area);
        if hand.count_ones() >= 7 {
            let chosen = t.took.map_or(Some(0), |x| {
                area.iter().position(|&c| c == x).map(|i| i + 1)
            });
            let values = std::iter::once(score(hand) + DECK_GAIN)
                .chain(area.iter().map(|&c| best_after_discard(hand | bit(c))));
            out.decision(chosen.unwrap_or(usize::MAX), values);
        } else if let Some(x) = t.took {
            // Drafting: a card taken from the area into a hand still short of seven.
            let chosen = area.iter().position(|&c| c == x).unwrap_or(usize::MAX);
            out.decision(chosen, area.iter().map(|&c| score(hand | bit(c))));
        }
    }
}
