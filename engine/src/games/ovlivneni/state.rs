//! The whole table, hidden parts included (spec §1.4), and the small operations every rule
//! uses: drawing with reshuffles (§9), the capture test (§4), hand and pile moves.

use rand::{seq::SliceRandom, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::{
    cards::{CardRef, Country, Effect, CARD_COUNT, CONFUSION, COUNTRY_COUNT, DECLINE, WEAKENING},
    events::OvEvent,
    params::Params,
    OvOptions,
};
use crate::contract::Seat;

pub const SLOTS: usize = 5;
/// Spec §5.4: draw up to five at the end of the turn; §2: the opening hand.
pub const HAND: usize = 5;
/// Spec §3: three captured countries win.
pub const TO_WIN: usize = 3;

pub fn other(seat: Seat) -> Seat {
    1 - seat
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Face down; the top is the last element.
    pub deck: Vec<u8>,
    pub hand: Vec<u8>,
    /// Face up (O-D25), oldest first.
    pub discard: Vec<u8>,
    pub bases: Vec<u8>,
    /// Uninvested `[B, M]`.
    pub treasury: [u32; 2],
    pub captured: Vec<u8>,
    /// How many cards at the top of the deck the owner knows (after a look, §12, or 16A).
    pub known_top: u8,
    /// How many of those the opponent knows too (16A puts public discard cards there).
    pub public_top: u8,
    /// Hand cards the opponent saw arrive (Historie 5B takes them from the open discard).
    pub public_hand: Vec<u8>,
}

impl Player {
    /// Takes the top `min(n, deck)` cards off the deck, top first; the owner's knowledge of
    /// the top shrinks with them.
    pub fn take_top(&mut self, n: usize) -> Vec<u8> {
        let take = n.min(self.deck.len());
        let mut top = self.deck.split_off(self.deck.len() - take);
        top.reverse();
        self.known_top = self.known_top.saturating_sub(take as u8);
        top
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum What {
    /// A card play. For a Licence copy `card` is LICENCE and `effect` the copied effect.
    Play {
        card: u8,
        effect: Effect,
        licence: bool,
        params: Params,
        /// The stack index of the item a reaction answers.
        target: Option<u8>,
    },
    /// Spec §5.1: the active player captures this country.
    Capture { country: u8 },
}

/// One entry of the resolution stack (spec §7.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub owner: Seat,
    pub what: What,
    pub cancelled: bool,
}

impl Item {
    /// The chosen effect as the reaction rules see it (§7.1): a Licence copy is a reaction.
    pub fn chosen_kind_is_instant(&self) -> bool {
        matches!(&self.what, What::Play { effect, licence: false, .. }
            if effect.kind() == super::cards::Kind::Instant)
    }
}

/// A declaration being built through menus (§6.1); the card is still in hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decl {
    pub who: Seat,
    pub card: u8,
    pub effect: Effect,
    /// A Licence copy declared in a reaction window (§10 card 12).
    pub licence: bool,
    /// A reaction (its menus pass on timeout, §7.4 item 4).
    pub reaction: bool,
    pub params: Params,
    /// 10B: 0 country, 1 amount of B, 2 amount of M.
    pub step: u8,
    /// A group of discard-pile cards chosen first when there are too many for one menu.
    pub group: Option<u8>,
    /// Every parameter is fixed: the declaration waits for its confirm (§6.1, §13). Missing
    /// in snapshots stored under rules version 1, where no declaration waited for one.
    #[serde(default)]
    pub ready: bool,
}

/// A resolution-time question (§6.1 "choices that depend on revealed cards", §7.4 item 7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PromptKind {
    /// 11A, 27A: cards taken off the top (top first), the ones put back so far (top first).
    Look { looked: Vec<u8>, kept: Vec<u8> },
    /// 11B, 14B: discard `left` more cards; `drawn` is what the draw gave, oldest first.
    Discard { left: u8, drawn: Vec<u8> },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prompt {
    /// The card play being resolved; its owner answers.
    pub item: Item,
    /// Resources gained so far (for Akcie, §6.8).
    pub gains: [u32; 2],
    pub kind: PromptKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// §5.1: capture events of the turn's start are being answered.
    Captures,
    /// §5.3.
    Main,
    /// §5.4 step 1: the active player picks cards to discard.
    EndDiscard,
    Over,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OvState {
    pub options: OvOptions,
    /// All randomness after setup (reshuffles, §9) comes from ChaCha streams of the game's
    /// seed, one stream per shuffle: the state stays small and cheap to clone and compare.
    pub seed: u64,
    pub shuffles: u64,
    pub players: [Player; 2],
    /// The status card in play and its owner (§8).
    pub status: Option<(Seat, u8)>,
    /// The display (§1.4): country ids.
    pub slots: [Option<u8>; SLOTS],
    /// Investments per slot, per seat, per resource.
    pub inv: [[[u32; 2]; 2]; SLOTS],
    /// Top = last.
    pub country_deck: Vec<u8>,
    pub removed: Vec<u8>,
    pub active: Seat,
    /// Turns started so far (1 = the first turn).
    pub turn: u32,
    pub phase: Phase,
    pub winner: Option<Seat>,
    /// §5.1: countries still to be captured this turn, in slot order.
    pub capture_queue: Vec<u8>,
    pub stack: Vec<Item>,
    pub decl: Option<Decl>,
    /// An invest action whose amount is being chosen: (resource, slot).
    pub invest: Option<(u8, u8)>,
    pub prompt: Option<Prompt>,
    /// §11.2: the active player's Fabrika doubling this turn.
    pub doubling: bool,
    /// Cards shuffled from a face-up discard pile into a deck by the latest choice: its
    /// events may still name them (they were public), so they are no secret until the
    /// next choice. Cleared by every choice.
    #[serde(default)]
    pub shuffled_in: Vec<(Seat, u8)>,
    /// The reaction windows passed this turn by a seat whose hand has not changed since
    /// (public, §12), for the AI's inference (`infer.rs`): emptied at every turn's start, and
    /// of a seat's own windows when it plays a card. Left out of the JSON while empty, so
    /// snapshots stored before it load (`Game::resumes`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passes: Vec<Passed>,
}

/// A reaction window a seat let go by (§7.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Passed {
    pub seat: Seat,
    /// What it could have answered.
    pub item: Item,
    /// On a capture: what the seat still had invested in that country (public), which
    /// Pojištění (23B) would have returned.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub invested: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl OvState {
    /// Spec §2: shuffle each deck and draw five, lay out five countries, draw lots for the
    /// first player; then the first turn begins.
    pub fn new(options: OvOptions, seed: u64, events: &mut Vec<OvEvent>) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut players: [Player; 2] = Default::default();
        for p in &mut players {
            p.deck = (0..CARD_COUNT as u8).collect();
            p.deck.shuffle(&mut rng);
            let at = p.deck.len() - HAND;
            // Room for a whole game up front: piles that grow card by card reallocate
            // several times otherwise, which random playouts (the AI's search) feel.
            p.hand = Vec::with_capacity(2 * HAND);
            p.hand.extend(p.deck.drain(at..));
            p.discard = Vec::with_capacity(CARD_COUNT);
            p.bases = Vec::with_capacity(8);
            p.captured = Vec::with_capacity(TO_WIN);
        }
        let mut country_deck: Vec<u8> = (0..COUNTRY_COUNT as u8).collect();
        country_deck.shuffle(&mut rng);
        let mut slots = [None; SLOTS];
        for s in &mut slots {
            *s = country_deck.pop();
        }
        let active = (rand::Rng::random_range(&mut rng, 0..2u8)) as Seat;
        let mut state = OvState {
            options,
            seed,
            shuffles: 0,
            players,
            status: None,
            slots,
            inv: [[[0; 2]; 2]; SLOTS],
            country_deck,
            removed: Vec::new(),
            active,
            turn: 0,
            phase: Phase::Main,
            winner: None,
            capture_queue: Vec::with_capacity(SLOTS),
            stack: Vec::with_capacity(8),
            decl: None,
            invest: None,
            prompt: None,
            doubling: false,
            shuffled_in: Vec::new(),
            passes: Vec::new(),
        };
        events.push(OvEvent::FirstPlayer { seat: active });
        state.begin_turn(events);
        state
    }

    /// A fresh ChaCha stream for the next shuffle (stream 0 dealt the setup).
    fn next_rng(&mut self) -> ChaCha8Rng {
        self.shuffles += 1;
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(self.shuffles);
        rng
    }

    pub fn displayed(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }

    pub fn slot_of(&self, country: u8) -> Option<usize> {
        self.slots.iter().position(|&s| s == Some(country))
    }

    /// Spec §4: effective thresholds `[B, M]` under the status in play.
    pub fn thresholds(&self, country: u8) -> [u32; 2] {
        let [mut b, mut m] = Country(country).info().thresholds;
        match self.status.map(|(_, c)| c) {
            Some(DECLINE) => b = b.saturating_sub(1),
            Some(WEAKENING) => m = m.saturating_sub(1),
            _ => {}
        }
        [b, m]
    }

    /// Spec §4 `qualifies`, in exact integers (O-D4, O-D7).
    pub fn qualifies(&self, p: Seat, slot: usize) -> bool {
        let Some(country) = self.slots[slot] else {
            return false;
        };
        let q = other(p);
        let [tb, tm] = self.thresholds(country);
        let tm = if self.status.map(|(_, c)| c) == Some(CONFUSION) {
            2 * tm
        } else {
            tm
        };
        let strict = self.options.strict_thresholds;
        let reaches = |x: u32, t: u32| if strict { x > t } else { x >= t };
        let mine = self.inv[slot][p as usize];
        let theirs = self.inv[slot][q as usize];
        (mine[0] > theirs[0] && reaches(mine[0], tb))
            || (mine[1] > theirs[1] && reaches(mine[1], tm))
    }

    /// Spec §9 `draw`: one instruction, one check; the reshuffled pile goes under. The
    /// drawn cards end the hand, top first; returns how many.
    pub fn draw(&mut self, p: Seat, n: usize, events: &mut Vec<OvEvent>) -> usize {
        let short = {
            let player = &self.players[p as usize];
            player.deck.len() < n && !player.discard.is_empty()
        };
        if short {
            let mut rng = self.next_rng();
            let player = &mut self.players[p as usize];
            let mut pile = std::mem::take(&mut player.discard);
            pile.shuffle(&mut rng);
            self.shuffled_in.extend(pile.iter().map(|&c| (p, c)));
            events.push(OvEvent::Reshuffled {
                seat: p,
                count: pile.len(),
            });
            pile.append(&mut player.deck);
            player.deck = pile;
        }
        let player = &mut self.players[p as usize];
        // Straight from the deck into the hand: every turn ends with a draw.
        let take = n.min(player.deck.len());
        let from = player.deck.len() - take;
        let start = player.hand.len();
        player.hand.extend(player.deck.drain(from..).rev());
        player.known_top = player.known_top.saturating_sub(take as u8);
        player.public_top = player.public_top.saturating_sub(take as u8);
        if take > 0 {
            events.push(OvEvent::Drew {
                seat: p,
                cards: player.hand[start..]
                    .iter()
                    .map(|&c| CardRef::new(p, c))
                    .collect(),
            });
        }
        events.push(OvEvent::DrewCount {
            seat: p,
            count: take,
        });
        take
    }

    /// Takes a card out of a hand; false if it is not there.
    pub fn take_from_hand(&mut self, p: Seat, card: u8) -> bool {
        let player = &mut self.players[p as usize];
        let Some(i) = player.hand.iter().position(|&c| c == card) else {
            return false;
        };
        player.hand.remove(i);
        player.public_hand.retain(|&c| c != card);
        // The hand it passed with is no longer the one it holds.
        self.passes.retain(|w| w.seat != p);
        true
    }

    /// Hand → discard pile, face up (§5.4, 9B, 11B, 14B, 26B).
    pub fn discard_from_hand(&mut self, p: Seat, cards: &[u8], events: &mut Vec<OvEvent>) {
        let mut done = Vec::new();
        for &c in cards {
            if self.take_from_hand(p, c) {
                self.players[p as usize].discard.push(c);
                done.push(CardRef::new(p, c));
            }
        }
        if !done.is_empty() {
            events.push(OvEvent::Discarded {
                seat: p,
                cards: done,
            });
        }
    }

    /// Spec §15: every card of `p`'s deck, wherever it is now (for the invariant tests).
    pub fn card_count(&self, p: Seat) -> usize {
        let player = &self.players[p as usize];
        let mut n =
            player.deck.len() + player.hand.len() + player.discard.len() + player.bases.len();
        n += self.status.iter().filter(|(o, _)| *o == p).count();
        let on = |i: &Item| i.owner == p && matches!(i.what, What::Play { .. });
        n += self.stack.iter().filter(|i| on(i)).count();
        if let Some(pr) = &self.prompt {
            if on(&pr.item) {
                n += 1;
            }
            if let PromptKind::Look { looked, kept } = &pr.kind {
                if pr.item.owner == p {
                    n += looked.len() + kept.len();
                }
            }
        }
        n
    }
}
