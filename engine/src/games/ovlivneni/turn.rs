//! The turn of spec §5 and the resolution stack of §7.3: capture check, base income, the
//! main phase's actions, windows closing and items resolving, the end of the turn.

use super::{
    cards::{CardRef, Country, Effect, Kind, ENTERPRISE, ESPIONAGE, EXPERIENCE, FACTORY, SHARES},
    events::OvEvent,
    state::{other, Item, OvState, Phase, Prompt, What, HAND, SLOTS, TO_WIN},
};
use crate::contract::Seat;

/// What resolving an effect left to do.
pub enum Next {
    Done,
    Ask(super::state::PromptKind),
}

impl OvState {
    /// §5.1 step 1: the countries the active player qualifies for now, then their capture
    /// events one by one. Ends the game at the turn limit (a draw, an engine option).
    pub fn begin_turn(&mut self, events: &mut Vec<OvEvent>) {
        let limit = self.options.turn_limit;
        if limit > 0 && self.turn >= limit {
            self.phase = Phase::Over;
            events.push(OvEvent::TurnLimitDraw { turns: self.turn });
            return;
        }
        self.turn += 1;
        // Hands were refilled since: earlier passes say nothing of the hands now.
        self.passes.clear();
        events.push(OvEvent::TurnStarted {
            seat: self.active,
            turn: self.turn,
        });
        let p = self.active;
        // Evaluated once on the state at the start of the turn, never re-evaluated (§5.1.1).
        // The queue is refilled in place: random playouts begin hundreds of turns a game.
        let mut queue = std::mem::take(&mut self.capture_queue);
        queue.clear();
        queue.extend(
            (0..SLOTS)
                .filter(|&s| self.qualifies(p, s))
                .filter_map(|s| self.slots[s]),
        );
        self.capture_queue = queue;
        self.phase = Phase::Captures;
        self.advance(events);
    }

    /// Moves the game on until somebody must decide: closes cancelled items, opens the next
    /// capture event, finishes the capture step.
    pub fn advance(&mut self, events: &mut Vec<OvEvent>) {
        loop {
            if self.phase == Phase::Over || self.prompt.is_some() || self.decl.is_some() {
                return;
            }
            if let Some(top) = self.stack.last() {
                if !top.cancelled {
                    // A window is open on the top item (§7.3).
                    return;
                }
                // "A cancelled card cannot be reacted to further": it closes at once (§6.5).
                let item = self.stack.pop().expect("a top item");
                if let What::Play { card, .. } = item.what {
                    self.players[item.owner as usize].discard.push(card);
                    events.push(OvEvent::CancelledPlay {
                        card: CardRef::new(item.owner, card),
                    });
                }
                continue;
            }
            if self.phase != Phase::Captures {
                return;
            }
            if !self.capture_queue.is_empty() {
                let country = self.capture_queue.remove(0);
                events.push(OvEvent::Capturing {
                    seat: self.active,
                    country: Country(country),
                });
                self.stack.push(Item {
                    owner: self.active,
                    what: What::Capture { country },
                    cancelled: false,
                });
                return;
            }
            self.after_captures(events);
        }
    }

    /// §5.1 steps 3–4 and §5.2.
    fn after_captures(&mut self, events: &mut Vec<OvEvent>) {
        let p = self.active;
        if self.players[p as usize].captured.len() >= TO_WIN {
            self.phase = Phase::Over;
            self.winner = Some(p);
            events.push(OvEvent::Won { seat: p });
            return;
        }
        if !self.options.no_refill {
            self.refill(events);
        }
        // §5.2: base income is not a card play (no window, no Akcie, no doubling).
        for i in 0..self.players[p as usize].bases.len() {
            let card = self.players[p as usize].bases[i];
            let (b, m) = match card {
                ENTERPRISE => (1, 0),
                ESPIONAGE => (0, 1),
                EXPERIENCE => (1, 1),
                _ => continue,
            };
            let t = &mut self.players[p as usize].treasury;
            t[0] += b;
            t[1] += m;
            events.push(OvEvent::BaseIncome {
                seat: p,
                card: CardRef::new(p, card),
                b,
                m,
            });
        }
        self.phase = Phase::Main;
    }

    pub fn refill(&mut self, events: &mut Vec<OvEvent>) {
        for slot in 0..SLOTS {
            if self.slots[slot].is_none() {
                if let Some(c) = self.country_deck.pop() {
                    self.slots[slot] = Some(c);
                    self.inv[slot] = [[0; 2]; 2];
                    events.push(OvEvent::Refilled {
                        slot,
                        country: Country(c),
                    });
                }
            }
        }
    }

    /// §5.1.2.2: the country goes to the capturer; what is still invested goes to the bank.
    fn capture(&mut self, p: Seat, country: u8, events: &mut Vec<OvEvent>) {
        let Some(slot) = self.slot_of(country) else {
            return;
        };
        self.slots[slot] = None;
        self.inv[slot] = [[0; 2]; 2];
        let captured = &mut self.players[p as usize].captured;
        captured.push(country);
        events.push(OvEvent::Captured {
            seat: p,
            country: Country(country),
            total: captured.len(),
        });
    }

    /// The responder passed (or timed out): the top item leaves the stack and resolves.
    pub fn pass(&mut self, events: &mut Vec<OvEvent>) {
        let item = self.stack.pop().expect("a window is open on an item");
        let seat = other(item.owner);
        events.push(OvEvent::Passed { seat });
        let invested = match item.what {
            What::Capture { country } => self
                .slot_of(country)
                .map_or(0, |slot| self.inv[slot][seat as usize].iter().sum()),
            What::Play { .. } => 0,
        };
        // Without the play's parameters: only what was played matters here, and Posily's
        // (26B) name hand cards nobody else has seen.
        let what = match &item.what {
            What::Play {
                card,
                effect,
                licence,
                target,
                ..
            } => What::Play {
                card: *card,
                effect: *effect,
                licence: *licence,
                params: super::params::Params::None,
                target: *target,
            },
            w => w.clone(),
        };
        self.passes.push(super::state::Passed {
            seat,
            item: Item {
                owner: item.owner,
                what,
                cancelled: item.cancelled,
            },
            invested,
        });
        self.resolve(item, events);
        self.advance(events);
    }

    /// §6.6 (card plays) and §5.1.2.2 (captures).
    fn resolve(&mut self, item: Item, events: &mut Vec<OvEvent>) {
        match item.what {
            What::Capture { country } => self.capture(item.owner, country, events),
            What::Play { .. } => {
                let mut gains = [0; 2];
                match self.apply_effect(&item, &mut gains, events) {
                    Next::Done => self.finish_play(item, gains, events),
                    Next::Ask(kind) => self.prompt = Some(Prompt { item, gains, kind }),
                }
            }
        }
    }

    /// §6.7 place the card, §6.8 Akcie.
    pub fn finish_play(&mut self, item: Item, gains: [u32; 2], events: &mut Vec<OvEvent>) {
        let What::Play {
            card,
            effect,
            licence,
            ..
        } = item.what
        else {
            return;
        };
        let p = item.owner;
        let kind = if licence {
            Kind::Reaction
        } else {
            effect.kind()
        };
        match kind {
            Kind::Base => {
                self.players[p as usize].bases.push(card);
                events.push(OvEvent::BasePlaced {
                    card: CardRef::new(p, card),
                });
            }
            Kind::Status => {
                let replaced = self.status.replace((p, card));
                if let Some((o, c)) = replaced {
                    // O-D32: the old card goes to its own owner's discard pile.
                    self.players[o as usize].discard.push(c);
                }
                events.push(OvEvent::StatusPlaced {
                    card: CardRef::new(p, card),
                    replaced: replaced.map(|(o, c)| CardRef::new(o, c)),
                });
            }
            Kind::Instant | Kind::Reaction => self.players[p as usize].discard.push(card),
        }
        // §6.8 / §10 card 18: the opponent's Akcie answers a resolved gain effect.
        let q = other(p);
        if (gains[0] > 0 || gains[1] > 0) && self.players[q as usize].bases.contains(&SHARES) {
            let b = u32::from(gains[0] > 0);
            let m = u32::from(gains[1] > 0);
            let t = &mut self.players[q as usize].treasury;
            t[0] += b;
            t[1] += m;
            events.push(OvEvent::SharesIncome { seat: q, b, m });
        }
    }

    /// §5.3 "Activate Fabrika": not a card play, no window, no Ochranka (O-D17, O-D19).
    pub fn activate_factory(&mut self, events: &mut Vec<OvEvent>) {
        let p = self.active as usize;
        self.players[p].bases.retain(|&c| c != FACTORY);
        self.players[p].discard.push(FACTORY);
        self.doubling = true;
        events.push(OvEvent::FactoryActivated { seat: self.active });
    }

    /// §5.3 Invest: treasury → the player's side of one country.
    pub fn do_invest(&mut self, res: usize, slot: usize, amount: u32, events: &mut Vec<OvEvent>) {
        let p = self.active as usize;
        self.players[p].treasury[res] -= amount;
        self.inv[slot][p][res] += amount;
        events.push(OvEvent::Invested {
            seat: self.active,
            res,
            country: Country(self.slots[slot].expect("investing needs a country")),
            amount,
        });
    }

    /// §5.4 steps 2–3: draw up to five, doubling ends, the opponent's turn begins.
    pub fn end_turn(&mut self, events: &mut Vec<OvEvent>) {
        let p = self.active;
        let need = HAND.saturating_sub(self.players[p as usize].hand.len());
        if need > 0 {
            self.draw(p, need, events);
        }
        self.doubling = false;
        events.push(OvEvent::TurnEnded { seat: p });
        self.active = other(p);
        self.begin_turn(events);
    }

    /// Puts a finished declaration on the stack (§6.3): the card leaves the hand.
    pub fn put_on_stack(
        &mut self,
        who: Seat,
        card: u8,
        effect: Effect,
        licence: bool,
        params: super::params::Params,
        events: &mut Vec<OvEvent>,
    ) {
        self.take_from_hand(who, card);
        // A reaction answers the item on top (§7.3); a main-phase play finds the stack empty.
        let target = self.stack.len().checked_sub(1).map(|i| i as u8);
        let (shown, hidden) = match &params {
            super::params::Params::Cards(cards)
                if effect.card() == super::cards::REINFORCEMENTS =>
            {
                (super::params::Params::Cards(Vec::new()), cards.len())
            }
            p => (p.clone(), 0),
        };
        events.push(OvEvent::Declared {
            seat: who,
            card: CardRef::new(who, card),
            effect,
            licence,
            params: shown,
            hidden,
        });
        self.stack.push(Item {
            owner: who,
            what: What::Play {
                card,
                effect,
                licence,
                params,
                target,
            },
            cancelled: false,
        });
    }
}
