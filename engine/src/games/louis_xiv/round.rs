//! The steps of a round that need no decision, per phase (spec §5, §6, §8, §9): the task
//! handlers of `flow.rs` call them, and they set the next decision where one is needed. The
//! evaluation (§7) and the final scoring (§11) are in `scoring.rs`.

use super::{
    course::{Chain, Decision, Phase, PlaceStep, Task},
    data::{Ability, Chip, Deck, TILES},
    decisions::mission_choices,
    events::LouisEvent as Ev,
    refs::IntrigueRef,
    state::{LouisState, JOKER, NEUTRAL},
};
use crate::contract::Seat;

impl LouisState {
    // ---------------- supply (§5) ----------------

    pub(super) fn begin_round(&mut self, ev: &mut Vec<Ev>) {
        ev.push(Ev::RoundStarted {
            round: self.round,
            start: self.start,
        });
        let card = self.money_deck.pop().expect("one money card per round");
        let mc = self.data.money_card[card as usize].clone();
        self.money_card = Some(card);
        for p in &mut self.players {
            p.money += mc.income;
        }
        self.king = Some(mc.king - 1);
        ev.push(Ev::MoneyCard {
            id: mc.id,
            income: mc.income,
            king: mc.king - 1,
        });
        // §10 / §16 A22: right after the round-4 money card.
        if self.seats == 3 && self.round == 4 {
            ev.push(Ev::Compensation { seat: self.start });
            for _ in 0..self.data.setup.three_player_intrigue {
                self.draw_intrigue(self.start, ev);
            }
        }
        let order: Vec<Seat> = self.order().collect();
        let mut tasks = vec![Task::Phase(Phase::Supply)];
        tasks.extend(order.iter().map(|&s| Task::SupplyCards(s)));
        tasks.push(Task::Deal);
        tasks.push(Task::Phase(Phase::Influence));
        if self.seats == 2 {
            tasks.push(Task::Neutral);
        }
        tasks.extend(order.iter().map(|&s| Task::StartPlacements(s)));
        tasks.extend([
            Task::Turns,
            Task::EndPlacements,
            Task::Reshuffle,
            Task::Phase(Phase::Evaluation),
        ]);
        tasks.extend((0..TILES as u8).map(Task::Tile));
        tasks.push(Task::Phase(Phase::Missions));
        tasks.extend(order.iter().map(|&s| Task::MissionTurn(s)));
        tasks.push(Task::EndRound);
        self.then(tasks);
    }

    pub fn draw_intrigue(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
        if let Some(card) = self.intrigue_deck.pop() {
            self.players[seat as usize].intrigue.push(card);
            ev.push(Ev::IntrigueTaken { seat });
            ev.push(Ev::IntrigueDrawn {
                seat,
                card: IntrigueRef(card),
            });
        }
    }

    pub fn draw_influence(&mut self, seat: Seat, count: u8, ev: &mut Vec<Ev>) {
        let mut cards = Vec::new();
        for _ in 0..count {
            let Some(card) = self.influence_deck.pop() else {
                break;
            };
            self.players[seat as usize].influence.push(card);
            cards.push(self.influence_ref(card));
        }
        if !cards.is_empty() {
            ev.push(Ev::InfluenceTaken {
                seat,
                count: cards.len() as u8,
            });
            ev.push(Ev::InfluenceDrawn { seat, cards });
        }
    }

    pub fn gain_coats(&mut self, seat: Seat, count: u8, ev: &mut Vec<Ev>) {
        for _ in 0..count {
            let coat = self.draw_coat(seat);
            ev.push(Ev::CoatTaken { seat });
            ev.push(Ev::CoatDrawn {
                seat,
                coat: self.coat_ref(coat),
            });
        }
    }

    pub(super) fn retrieve(&mut self, seat: Seat, stones: u8, ev: &mut Vec<Ev>) {
        let p = &mut self.players[seat as usize];
        let moved = stones.min(p.common);
        p.common -= moved;
        p.own += moved;
        ev.push(Ev::Retrieved {
            seat,
            stones: moved,
        });
    }

    pub(super) fn supply_cards(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
        let cards: Vec<(u8, Ability)> = self.abilities(seat).collect();
        self.supply_left.clear();
        for (card, a) in cards {
            match a {
                Ability::Money { amount } => {
                    self.players[seat as usize].money += amount;
                    ev.push(Ev::Money { seat, amount });
                }
                Ability::Coats { count } => self.gain_coats(seat, count, ev),
                Ability::Intrigue { cards } => {
                    for _ in 0..cards {
                        self.draw_intrigue(seat, ev);
                    }
                }
                Ability::Retrieve { .. } | Ability::TwoOf { .. } | Ability::StoneForCard => {
                    self.supply_left.push(card)
                }
                _ => {}
            }
        }
        self.then([Task::SupplyNext(seat)]);
    }

    pub(super) fn supply_next(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
        if self.supply_left.is_empty() {
            return;
        }
        let d04 = self
            .supply_left
            .iter()
            .any(|&m| self.data.mission[m as usize].ability == Ability::StoneForCard);
        if d04 && self.supply_left.len() > 1 {
            self.decision = Some(Decision::SupplyNext { seat });
            return;
        }
        let card = self.supply_left.remove(0);
        self.then([Task::SupplyNext(seat)]);
        self.supply_card(seat, card, ev);
    }

    pub(super) fn supply_card(&mut self, seat: Seat, card: u8, ev: &mut Vec<Ev>) {
        match self.data.mission[card as usize].ability {
            Ability::Retrieve { stones } => self.retrieve(seat, stones, ev),
            Ability::TwoOf { amount } => {
                if self.players[seat as usize].common == 0 {
                    self.players[seat as usize].money += amount as u32;
                    ev.push(Ev::Money {
                        seat,
                        amount: amount as u32,
                    });
                } else {
                    self.decision = Some(Decision::TwoOf { seat, amount });
                }
            }
            Ability::StoneForCard
                if self.players[seat as usize].own > 0 && !self.influence_deck.is_empty() =>
            {
                self.decision = Some(Decision::StoneForCard { seat });
            }
            _ => {}
        }
    }

    pub(super) fn deal(&mut self, ev: &mut Vec<Ev>) {
        let order: Vec<Seat> = self.order().collect();
        for seat in order {
            self.draw_influence(seat, self.data.setup.hand_size, ev);
        }
    }

    // ---------------- influence (§6, §9) ----------------

    pub(super) fn neutral(&mut self, ev: &mut Vec<Ev>) {
        let put = |st: &mut LouisState, tile: u8, ev: &mut Vec<Ev>| {
            let stones = 2.min(st.neutral_pool);
            if stones > 0 {
                st.neutral_pool -= stones;
                st.tiles[tile as usize].stones[NEUTRAL] += stones;
                ev.push(Ev::NeutralPlaced { tile, stones });
            }
        };
        if let Some(king) = self.king {
            put(self, king, ev);
        }
        let mut found = 0;
        while found < 3 {
            let Some(card) = self.influence_deck.pop() else {
                break;
            };
            self.discard.push(card);
            ev.push(Ev::NeutralRevealed {
                card: self.influence_ref(card),
            });
            if let Some(t) = self.card_tile(card) {
                found += 1;
                put(self, t as u8, ev);
            }
        }
    }

    pub(super) fn next_turn(&mut self) {
        let n = self.seats;
        let Some(seat) = (0..n)
            .map(|i| (self.turn + i) % n)
            .find(|&s| !self.players[s as usize].influence.is_empty())
        else {
            return;
        };
        self.turn = (seat + 1) % n;
        self.then([Task::Turns]);
        self.decision = Some(Decision::Turn { seat });
    }

    /// Kinds of influence cards in hand (tile indices, then the joker), as a bit mask.
    pub fn hand_kinds(&self, seat: Seat) -> u16 {
        self.players[seat as usize]
            .influence
            .iter()
            .fold(0, |m, c| m | 1 << self.card_kind(c))
    }

    pub(super) fn take_card_of_kind(&mut self, seat: Seat, kind: u8) -> u8 {
        let card = self.players[seat as usize]
            .influence
            .iter()
            .find(|&c| self.card_kind(c) == kind)
            .expect("the kind was offered");
        self.players[seat as usize].influence.remove(card);
        card
    }

    pub(super) fn stones_for(&self, kind: u8, big: Option<u8>) -> u8 {
        match big {
            Some(n) => n,
            None if kind == JOKER => self.data.setup.joker_stones,
            None => self.data.setup.personality_stones,
        }
    }

    pub(super) fn proceed_use(
        &mut self,
        seat: Seat,
        kind: u8,
        place: bool,
        big: Option<u8>,
        ev: &mut Vec<Ev>,
    ) {
        let n_max = self.stones_for(kind, big);
        if !place {
            self.retrieve(seat, n_max, ev);
            return;
        }
        let free_start = big.is_some() || kind == JOKER;
        self.decision = Some(Decision::Place {
            seat,
            chain: Chain {
                n_max,
                step: if free_start {
                    PlaceStep::StartTile
                } else {
                    PlaceStep::Total
                },
                t0: if free_start { 0 } else { kind },
                n: 0,
                a0: 0,
                t1: 0,
                a1: 0,
            },
        });
    }

    pub(super) fn finish_placement(
        &mut self,
        seat: Seat,
        c: Chain,
        t2: Option<u8>,
        ev: &mut Vec<Ev>,
    ) {
        let mut tiles = vec![(c.t0, c.a0)];
        if c.a1 > 0 {
            tiles.push((c.t1, c.a1));
        }
        if let Some(t2) = t2 {
            tiles.push((t2, c.n - c.a0 - c.a1));
        }
        for &(t, k) in &tiles {
            self.tiles[t as usize].stones[seat as usize] += k;
        }
        self.players[seat as usize].own -= c.n;
        ev.push(Ev::Placed { seat, tiles });
    }

    // ---------------- missions (§8) ----------------

    pub(super) fn mission_turn(&mut self, seat: Seat) {
        let mut ids = Vec::new();
        mission_choices(self, seat, &mut ids);
        if ids.len() > 1 {
            self.decision = Some(Decision::Mission { seat });
        } else {
            self.end_mission_turn(seat);
        }
    }

    pub(super) fn end_mission_turn(&mut self, seat: Seat) {
        let mut tasks: Vec<Task> = self
            .unused(seat, |a| matches!(a, Ability::ExchangeMissions { .. }))
            .map(|card| Task::ExchangeMissions { seat, card })
            .collect();
        tasks.push(Task::ChipLimit(seat));
        self.then(tasks);
    }

    pub(super) fn draw_mission(&mut self, seat: Seat, deck: Deck, ev: &mut Vec<Ev>) {
        if let Some(card) = self.mission_decks[deck as usize].pop() {
            self.players[seat as usize].missions.push(card);
            ev.push(Ev::MissionTaken { seat, deck });
            ev.push(Ev::MissionDrawn {
                seat,
                card: self.mission_ref(card),
            });
        }
    }

    pub(super) fn complete(&mut self, seat: Seat, card: u8, paid: [Chip; 2], ev: &mut Vec<Ev>) {
        let p = &mut self.players[seat as usize];
        for c in paid {
            p.chips[c as usize] -= 1;
        }
        p.missions.remove(card);
        p.completed.push(card);
        ev.push(Ev::Completed {
            seat,
            card: self.mission_ref(card),
            paid,
        });
        let extra = match self.data.mission[card as usize].ability {
            Ability::ExtraMissionCards { cards } => cards,
            _ => 0,
        };
        let mut tasks: Vec<Task> = (0..=extra).map(|_| Task::DrawMission(seat)).collect();
        tasks.push(Task::MissionTurn(seat));
        self.then(tasks);
    }

    pub(super) fn keep_chip(&mut self, seat: Seat, kept: Chip, ev: &mut Vec<Ev>) {
        let p = &mut self.players[seat as usize];
        let mut returned = Vec::new();
        for c in Chip::ALL {
            let keep = u8::from(c == kept);
            for _ in keep..p.chips[c as usize] {
                returned.push(c);
            }
            p.chips[c as usize] = keep;
        }
        let n = returned.len() as u8;
        ev.push(Ev::ChipsReturned {
            seat,
            chips: returned,
            kept,
        });
        self.gain_coats(seat, n, ev);
    }
}
