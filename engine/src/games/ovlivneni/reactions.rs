//! Which effects may be chosen now (spec §6.2) and which reactions answer the top of the
//! stack (§7.1–§7.2).

use super::{
    cards::*,
    state::{other, Item, OvState, What},
};
use crate::contract::Seat;

/// The specific object an effect names (§6.2), per effect `card × 2 + half`.
#[derive(Clone, Copy)]
enum Need {
    Nothing,
    OpponentBase,
    OwnDiscard,
    ThreeCountries,
    CountryAndDeck,
    Country,
}

/// Whether an effect is a Reaction (§1.1), per effect.
const REACTION: [bool; 2 * CARD_COUNT] = {
    let mut t = [false; 2 * CARD_COUNT];
    let mut i = 0;
    while i < 2 * CARD_COUNT {
        t[i] = matches!(CARDS[i / 2].kinds[i % 2], Kind::Reaction);
        i += 1;
    }
    t
};

/// Cards with a Reaction effect, one bit per card.
const HAS_REACTION: u32 = {
    let mut mask = 0;
    let mut i = 0;
    while i < 2 * CARD_COUNT {
        if REACTION[i] {
            mask |= 1 << (i / 2);
        }
        i += 1;
    }
    mask
};

const NEEDS: [Need; 2 * CARD_COUNT] = {
    let mut t = [Need::Nothing; 2 * CARD_COUNT];
    t[Effect::new(SLANDER, true).0 as usize] = Need::OpponentBase;
    t[Effect::new(BODYGUARDS, false).0 as usize] = Need::OpponentBase;
    t[Effect::new(HISTORY, true).0 as usize] = Need::OwnDiscard;
    t[Effect::new(AGENTS, true).0 as usize] = Need::ThreeCountries;
    t[Effect::new(BRIBES, true).0 as usize] = Need::ThreeCountries;
    t[Effect::new(REORGANISATION, false).0 as usize] = Need::CountryAndDeck;
    t[Effect::new(WEAKENING, true).0 as usize] = Need::Country;
    t[Effect::new(WITHDRAWAL, true).0 as usize] = Need::Country;
    t[Effect::new(DOMINANCE, false).0 as usize] = Need::Country;
    t[Effect::new(DOMINANCE, true).0 as usize] = Need::Country;
    t
};

impl OvState {
    /// §6.2 for `p` choosing `effect` for themselves (a main-phase play, or the effect a
    /// Licence would copy): effects naming a specific object need one (O-D22, O-D28).
    #[inline]
    pub fn effect_possible(&self, p: Seat, effect: Effect) -> bool {
        match NEEDS[effect.0 as usize] {
            Need::Nothing => true,
            Need::OpponentBase => !self.players[other(p) as usize].bases.is_empty(),
            Need::OwnDiscard => !self.players[p as usize].discard.is_empty(),
            Need::ThreeCountries => self.displayed() >= 3,
            // §14: with an empty country deck 20A cannot be chosen.
            Need::CountryAndDeck => !self.country_deck.is_empty() && self.displayed() > 0,
            Need::Country => self.displayed() > 0,
        }
    }

    /// §5.3 / O-D12: reaction effects are never a main-phase action.
    #[inline]
    pub fn main_play_legal(&self, p: Seat, effect: Effect) -> bool {
        !REACTION[effect.0 as usize] && self.effect_possible(p, effect)
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
        // Most hands hold no reaction card: windows are the commonest random-game step.
        let top = self.stack.last().filter(|t| !t.cancelled);
        self.players[r as usize]
            .hand
            .iter()
            .copied()
            .filter(move |&c| {
                HAS_REACTION & (1 << c) != 0 && top.is_some_and(|t| self.reaction_legal(r, c, t))
            })
    }
}
