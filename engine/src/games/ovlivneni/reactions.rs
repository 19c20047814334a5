//! Which effects may be chosen now (spec §6.2) and which reactions answer the top of the
//! stack (§7.1–§7.2).

use super::{
    cards::*,
    state::{other, Item, OvState, What},
};
use crate::contract::Seat;

impl OvState {
    /// §6.2 for `p` choosing `effect` for themselves (a main-phase play, or the effect a
    /// Licence would copy): effects naming a specific object need one (O-D22, O-D28).
    pub fn effect_possible(&self, p: Seat, effect: Effect) -> bool {
        let displayed = self.displayed();
        match (effect.card(), effect.is_b()) {
            (SLANDER, true) | (BODYGUARDS, false) => {
                !self.players[other(p) as usize].bases.is_empty()
            }
            (HISTORY, true) => !self.players[p as usize].discard.is_empty(),
            (AGENTS, true) | (BRIBES, true) => displayed >= 3,
            // §14: with an empty country deck 20A cannot be chosen.
            (REORGANISATION, false) => !self.country_deck.is_empty() && displayed > 0,
            (WEAKENING, true) | (WITHDRAWAL, true) | (DOMINANCE, _) => displayed > 0,
            _ => true,
        }
    }

    /// §5.3 / O-D12: reaction effects are never a main-phase action.
    pub fn main_play_legal(&self, p: Seat, effect: Effect) -> bool {
        effect.kind() != Kind::Reaction && self.effect_possible(p, effect)
    }

    /// §7.1: may `r` answer `top` (put there by the other player) with `card`?
    pub fn reaction_legal(&self, r: Seat, card: u8, top: &Item) -> bool {
        match (card, &top.what) {
            (INVESTMENT, What::Play { .. }) => true,
            // O-D14: Instant effects only, and only if `r` could choose it now; a Licence
            // item is itself a reaction, so it is never copied. Never in your own turn
            // (§7.2): there the top is always the opponent's reaction.
            (LICENCE, What::Play { effect, .. }) => {
                top.chosen_kind_is_instant() && self.effect_possible(r, *effect)
            }
            // §10 card 8: judged on the declared play (a Licence copy of an M gain counts).
            (COOPERATION, What::Play { effect, .. }) => effect.gains_m(),
            (INTEREST | INSURANCE, What::Capture { .. }) => true,
            _ => false,
        }
    }

    /// The reaction cards `r` could play on the top item now, in hand order.
    pub fn legal_reactions(&self, r: Seat) -> impl Iterator<Item = u8> + '_ {
        let top = self.stack.last();
        self.players[r as usize]
            .hand
            .iter()
            .copied()
            .filter(move |&c| top.is_some_and(|t| !t.cancelled && self.reaction_legal(r, c, t)))
    }
}
