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
    let best: Vec<u8> = Symbol::ALL
        .iter()
        .filter_map(|&s| {
            cards
                .iter()
                .filter(|c| c.symbol() == s)
                .map(|c| c.value())
                .max()
        })
        .collect();
    let doubled = (doubling && best.len() == 6).then(|| {
        let a: i32 = best.iter().map(|&v| v as i32).sum();
        2 * a - (cards.len() as i32 - 6)
    });
    (plain, doubled)
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
                score: doubled.map_or(plain as i32, |d| d.max(plain as i32)),
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
