//! What the other seat's passes say about its hand (issue 48, inference). A seat that lets a
//! reaction window go by (§7.3) while holding a reaction that would have paid (Zúročení's 3B
//! on a capture, Spolupráce's 3M on a play that gains M, Pojištění's return of what it had
//! invested in the country being captured) is unlikely: in a sampled world whose hand for
//! that seat holds such a card, the pass weighs against the world.
//!
//! The record (`OvState::passes`) keeps only passes made with the hand the seat still holds
//! (it is emptied at each turn's start and when the seat plays a card), so the world's hand is
//! the hand of each decision; the legal reactions are judged on the world as it is now.

use super::{
    cards::{COOPERATION, INSURANCE, INTEREST, INVESTMENT, LICENCE},
    state::{OvState, Passed, What},
};
use crate::{contract::Seat, observed::Observations};

/// The opponent model's temperature, in resource points.
pub const TEMPERATURE: f64 = 1.0;
/// What a card kept in hand is worth: most cards' other effect gains 1–3 in the main phase.
const KEEP: f64 = 1.5;
/// What cancelling the other seat's play is worth (Investice 2B), or taking its instant
/// effect for oneself (Licence 12B): about a play's gain.
const PLAY: f64 = 2.0;

/// What answering `w` with `card` gains the seat, in resource points.
fn reaction_value(card: u8, w: &Passed) -> f64 {
    match (card, &w.item.what) {
        (INTEREST, What::Capture { .. }) => 3.0,
        (INSURANCE, What::Capture { .. }) => f64::from(w.invested),
        (COOPERATION, What::Play { .. }) => 3.0,
        (INVESTMENT | LICENCE, What::Play { .. }) => PLAY,
        _ => 0.0,
    }
}

pub fn observed_decisions(world: &OvState, observer: Seat, out: &mut Observations) {
    for w in world.passes.iter().filter(|w| w.seat != observer) {
        let hand = &world.players[w.seat as usize].hand;
        // Each reaction card once (a hand never holds two of one card: one deck per seat).
        let reactions = hand
            .iter()
            .copied()
            .filter(|&c| world.reaction_legal(w.seat, c, &w.item));
        out.decision(
            0,
            std::iter::once(0.0).chain(reactions.map(|c| reaction_value(c, w) - KEEP)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ovlivneni::state::Item;

    #[test]
    fn interest_on_a_capture_is_worth_more_than_keeping_the_card() {
        let w = Passed {
            seat: 1,
            item: Item {
                owner: 0,
                what: What::Capture { country: 3 },
                cancelled: false,
            },
            invested: 0,
        };
        assert!(reaction_value(INTEREST, &w) > KEEP);
        // Insurance with nothing invested returns nothing: keeping the card is better.
        assert!(reaction_value(INSURANCE, &w) < KEEP);
    }
}
