//! The course of a game as a stack of tasks (spec §4–§11): automatic steps run until one
//! needs a decision; each decision is a small menu (spec §14) whose ids this file defines.
//!
//! Choice ids: tiles are 0..12 (12 = "none" where offered), counts are the count itself,
//! yes/no is 1/0, influence cards by kind (tile 0..12, joker 12), chips by [`Chip`] index,
//! decks by [`Deck`] index, mission cards `MISSION + index`, a second use of a mission card
//! `MISSION_USE + index`, "stop" 0.

use rand::seq::SliceRandom;

use super::{
    course::{Decision, Phase, Task},
    data::{Ability, Chip, Condition, Deck, Symbol, TILES},
    events::LouisEvent as Ev,
    state::LouisState,
};
use crate::contract::Seat;

pub const NONE_TILE: u32 = TILES as u32;
pub const MISSION: u32 = 1000;
pub const MISSION_USE: u32 = 2000;
pub const STOP: u32 = 0;

pub(super) fn is_four_stone(a: Ability) -> bool {
    matches!(a, Ability::FourStoneJoker { .. })
}
pub(super) fn is_once_first(a: Ability) -> bool {
    matches!(a, Ability::OnceFirst)
}
pub(super) fn is_pay_pass(a: Ability) -> bool {
    matches!(a, Ability::PayPass { .. })
}
pub(super) fn is_exchange(a: Ability) -> bool {
    matches!(a, Ability::ExchangeInfluence)
}
pub(super) fn is_crown_swap(a: Ability) -> bool {
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

pub(super) fn bits(mask: u16) -> impl Iterator<Item = u32> {
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
}

/// Setup (§3): shuffles, money deck, stones into supplies, starting money and missions.
pub fn setup(st: &mut LouisState, start: Option<Seat>) {
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
    // Drawn even when the host named the start player, so the deal is the same either way.
    let drawn = rand::Rng::random_range(&mut st.rng, 0..n as Seat);
    st.start = start.unwrap_or(drawn);
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
