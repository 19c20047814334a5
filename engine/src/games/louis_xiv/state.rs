//! The whole table of one Louis XIV game, hidden parts included; the card handles of its
//! cards (`refs.rs`) are made here, where the data is.

use std::sync::Arc;

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::{
    course::{Decision, Phase, Task},
    data::{Ability, Chip, Condition, Data, Deck, TILES},
    refs::{CoatRef, InfluenceRef, MissionRef},
};
use crate::contract::Seat;

/// Index of the neutral participant in a tile's stone counts (2 players, §9).
pub const NEUTRAL: usize = 4;
/// A coat of arms drawn from an empty pile: 1 point, no kind (§16 A12).
pub const PLAIN_COAT: u8 = u8::MAX;

/// A set of card indices (< 64) as a bit mask: hands are sets, and a mask keeps the state
/// cheap to clone and compare (the conformance suite does both at every step).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Cards(pub u64);

impl Cards {
    pub fn push(&mut self, card: u8) {
        self.0 |= 1 << card;
    }
    pub fn remove(&mut self, card: u8) {
        self.0 &= !(1 << card);
    }
    pub fn contains(&self, card: &u8) -> bool {
        self.0 & (1 << *card) != 0
    }
    pub fn len(&self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }
    pub fn clear(&mut self) {
        self.0 = 0;
    }
    pub fn first(&self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8)
    }
    /// Ascending card indices.
    pub fn iter(&self) -> impl Iterator<Item = u8> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let c = m.trailing_zeros() as u8;
                m &= m - 1;
                c
            })
        })
    }
}

impl FromIterator<u8> for Cards {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut c = Cards::default();
        for x in iter {
            c.push(x);
        }
        c
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Stones in the own supply (usable by influence cards).
    pub own: u8,
    /// Stones parked in the common supply.
    pub common: u8,
    pub money: u32,
    /// Chips held, by [`Chip`] index.
    pub chips: [u8; 5],
    /// Coats of arms (index into the pile's 0..kinds×per, or [`PLAIN_COAT`]).
    pub coats: Vec<u8>,
    pub influence: Cards,
    pub intrigue: Cards,
    /// Mission cards in hand (index into `data.mission`).
    pub missions: Cards,
    pub completed: Cards,
    /// Completed cards already used in the current phase (§12: once per phase).
    pub used: Cards,
}

impl Player {
    pub fn chip_count(&self) -> u8 {
        self.chips.iter().sum()
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileState {
    /// Back side (black number) face up.
    pub back: bool,
    /// Stones per seat; index [`NEUTRAL`] is the neutral colour.
    pub stones: [u8; 5],
}

/// The tile being evaluated (§7.1): its snapshot and a D07 declaration.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvalTile {
    pub snapshot: [u8; 5],
    pub once_first: Option<Seat>,
}

/// The final tally (§11), kept once the game is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalScore {
    /// Coats drawn per seat for: influence cards, intrigue cards, chips, stones on tiles, money.
    pub conversions: Vec<[u8; 5]>,
    /// Per kind: the largest count and the seats that drew a bonus coat.
    pub majorities: Vec<(u8, Vec<Seat>)>,
    /// Per seat: coats per kind, then plain ones, as counted for the majorities (before
    /// the bonus coats). Empty in games stored before it was kept.
    #[serde(default)]
    pub counted: Vec<Vec<u8>>,
    pub coats: Vec<u8>,
    pub missions: Vec<u8>,
    pub scores: Vec<u32>,
    pub own_stones: Vec<u8>,
    pub places: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LouisState {
    /// The component data this game started with (shared, immutable).
    pub data: Arc<Data>,
    pub data_hash: String,
    pub rng: ChaCha8Rng,
    pub seats: u8,
    pub round: u8,
    pub phase: Phase,
    pub start: Seat,
    pub tiles: [TileState; TILES],
    /// Tile index → bit mask of adjacent tile indices (from the data, §2.2).
    pub adj: [u16; TILES],
    /// Louis XIV's tile index this round, if he stands on the board.
    pub king: Option<u8>,
    /// The round's money card (index into `data.money_card`).
    pub money_card: Option<u8>,
    /// Unrevealed money cards; the top is the last.
    pub money_deck: Vec<u8>,
    /// The money cards removed unseen for the whole game (§3).
    pub money_removed: Vec<u8>,
    pub influence_deck: Vec<u8>,
    pub discard: Vec<u8>,
    pub intrigue_deck: Vec<u8>,
    pub mission_decks: [Vec<u8>; 3],
    pub coat_pile: Vec<u8>,
    pub neutral_pool: u8,
    pub players: Vec<Player>,
    /// Whose influence turn comes next (§6.2).
    pub turn: Seat,
    /// Supply-phase cards the active player has not resolved yet (§5 step 2).
    pub supply_left: Vec<u8>,
    pub eval: EvalTile,
    /// Work still to do, the next task last.
    pub tasks: Vec<Task>,
    pub decision: Option<Decision>,
    pub result: Option<FinalScore>,
    /// The influence cards played this influence phase, oldest first: public (§13), kept
    /// for the AI's inference (`infer.rs`); emptied when the cards are reshuffled. Left out
    /// of the JSON while empty, so snapshots stored before it load (`Game::resumes`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plays: Vec<InfluencePlay>,
}

/// One influence-phase turn of a seat (§6.2) as the table saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InfluencePlay {
    pub seat: Seat,
    /// The kind of card played ([`LouisState::card_kind`]), or the kind discarded by an
    /// exchange (M11/M12), after which the seat drew a card nobody else saw.
    pub kind: u8,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exchange: bool,
    /// After this play the seat's last card went back unplayed under the influence deck
    /// (§6.2): everyone saw it go, only the seat saw which card it was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub returned: bool,
}

impl LouisState {
    pub fn n(&self) -> usize {
        self.seats as usize
    }

    /// Seats in turn order from the start player (§1 "turn order").
    pub fn order(&self) -> impl Iterator<Item = Seat> + '_ {
        let n = self.seats;
        (0..n).map(move |i| (self.start + i) % n)
    }

    pub fn condition(&self, tile: usize) -> Condition {
        let t = &self.data.tile[tile];
        if self.tiles[tile].back {
            t.back
        } else {
            t.front
        }
    }

    pub fn abilities(&self, seat: Seat) -> impl Iterator<Item = (u8, Ability)> + '_ {
        self.players[seat as usize]
            .completed
            .iter()
            .map(|m| (m, self.data.mission[m as usize].ability))
    }

    /// Completed, not yet used this phase, cards of a kind.
    pub fn unused(&self, seat: Seat, pred: fn(Ability) -> bool) -> impl Iterator<Item = u8> + '_ {
        let p = &self.players[seat as usize];
        p.completed
            .iter()
            .filter(move |&m| pred(self.data.mission[m as usize].ability) && !p.used.contains(&m))
    }

    pub fn discount(&self, seat: Seat) -> u32 {
        self.abilities(seat)
            .map(|(_, a)| match a {
                Ability::Discount { amount } => amount,
                _ => 0,
            })
            .sum()
    }

    /// The personality tile of an influence card, `None` for a joker.
    pub fn card_tile(&self, card: u8) -> Option<usize> {
        let per = self.data.setup.cards_per_personality as usize;
        let c = card as usize;
        (c < TILES * per).then_some(c / per)
    }

    /// An influence card's kind: its tile, or [`JOKER`] (menu ids).
    pub fn card_kind(&self, card: u8) -> u8 {
        self.card_tile(card).map_or(JOKER, |t| t as u8)
    }

    pub fn draw_coat(&mut self, seat: Seat) -> u8 {
        let coat = self.coat_pile.pop().unwrap_or(PLAIN_COAT);
        self.players[seat as usize].coats.push(coat);
        coat
    }

    pub fn coat_kind(&self, coat: u8) -> Option<u8> {
        (coat != PLAIN_COAT).then(|| coat / self.data.setup.coats_per_kind)
    }

    /// The cards sent back unplayed this influence phase (§6.2), each with its seat and its
    /// place in the influence deck, oldest first. Each went under the deck, so the latest
    /// lies at the bottom; draws take from the top and reach them only once every other card
    /// is gone, after which their places are no longer known: then none is given.
    pub fn returned_cards(&self) -> Vec<(Seat, usize)> {
        let seats: Vec<Seat> = self
            .plays
            .iter()
            .filter(|p| p.returned)
            .map(|p| p.seat)
            .collect();
        let k = seats.len();
        if self.influence_deck.len() < k {
            return Vec::new();
        }
        seats
            .into_iter()
            .enumerate()
            .map(|(i, seat)| (seat, k - 1 - i))
            .collect()
    }

    pub fn shuffle_influence(&mut self) {
        let mut deck = std::mem::take(&mut self.influence_deck);
        deck.append(&mut self.discard);
        deck.sort_unstable();
        deck.shuffle(&mut self.rng);
        self.influence_deck = deck;
        self.plays.clear();
    }

    /// Stones a placement by a tile reward or a mission card takes: common first, then own
    /// (§12 general rule). Returns false when the player has none.
    pub fn take_placement_stone(&mut self, seat: Seat) -> bool {
        let p = &mut self.players[seat as usize];
        if p.common > 0 {
            p.common -= 1;
            true
        } else if p.own > 0 {
            p.own -= 1;
            true
        } else {
            false
        }
    }

    pub fn has_any_stone(&self, seat: Seat) -> bool {
        let p = &self.players[seat as usize];
        p.common + p.own > 0
    }

    pub fn deck_index(deck: Deck) -> usize {
        deck as usize
    }
}

/// Menu id of the joker kind among influence cards.
pub const JOKER: u8 = TILES as u8;

pub fn chip_index(chip: Chip) -> usize {
    chip as usize
}

impl LouisState {
    pub fn influence_ref(&self, card: u8) -> InfluenceRef {
        InfluenceRef {
            card,
            tile: self.card_tile(card).map(|t| t as u8),
            per: self.data.setup.cards_per_personality,
        }
    }

    pub fn mission_ref(&self, m: u8) -> MissionRef {
        MissionRef {
            index: m,
            id: self.data.mission[m as usize].id.clone(),
        }
    }
    pub fn coat_ref(&self, coat: u8) -> CoatRef {
        CoatRef {
            coat,
            kind: self.coat_kind(coat),
        }
    }
}
