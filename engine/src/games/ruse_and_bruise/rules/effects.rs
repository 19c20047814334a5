//! The immediate effects (§5): a card flipped face up above the bottom card acts at once;
//! the Disguise and the Traitor wait for their owner's decision (§9 decisions 2 and 3).

use super::{Decision, Log, Placed, RbEvent, RbState};
use crate::games::ruse_and_bruise::cards::Character;

impl RbState {
    /// If the card above the bottom card of `column` is face down, flip it and resolve its
    /// immediate effect (§4.2 step 2).
    pub(super) fn flip_above_bottom(&mut self, column: u8, events: &mut Log) {
        let cards = &mut self.columns[column as usize].cards;
        let n = cards.len();
        if n < 2 || cards[n - 2].face_up {
            return;
        }
        let above = &mut cards[n - 2];
        above.face_up = true;
        above.known = false;
        let (owner, character) = (above.owner, above.character);
        let card = self.card(owner, character);
        events.push(|| RbEvent::Flipped { column, card });
        let at = n - 2;
        match character {
            Character::Explorer => self.explorer(column, at, events),
            Character::Assassin => {
                // §5.2: the card that flipped it (the bottom card) goes to its owner's pile.
                let victim = self.columns[column as usize].cards.remove(at + 1);
                self.players[victim.owner as usize]
                    .discard
                    .push(victim.character);
                events.push(|| RbEvent::Killed {
                    card: self.card(victim.owner, victim.character),
                    by: card,
                    column,
                });
            }
            Character::Storm => {
                self.columns[column as usize].closed = true;
                events.push(|| RbEvent::StormClosed { card, column });
            }
            Character::Disguise => {
                if self.players[owner as usize].hand.is_empty() {
                    events.push(|| RbEvent::DisguiseEmptyHand {
                        seat: owner,
                        column,
                    });
                } else {
                    self.decision = Some(Decision::Disguise {
                        owner,
                        column,
                        position: at as u8,
                    });
                }
            }
            Character::Traitor => {
                self.decision = Some(Decision::Traitor { owner, column });
            }
            _ => {}
        }
    }

    /// Spec §5.1: the Explorer moves face down to the next open column to the right.
    fn explorer(&mut self, column: u8, at: usize, events: &mut Log) {
        let placed = self.columns[column as usize].cards[at];
        let card = self.card(placed.owner, placed.character);
        let n = self.seats;
        let mut to = column;
        let destination = loop {
            // The next column, wrapping (no division: this is on every Explorer's path).
            to = if to + 1 >= n { 0 } else { to + 1 };
            if to == column {
                break None;
            }
            if !self.columns[to as usize].closed {
                break Some(to);
            }
        };
        let (false, Some(to)) = (placed.moved == self.turn, destination) else {
            // Already moved this turn, or every other column is closed (D-11).
            events.push(|| RbEvent::ExplorerStays { card, column });
            return;
        };
        self.columns[column as usize].cards.remove(at);
        self.columns[to as usize].cards.push(Placed {
            face_up: false,
            moved: self.turn,
            known: true,
            ..placed
        });
        events.push(|| RbEvent::ExplorerMoved {
            card,
            from: column,
            to,
        });
        self.flip_above_bottom(to, events);
    }

    /// §5.4: hide a hand card under the Disguise (or not), then the turn goes on.
    pub fn resolve_disguise(&mut self, hide: Option<Character>, events: &mut Log) {
        let Some(Decision::Disguise {
            owner,
            column,
            position,
        }) = self.decision.take()
        else {
            unreachable!("checked legal")
        };
        match hide {
            Some(character) => {
                let hand = &mut self.players[owner as usize].hand;
                let at = hand.iter().position(|&c| c == character).expect("legal");
                hand.remove(at);
                self.columns[column as usize].cards[position as usize].hidden = Some(character);
                events.push(|| RbEvent::Hid {
                    seat: owner,
                    column,
                });
                events.push(|| RbEvent::HidCard {
                    seat: owner,
                    card: self.card(owner, character),
                });
                // D-9: the owner refills at once.
                self.draw_one(owner, events);
            }
            None => events.push(|| RbEvent::HidNothing {
                seat: owner,
                column,
            }),
        }
        self.finish_turn(events);
    }

    /// §5.5: swap the point cards of the Traitor's column and `other` (or not).
    pub fn resolve_traitor(&mut self, other: Option<u8>, events: &mut Log) {
        let Some(Decision::Traitor { owner, column }) = self.decision.take() else {
            unreachable!("checked legal")
        };
        match other {
            Some(other) => {
                let (a, b) = (column as usize, other as usize);
                let pa = self.columns[a].point;
                self.columns[a].point = self.columns[b].point;
                self.columns[b].point = pa;
                events.push(|| RbEvent::Swapped {
                    seat: owner,
                    column,
                    other,
                    now: [self.columns[a].point, self.columns[b].point],
                });
            }
            None => events.push(|| RbEvent::NoSwap {
                seat: owner,
                column,
            }),
        }
        self.finish_turn(events);
    }
}
