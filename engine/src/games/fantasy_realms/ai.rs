//! Fantasy Realms' playout policy for the search (issue 15). A random playout ends with a
//! random hand, which says nothing about the move that led to it; a leaf scored at once by the
//! hand's value is the greedy player's own yardstick. This policy plays the game out the way a
//! hasty player would: keep and take what raises the hand's plain score (§10 without scoring
//! choices, the 410 ns evaluation), throw away what lowers it least, with a share of random
//! moves so that the playouts still differ.

use rand::{Rng, RngCore};

use super::{
    cards::Card,
    rules::{ids, FrState, Step},
    score::Declarations,
    search::total_with,
};
use crate::contract::{Actor, ChoiceId};

/// The share of playout moves taken uniformly at random.
const EXPLORE: f64 = 0.15;
/// How much more than the hand's present score a discard must promise before it is taken
/// instead of a blind draw (a draw is worth something too: best of two while drafting).
const TAKE_MARGIN: i32 = 6;
/// A hand never holds more than 8 cards in the turn-based variants.
const MAX_HAND: usize = 9;

fn plain(cards: &[Card]) -> i32 {
    total_with(cards, &Declarations::default())
}

/// `hand` plus `card`, on the stack.
fn with(hand: &[Card], card: Card, buf: &mut [Card; MAX_HAND]) -> usize {
    buf[..hand.len()].copy_from_slice(hand);
    buf[hand.len()] = card;
    hand.len() + 1
}

/// `hand` without `card`, on the stack.
fn without(hand: &[Card], card: Card, buf: &mut [Card; MAX_HAND]) -> usize {
    let mut n = 0;
    for &c in hand.iter().filter(|&&c| c != card) {
        buf[n] = c;
        n += 1;
    }
    n
}

/// The id among `ids` with the best `value` (the first on ties, so a seed replays).
fn best_by(ids: &[ChoiceId], mut value: impl FnMut(ChoiceId) -> i32) -> Option<(ChoiceId, i32)> {
    let mut best: Option<(ChoiceId, i32)> = None;
    for &id in ids {
        let v = value(id);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((id, v));
        }
    }
    best
}

pub fn rollout_choice(
    state: &FrState,
    actor: Actor,
    legal: &[ChoiceId],
    rng: &mut dyn RngCore,
) -> Option<ChoiceId> {
    let Actor::Seat(seat) = actor else {
        return None;
    };
    if legal.len() < 2 || rng.random_bool(EXPLORE) {
        return None;
    }
    let hand = state.hands.get(seat as usize)?;
    if hand.len() >= MAX_HAND {
        return None;
    }
    let mut buf = [Card(0); MAX_HAND];
    let card = |id: ChoiceId| Card(id.0 as u8);
    match state.step {
        Step::Keep { .. } => best_by(legal, |id| {
            let n = with(hand, card(id), &mut buf);
            plain(&buf[..n])
        })
        .map(|(id, _)| id),
        Step::Discard { .. } => best_by(legal, |id| {
            let n = without(hand, card(id), &mut buf);
            plain(&buf[..n])
        })
        .map(|(id, _)| id),
        Step::Take | Step::Draft => {
            let deck = legal.iter().copied().find(|id| id.0 == ids::DECK);
            let now = plain(hand);
            let best = best_by(legal, |id| {
                if id.0 == ids::DECK {
                    return i32::MIN;
                }
                let n = with(hand, card(id), &mut buf);
                plain(&buf[..n])
            })
            .filter(|&(id, _)| id.0 != ids::DECK);
            // A full hand must keep the taken card and still gain: a card taken only to be
            // thrown back would loop the playout, since only draws bring the end nearer.
            let gain = |id: ChoiceId, v: i32, buf: &mut [Card; MAX_HAND]| {
                if state.step == Step::Draft {
                    return v - now;
                }
                let mut full = [Card(0); MAX_HAND];
                let n = with(hand, card(id), &mut full);
                hand.iter()
                    .map(|&r| {
                        let m = without(&full[..n], r, buf);
                        plain(&buf[..m])
                    })
                    .max()
                    .map_or(i32::MIN, |best| best - now)
            };
            match (best, deck) {
                (Some((id, v)), Some(_)) if gain(id, v, &mut buf) >= TAKE_MARGIN => Some(id),
                (_, Some(deck)) => Some(deck),
                (best, None) => best.map(|(id, _)| id),
            }
        }
        Step::Trading | Step::Over => None,
    }
}

#[cfg(test)]
mod tests {
    use rand::{rngs::SmallRng, Rng, SeedableRng};

    use super::super::FantasyRealms;
    use crate::contract::{Actor, Game, Seat};

    /// Whole games played by the policy alone: every move legal, every game over soon (a
    /// take thrown back at once would loop), and better hands than random play's.
    #[test]
    fn the_policy_plays_legal_games_to_the_end_with_better_hands_than_random() {
        for seats in [2, 4] {
            let (mut policy_total, mut random_total) = (0i64, 0i64);
            for seed in 0..20u64 {
                for guided in [true, false] {
                    let mut state = FantasyRealms::new(&Default::default(), seats, seed).unwrap();
                    let mut rng = SmallRng::seed_from_u64(seed);
                    let (mut ids, mut events) = (Vec::new(), Vec::new());
                    let mut steps = 0;
                    while let Some(seat) = state.turn() {
                        let actor = Actor::Seat(seat);
                        ids.clear();
                        FantasyRealms::legal_ids(&state, actor, &mut ids);
                        let choice = guided
                            .then(|| super::rollout_choice(&state, actor, &ids, &mut rng))
                            .flatten()
                            .unwrap_or_else(|| ids[rng.random_range(0..ids.len())]);
                        assert!(ids.contains(&choice));
                        FantasyRealms::apply(&mut state, actor, choice, &mut events).unwrap();
                        steps += 1;
                        assert!(steps < 400, "{seats} seats, seed {seed}: no end in sight");
                    }
                    let total: i64 = (0..seats as Seat)
                        .map(|s| FantasyRealms::heuristic(&state, s) as i64)
                        .sum();
                    if guided {
                        policy_total += total;
                    } else {
                        random_total += total;
                    }
                }
            }
            assert!(
                policy_total > random_total,
                "{seats} seats: {policy_total} against {random_total}"
            );
        }
    }
}
