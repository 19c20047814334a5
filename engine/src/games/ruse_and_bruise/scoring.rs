//! Final scoring (spec §7): the plain sum, or with all six symbols (and the option on) the
//! doubled best card of each symbol minus 1 per other card, whichever is higher (D-17).

use serde::{Deserialize, Serialize};

use super::cards::{PointCard, Symbol};
use crate::contract::Seat;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalScore {
    pub seat: Seat,
    pub cards: Vec<PointCard>,
    /// `S`: the sum of all values.
    pub plain: u32,
    /// `2A − k` when all six symbols are held and the option is on.
    pub doubled: Option<i32>,
    pub score: i32,
    /// 1 = best; tied players share the place (D-18).
    pub place: u8,
}

/// `max(S, 2A − k)` where `A` takes the highest card of each symbol (§7.3).
pub fn score(cards: &[PointCard], doubling: bool) -> (u32, Option<i32>) {
    let plain: u32 = cards.iter().map(|c| c.value() as u32).sum();
    // The best value of each symbol, 0 where none is held (values start at 1).
    let mut best = [0u8; Symbol::ALL.len()];
    for c in cards {
        let slot = &mut best[c.symbol() as usize];
        *slot = (*slot).max(c.value());
    }
    let doubled = (doubling && best.iter().all(|&v| v > 0)).then(|| {
        let a: i32 = best.iter().map(|&v| v as i32).sum();
        2 * a - (cards.len() as i32 - 6)
    });
    (plain, doubled)
}

/// The score of [`final_scores`]: the higher of the plain sum and the doubled one.
pub fn final_score(cards: &[PointCard], doubling: bool) -> i32 {
    let (plain, doubled) = score(cards, doubling);
    higher(plain, doubled)
}

fn higher(plain: u32, doubled: Option<i32>) -> i32 {
    doubled.map_or(plain as i32, |d| d.max(plain as i32))
}

pub fn final_scores(won: &[Vec<PointCard>], doubling: bool) -> Vec<FinalScore> {
    let mut out: Vec<FinalScore> = won
        .iter()
        .enumerate()
        .map(|(seat, cards)| {
            let (plain, doubled) = score(cards, doubling);
            FinalScore {
                seat: seat as Seat,
                cards: cards.clone(),
                plain,
                doubled,
                score: higher(plain, doubled),
                place: 0,
            }
        })
        .collect();
    let scores: Vec<i32> = out.iter().map(|f| f.score).collect();
    for f in &mut out {
        f.place = 1 + scores.iter().filter(|&&s| s > f.score).count() as u8;
    }
    out
}
