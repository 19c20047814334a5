//! What the other seats' influence cards say about their hands (issue 48, inference). In an
//! influence phase a hand only shrinks (§6.2), so in a sampled world each other seat's hand
//! at each of its plays this phase is the world's hand with the cards played since put back
//! (`LouisState::plays`, public) and, once the seat is done for the phase, the card it sent
//! back unplayed: the kind it played is weighed against the other kinds it held. A seat is
//! modelled as playing first the card of the tile it wants most: one whose chip its mission
//! cards (hidden, the world's) ask for, and where its stones could lead. A world that gives
//! the seat missions none of its plays served, or the tile it kept for later a better one
//! than the tile it played, is less likely.
//!
//! The board is read as it is now, not as it was at each play: the stones placed since this
//! phase began shift the "could lead" part a little, and every alternative alike.

use super::{
    data::{Chip, Symbol, TILES},
    state::{LouisState, JOKER, NEUTRAL},
};
use crate::{contract::Seat, observed::Observations};

/// The opponent model's temperature, in the values' units below (one mission symbol served).
pub const TEMPERATURE: f64 = 1.0;
/// What a tile where the seat's stones, with a card's three, would lead is worth.
const LEAD: f64 = 0.5;
/// What a seat gives up by playing its joker, which may go anywhere, before a tile card.
const JOKER_KEEP: f64 = 0.5;
/// A crown pays any symbol, but a seat with a plain chip's mission would rather have that
/// chip's tile: a crown tile counts this much per symbol.
const CROWN_SHARE: f64 = 0.5;

/// How much `seat` wants to play a card of tile `t` in `world`.
fn tile_value(world: &LouisState, seat: Seat, t: usize) -> f64 {
    let s = seat as usize;
    let chip = world.data.tile[t].reward.chip;
    let mut want = 0.0;
    if let Some(chip) = chip {
        for m in world.players[s].missions.iter() {
            for symbol in world.data.mission[m as usize].requires {
                want += match (symbol, chip) {
                    (Symbol::Any, _) => 0.0,
                    (_, Chip::Crown) => CROWN_SHARE,
                    (sym, c) if sym.chip() == Some(c) => 1.0,
                    _ => 0.0,
                };
            }
        }
    }
    let stones = &world.tiles[t].stones;
    let best_other = (0..world.n())
        .filter(|&o| o != s)
        .map(|o| stones[o])
        .chain(std::iter::once(stones[NEUTRAL]))
        .max()
        .unwrap_or(0);
    let reach = world.data.setup.personality_stones.min(3);
    if stones[s] + reach > best_other {
        want += LEAD;
    }
    want
}

/// The value of playing a card of `kind`, given each tile's value.
fn kind_value(values: &[f64; TILES], kind: u8) -> f64 {
    if kind == JOKER {
        values.iter().copied().fold(0.0, f64::max) - JOKER_KEEP
    } else {
        values[kind as usize]
    }
}

pub fn observed_decisions(world: &LouisState, observer: Seat, out: &mut Observations) {
    if world.plays.is_empty() {
        return;
    }
    let returned = world.returned_cards();
    for seat in (0..world.n() as Seat).filter(|&s| s != observer) {
        if !world.plays.iter().any(|p| p.seat == seat && !p.exchange) {
            continue;
        }
        let mut values = [0.0; TILES];
        for (t, v) in values.iter_mut().enumerate() {
            *v = tile_value(world, seat, t);
        }
        // The kinds held, counted: the world's hand and the card it sent back unplayed
        // (§6.2: its place under the deck is known, the card is the world's), then each play
        // taken back, latest first.
        let mut held = [0u8; TILES + 1];
        for c in world.players[seat as usize].influence.iter() {
            held[world.card_kind(c) as usize] += 1;
        }
        for &(_, at) in returned.iter().filter(|&&(s, _)| s == seat) {
            held[world.card_kind(world.influence_deck[at]) as usize] += 1;
        }
        for play in world.plays.iter().rev().filter(|p| p.seat == seat) {
            if play.exchange {
                // A card drawn unseen since: the hand before it is not known.
                break;
            }
            held[play.kind as usize] += 1;
            let kinds: Vec<u8> = (0..=JOKER).filter(|&k| held[k as usize] > 0).collect();
            let chosen = kinds
                .iter()
                .position(|&k| k == play.kind)
                .unwrap_or(usize::MAX);
            out.decision(chosen, kinds.iter().map(|&k| kind_value(&values, k)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_joker_is_worth_the_best_tile_less_keeping_it() {
        let mut values = [0.0; TILES];
        values[3] = 2.0;
        assert_eq!(kind_value(&values, 3), 2.0);
        assert_eq!(kind_value(&values, JOKER), 2.0 - JOKER_KEEP);
        assert_eq!(kind_value(&values, 0), 0.0);
    }
}
