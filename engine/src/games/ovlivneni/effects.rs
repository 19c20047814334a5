//! Every card effect as the algorithm of spec §10. "You" is the item's owner (for a
//! Licence copy: the copier); targets were declared at play (O-D9) and apply "as far as
//! still possible" (§6.6).

use super::{
    cards::*,
    events::OvEvent,
    params::Params,
    state::{other, Item, OvState, PromptKind, What},
    turn::Next,
};
use crate::contract::Seat;

impl OvState {
    /// Gains from the bank; B doubled while the player's Fabrika is on (§11.2).
    fn gain(&mut self, p: Seat, b: u32, m: u32, gains: &mut [u32; 2], events: &mut Vec<OvEvent>) {
        let b = if self.doubles(p) { 2 * b } else { b };
        let t = &mut self.players[p as usize].treasury;
        t[B] += b;
        t[M] += m;
        gains[B] += b;
        gains[M] += m;
        if b + m > 0 {
            events.push(OvEvent::Gained { seat: p, b, m });
        }
    }

    /// §11.2: only the active player's own plays are doubled (never the opponent's copy).
    pub fn doubles(&self, p: Seat) -> bool {
        self.doubling && p == self.active
    }

    pub fn apply_effect(
        &mut self,
        item: &Item,
        gains: &mut [u32; 2],
        events: &mut Vec<OvEvent>,
    ) -> Next {
        let What::Play {
            effect,
            params,
            target,
            ..
        } = &item.what
        else {
            return Next::Done;
        };
        let you = item.owner;
        let opp = other(you);
        match (effect.card(), effect.is_b()) {
            (OPPORTUNITY, false) => self.gain(you, 1, 0, gains, events),
            (OPPORTUNITY, true) => {
                self.draw(you, 1, events);
            }
            (INVESTMENT, false) => self.gain(you, 2, 0, gains, events),
            // §10 card 2: the answered play is cancelled; the window on it closes (§7.3).
            (INVESTMENT, true) => {
                if let Some(t) = target.and_then(|t| self.stack.get_mut(t as usize)) {
                    t.cancelled = true;
                }
            }
            (OPTIMISATION, false) => self.gain(you, 3, 0, gains, events),
            (OPTIMISATION, true) => self.move_points(you, M, params, events),
            (SLANDER, false) => self.gain(you, 0, 1, gains, events),
            (SLANDER, true) | (BODYGUARDS, false) => {
                if let Params::Base(card) = params {
                    self.remove_base(opp, *card, events);
                }
            }
            (HISTORY, false) => self.gain(you, 0, 2, gains, events),
            (HISTORY, true) => {
                if let Params::Cards(cards) = params {
                    let player = &mut self.players[you as usize];
                    if let Some(i) = cards
                        .first()
                        .and_then(|c| player.discard.iter().position(|d| d == c))
                    {
                        let card = player.discard.remove(i);
                        player.hand.push(card);
                        player.public_hand.push(card);
                        events.push(OvEvent::TookFromDiscard {
                            card: CardRef::new(you, card),
                        });
                    }
                }
            }
            (DECLINE, false) => self.gain(you, 0, 3, gains, events),
            (INTEREST, false) => self.gain(you, 1, 0, gains, events),
            (INTEREST, true) => self.gain(you, 3, 0, gains, events),
            (COOPERATION, false) => self.gain(you, 0, 1, gains, events),
            (COOPERATION, true) => self.gain(you, 0, 3, gains, events),
            (EXTORTION, false) => self.convert(you, M, params, events),
            // §10 card 9: h counts the hand without the played card; discard first (§9).
            (EXTORTION, true) => {
                let hand = self.players[you as usize].hand.clone();
                self.discard_from_hand(you, &hand, events);
                self.draw(you, hand.len(), events);
            }
            (WEAKENING, true) => {
                if let Params::Withdraw { country, b, m } = params {
                    if let Some(slot) = self.slot_of(*country) {
                        let inv = &mut self.inv[slot][you as usize];
                        let b = (*b).min(inv[B]);
                        let m = (*m).min(inv[M]);
                        inv[B] -= b;
                        inv[M] -= m;
                        let t = &mut self.players[you as usize].treasury;
                        t[B] += b;
                        t[M] += m;
                        events.push(OvEvent::Withdrew {
                            seat: you,
                            country: Country(*country),
                            b,
                            m,
                        });
                    }
                }
            }
            (PLANNING, false) => return self.look(you, 5, events),
            (PLANNING, true) => return self.draw_then_discard(you, 2, 1, events),
            (LICENCE, false) => self.gain(you, 2, 0, gains, events),
            // O-D18: your own bases at resolution; with none it gains nothing.
            (FACTORY, true) => {
                let n = self.players[you as usize].bases.len() as u32;
                self.gain(you, n, 0, gains, events);
            }
            (ENTERPRISE, true) => return self.draw_then_discard(you, 3, 2, events),
            (ESPIONAGE, true) => self.move_points(you, B, params, events),
            // §9: the first chosen card ends on top.
            (EXPERIENCE, false) => {
                if let Params::Cards(cards) = params {
                    let player = &mut self.players[you as usize];
                    let mut put = Vec::new();
                    for &c in cards.iter().rev() {
                        if let Some(i) = player.discard.iter().position(|&d| d == c) {
                            player.discard.remove(i);
                            player.deck.push(c);
                            put.push(c);
                        }
                    }
                    put.reverse();
                    player.known_top = player.known_top.saturating_add(put.len() as u8);
                    player.public_top = player.public_top.saturating_add(put.len() as u8);
                    events.push(OvEvent::PutOnDeck {
                        seat: you,
                        cards: put.iter().map(|&c| CardRef::new(you, c)).collect(),
                    });
                }
            }
            (SHARES, true) => self.gain(you, 0, 2, gains, events),
            (WITHDRAWAL, false) => self.gain(you, 2, 0, gains, events),
            (WITHDRAWAL, true) => {
                if let Params::CountryRes(country, res) = params {
                    if let Some(slot) = self.slot_of(*country) {
                        let res = *res as usize;
                        let amount = std::mem::take(&mut self.inv[slot][you as usize][res]);
                        self.players[you as usize].treasury[res] += amount;
                        let (b, m) = if res == B { (amount, 0) } else { (0, amount) };
                        events.push(OvEvent::Withdrew {
                            seat: you,
                            country: Country(*country),
                            b,
                            m,
                        });
                    }
                }
            }
            // §10 card 20, O-D24: the old country leaves the game; works with no_refill.
            (REORGANISATION, false) => {
                if let Params::Country(country) = params {
                    if let Some(slot) = self.slot_of(*country) {
                        self.removed.push(*country);
                        self.inv[slot] = [[0; 2]; 2];
                        self.slots[slot] = self.country_deck.pop();
                        events.push(OvEvent::CountryReplaced {
                            old: Country(*country),
                            new: self.slots[slot].map(Country),
                        });
                    }
                }
            }
            (REORGANISATION, true) => self.gain(you, 0, 2, gains, events),
            // Not a gain effect, never doubled by Fabrika (§10 card 21, §11.2).
            (DOMINANCE, false) => {
                if let Params::Country(country) = params {
                    if let Some(slot) = self.slot_of(*country) {
                        let inv = &mut self.inv[slot][you as usize][B];
                        *inv *= 2;
                        events.push(OvEvent::DoubledB {
                            seat: you,
                            country: Country(*country),
                            now: *inv,
                        });
                    }
                }
            }
            (DOMINANCE, true) => {
                if let Params::Country(country) = params {
                    if let Some(slot) = self.slot_of(*country) {
                        let amount = std::mem::take(&mut self.inv[slot][opp as usize][M]);
                        events.push(OvEvent::RemovedM {
                            seat: opp,
                            country: Country(*country),
                            amount,
                        });
                    }
                }
            }
            (AGENTS, false) => self.gain(you, 1, 0, gains, events),
            (AGENTS, true) => self.gain_invested(you, M, params, gains, events),
            (INSURANCE, false) => self.gain(you, 0, 1, gains, events),
            // O-D20: only your investments in the country being captured come back.
            (INSURANCE, true) => {
                let captured = target.and_then(|t| match self.stack.get(t as usize) {
                    Some(Item {
                        what: What::Capture { country },
                        ..
                    }) => Some(*country),
                    _ => None,
                });
                if let Some(slot) = captured.and_then(|c| self.slot_of(c)) {
                    let inv = std::mem::take(&mut self.inv[slot][you as usize]);
                    let t = &mut self.players[you as usize].treasury;
                    t[B] += inv[B];
                    t[M] += inv[M];
                    events.push(OvEvent::Insured {
                        seat: you,
                        country: Country(self.slots[slot].expect("a displayed country")),
                        b: inv[B],
                        m: inv[M],
                    });
                }
            }
            (BRIBES, false) => self.convert(you, B, params, events),
            (BRIBES, true) => self.gain_invested(you, B, params, gains, events),
            (CONFUSION, false) => self.gain(you, 2, 0, gains, events),
            (REINFORCEMENTS, false) => self.gain(you, 0, 2, gains, events),
            // §10 card 26: discard what is still in hand of the declared cards, draw as many.
            (REINFORCEMENTS, true) => {
                if let Params::Cards(cards) = params {
                    let before = self.players[you as usize].discard.len();
                    self.discard_from_hand(you, cards, events);
                    let k = self.players[you as usize].discard.len() - before;
                    self.draw(you, k, events);
                }
            }
            (DILIGENCE, false) => return self.look(you, 3, events),
            (DILIGENCE, true) => self.gain(you, 1, 1, gains, events),
            // Base and Status effects act by being placed (§6.7, §8); reactions above.
            _ => {}
        }
        Next::Done
    }

    /// 3B, 15B: each declared entry moves one point if it is still there (§6.6).
    fn move_points(&mut self, you: Seat, res: usize, params: &Params, events: &mut Vec<OvEvent>) {
        let Params::Moves(moves) = params else {
            return;
        };
        for &(from, to) in moves {
            let (Some(f), Some(t)) = (self.slot_of(from), self.slot_of(to)) else {
                continue;
            };
            if self.inv[f][you as usize][res] == 0 {
                continue;
            }
            self.inv[f][you as usize][res] -= 1;
            self.inv[t][you as usize][res] += 1;
            events.push(OvEvent::Moved {
                seat: you,
                res,
                from: Country(from),
                to: Country(to),
            });
        }
    }

    /// 9A, 24A: one point of `from` becomes one of the other resource in the same place.
    fn convert(&mut self, you: Seat, from: usize, params: &Params, events: &mut Vec<OvEvent>) {
        let Params::Converts(sources) = params else {
            return;
        };
        let to = 1 - from;
        for &source in sources {
            let place = match source {
                None => &mut self.players[you as usize].treasury,
                Some(c) => match self.slot_of(c) {
                    Some(slot) => &mut self.inv[slot][you as usize],
                    None => continue,
                },
            };
            if place[from] == 0 {
                continue;
            }
            place[from] -= 1;
            place[to] += 1;
            events.push(OvEvent::Converted {
                seat: you,
                from_res: from,
                place: source.map(Country),
            });
        }
    }

    /// 22B, 24B: one point (two B with Fabrika, O-D23) straight into each declared country
    /// still on display; a vanished country's part does nothing (§6.6).
    fn gain_invested(
        &mut self,
        you: Seat,
        res: usize,
        params: &Params,
        gains: &mut [u32; 2],
        events: &mut Vec<OvEvent>,
    ) {
        let Params::Countries(countries) = params else {
            return;
        };
        let each = if res == B && self.doubles(you) { 2 } else { 1 };
        for &c in countries {
            if let Some(slot) = self.slot_of(c) {
                self.inv[slot][you as usize][res] += each;
                gains[res] += each;
                events.push(OvEvent::Invested {
                    seat: you,
                    res,
                    country: Country(c),
                    amount: each,
                });
            }
        }
    }

    /// §8: a removal aimed at `owner`'s base hits their Ochranka first.
    fn remove_base(&mut self, owner: Seat, card: u8, events: &mut Vec<OvEvent>) {
        let bases = &mut self.players[owner as usize].bases;
        if !bases.contains(&card) {
            return;
        }
        let hit = if bases.contains(&BODYGUARDS) {
            BODYGUARDS
        } else {
            card
        };
        bases.retain(|&c| c != hit);
        self.players[owner as usize].discard.push(hit);
        events.push(OvEvent::BaseRemoved {
            card: CardRef::new(owner, hit),
            instead_of: (hit != card).then(|| CardRef::new(owner, card)),
        });
    }

    /// 11A, 27A: the top `min(n, deck)` cards, no reshuffle (O-D26).
    fn look(&mut self, you: Seat, n: usize, events: &mut Vec<OvEvent>) -> Next {
        let player = &mut self.players[you as usize];
        let looked = player.take_top(n);
        let take = looked.len();
        // The opponent no longer knows the order of what was put back.
        player.public_top = 0;
        events.push(OvEvent::LookedCount {
            seat: you,
            count: take,
        });
        if take == 0 {
            return Next::Done;
        }
        events.push(OvEvent::Looked {
            seat: you,
            cards: looked.iter().map(|&c| CardRef::new(you, c)).collect(),
        });
        Next::Ask(PromptKind::Look {
            looked,
            kept: Vec::new(),
        })
    }

    /// 11B, 14B: draw, then discard (any hand cards; fewer if the hand is smaller).
    fn draw_then_discard(
        &mut self,
        you: Seat,
        n: usize,
        discard: usize,
        events: &mut Vec<OvEvent>,
    ) -> Next {
        let take = self.draw(you, n, events);
        let hand = &self.players[you as usize].hand;
        let drawn = hand[hand.len() - take..].to_vec();
        if hand.len() <= discard {
            let all = hand.clone();
            self.discard_from_hand(you, &all, events);
            return Next::Done;
        }
        Next::Ask(PromptKind::Discard {
            left: discard as u8,
            drawn,
        })
    }

    /// A look prompt finished: the kept cards go back on top in the chosen order (§10 11A).
    pub fn finish_look(&mut self, you: Seat, kept: Vec<u8>, events: &mut Vec<OvEvent>) {
        let player = &mut self.players[you as usize];
        for &c in kept.iter().rev() {
            player.deck.push(c);
        }
        player.known_top = player.known_top.saturating_add(kept.len() as u8);
        events.push(OvEvent::PutBack {
            seat: you,
            count: kept.len(),
        });
    }
}
