//! The course of a game as a stack of tasks (spec §4–§11): automatic steps run until one
//! needs a decision; each decision is a small menu (spec §14) whose ids this file defines.
//!
//! Choice ids: tiles are 0..12 (12 = "none" where offered), counts are the count itself,
//! yes/no is 1/0, influence cards by kind (tile 0..12, joker 12), chips by [`Chip`] index,
//! decks by [`Deck`] index, mission cards `MISSION + index`, a second use of a mission card
//! `MISSION_USE + index`, "stop" 0.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::{
    data::{Ability, Chip, Condition, Deck, Symbol, TILES},
    events::LouisEvent as Ev,
    state::{FinalScore, LouisState, Phase, JOKER, NEUTRAL},
};
use crate::contract::{ChoiceId, Seat};

pub const NONE_TILE: u32 = TILES as u32;
pub const MISSION: u32 = 1000;
pub const MISSION_USE: u32 = 2000;
pub const STOP: u32 = 0;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    Round,
    Phase(Phase),
    SupplyCards(Seat),
    SupplyNext(Seat),
    Deal,
    Neutral,
    StartPlacements(Seat),
    StartPlace { seat: Seat, card: u8 },
    Turns,
    EndPlacements,
    EndPlace { seat: Seat },
    Reshuffle,
    Tile(u8),
    Snapshot(u8),
    Resolve(u8),
    Reward { seat: Seat, tile: u8, crown: bool },
    PlaceAny { seat: Seat, left: u8 },
    PlaceOn { seat: Seat, tile: u8, max: u8 },
    Retrieve { seat: Seat, max: u8 },
    Offer { seat: Seat, tile: u8 },
    Clear { tile: u8, to_common: u8 },
    Flip(u8),
    MissionTurn(Seat),
    DrawMission(Seat),
    ExchangeMissions { seat: Seat, card: u8 },
    ChipLimit(Seat),
    EndRound,
    Final,
}

/// Where a placement chain stands (§6.3): T0 → total → left on T0 → T1 → left on T1 → T2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlaceStep {
    StartTile,
    Total,
    Leave0,
    Jump1,
    Leave1,
    Jump2,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chain {
    pub n_max: u8,
    pub step: PlaceStep,
    pub t0: u8,
    pub n: u8,
    pub a0: u8,
    pub t1: u8,
    pub a1: u8,
}

/// The one decision the game waits for, with the partial move it belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// §5 step 2: which supply card next (only with D04 beside stone cards, §16 A21).
    SupplyNext {
        seat: Seat,
    },
    /// M01–M04: how many of `amount` as stones (the rest Louisdor).
    TwoOf {
        seat: Seat,
        amount: u8,
    },
    StoneForCard {
        seat: Seat,
    },
    StartPlace {
        seat: Seat,
        tile: u8,
    },
    Turn {
        seat: Seat,
    },
    ExchangeDiscard {
        seat: Seat,
        card: u8,
    },
    Use {
        seat: Seat,
        kind: u8,
    },
    FourStone {
        seat: Seat,
        kind: u8,
        place: bool,
    },
    Place {
        seat: Seat,
        chain: Chain,
    },
    EndPlace {
        seat: Seat,
    },
    Intrigue {
        seat: Seat,
        tile: u8,
    },
    OnceFirst {
        seat: Seat,
        tile: u8,
    },
    Buy {
        seat: Seat,
        tile: u8,
        price: u32,
    },
    PlaceAny {
        seat: Seat,
        left: u8,
    },
    PlaceOn {
        seat: Seat,
        tile: u8,
        max: u8,
    },
    Retrieve {
        seat: Seat,
        max: u8,
    },
    Mission {
        seat: Seat,
    },
    PayChip {
        seat: Seat,
        card: u8,
        first: Option<Chip>,
    },
    DrawDeck {
        seat: Seat,
    },
    SwapChip {
        seat: Seat,
        card: u8,
    },
    ReturnMissions {
        seat: Seat,
        card: u8,
        chosen: Vec<u8>,
        max: u8,
    },
    KeepChip {
        seat: Seat,
    },
}

impl Decision {
    pub fn seat(&self) -> Seat {
        use Decision::*;
        match *self {
            SupplyNext { seat }
            | TwoOf { seat, .. }
            | StoneForCard { seat }
            | StartPlace { seat, .. }
            | Turn { seat }
            | ExchangeDiscard { seat, .. }
            | Use { seat, .. }
            | FourStone { seat, .. }
            | Place { seat, .. }
            | EndPlace { seat }
            | Intrigue { seat, .. }
            | OnceFirst { seat, .. }
            | Buy { seat, .. }
            | PlaceAny { seat, .. }
            | PlaceOn { seat, .. }
            | Retrieve { seat, .. }
            | Mission { seat }
            | PayChip { seat, .. }
            | DrawDeck { seat }
            | SwapChip { seat, .. }
            | ReturnMissions { seat, .. }
            | KeepChip { seat } => seat,
        }
    }
}

fn is_four_stone(a: Ability) -> bool {
    matches!(a, Ability::FourStoneJoker { .. })
}
fn is_once_first(a: Ability) -> bool {
    matches!(a, Ability::OnceFirst)
}
fn is_pay_pass(a: Ability) -> bool {
    matches!(a, Ability::PayPass { .. })
}
fn is_exchange(a: Ability) -> bool {
    matches!(a, Ability::ExchangeInfluence)
}
fn is_crown_swap(a: Ability) -> bool {
    matches!(a, Ability::CrownSwap { .. })
}

/// Chips (by index) that can pay the first symbol and still leave a payment for the second.
pub fn first_payments(chips: [u8; 5], req: [Symbol; 2]) -> u8 {
    let mut mask = 0;
    for c in Chip::ALL {
        let i = c as usize;
        if chips[i] == 0 || !req[0].paid_by(c) {
            continue;
        }
        let mut rest = chips;
        rest[i] -= 1;
        if second_payments(rest, req[1]) != 0 {
            mask |= 1 << i;
        }
    }
    mask
}

pub fn second_payments(chips: [u8; 5], sym: Symbol) -> u8 {
    Chip::ALL
        .iter()
        .filter(|&&c| chips[c as usize] > 0 && sym.paid_by(c))
        .fold(0, |m, &c| m | 1 << c as usize)
}

fn bits(mask: u16) -> impl Iterator<Item = u32> {
    (0..16).filter(move |i| mask & (1 << i) != 0)
}

impl LouisState {
    /// Pushes tasks so that they run in the given order.
    pub fn then(&mut self, tasks: impl IntoIterator<Item = Task>) {
        let at = self.tasks.len();
        self.tasks.extend(tasks);
        self.tasks[at..].reverse();
    }

    /// Runs automatic steps until a decision is pending or the game is over.
    pub fn run(&mut self, ev: &mut Vec<Ev>) {
        while self.decision.is_none() {
            let Some(task) = self.tasks.pop() else { return };
            self.task(task, ev);
        }
    }

    fn task(&mut self, task: Task, ev: &mut Vec<Ev>) {
        match task {
            Task::Round => self.begin_round(ev),
            Task::Phase(p) => {
                self.phase = p;
                for pl in &mut self.players {
                    pl.used.clear();
                }
                if p == Phase::Influence {
                    self.turn = self.start;
                }
            }
            Task::SupplyCards(seat) => self.supply_cards(seat, ev),
            Task::SupplyNext(seat) => self.supply_next(seat, ev),
            Task::Deal => self.deal(ev),
            Task::Neutral => self.neutral(ev),
            Task::StartPlacements(seat) => {
                let cards: Vec<Task> = self
                    .abilities(seat)
                    .filter(|(_, a)| matches!(a, Ability::PlaceStart { .. } | Ability::PlaceKing))
                    .map(|(card, _)| Task::StartPlace { seat, card })
                    .collect();
                self.then(cards);
            }
            Task::StartPlace { seat, card } => {
                let tile = match self.data.mission[card as usize].ability {
                    Ability::PlaceStart { tile } => Some(tile - 1),
                    _ => self.king,
                };
                if let Some(tile) = tile.filter(|_| self.has_any_stone(seat)) {
                    self.decision = Some(Decision::StartPlace { seat, tile });
                }
            }
            Task::Turns => self.next_turn(),
            Task::EndPlacements => {
                let order: Vec<Seat> = self.order().collect();
                let mut tasks = Vec::new();
                for seat in order {
                    for (_, a) in self.abilities(seat) {
                        if a == Ability::PlaceEnd {
                            tasks.push(Task::EndPlace { seat });
                        }
                    }
                }
                self.then(tasks);
            }
            Task::EndPlace { seat } => {
                if self.has_any_stone(seat) {
                    self.decision = Some(Decision::EndPlace { seat });
                }
            }
            Task::Reshuffle => {
                self.shuffle_influence();
                ev.push(Ev::Reshuffled);
            }
            Task::Tile(t) => {
                self.then([Task::Snapshot(t)]);
                let holder =
                    (0..self.seats).find(|&s| self.players[s as usize].intrigue.contains(&t));
                if let Some(seat) = holder.filter(|&s| self.has_any_stone(s)) {
                    self.decision = Some(Decision::Intrigue { seat, tile: t });
                }
            }
            Task::Snapshot(t) => self.snapshot(t, ev),
            Task::Resolve(t) => self.resolve(t),
            Task::Reward { seat, tile, crown } => self.reward(seat, tile, crown, ev),
            Task::PlaceAny { seat, left } => {
                if left > 0 && self.has_any_stone(seat) {
                    self.decision = Some(Decision::PlaceAny { seat, left });
                }
            }
            Task::PlaceOn { seat, tile, max } => {
                let p = &self.players[seat as usize];
                let max = max.min(p.common + p.own);
                if max > 0 {
                    self.decision = Some(Decision::PlaceOn { seat, tile, max });
                }
            }
            Task::Retrieve { seat, max } => {
                let max = max.min(self.players[seat as usize].common);
                if max > 0 {
                    self.decision = Some(Decision::Retrieve { seat, max });
                }
            }
            Task::Offer { seat, tile } => {
                let price = match self.condition(tile as usize) {
                    Condition::Money { price } => price.saturating_sub(self.discount(seat)),
                    _ => return,
                };
                if self.players[seat as usize].money >= price {
                    self.decision = Some(Decision::Buy { seat, tile, price });
                }
            }
            Task::Clear { tile, to_common } => self.clear(tile, to_common),
            Task::Flip(t) => {
                let tile = &mut self.tiles[t as usize];
                tile.back = !tile.back;
                ev.push(Ev::Flipped {
                    tile: t,
                    back: tile.back,
                });
            }
            Task::MissionTurn(seat) => self.mission_turn(seat),
            Task::DrawMission(seat) => {
                let open: Vec<Deck> = Deck::ALL
                    .into_iter()
                    .filter(|&d| !self.mission_decks[d as usize].is_empty())
                    .collect();
                match open.len() {
                    0 => {}
                    1 => self.draw_mission(seat, open[0], ev),
                    _ => self.decision = Some(Decision::DrawDeck { seat }),
                }
            }
            Task::ExchangeMissions { seat, card } => {
                if let Ability::ExchangeMissions { cards } =
                    self.data.mission[card as usize].ability
                {
                    if !self.players[seat as usize].missions.is_empty() {
                        self.decision = Some(Decision::ReturnMissions {
                            seat,
                            card,
                            chosen: Vec::new(),
                            max: cards,
                        });
                    }
                }
            }
            Task::ChipLimit(seat) => {
                let p = &self.players[seat as usize];
                if p.chip_count() > 1 {
                    let kinds: Vec<Chip> = Chip::ALL
                        .into_iter()
                        .filter(|&c| p.chips[c as usize] > 0)
                        .collect();
                    if kinds.len() == 1 {
                        self.keep_chip(seat, kinds[0], ev);
                    } else {
                        self.decision = Some(Decision::KeepChip { seat });
                    }
                }
            }
            Task::EndRound => {
                if self.round == 4 {
                    self.then([Task::Final]);
                } else {
                    self.round += 1;
                    self.start = (self.start + 1) % self.seats;
                    self.then([Task::Round]);
                }
            }
            Task::Final => self.final_scoring(ev),
        }
    }

    // ---------------- supply (§5) ----------------

    fn begin_round(&mut self, ev: &mut Vec<Ev>) {
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
                card: super::state::IntrigueRef(card),
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

    fn retrieve(&mut self, seat: Seat, stones: u8, ev: &mut Vec<Ev>) {
        let p = &mut self.players[seat as usize];
        let moved = stones.min(p.common);
        p.common -= moved;
        p.own += moved;
        ev.push(Ev::Retrieved {
            seat,
            stones: moved,
        });
    }

    fn supply_cards(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
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

    fn supply_next(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
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

    fn supply_card(&mut self, seat: Seat, card: u8, ev: &mut Vec<Ev>) {
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

    fn deal(&mut self, ev: &mut Vec<Ev>) {
        let order: Vec<Seat> = self.order().collect();
        for seat in order {
            self.draw_influence(seat, self.data.setup.hand_size, ev);
        }
    }

    // ---------------- influence (§6, §9) ----------------

    fn neutral(&mut self, ev: &mut Vec<Ev>) {
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

    fn next_turn(&mut self) {
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

    fn take_card_of_kind(&mut self, seat: Seat, kind: u8) -> u8 {
        let card = self.players[seat as usize]
            .influence
            .iter()
            .find(|&c| self.card_kind(c) == kind)
            .expect("the kind was offered");
        self.players[seat as usize].influence.remove(card);
        card
    }

    fn stones_for(&self, kind: u8, big: Option<u8>) -> u8 {
        match big {
            Some(n) => n,
            None if kind == JOKER => self.data.setup.joker_stones,
            None => self.data.setup.personality_stones,
        }
    }

    fn proceed_use(
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

    fn finish_placement(&mut self, seat: Seat, c: Chain, t2: Option<u8>, ev: &mut Vec<Ev>) {
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

    // ---------------- evaluation (§7) ----------------

    fn participants(&self) -> impl Iterator<Item = usize> {
        let n = self.n();
        (0..n).chain((n == 2).then_some(NEUTRAL))
    }

    fn snapshot(&mut self, t: u8, ev: &mut Vec<Ev>) {
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

    fn resolve(&mut self, t: u8) {
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

    fn reward(&mut self, seat: Seat, tile: u8, crown: bool, ev: &mut Vec<Ev>) {
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

    fn clear(&mut self, t: u8, to_common: u8) {
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

    // ---------------- missions (§8) ----------------

    fn mission_turn(&mut self, seat: Seat) {
        let mut ids = Vec::new();
        mission_choices(self, seat, &mut ids);
        if ids.len() > 1 {
            self.decision = Some(Decision::Mission { seat });
        } else {
            self.end_mission_turn(seat);
        }
    }

    fn end_mission_turn(&mut self, seat: Seat) {
        let mut tasks: Vec<Task> = self
            .unused(seat, |a| matches!(a, Ability::ExchangeMissions { .. }))
            .map(|card| Task::ExchangeMissions { seat, card })
            .collect();
        tasks.push(Task::ChipLimit(seat));
        self.then(tasks);
    }

    fn draw_mission(&mut self, seat: Seat, deck: Deck, ev: &mut Vec<Ev>) {
        if let Some(card) = self.mission_decks[deck as usize].pop() {
            self.players[seat as usize].missions.push(card);
            ev.push(Ev::MissionTaken { seat, deck });
            ev.push(Ev::MissionDrawn {
                seat,
                card: self.mission_ref(card),
            });
        }
    }

    fn complete(&mut self, seat: Seat, card: u8, paid: [Chip; 2], ev: &mut Vec<Ev>) {
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

    fn keep_chip(&mut self, seat: Seat, kept: Chip, ev: &mut Vec<Ev>) {
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

    // ---------------- end (§11) ----------------

    fn final_scoring(&mut self, ev: &mut Vec<Ev>) {
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
        let mut per_kind = vec![vec![0u8; kinds]; n];
        for (s, counts) in per_kind.iter_mut().enumerate() {
            for &coat in &self.players[s].coats {
                if let Some(k) = self.coat_kind(coat) {
                    counts[k as usize] += 1;
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

/// The main mission-turn menu: stop, complete a card, use a crown swap (§8).
fn mission_choices(st: &LouisState, seat: Seat, out: &mut Vec<ChoiceId>) {
    out.push(ChoiceId(STOP));
    let p = &st.players[seat as usize];
    for m in p.missions.iter().take(16) {
        if first_payments(p.chips, st.data.mission[m as usize].requires) != 0 {
            out.push(ChoiceId(MISSION + m as u32));
        }
    }
    let non_crown = Chip::ALL[1..].iter().any(|&c| p.chips[c as usize] > 0);
    for m in st.unused(seat, is_crown_swap) {
        if let Ability::CrownSwap { cost } = st.data.mission[m as usize].ability {
            if non_crown && p.money >= cost {
                out.push(ChoiceId(MISSION_USE + m as u32));
            }
        }
    }
}

/// The ids of the pending menu, in menu order (the fast path and the menu share it).
pub fn choices(st: &LouisState, d: &Decision, out: &mut Vec<ChoiceId>) {
    let push = |out: &mut Vec<ChoiceId>, id: u32| out.push(ChoiceId(id));
    match *d {
        Decision::SupplyNext { .. } => {
            for &m in &st.supply_left {
                push(out, MISSION + m as u32);
            }
        }
        Decision::TwoOf { seat, amount } => {
            let common = st.players[seat as usize].common;
            for k in 0..=amount.min(common) {
                push(out, k as u32);
            }
        }
        Decision::StoneForCard { .. }
        | Decision::StartPlace { .. }
        | Decision::OnceFirst { .. }
        | Decision::Buy { .. }
        | Decision::FourStone { .. } => {
            push(out, 0);
            push(out, 1);
        }
        Decision::Turn { seat } => {
            for k in bits(st.hand_kinds(seat)) {
                push(out, k);
            }
            let p = &st.players[seat as usize];
            for m in st.unused(seat, is_pay_pass) {
                if let Ability::PayPass { cost } = st.data.mission[m as usize].ability {
                    if p.money >= cost {
                        push(out, MISSION + m as u32);
                    }
                }
            }
            if !st.influence_deck.is_empty() {
                for m in st.unused(seat, is_exchange) {
                    push(out, MISSION_USE + m as u32);
                }
            }
        }
        Decision::ExchangeDiscard { seat, .. } => {
            for k in bits(st.hand_kinds(seat)) {
                push(out, k);
            }
        }
        Decision::Use { seat, .. } => {
            if st.players[seat as usize].own > 0 {
                push(out, 0);
            }
            push(out, 1);
        }
        Decision::Place { seat, chain: c } => {
            let adj = st.adj[c.t0 as usize];
            match c.step {
                PlaceStep::StartTile => (0..TILES as u32).for_each(|t| push(out, t)),
                PlaceStep::Total => {
                    let own = st.players[seat as usize].own;
                    (1..=c.n_max.min(own) as u32).for_each(|k| push(out, k));
                }
                PlaceStep::Leave0 => {
                    let lo = if adj == 0 { c.n } else { 1 };
                    (lo as u32..=c.n as u32).for_each(|k| push(out, k));
                }
                PlaceStep::Jump1 => bits(adj).for_each(|t| push(out, t)),
                PlaceStep::Leave1 => {
                    let rem = c.n - c.a0;
                    let onward = st.adj[c.t1 as usize] & !(1 << c.t0);
                    let lo = if onward == 0 { rem } else { 1 };
                    (lo as u32..=rem as u32).for_each(|k| push(out, k));
                }
                PlaceStep::Jump2 => {
                    bits(st.adj[c.t1 as usize] & !(1 << c.t0)).for_each(|t| push(out, t))
                }
            }
        }
        Decision::EndPlace { .. } | Decision::PlaceAny { .. } => {
            push(out, NONE_TILE);
            (0..TILES as u32).for_each(|t| push(out, t));
        }
        Decision::Intrigue { seat, .. } => {
            let p = &st.players[seat as usize];
            push(out, 0);
            if p.common > 0 {
                push(out, 1);
            }
            if p.own > 0 {
                push(out, 2);
            }
            if p.own > 1 {
                push(out, 3);
            }
        }
        Decision::PlaceOn { max, .. } | Decision::Retrieve { max, .. } => {
            (0..=max as u32).for_each(|k| push(out, k))
        }
        Decision::Mission { seat } => mission_choices(st, seat, out),
        Decision::PayChip { seat, card, first } => {
            let p = &st.players[seat as usize];
            let req = st.data.mission[card as usize].requires;
            let mask = match first {
                None => first_payments(p.chips, req),
                Some(c) => {
                    let mut rest = p.chips;
                    rest[c as usize] -= 1;
                    second_payments(rest, req[1])
                }
            };
            bits(mask as u16).for_each(|c| push(out, c));
        }
        Decision::DrawDeck { .. } => {
            for d in Deck::ALL {
                if !st.mission_decks[d as usize].is_empty() {
                    push(out, d as u32);
                }
            }
        }
        Decision::SwapChip { seat, .. } => {
            let p = &st.players[seat as usize];
            for c in &Chip::ALL[1..] {
                if p.chips[*c as usize] > 0 {
                    push(out, *c as u32);
                }
            }
        }
        Decision::ReturnMissions {
            seat,
            ref chosen,
            max,
            ..
        } => {
            push(out, STOP);
            if (chosen.len() as u8) < max {
                for m in st.players[seat as usize].missions.iter().take(20) {
                    if !chosen.contains(&m) {
                        push(out, MISSION + m as u32);
                    }
                }
            }
        }
        Decision::KeepChip { seat } => {
            let p = &st.players[seat as usize];
            for c in Chip::ALL {
                if p.chips[c as usize] > 0 {
                    push(out, c as u32);
                }
            }
        }
    }
}

/// Applies an offered choice (the caller checked it against [`choices`]).
pub fn decide(st: &mut LouisState, id: u32, ev: &mut Vec<Ev>) {
    resolve(st, id, ev);
    // A placement step with a single possible answer is taken at once: no menu of one.
    let mut ids = Vec::new();
    while let Some(d @ Decision::Place { .. }) = &st.decision {
        ids.clear();
        choices(st, d, &mut ids);
        if ids.len() != 1 {
            break;
        }
        resolve(st, ids[0].0, ev);
    }
    st.run(ev);
}

fn resolve(st: &mut LouisState, id: u32, ev: &mut Vec<Ev>) {
    let d = st.decision.take().expect("a decision is pending");
    let seat = d.seat();
    let s = seat as usize;
    match d {
        Decision::SupplyNext { .. } => {
            let card = (id - MISSION) as u8;
            st.supply_left.retain(|&m| m != card);
            st.then([Task::SupplyNext(seat)]);
            st.supply_card(seat, card, ev);
        }
        Decision::TwoOf { amount, .. } => {
            let stones = id as u8;
            let money = (amount - stones) as u32;
            if money > 0 {
                st.players[s].money += money;
                ev.push(Ev::Money {
                    seat,
                    amount: money,
                });
            }
            if stones > 0 {
                st.retrieve(seat, stones, ev);
            }
        }
        Decision::StoneForCard { .. } => {
            if id == 1 {
                st.players[s].own -= 1;
                st.players[s].common += 1;
                ev.push(Ev::StoneForCard { seat });
                st.draw_influence(seat, 1, ev);
            }
        }
        Decision::StartPlace { tile, .. } => {
            if id == 1 && st.take_placement_stone(seat) {
                st.tiles[tile as usize].stones[s] += 1;
                ev.push(Ev::StonePlaced { seat, tile });
            }
        }
        Decision::Turn { .. } => {
            if id < MISSION {
                let kind = id as u8;
                let card = st.take_card_of_kind(seat, kind);
                st.discard.push(card);
                ev.push(Ev::Played {
                    seat,
                    card: st.influence_ref(card),
                });
                // §6.2: the last card goes back unplayed, under the deck (§16 A9).
                if st.players[s].influence.len() == 1 {
                    let last = st.players[s].influence.first().expect("one card");
                    st.players[s].influence.clear();
                    st.influence_deck.insert(0, last);
                    ev.push(Ev::LastCardReturned { seat });
                    ev.push(Ev::LastCard {
                        seat,
                        card: st.influence_ref(last),
                    });
                }
                st.decision = Some(Decision::Use { seat, kind });
            } else if id < MISSION_USE {
                let card = (id - MISSION) as u8;
                if let Ability::PayPass { cost } = st.data.mission[card as usize].ability {
                    st.players[s].money -= cost;
                    st.players[s].used.push(card);
                    ev.push(Ev::PaidPass { seat, cost });
                }
            } else {
                let card = (id - MISSION_USE) as u8;
                st.decision = Some(Decision::ExchangeDiscard { seat, card });
            }
        }
        Decision::ExchangeDiscard { card, .. } => {
            let discarded = st.take_card_of_kind(seat, id as u8);
            st.discard.push(discarded);
            st.players[s].used.push(card);
            ev.push(Ev::Exchanged {
                seat,
                card: st.influence_ref(discarded),
            });
            st.draw_influence(seat, 1, ev);
        }
        Decision::Use { kind, .. } => {
            let place = id == 0;
            if st.unused(seat, is_four_stone).next().is_some() {
                st.decision = Some(Decision::FourStone { seat, kind, place });
            } else {
                st.proceed_use(seat, kind, place, None, ev);
            }
        }
        Decision::FourStone { kind, place, .. } => {
            let mut big = None;
            if id == 1 {
                let card = st.unused(seat, is_four_stone).next().expect("offered");
                if let Ability::FourStoneJoker { stones } = st.data.mission[card as usize].ability {
                    st.players[s].used.push(card);
                    ev.push(Ev::FourStone { seat, stones });
                    big = Some(stones);
                }
            }
            st.proceed_use(seat, kind, place, big, ev);
        }
        Decision::Place { mut chain, .. } => {
            let v = id as u8;
            let next = match chain.step {
                PlaceStep::StartTile => {
                    chain.t0 = v;
                    Some(PlaceStep::Total)
                }
                PlaceStep::Total => {
                    chain.n = v;
                    Some(PlaceStep::Leave0)
                }
                PlaceStep::Leave0 => {
                    chain.a0 = v;
                    (v < chain.n).then_some(PlaceStep::Jump1)
                }
                PlaceStep::Jump1 => {
                    chain.t1 = v;
                    Some(PlaceStep::Leave1)
                }
                PlaceStep::Leave1 => {
                    chain.a1 = v;
                    (chain.a0 + v < chain.n).then_some(PlaceStep::Jump2)
                }
                PlaceStep::Jump2 => {
                    st.finish_placement(seat, chain, Some(v), ev);
                    return;
                }
            };
            match next {
                Some(step) => {
                    chain.step = step;
                    st.decision = Some(Decision::Place { seat, chain });
                }
                None => st.finish_placement(seat, chain, None, ev),
            }
        }
        Decision::EndPlace { .. } => {
            if id != NONE_TILE && st.take_placement_stone(seat) {
                st.tiles[id as usize].stones[s] += 1;
                ev.push(Ev::StonePlaced {
                    seat,
                    tile: id as u8,
                });
            }
        }
        Decision::Intrigue { tile, .. } => {
            if id > 0 {
                let p = &mut st.players[s];
                let (from_common, stones) = match id {
                    1 => (true, 1),
                    2 => (false, 1),
                    _ => (false, 2),
                };
                if from_common {
                    p.common -= 1;
                } else {
                    p.own -= stones;
                }
                p.intrigue.remove(tile);
                st.intrigue_deck.insert(0, tile);
                st.tiles[tile as usize].stones[s] += stones;
                ev.push(Ev::IntriguePlayed {
                    seat,
                    tile,
                    from_common,
                    stones,
                });
            }
        }
        Decision::OnceFirst { tile, .. } => {
            if id == 1 {
                let card = st.unused(seat, is_once_first).next().expect("offered");
                st.players[s].used.push(card);
                st.eval.once_first = Some(seat);
                ev.push(Ev::OnceFirst { seat, tile });
            }
        }
        Decision::Buy { tile, price, .. } => {
            if id == 1 {
                st.players[s].money -= price;
                ev.push(Ev::Bought { seat, tile, price });
                st.then([Task::Reward {
                    seat,
                    tile,
                    crown: false,
                }]);
            } else {
                ev.push(Ev::Declined { seat, tile });
            }
        }
        Decision::PlaceAny { left, .. } => {
            if id != NONE_TILE && st.take_placement_stone(seat) {
                st.tiles[id as usize].stones[s] += 1;
                ev.push(Ev::StonePlaced {
                    seat,
                    tile: id as u8,
                });
                st.then([Task::PlaceAny {
                    seat,
                    left: left - 1,
                }]);
            }
        }
        Decision::PlaceOn { tile, .. } => {
            for _ in 0..id {
                if st.take_placement_stone(seat) {
                    st.tiles[tile as usize].stones[s] += 1;
                    ev.push(Ev::StonePlaced { seat, tile });
                }
            }
        }
        Decision::Retrieve { .. } => {
            if id > 0 {
                st.retrieve(seat, id as u8, ev);
            }
        }
        Decision::Mission { .. } => {
            if id == STOP {
                st.end_mission_turn(seat);
            } else if id < MISSION_USE {
                let card = (id - MISSION) as u8;
                pay_step(st, seat, card, None, ev);
            } else {
                let card = (id - MISSION_USE) as u8;
                st.decision = Some(Decision::SwapChip { seat, card });
            }
        }
        Decision::PayChip { card, first, .. } => {
            let chip = Chip::ALL[id as usize];
            match first {
                None => pay_step(st, seat, card, Some(chip), ev),
                Some(f) => st.complete(seat, card, [f, chip], ev),
            }
        }
        Decision::DrawDeck { .. } => st.draw_mission(seat, Deck::ALL[id as usize], ev),
        Decision::SwapChip { card, .. } => {
            if let Ability::CrownSwap { cost } = st.data.mission[card as usize].ability {
                let chip = Chip::ALL[id as usize];
                let p = &mut st.players[s];
                p.money -= cost;
                p.chips[chip as usize] -= 1;
                p.chips[Chip::Crown as usize] += 1;
                p.used.push(card);
                ev.push(Ev::CrownSwap { seat, chip, cost });
            }
            st.then([Task::MissionTurn(seat)]);
        }
        Decision::ReturnMissions {
            card,
            mut chosen,
            max,
            ..
        } => {
            if id != STOP {
                chosen.push((id - MISSION) as u8);
            }
            if id != STOP && (chosen.len() as u8) < max {
                st.decision = Some(Decision::ReturnMissions {
                    seat,
                    card,
                    chosen,
                    max,
                });
            } else if !chosen.is_empty() {
                // §8 step 2: under the deck of their own colour, then as many draws.
                st.players[s].used.push(card);
                for &m in &chosen {
                    st.players[s].missions.remove(m);
                }
                let mut decks = Vec::new();
                for &m in &chosen {
                    let deck = st.data.mission[m as usize].deck;
                    st.mission_decks[deck as usize].insert(0, m);
                    decks.push(deck);
                }
                ev.push(Ev::MissionsReturned { seat, decks });
                let draws: Vec<Task> = chosen.iter().map(|_| Task::DrawMission(seat)).collect();
                st.then(draws);
            }
        }
        Decision::KeepChip { .. } => st.keep_chip(seat, Chip::ALL[id as usize], ev),
    }
}

/// Asks for the next chip of a payment, or pays at once when only one chip fits.
fn pay_step(st: &mut LouisState, seat: Seat, card: u8, first: Option<Chip>, ev: &mut Vec<Ev>) {
    let d = Decision::PayChip { seat, card, first };
    let mut ids = Vec::new();
    choices(st, &d, &mut ids);
    if ids.len() == 1 {
        let chip = Chip::ALL[ids[0].0 as usize];
        match first {
            None => pay_step(st, seat, card, Some(chip), ev),
            Some(f) => st.complete(seat, card, [f, chip], ev),
        }
    } else {
        st.decision = Some(d);
    }
}

/// Setup (§3): shuffles, money deck, stones into supplies, starting money and missions.
pub fn setup(st: &mut LouisState) {
    let n = st.n();
    let data = &st.data;
    let mut inf: Vec<u8> = (0..data.influence_cards() as u8).collect();
    inf.shuffle(&mut st.rng);
    st.influence_deck = inf;
    let mut intrigue: Vec<u8> = (0..TILES as u8).collect();
    intrigue.shuffle(&mut st.rng);
    st.intrigue_deck = intrigue;
    for deck in Deck::ALL {
        let mut cards: Vec<u8> = (0..st.data.mission.len() as u8)
            .filter(|&m| st.data.mission[m as usize].deck == deck)
            .collect();
        cards.shuffle(&mut st.rng);
        st.mission_decks[deck as usize] = cards;
    }
    let coats = st.data.setup.coat_kinds as u16 * st.data.setup.coats_per_kind as u16;
    let mut pile: Vec<u8> = (0..coats.min(250) as u8).collect();
    pile.shuffle(&mut st.rng);
    st.coat_pile = pile;
    let mut money: Vec<u8> = (0..st.data.money_card.len() as u8).collect();
    money.shuffle(&mut st.rng);
    let used = st.data.setup.money_cards_used as usize;
    st.money_removed = money.split_off(used);
    st.money_removed.sort_unstable();
    st.money_deck = money;
    st.start = rand::Rng::random_range(&mut st.rng, 0..n as Seat);
    let order: Vec<Seat> = st.order().collect();
    let common = st.data.common_stones(n).to_vec();
    for (i, &seat) in order.iter().enumerate() {
        let total = st.data.setup.stones_per_player;
        let p = &mut st.players[seat as usize];
        p.common = common[i];
        p.own = total - common[i];
        p.money = st.data.setup.starting_money;
    }
    for &seat in &order {
        for deck in [Deck::Light, Deck::Medium] {
            if let Some(card) = st.mission_decks[deck as usize].pop() {
                st.players[seat as usize].missions.push(card);
            }
        }
    }
    st.then([Task::Round]);
}
