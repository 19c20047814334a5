//! Fantasy Realms' table: setup (§5.1), turns (§5.2), the two-player variant (§6) and who
//! knows which card (§8). The end and the Necromancer (§5.3) are in `end`, Chaotic Realms'
//! trading (§7, D21) in `trading`; scoring is `search::best`.

use rand::{seq::SliceRandom, Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::{cards::Card, live::LiveScores};
use crate::contract::{RuleError, Seat};

mod end;
mod trading;

pub use end::cards_conserved;
pub use trading::{Answer, Offer, Partial, Wish};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// 3–6 players (§5).
    Base,
    /// 2 players with drafting (§6).
    TwoPlayer,
    /// 3–7 players trading against a clock (§7).
    Chaotic,
}

impl Variant {
    pub fn seat_range(self) -> (usize, usize) {
        match self {
            Variant::Base => (3, 6),
            Variant::TwoPlayer => (2, 2),
            Variant::Chaotic => (3, 7),
        }
    }
    pub fn key(self) -> &'static str {
        match self {
            Variant::Base => "base",
            Variant::TwoPlayer => "two-player",
            Variant::Chaotic => "chaotic",
        }
    }
}

/// Where the game stands; the cards of a partial turn are kept here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum Step {
    /// Take the top deck card or a discard (§5.2 step 1).
    Take,
    /// Discard one of 8 (§5.2 step 2); `taken` is the card just taken.
    Discard {
        taken: Card,
    },
    /// Two-player drafting turn (§6.2): draw two, or take a discard.
    Draft,
    /// Two-player: keep one of the two drawn cards.
    Keep {
        drawn: [Card; 2],
    },
    /// Chaotic Realms: trading until the clock runs out (§7).
    Trading,
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Discarded {
    pub card: Card,
    pub by: Seat,
}

/// One take-and-discard (or drafting) turn as the whole table saw it (§8): what was in the
/// discard area when the seat chose, what it took from there (else the deck), what it
/// discarded. The AI's inference reads it (`infer.rs`); it holds nothing hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub seat: Seat,
    /// Bit n: card n lay in the discard area when the seat chose what to take.
    pub area: u64,
    /// The card taken from the discard area; `None`: from the deck.
    pub took: Option<Card>,
    /// Two-player drafting: two cards drawn, one kept unseen, the other discarded.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drew_two: bool,
    pub discarded: Option<Card>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrState {
    pub seed: u64,
    pub variant: Variant,
    /// Chaotic Realms' time limit in minutes (the session owns the clock).
    pub time_limit: u8,
    /// Face down; the top card is the last.
    pub deck: Vec<Card>,
    /// Each hand sorted by card number.
    pub hands: Vec<Vec<Card>>,
    pub discard: Vec<Discarded>,
    pub start: Seat,
    pub to_move: Seat,
    pub step: Step,
    /// Bit n: the seat has seen card n (§8). Together with `public`, what it may know.
    pub known: Vec<u64>,
    pub public: u64,
    pub offers: Vec<Offer>,
    pub answers: Vec<Answer>,
    pub partial: Vec<Option<Partial>>,
    /// Chaotic: the seat said it is done trading for now; it is not pending until an offer
    /// or an answer reaches it (the clock still decides the end, §7.3).
    pub waiting: Vec<bool>,
    pub trades: u32,
    /// Turns of the take-and-discard kind (§5.2) that took a card from the discard area: such
    /// a turn leaves the end as far away as it was. Public; the AI stops taking from the area
    /// after many (`FantasyRealms::stalls`). Missing in snapshots stored before it.
    #[serde(default)]
    pub takes: u32,
    /// The take-and-discard turns so far (not in Chaotic Realms), oldest first: public
    /// history for the AI's inference. Left out of the JSON while empty, so snapshots stored
    /// before it existed read back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<TurnRecord>,
    /// Each hand's best score, refreshed whenever the hand changes (final at the end).
    pub scores: LiveScores,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum FrEvent {
    TookFromDeck {
        seat: Seat,
    },
    /// Private to `seat`.
    Drew {
        seat: Seat,
        card: Card,
    },
    TookDiscard {
        seat: Seat,
        card: Card,
    },
    Discarded {
        seat: Seat,
        card: Card,
    },
    DrewTwo {
        seat: Seat,
    },
    /// Private to `seat`.
    DrewTwoCards {
        seat: Seat,
        cards: [Card; 2],
    },
    /// Private to `seat`.
    Kept {
        seat: Seat,
        card: Card,
    },
    /// Shown to `viewer` only (the offerer and each addressee).
    OfferMade {
        viewer: Seat,
        from: Seat,
        to: Option<Seat>,
        card: Card,
        wish: Option<Wish>,
    },
    OfferWithdrawn {
        viewer: Seat,
        from: Seat,
    },
    /// Shown to the offerer (with the card) and to the answerer.
    Answered {
        viewer: Seat,
        from: Seat,
        to: Seat,
        card: Card,
    },
    AnswerWithdrawn {
        viewer: Seat,
        from: Seat,
        to: Seat,
    },
    AnswerDeclined {
        viewer: Seat,
        from: Seat,
        to: Seat,
    },
    /// Public: who traded, never which cards.
    Traded {
        a: Seat,
        b: Seat,
    },
    /// Private to `seat`.
    TradedCards {
        seat: Seat,
        gave: Card,
        got: Card,
    },
    TradingOver,
    DeckEmpty,
    NecromancerTook {
        seat: Seat,
        card: Card,
    },
    FinalScore {
        seat: Seat,
        total: i32,
    },
    GameOver,
}

/// Choice ids (stable: card choices are the printed numbers 1–53).
pub mod ids {
    pub const DECK: u32 = 100;
    pub const BACK: u32 = 999;
    pub const OFFER: u32 = 1000;
    pub const CANCEL_OFFER: u32 = 1001;
    pub const WAIT: u32 = 1002;
    pub const ANSWER: u32 = 1100;
    pub const WITHDRAW: u32 = 1200;
    pub const CONFIRM: u32 = 1300;
    pub const DECLINE: u32 = 1400;
    pub const EVERYONE: u32 = 1500;
    /// 1501 + seat.
    pub const TO_SEAT: u32 = 1501;
    pub const NO_WISH: u32 = 1600;
    /// 1610 + suit index.
    pub const WISH_SUIT: u32 = 1610;
    pub const WISH_ANY: u32 = 1700;
    pub const TIME_UP: u32 = 2000;
}

fn bit(c: Card) -> u64 {
    1u64 << c.0
}

impl FrState {
    /// §5.1 / §6.1 / §7.1: shuffle, deal 7 each (none in the two-player variant), random start.
    pub fn new(variant: Variant, seats: usize, time_limit: u8, seed: u64) -> FrState {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut deck: Vec<Card> = Card::all().collect();
        deck.shuffle(&mut rng);
        let start = rng.random_range(0..seats as u8);
        let dealt = if variant == Variant::TwoPlayer { 0 } else { 7 };
        let mut hands = Vec::with_capacity(seats);
        for _ in 0..seats {
            let mut hand: Vec<Card> = deck.split_off(deck.len() - dealt);
            hand.sort();
            hands.push(hand);
        }
        let known = hands
            .iter()
            .map(|h: &Vec<Card>| h.iter().fold(0, |m, &c| m | bit(c)))
            .collect();
        let step = match variant {
            Variant::Base => Step::Take,
            Variant::TwoPlayer => Step::Draft,
            Variant::Chaotic => Step::Trading,
        };
        let mut state = FrState {
            seed,
            variant,
            time_limit,
            deck,
            hands,
            discard: Vec::new(),
            start,
            to_move: start,
            step,
            known,
            public: 0,
            offers: Vec::new(),
            answers: Vec::new(),
            partial: vec![None; seats],
            waiting: vec![false; seats],
            trades: 0,
            takes: 0,
            turns: Vec::new(),
            scores: LiveScores::default(),
        };
        state.rescore();
        state
    }

    pub fn seats(&self) -> usize {
        self.hands.len()
    }

    pub fn is_over(&self) -> bool {
        self.step == Step::Over
    }

    /// The seat whose turn it is (not in Chaotic Realms).
    pub fn turn(&self) -> Option<Seat> {
        match self.step {
            Step::Trading | Step::Over => None,
            _ => Some(self.to_move),
        }
    }

    /// Discards left until the end (§8), where the variant has such an end.
    pub fn discards_left(&self) -> Option<usize> {
        match self.variant {
            Variant::Base => Some(10usize.saturating_sub(self.discard.len())),
            Variant::TwoPlayer => Some(12usize.saturating_sub(self.discard.len())),
            Variant::Chaotic => None,
        }
    }

    pub fn hidden_from(&self, seat: Seat) -> Vec<Card> {
        let seen = self.known[seat as usize] | self.public;
        Card::all().filter(|&c| seen & bit(c) == 0).collect()
    }

    fn necromancer_holder(&self) -> Option<Seat> {
        (0..self.seats() as Seat).find(|&s| self.hands[s as usize].contains(&Card::NECROMANCER))
    }

    /// The extra cards the Necromancer could take now (§5.3; chaotic: unknown until the end).
    fn necromancer_choices(&self) -> Vec<Card> {
        match self.variant {
            Variant::Chaotic => Vec::new(),
            _ => self
                .discard
                .iter()
                .map(|d| d.card)
                .filter(|c| c.suit().necromancer_eligible())
                .collect(),
        }
    }

    /// Sets `seat`'s live score to that of `hand` (searched when first read).
    fn refresh_with(&mut self, seat: Seat, hand: &[Card]) {
        let extras = if hand.contains(&Card::NECROMANCER) {
            self.necromancer_choices()
        } else {
            Vec::new()
        };
        self.scores.refresh(seat as usize, hand, extras);
    }

    /// What `scores` holds for `seat` between moves: mid-turn, the score of the 7 cards held
    /// before this turn's take (the cache is refreshed when the turn ends).
    pub(super) fn refresh_before_take(&mut self, seat: Seat) {
        let mut hand = self.hands[seat as usize].clone();
        if let Step::Discard { taken } = self.step {
            if self.to_move == seat {
                hand.retain(|&c| c != taken);
            }
        }
        self.refresh_with(seat, &hand);
    }

    /// Recomputes every seat's live score (after a test or a tool edits the hands).
    pub fn rescore(&mut self) {
        for seat in 0..self.seats() as Seat {
            self.refresh(seat);
        }
    }

    fn refresh(&mut self, seat: Seat) {
        let hand = std::mem::take(&mut self.hands[seat as usize]);
        self.refresh_with(seat, &hand);
        self.hands[seat as usize] = hand;
    }

    /// After the discard area changed: the Necromancer's holder may gain a choice.
    fn refresh_necromancer(&mut self, except: Seat) {
        if let Some(h) = self.necromancer_holder().filter(|&h| h != except) {
            self.refresh(h);
        }
    }

    fn hand(&mut self, seat: Seat) -> &mut Vec<Card> {
        &mut self.hands[seat as usize]
    }

    fn add_to_hand(&mut self, seat: Seat, card: Card) {
        let hand = self.hand(seat);
        let at = hand.partition_point(|&c| c < card);
        hand.insert(at, card);
        self.known[seat as usize] |= bit(card);
    }

    fn remove_from_hand(&mut self, seat: Seat, card: Card) -> bool {
        let hand = self.hand(seat);
        match hand.iter().position(|&c| c == card) {
            Some(i) => {
                hand.remove(i);
                true
            }
            None => false,
        }
    }

    // ---- legal choices ----

    /// The ids open to `seat` now, in menu order.
    pub fn legal(&self, seat: Seat, out: &mut Vec<u32>) {
        if seat as usize >= self.seats() {
            return;
        }
        match &self.step {
            Step::Over => {}
            Step::Trading if self.waiting[seat as usize] => {}
            Step::Trading => self.legal_trading(seat, out),
            _ if seat != self.to_move => {}
            Step::Take | Step::Draft => {
                let need = if self.step == Step::Draft { 2 } else { 1 };
                if self.deck.len() >= need {
                    out.push(ids::DECK);
                }
                let mut cards: Vec<u32> = self.discard.iter().map(|d| d.card.0 as u32).collect();
                cards.sort();
                out.extend(cards);
            }
            Step::Discard { .. } => {
                out.extend(self.hands[seat as usize].iter().map(|c| c.0 as u32))
            }
            Step::Keep { drawn } => {
                let mut d = drawn.map(|c| c.0 as u32);
                d.sort();
                out.extend(d);
            }
        }
    }

    pub fn system_legal(&self, out: &mut Vec<u32>) {
        if self.step == Step::Trading {
            out.push(ids::TIME_UP);
        }
    }

    // ---- applying ----

    pub fn apply_seat(
        &mut self,
        seat: Seat,
        choice: u32,
        events: &mut Vec<FrEvent>,
    ) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        let mut legal = Vec::new();
        self.legal(seat, &mut legal);
        if legal.is_empty() {
            return Err(RuleError::NotYourDecision);
        }
        if !legal.contains(&choice) {
            return Err(RuleError::IllegalChoice);
        }
        if matches!(self.step, Step::Take | Step::Draft) {
            self.turns.push(TurnRecord {
                seat,
                area: self.discard.iter().fold(0, |m, d| m | bit(d.card)),
                took: (choice != ids::DECK).then_some(Card(choice as u8)),
                drew_two: self.step == Step::Draft && choice == ids::DECK,
                discarded: None,
            });
        }
        match self.step.clone() {
            Step::Take => {
                let card = if choice == ids::DECK {
                    let card = self.deck.pop().expect("offered only with a deck");
                    events.push(FrEvent::TookFromDeck { seat });
                    events.push(FrEvent::Drew { seat, card });
                    card
                } else {
                    let card = self.take_discard(choice);
                    events.push(FrEvent::TookDiscard { seat, card });
                    self.takes += 1;
                    card
                };
                self.add_to_hand(seat, card);
                self.step = Step::Discard { taken: card };
            }
            Step::Discard { .. } => {
                let card = Card(choice as u8);
                self.remove_from_hand(seat, card);
                self.put_discard(seat, card, events);
                self.end_turn(seat, events);
            }
            Step::Draft => {
                if choice == ids::DECK {
                    let a = self.deck.pop().expect("offered only with two cards");
                    let b = self.deck.pop().expect("offered only with two cards");
                    self.known[seat as usize] |= bit(a) | bit(b);
                    events.push(FrEvent::DrewTwo { seat });
                    events.push(FrEvent::DrewTwoCards {
                        seat,
                        cards: [a, b],
                    });
                    self.step = Step::Keep { drawn: [a, b] };
                } else {
                    let card = self.take_discard(choice);
                    events.push(FrEvent::TookDiscard { seat, card });
                    self.add_to_hand(seat, card);
                    self.end_turn(seat, events);
                }
            }
            Step::Keep { drawn } => {
                let kept = Card(choice as u8);
                let other = if drawn[0] == kept { drawn[1] } else { drawn[0] };
                self.add_to_hand(seat, kept);
                events.push(FrEvent::Kept { seat, card: kept });
                self.put_discard(seat, other, events);
                self.end_turn(seat, events);
            }
            Step::Trading => self.trade_choice(seat, choice, events),
            Step::Over => return Err(RuleError::GameOver),
        }
        Ok(())
    }

    pub fn apply_system(
        &mut self,
        choice: u32,
        events: &mut Vec<FrEvent>,
    ) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        if self.step != Step::Trading {
            return Err(RuleError::NotYourDecision);
        }
        if choice != ids::TIME_UP {
            return Err(RuleError::IllegalChoice);
        }
        events.push(FrEvent::TradingOver);
        self.finish(events);
        Ok(())
    }

    fn take_discard(&mut self, choice: u32) -> Card {
        let i = self
            .discard
            .iter()
            .position(|d| d.card.0 as u32 == choice)
            .expect("offered only from the discard area");
        self.discard.remove(i).card
    }

    fn put_discard(&mut self, seat: Seat, card: Card, events: &mut Vec<FrEvent>) {
        if let Some(turn) = self.turns.last_mut().filter(|t| t.seat == seat) {
            turn.discarded.get_or_insert(card);
        }
        self.discard.push(Discarded { card, by: seat });
        self.public |= bit(card);
        events.push(FrEvent::Discarded { seat, card });
    }

    /// §5.3 / §6.4: check the end, else pass the turn on.
    fn end_turn(&mut self, seat: Seat, events: &mut Vec<FrEvent>) {
        self.refresh(seat);
        self.refresh_necromancer(seat);
        let ended = match self.variant {
            Variant::Base => self.discard.len() >= 10,
            // D20: only once both hold 7, with at least 12 discards.
            _ => self.hands.iter().all(|h| h.len() >= 7) && self.discard.len() >= 12,
        };
        if ended {
            self.finish(events);
            return;
        }
        self.to_move = (seat + 1) % self.seats() as Seat;
        let drafting =
            self.variant == Variant::TwoPlayer && self.hands[self.to_move as usize].len() < 7;
        self.step = if drafting { Step::Draft } else { Step::Take };
        // D19: a deck that cannot serve the next take ends the game.
        let need = if drafting { 2 } else { 1 };
        if self.deck.len() < need && (!drafting || self.discard.is_empty()) {
            events.push(FrEvent::DeckEmpty);
            self.finish(events);
        }
    }
}
