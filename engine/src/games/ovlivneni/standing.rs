//! A quick estimate of a seat's standing in game points (captured countries), for the AI's
//! greedy player and the search's cut-off: what is captured, plus the countries on the way.

use super::{
    cards::CONFUSION,
    state::{other, OvState, Phase, SLOTS},
};
use crate::contract::Seat;

/// A country the seat qualifies for is captured at the start of its next turn unless the
/// opponent answers (§5.1, §7): most of a point.
const QUALIFIED: f64 = 0.6;
/// A lead in one resource counts by how much of the threshold it reaches, at most this.
const LEAD: f64 = 0.35;
/// Every resource a seat owns, in its treasury or invested (a threshold is 3–6). Invested
/// points count at least as much as uninvested ones, so that investing never looks like a
/// loss next to cancelling it (a greedy reader would otherwise go round in circles).
const PER_RESOURCE: f64 = 0.03;
/// A base pays every turn (§5.2) or guards the others (17B).
const PER_BASE: f64 = 0.1;

pub fn heuristic(s: &OvState, seat: Seat) -> f64 {
    let p = &s.players[seat as usize];
    let captured = p.captured.len() as f64;
    if s.phase == Phase::Over {
        return captured;
    }
    let confusion = s.status.map(|(_, c)| c) == Some(CONFUSION);
    let mut on_the_way = 0.0;
    for slot in 0..SLOTS {
        let Some(country) = s.slots[slot] else {
            continue;
        };
        if s.qualifies(seat, slot) {
            on_the_way += QUALIFIED;
            continue;
        }
        let [tb, tm] = s.thresholds(country);
        // §4: with Zmatek M counts half, so the raw M is compared with twice the threshold.
        let thresholds = [tb, if confusion { 2 * tm } else { tm }];
        let mine = s.inv[slot][seat as usize];
        let theirs = s.inv[slot][other(seat) as usize];
        let best = (0..2)
            .filter(|&r| mine[r] > theirs[r])
            .map(|r| (mine[r] as f64 / thresholds[r].max(1) as f64).min(1.0))
            .fold(0.0, f64::max);
        on_the_way += LEAD * best;
    }
    let invested: u32 = s
        .inv
        .iter()
        .map(|slot| slot[seat as usize][0] + slot[seat as usize][1])
        .sum();
    let owned = (p.treasury[0] + p.treasury[1] + invested) as f64;
    captured + on_the_way + PER_RESOURCE * owned + PER_BASE * p.bases.len() as f64
}
