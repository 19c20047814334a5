//! Ruse & Bruise's rules: setup (§3, §9), turns (§4) and the next round (§4.6). The
//! immediate effects (§5) are in `effects`, the end of a round (§4.4, §6) in `round_end`;
//! evaluation itself is in `evaluation.rs`.

use rand::{seq::SliceRandom, Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::{
    cards::{Card, Character, Colour, PointCard, POINT_CARDS},
    evaluation::{ColumnResult, Entry, EvalLine},
    pile::Pile,
};
use crate::contract::Seat;

mod effects;
mod log;
mod round_end;

pub use log::Log;

pub const ROUNDS: u8 = 6;
pub const HAND_SIZE: usize = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Seats choose colours in seat order (§9 decision 4).
    Colours,
    /// The host (seat 0) picks the start player or keeps the seeded one (§3.5, D-19).
    StartPlayer,
    Play,
    Over,
}

/// An immediate effect waiting for its owner (§9 decisions 2 and 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Decision {
    /// Hide a hand card under the Disguise at `position` (0-based) of `column`.
    Disguise {
        owner: Seat,
        column: u8,
        position: u8,
    },
    /// Swap `column`'s point card with another column's.
    Traitor { owner: Seat, column: u8 },
}

impl Decision {
    pub fn owner(self) -> Seat {
        match self {
            Decision::Disguise { owner, .. } | Decision::Traitor { owner, .. } => owner,
        }
    }
}

/// An influence card lying in a column (§10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub owner: Seat,
    pub character: Character,
    pub face_up: bool,
    /// The card tucked under this Disguise (§5.4); same owner.
    pub hidden: Option<Character>,
    /// The turn in which this Explorer last moved (§5.1 loop guard, D-11); 0 = never.
    pub moved: u16,
    /// A face-down Explorer everyone saw move (§5.1, D-11).
    pub known: bool,
}

impl Placed {
    fn new(owner: Seat, character: Character) -> Placed {
        Placed {
            owner,
            character,
            face_up: false,
            hidden: None,
            moved: 0,
            known: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    pub point: PointCard,
    /// Closed by a Storm for the rest of the round (§5.3).
    pub closed: bool,
    /// Top-down: index 0 is position 1.
    pub cards: Vec<Placed>,
}

impl Column {
    /// Cards in the column, a card hidden under a Disguise included (§1, D-8).
    pub fn count(&self) -> usize {
        self.cards.len() + self.cards.iter().filter(|p| p.hidden.is_some()).count()
    }

    /// Spec §4.4: closed, or at least as many cards as the point card's value.
    pub fn full(&self) -> bool {
        let value = self.point.value() as usize;
        let placed = self.cards.len();
        // Checked after every turn for every column: hidden cards are counted only when they
        // could matter (each placed card hides at most one, so `count() <= 2 * placed`).
        self.closed || placed >= value || (2 * placed >= value && self.count() >= value)
    }
}

/// One player's cards (§3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Face down; the top card is the last.
    pub deck: Pile<Character, 25>,
    /// Kept in character order so menus are stable; never more than 3 (§4.3).
    pub hand: Pile<Character, HAND_SIZE>,
    /// Face up (§8).
    pub discard: Pile<Character, 25>,
    /// Won point cards, face down (§6.6).
    pub won: Pile<PointCard, 36>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RbState {
    pub doubling: bool,
    pub seats: u8,
    pub rng: ChaCha8Rng,
    pub phase: Phase,
    pub colours: Vec<Option<Colour>>,
    /// The start player drawn from the seed (§3.5), used unless the host picks one.
    pub random_start: Seat,
    pub players: Vec<Player>,
    /// Face down; the top card is the last.
    pub point_deck: Pile<PointCard, 36>,
    /// Returned to the box unseen (§3.3).
    pub boxed: Pile<PointCard, 36>,
    /// Point cards nobody could win, out of the game (§6.5, D-14).
    pub unclaimed: Pile<PointCard, 36>,
    pub columns: Vec<Column>,
    /// 1..=6 during play.
    pub round: u8,
    pub active: Seat,
    /// Counts plays, 1 and up, to tell Explorer moves of this turn from earlier ones.
    pub turn: u16,
    pub decision: Option<Decision>,
    /// The active player of the latest turn with a play: who ends a round (§4.4, §4.5, D-28).
    pub last_player: Seat,
    /// The evaluation of round 6 (§6), shown with the final result.
    pub last_round: Vec<ColumnResult>,
    /// Cards shuffled from a (public) discard pile into a deck while the latest choice
    /// was applied: its events may have named them before they went out of sight.
    pub shuffled_in: Vec<Card>,
}

/// What happened; the audience of each is decided in `mod.rs`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum RbEvent {
    ColourChosen {
        seat: Seat,
        colour: Colour,
    },
    StartPlayer {
        seat: Seat,
        random: bool,
    },
    RoundStarted {
        round: u8,
        points: Vec<PointCard>,
    },
    /// Public: only the column.
    Played {
        seat: Seat,
        column: u8,
    },
    /// Private to the player: which card.
    PlayedCard {
        seat: Seat,
        card: Card,
    },
    Flipped {
        column: u8,
        card: Card,
    },
    ExplorerMoved {
        card: Card,
        from: u8,
        to: u8,
    },
    ExplorerStays {
        card: Card,
        column: u8,
    },
    Killed {
        card: Card,
        by: Card,
        column: u8,
    },
    StormClosed {
        card: Card,
        column: u8,
    },
    DisguiseEmptyHand {
        seat: Seat,
        column: u8,
    },
    Hid {
        seat: Seat,
        column: u8,
    },
    /// Private to the owner.
    HidCard {
        seat: Seat,
        card: Card,
    },
    HidNothing {
        seat: Seat,
        column: u8,
    },
    Swapped {
        seat: Seat,
        column: u8,
        other: u8,
        /// The point cards now above `column` and `other`.
        now: [PointCard; 2],
    },
    NoSwap {
        seat: Seat,
        column: u8,
    },
    /// Private to the player.
    Drew {
        seat: Seat,
        card: Card,
    },
    Reshuffled {
        seat: Seat,
        count: usize,
    },
    Skipped {
        seat: Seat,
    },
    NobodyCanPlay,
    RoundEnded {
        round: u8,
        by: Seat,
    },
    Revealed {
        column: u8,
        cards: Vec<Card>,
    },
    /// One line of a column's evaluation report (§6, §10).
    Evaluation {
        column: u8,
        line: EvalLine,
    },
    GameOver,
}

impl RbState {
    /// Spec §3: the seats choose colours first; decks are dealt when play begins.
    pub fn new(seats: usize, seed: u64, doubling: bool) -> RbState {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let random_start = rng.random_range(0..seats as Seat);
        RbState {
            doubling,
            seats: seats as u8,
            rng,
            phase: Phase::Colours,
            colours: vec![None; seats],
            random_start,
            players: vec![Player::default(); seats],
            point_deck: Pile::default(),
            boxed: Pile::default(),
            unclaimed: Pile::default(),
            columns: Vec::new(),
            round: 0,
            active: 0,
            turn: 0,
            decision: None,
            last_player: 0,
            last_round: Vec::new(),
            shuffled_in: Vec::new(),
        }
    }

    /// The seat after `seat` in turn order: `(seat + 1) % seats` without the division,
    /// which sits on the path of every turn.
    pub fn next_seat(&self, seat: Seat) -> Seat {
        if seat + 1 >= self.seats {
            0
        } else {
            seat + 1
        }
    }

    pub fn n(&self) -> usize {
        self.seats as usize
    }

    pub fn colour(&self, seat: Seat) -> Colour {
        self.colours[seat as usize].unwrap_or(Colour::ALL[seat as usize])
    }

    pub fn card(&self, owner: Seat, character: Character) -> Card {
        Card {
            colour: self.colour(owner),
            character,
        }
    }

    /// The seat choosing a colour now, in seat order.
    pub fn choosing_colour(&self) -> Option<Seat> {
        (self.phase == Phase::Colours)
            .then(|| self.colours.iter().position(Option::is_none))
            .flatten()
            .map(|s| s as Seat)
    }

    pub fn free_colours(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL
            .into_iter()
            .filter(|c| !self.colours.contains(&Some(*c)))
    }

    pub fn choose_colour(&mut self, seat: Seat, colour: Colour, events: &mut Log) {
        self.colours[seat as usize] = Some(colour);
        events.push(|| RbEvent::ColourChosen { seat, colour });
        if self.choosing_colour().is_none() {
            self.phase = Phase::StartPlayer;
        }
    }

    /// Spec §3: shuffle each deck, draw 3, deal 6 × N point cards; then round 1.
    pub fn begin(&mut self, start: Option<Seat>, events: &mut Log) {
        let start = start.unwrap_or(self.random_start);
        events.push(|| RbEvent::StartPlayer {
            seat: start,
            random: start == self.random_start,
        });
        for seat in 0..self.seats {
            let mut deck: Pile<Character, 25> = Character::all().collect();
            deck.as_mut_slice().shuffle(&mut self.rng);
            self.players[seat as usize].deck = deck;
            self.draw_up_to(seat, events);
        }
        let mut points: Vec<PointCard> = (0..POINT_CARDS).map(PointCard).collect();
        points.shuffle(&mut self.rng);
        self.boxed = points.split_off(6 * self.n()).into_iter().collect();
        self.point_deck = points.into_iter().collect();
        self.phase = Phase::Play;
        // So that "the left neighbour of who ended the previous round" is `start` (§4.6).
        self.last_player = (start + self.seats - 1) % self.seats;
        self.start_round(events);
    }

    /// Spec §4.1: reveal N point cards as columns 1..N.
    fn start_round(&mut self, events: &mut Log) {
        self.round += 1;
        let n = self.n();
        let points: Vec<PointCard> = (0..n).filter_map(|_| self.point_deck.pop()).collect();
        // The previous round's columns are reused (emptied) so that their card lists keep
        // their capacity: growing four fresh lists every round was a fifth of the
        // allocations of a game. A new list starts with room for a full column of 5.
        self.columns.resize_with(points.len(), || Column {
            point: PointCard::default(),
            closed: false,
            cards: Vec::with_capacity(8),
        });
        for (column, &point) in self.columns.iter_mut().zip(&points) {
            column.point = point;
            column.closed = false;
            column.cards.clear();
        }
        events.push(|| RbEvent::RoundStarted {
            round: self.round,
            points,
        });
        self.next_player(self.next_seat(self.last_player), events);
    }

    /// The seat whose decision the game waits for during play.
    pub fn to_decide(&self) -> Option<Seat> {
        match (self.phase, self.decision) {
            (Phase::Play, Some(d)) => Some(d.owner()),
            (Phase::Play, None) => Some(self.active),
            _ => None,
        }
    }

    /// Legal columns (§4.2): those not closed by a Storm.
    pub fn open_columns(&self) -> impl Iterator<Item = u8> + '_ {
        self.columns
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.closed)
            .map(|(i, _)| i as u8)
    }

    /// Spec §4.2: place face down at the bottom, flip the card above, draw, check the end.
    pub fn play(&mut self, seat: Seat, character: Character, column: u8, events: &mut Log) {
        let hand = &mut self.players[seat as usize].hand;
        let at = hand
            .iter()
            .position(|&c| c == character)
            .expect("checked legal");
        hand.remove(at);
        self.turn = self.turn.wrapping_add(1);
        events.push(|| RbEvent::Played { seat, column });
        events.push(|| RbEvent::PlayedCard {
            seat,
            card: self.card(seat, character),
        });
        self.last_player = seat;
        self.columns[column as usize]
            .cards
            .push(Placed::new(seat, character));
        self.flip_above_bottom(column, events);
        if self.decision.is_none() {
            self.finish_turn(events);
        }
    }

    /// §4.2 steps 3–4: draw, then the round-end check or the next player.
    fn finish_turn(&mut self, events: &mut Log) {
        self.draw_up_to(self.active, events);
        if self.columns.iter().all(Column::full) {
            self.end_round(events);
        } else {
            self.next_player(self.next_seat(self.active), events);
        }
    }

    /// §4.5: the first seat from `first` that holds a card (after trying to draw) plays;
    /// if nobody can, the round ends.
    fn next_player(&mut self, first: Seat, events: &mut Log) {
        let mut seat = first;
        for _ in 0..self.seats {
            if self.players[seat as usize].hand.is_empty() {
                self.draw_up_to(seat, events);
            }
            if !self.players[seat as usize].hand.is_empty() {
                self.active = seat;
                return;
            }
            events.push(|| RbEvent::Skipped { seat });
            seat = self.next_seat(seat);
        }
        events.push(|| RbEvent::NobodyCanPlay);
        self.end_round(events);
    }

    /// §4.3, D-27: draw until the hand holds 3 or nothing is left.
    fn draw_up_to(&mut self, seat: Seat, events: &mut Log) {
        while self.players[seat as usize].hand.len() < HAND_SIZE && self.draw_one(seat, events) {}
    }

    /// §4.3, D-30: take the top card; an empty deck is rebuilt from the discard pile now.
    fn draw_one(&mut self, seat: Seat, events: &mut Log) -> bool {
        let player = &mut self.players[seat as usize];
        if player.deck.is_empty() {
            if player.discard.is_empty() {
                return false;
            }
            player.deck = player.discard;
            player.discard.clear();
            player.deck.as_mut_slice().shuffle(&mut self.rng);
            let colour = self.colours[seat as usize].unwrap_or(Colour::ALL[seat as usize]);
            self.shuffled_in.extend(
                player
                    .deck
                    .iter()
                    .map(|&character| Card { colour, character }),
            );
            events.push(|| RbEvent::Reshuffled {
                seat,
                count: player.deck.len(),
            });
        }
        let character = player.deck.pop().expect("not empty");
        // Hands hold distinct characters, so this is the same slot a binary search finds.
        player.hand.insert_sorted(character);
        events.push(|| RbEvent::Drew {
            seat,
            card: self.card(seat, character),
        });
        true
    }

    /// The column's cards as the evaluation reads them (§6.1: all revealed).
    pub fn entries(&self, column: &Column) -> Vec<Entry> {
        let mut out = Vec::with_capacity(column.count());
        self.for_each_entry(column, |e| out.push(e));
        out
    }

    /// The entries of [`RbState::entries`] handed to `out` one by one.
    pub(super) fn for_each_entry(&self, column: &Column, mut out: impl FnMut(Entry)) {
        for (i, p) in column.cards.iter().enumerate() {
            let position = i as u8 + 1;
            out(Entry {
                owner: p.owner,
                card: self.card(p.owner, p.character),
                position,
                hidden: false,
            });
            if let Some(h) = p.hidden {
                out(Entry {
                    owner: p.owner,
                    card: self.card(p.owner, h),
                    position,
                    hidden: true,
                });
            }
        }
    }
}
