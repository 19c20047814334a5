//! The end of the game (§5.3, §7.3): the Necromancer's take, the final scores and the
//! places.

use super::{bit, FrEvent, FrState, Step, Variant};
use crate::contract::Seat;
use crate::games::fantasy_realms::{
    cards::{Card, DECK_SIZE},
    search::best,
};

impl FrState {
    pub(super) fn finish(&mut self, events: &mut Vec<FrEvent>) {
        self.offers.clear();
        self.answers.clear();
        self.partial.iter_mut().for_each(|p| *p = None);
        let holder = self.necromancer_holder();
        for seat in 0..self.seats() as Seat {
            let extras = if Some(seat) == holder {
                match self.variant {
                    Variant::Chaotic => {
                        // The holder looks at the top three deck cards (D22).
                        let top: Vec<Card> = self.deck.iter().rev().take(3).copied().collect();
                        for &c in &top {
                            self.known[seat as usize] |= bit(c);
                        }
                        top
                    }
                    _ => self.necromancer_choices(),
                }
            } else {
                Vec::new()
            };
            let scored = best(&self.hands[seat as usize], &extras);
            if let Some(card) = scored.declarations.necromancer {
                if let Some(i) = self.discard.iter().position(|d| d.card == card) {
                    self.discard.remove(i);
                } else {
                    self.deck.retain(|&c| c != card);
                }
                self.add_to_hand(seat, card);
                events.push(FrEvent::NecromancerTook { seat, card });
            }
            self.scores.set(seat as usize, scored);
        }
        // Scores list the hand with the extra card last; keep the hands sorted for views.
        for hand in &self.hands {
            for &c in hand {
                self.public |= bit(c);
            }
        }
        self.step = Step::Over;
        for seat in 0..self.seats() as Seat {
            events.push(FrEvent::FinalScore {
                seat,
                total: self.scores[seat as usize].total,
            });
        }
        events.push(FrEvent::GameOver);
    }

    /// §5.3, D16: the printed base strengths of every card held at scoring.
    pub fn base_sum(&self, seat: Seat) -> i32 {
        self.hands[seat as usize]
            .iter()
            .map(|c| c.base() as i32)
            .sum()
    }

    /// Places: higher total first, then lower base sum; still equal = shared place.
    pub fn places(&self) -> Vec<u8> {
        let key = |s: usize| (self.scores[s].total, -self.base_sum(s as Seat));
        (0..self.seats())
            .map(|s| 1 + (0..self.seats()).filter(|&o| key(o) > key(s)).count() as u8)
            .collect()
    }
}

/// All 53 cards are in exactly one place (§13).
pub fn cards_conserved(state: &FrState) -> bool {
    let mut seen = 0u64;
    let mut count = 0;
    let all = state
        .deck
        .iter()
        .chain(state.hands.iter().flatten())
        .chain(state.discard.iter().map(|d| &d.card));
    for &c in all {
        seen |= bit(c);
        count += 1;
    }
    count == DECK_SIZE as usize && seen.count_ones() == DECK_SIZE as u32
}
