//! The scoring steps of a round and of the game: each tile's evaluation (spec §7) and the
//! final scoring (§11). Like `round.rs`, they need no decision.

use super::{
    course::{Decision, Phase, Task},
    data::{Chip, Condition},
    events::LouisEvent as Ev,
    flow::is_once_first,
    state::{FinalScore, LouisState, NEUTRAL},
};
use crate::contract::Seat;

impl LouisState {
    // ---------------- evaluation (§7) ----------------

    pub(super) fn participants(&self) -> impl Iterator<Item = usize> {
        let n = self.n();
        (0..n).chain((n == 2).then_some(NEUTRAL))
    }

    pub(super) fn snapshot(&mut self, t: u8, ev: &mut Vec<Ev>) {
        let counts = self.tiles[t as usize].stones;
        if counts.iter().all(|&c| c == 0) {
            ev.push(Ev::Empty { tile: t });
            return;
        }
        self.eval.snapshot = counts;
        self.eval.once_first = None;
        ev.push(Ev::Evaluated {
            tile: t,
            counts: (0..self.seats).map(|s| (s, counts[s as usize])).collect(),
            neutral: counts[NEUTRAL],
        });
        self.then([Task::Resolve(t)]);
        if matches!(self.condition(t as usize), Condition::Stones { .. }) {
            return;
        }
        let max = self.participants().map(|i| counts[i]).max().unwrap_or(0);
        let tied: Vec<usize> = self.participants().filter(|&i| counts[i] == max).collect();
        if tied.len() < 2 {
            return;
        }
        // §7.1 D07: after the intrigue window, a tied holder may win the tie.
        let order: Vec<Seat> = self.order().collect();
        if let Some(seat) = order.into_iter().find(|&s| {
            tied.contains(&(s as usize)) && self.unused(s, is_once_first).next().is_some()
        }) {
            self.decision = Some(Decision::OnceFirst { seat, tile: t });
        }
    }

    pub(super) fn resolve(&mut self, t: u8) {
        let c = self.eval.snapshot;
        let n = self.n();
        // Doubled counts: D07 is half a stone more than the others (§16 A7).
        let mut d = [0u16; 5];
        for i in self.participants() {
            d[i] = 2 * c[i] as u16 + u16::from(self.eval.once_first == Some(i as Seat));
        }
        let king = self.king == Some(t);
        let order: Vec<Seat> = self.order().collect();
        let mut lead: Vec<(Seat, bool)> = Vec::new();
        let mut receivers: Vec<Seat> = Vec::new();
        let mut buyers = false;
        let mut to_common = 0u8;
        let mut flip = false;
        match self.condition(t as usize) {
            Condition::Stones { threshold } => {
                let max = self.participants().map(|i| c[i]).max().unwrap_or(0);
                let top: Vec<usize> = self.participants().filter(|&i| c[i] == max).collect();
                if top.len() == 1 && top[0] < n && c[top[0]] >= threshold {
                    lead.push((top[0] as Seat, false));
                }
                receivers.extend(
                    order
                        .iter()
                        .copied()
                        .filter(|&s| c[s as usize] >= threshold && !lead.iter().any(|l| l.0 == s)),
                );
                flip = !lead.is_empty() || !receivers.is_empty();
            }
            cond => {
                buyers = matches!(cond, Condition::Money { .. });
                let max = self.participants().map(|i| d[i]).max().unwrap_or(0);
                let firsts: Vec<usize> = self.participants().filter(|&i| d[i] == max).collect();
                if firsts.len() == 1 {
                    let w = firsts[0];
                    flip = true;
                    if w < n {
                        lead.push((w as Seat, king));
                        to_common |= 1 << w;
                    }
                    if king {
                        let second = self
                            .participants()
                            .filter(|&i| i != w && c[i] > 0)
                            .map(|i| d[i])
                            .max();
                        if let Some(m2) = second {
                            let seconds: Vec<usize> = self
                                .participants()
                                .filter(|&i| i != w && c[i] > 0 && d[i] == m2)
                                .collect();
                            if seconds.len() == 1 && seconds[0] < n {
                                lead.push((seconds[0] as Seat, false));
                            }
                        }
                    }
                } else if king {
                    // §7.5: every tied player gets the chip, no crown; the tile flips.
                    flip = true;
                    for &w in firsts.iter().filter(|&&w| w < n) {
                        receivers.push(w as Seat);
                        to_common |= 1 << w;
                    }
                    receivers.sort_by_key(|&s| order.iter().position(|&o| o == s));
                }
            }
        }
        let mut tasks: Vec<Task> = lead
            .iter()
            .map(|&(seat, crown)| Task::Reward {
                seat,
                tile: t,
                crown,
            })
            .collect();
        for &s in &order {
            if receivers.contains(&s) {
                tasks.push(Task::Reward {
                    seat: s,
                    tile: t,
                    crown: false,
                });
            } else if buyers && c[s as usize] > 0 && !lead.iter().any(|l| l.0 == s) {
                tasks.push(Task::Offer { seat: s, tile: t });
            }
        }
        tasks.push(Task::Clear { tile: t, to_common });
        if flip && self.round < 4 {
            tasks.push(Task::Flip(t));
        }
        self.then(tasks);
    }

    pub(super) fn reward(&mut self, seat: Seat, tile: u8, crown: bool, ev: &mut Vec<Ev>) {
        let r = self.data.tile[tile as usize].reward.clone();
        ev.push(Ev::Received { seat, tile, crown });
        let s = seat as usize;
        if let Some(chip) = r.chip {
            self.players[s].chips[chip as usize] += 1;
            ev.push(Ev::ChipGained { seat, chip });
        }
        if crown {
            for _ in 0..self.data.setup.king_crowns {
                self.players[s].chips[Chip::Crown as usize] += 1;
                ev.push(Ev::ChipGained {
                    seat,
                    chip: Chip::Crown,
                });
            }
        }
        if r.money > 0 {
            self.players[s].money += r.money;
            ev.push(Ev::Money {
                seat,
                amount: r.money,
            });
        }
        self.gain_coats(seat, r.coats, ev);
        self.draw_influence(seat, r.influence_cards, ev);
        for _ in 0..r.intrigue_cards {
            self.draw_intrigue(seat, ev);
        }
        let mut tasks = Vec::new();
        if r.place_any > 0 {
            tasks.push(Task::PlaceAny {
                seat,
                left: r.place_any,
            });
        }
        if let (Some(target), true) = (r.place_on_tile, r.place_on > 0) {
            tasks.push(Task::PlaceOn {
                seat,
                tile: target - 1,
                max: r.place_on,
            });
        }
        if r.retrieve > 0 {
            tasks.push(Task::Retrieve {
                seat,
                max: r.retrieve,
            });
        }
        self.then(tasks);
    }

    pub(super) fn clear(&mut self, t: u8, to_common: u8) {
        let snap = self.eval.snapshot;
        for i in self.participants().collect::<Vec<_>>() {
            let k = snap[i];
            self.tiles[t as usize].stones[i] -= k;
            if i == NEUTRAL {
                self.neutral_pool += k;
            } else if to_common & (1 << i) != 0 {
                self.players[i].common += k;
            } else {
                self.players[i].own += k;
            }
        }
        self.eval = Default::default();
        if self.king == Some(t) {
            self.king = None;
        }
    }

    // ---------------- end (§11) ----------------

    pub(super) fn final_scoring(&mut self, ev: &mut Vec<Ev>) {
        let n = self.n();
        let mut conversions = Vec::with_capacity(n);
        for s in 0..n {
            let mut on_tiles = 0u8;
            for tile in &mut self.tiles {
                on_tiles += tile.stones[s];
                tile.stones[s] = 0;
            }
            let p = &mut self.players[s];
            let money = (p.money / 3) as u8;
            p.money -= 3 * money as u32;
            let converted = [
                p.influence.len() as u8,
                p.intrigue.len() as u8,
                p.chip_count(),
                on_tiles,
                money,
            ];
            conversions.push(converted);
            // Converted items leave play: cards back to their piles, chips to the supply.
            let inf = std::mem::take(&mut p.influence);
            let intr = std::mem::take(&mut p.intrigue);
            p.chips = [0; 5];
            self.discard.extend(inf.iter());
            for c in intr.iter() {
                self.intrigue_deck.insert(0, c);
            }
            let total: u8 = converted.iter().sum();
            self.gain_coats(s as Seat, total, ev);
        }
        let kinds = self.data.setup.coat_kinds as usize;
        // Per seat: each kind, then plain coats (the last slot, which no majority reads).
        let mut per_kind = vec![vec![0u8; kinds + 1]; n];
        for (s, counts) in per_kind.iter_mut().enumerate() {
            for &coat in &self.players[s].coats {
                match self.coat_kind(coat) {
                    Some(k) => counts[k as usize] += 1,
                    None => counts[kinds] += 1,
                }
            }
        }
        let mut majorities = Vec::new();
        for k in 0..kinds {
            let max = per_kind.iter().map(|counts| counts[k]).max().unwrap_or(0);
            let holders: Vec<Seat> = if max == 0 {
                Vec::new()
            } else {
                (0..n as Seat)
                    .filter(|&s| per_kind[s as usize][k] == max)
                    .collect()
            };
            majorities.push((max, holders));
        }
        for (_, holders) in majorities.clone() {
            for s in holders {
                self.gain_coats(s, 1, ev);
            }
        }
        let coats: Vec<u8> = self.players.iter().map(|p| p.coats.len() as u8).collect();
        let missions: Vec<u8> = self
            .players
            .iter()
            .map(|p| p.completed.len() as u8)
            .collect();
        let scores: Vec<u32> = (0..n)
            .map(|s| coats[s] as u32 + 5 * missions[s] as u32)
            .collect();
        let own: Vec<u8> = self.players.iter().map(|p| p.own).collect();
        let places = (0..n)
            .map(|s| {
                1 + (0..n)
                    .filter(|&o| (scores[o], own[o]) > (scores[s], own[s]))
                    .count() as u8
            })
            .collect();
        self.result = Some(FinalScore {
            conversions,
            majorities,
            counted: per_kind,
            coats,
            missions,
            scores,
            own_stones: own,
            places,
        });
        self.phase = Phase::Over;
        self.king = None;
        ev.push(Ev::GameOver);
    }
}
