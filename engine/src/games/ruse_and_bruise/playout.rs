//! The search's playout policy: uniform play throws kings into columns already lost and
//! leaves valuable columns to whoever happens to drop a card there, so a playout said little
//! about who a position favours. This one contests the column whose lead it can take.
//!
//! Only at three and four seats, where it was measured not to hurt: at four, one `hard` seat
//! among three `normal` ones took 29.8 % of the first place with it against 27.3 % without
//! (550 games each); at three, `normal` with it against `normal` without took its equal
//! share (33.2 % of 200). At two, `hard` against `normal` scored 52.5 % with it against
//! 63.3 % without (100 games each); at six, `normal` with it came first in 10 % of 60 games,
//! below an equal seat's 17 %, and its p99 think time passed 250 ms. Five seats were not
//! measured. Elsewhere play stays uniform
//! (docs/ai-measurements.md, 2026-12-05, fourth session).

use rand::{Rng, RngCore};

use super::{
    cards::{Character, Symbol},
    rules::{Phase, RbState},
    HIDE, PLAY_STRIDE,
};
use crate::contract::{Actor, ChoiceId};

/// The share of moves played uniformly, so that playouts still cover what the policy
/// would never try (an Assassin's trap, a Beggar's low column).
const EXPLORE: f64 = 0.2;

/// A card's printed value in a column of `symbol` (half-points; the Doppelganger's is 0).
/// End-of-round effects are left out: the policy only has to be cheap and roughly right.
fn nominal(character: Character, symbol: Symbol) -> i32 {
    character.printed(symbol).unwrap_or(0)
}

/// The ordinary move that takes the lead in the most valuable column it can, with the
/// cheapest card that does it; where no card changes a lead, the cheapest card anywhere.
/// Ties are broken at random. `None` (uniform) for every other decision, and at other
/// than three or four seats.
pub fn rollout_choice(
    state: &RbState,
    actor: Actor,
    ids: &[ChoiceId],
    rng: &mut dyn RngCore,
) -> Option<ChoiceId> {
    let Actor::Seat(seat) = actor else {
        return None;
    };
    if !(3..=4).contains(&state.seats)
        || state.phase != Phase::Play
        || state.decision.is_some()
        || ids.len() < 2
        || rng.random_bool(EXPLORE)
    {
        return None;
    }
    // Each column's sum for the seat and the best sum of any other seat.
    let mut mine = [0i32; 6];
    let mut others = [0i32; 6];
    for (i, column) in state.columns.iter().enumerate().take(6) {
        let symbol = column.point.symbol();
        let mut sums = [0i32; 6];
        for placed in &column.cards {
            let hidden = placed.hidden.map_or(0, |h| nominal(h, symbol));
            sums[placed.owner as usize] += nominal(placed.character, symbol) + hidden;
        }
        mine[i] = sums[seat as usize];
        others[i] = (0..6)
            .filter(|&s| s != seat as usize)
            .map(|s| sums[s])
            .max()
            .unwrap_or(0);
    }
    let mut best = None;
    let mut best_key = (i32::MIN, i32::MIN);
    let mut ties = 0u32;
    for &id in ids {
        if id.0 >= HIDE {
            return None;
        }
        let character = Character::from_index((id.0 / PLAY_STRIDE) as u8);
        let c = (id.0 % PLAY_STRIDE) as usize;
        let column = state.columns.get(c)?;
        let value = nominal(character, column.point.symbol());
        let led = mine[c] > others[c];
        let leads = mine[c] + value > others[c];
        let gain = (leads as i32 - led as i32) * column.point.value() as i32;
        let key = (gain, -value);
        if key > best_key {
            (best, best_key, ties) = (Some(id), key, 1);
        } else if key == best_key {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = Some(id);
            }
        }
    }
    best
}
