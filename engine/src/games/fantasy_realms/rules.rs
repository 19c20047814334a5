//! Fantasy Realms' table: setup (§5.1), turns (§5.2), the end and the Necromancer (§5.3),
//! the two-player variant (§6), Chaotic Realms' trading (§7, D21) and who knows which card
//! (§8). Scoring is `search::best`.

use rand::{seq::SliceRandom, Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::{
    cards::{Card, Suit, DECK_SIZE},
    live::LiveScores,
    search::best,
};
use crate::contract::{RuleError, Seat};

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

/// What an offerer would like in return (§7: optional, structured).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wish {
    Suit(Suit),
    Card(#[serde(with = "super::cards::as_name")] Card),
}

/// A chaotic offer: `card` from `from`, to one seat or everyone (`to: None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    pub from: Seat,
    pub card: Card,
    pub to: Option<Seat>,
    pub wish: Option<Wish>,
}

impl Offer {
    pub fn addressed_to(&self, seat: Seat) -> bool {
        seat != self.from && self.to.is_none_or(|t| t == seat)
    }
}

/// `from` proposes `card` in return for the offer of `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    pub from: Seat,
    pub to: Seat,
    pub card: Card,
}

/// A chaotic move in progress (menus are chains, §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "partial")]
pub enum Partial {
    OfferCard,
    OfferTo {
        card: Card,
    },
    OfferWish {
        card: Card,
        to: Option<Seat>,
    },
    OfferWishCard {
        card: Card,
        to: Option<Seat>,
        suit: Suit,
    },
    AnswerCard {
        offerer: Seat,
    },
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

    fn own_offer(&self, seat: Seat) -> Option<&Offer> {
        self.offers.iter().find(|o| o.from == seat)
    }

    fn legal_trading(&self, seat: Seat, out: &mut Vec<u32>) {
        let hand = &self.hands[seat as usize];
        match self.partial[seat as usize] {
            Some(Partial::OfferCard) | Some(Partial::AnswerCard { .. }) => {
                out.extend(hand.iter().map(|c| c.0 as u32));
                out.push(ids::BACK);
            }
            Some(Partial::OfferTo { .. }) => {
                out.push(ids::BACK);
                out.push(ids::EVERYONE);
                out.extend(
                    (0..self.seats() as u32)
                        .filter(|&s| s != seat as u32)
                        .map(|s| ids::TO_SEAT + s),
                );
            }
            Some(Partial::OfferWish { .. }) => {
                out.push(ids::BACK);
                out.push(ids::NO_WISH);
                out.extend(Suit::ALL.iter().map(|&s| ids::WISH_SUIT + s as u32));
            }
            Some(Partial::OfferWishCard { suit, .. }) => {
                out.push(ids::BACK);
                out.push(ids::WISH_ANY);
                out.extend(Card::all().filter(|c| c.suit() == suit).map(|c| c.0 as u32));
            }
            None => {
                match self.own_offer(seat) {
                    Some(_) => out.push(ids::CANCEL_OFFER),
                    None => out.push(ids::OFFER),
                }
                for o in &self.offers {
                    if !o.addressed_to(seat) {
                        continue;
                    }
                    if self
                        .answers
                        .iter()
                        .any(|a| a.from == seat && a.to == o.from)
                    {
                        out.push(ids::WITHDRAW + o.from as u32);
                    } else {
                        out.push(ids::ANSWER + o.from as u32);
                    }
                }
                if self.own_offer(seat).is_some() {
                    let mut from: Vec<u32> = self
                        .answers
                        .iter()
                        .filter(|a| a.to == seat)
                        .map(|a| a.from as u32)
                        .collect();
                    from.sort();
                    for f in from {
                        out.push(ids::CONFIRM + f);
                        out.push(ids::DECLINE + f);
                    }
                }
                out.push(ids::WAIT);
            }
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

    // ---- Chaotic Realms (§7, D21) ----

    fn trade_choice(&mut self, seat: Seat, choice: u32, events: &mut Vec<FrEvent>) {
        let s = seat as usize;
        if choice == ids::BACK {
            self.partial[s] = None;
            return;
        }
        match self.partial[s] {
            Some(Partial::OfferCard) => {
                self.partial[s] = Some(Partial::OfferTo {
                    card: Card(choice as u8),
                });
            }
            Some(Partial::OfferTo { card }) => {
                let to = (choice != ids::EVERYONE).then(|| (choice - ids::TO_SEAT) as Seat);
                self.partial[s] = Some(Partial::OfferWish { card, to });
            }
            Some(Partial::OfferWish { card, to }) => {
                if choice == ids::NO_WISH {
                    self.post_offer(seat, card, to, None, events);
                } else {
                    let suit = Suit::ALL[(choice - ids::WISH_SUIT) as usize];
                    self.partial[s] = Some(Partial::OfferWishCard { card, to, suit });
                }
            }
            Some(Partial::OfferWishCard { card, to, suit }) => {
                let wish = if choice == ids::WISH_ANY {
                    Wish::Suit(suit)
                } else {
                    Wish::Card(Card(choice as u8))
                };
                self.post_offer(seat, card, to, Some(wish), events);
            }
            Some(Partial::AnswerCard { offerer }) => {
                let card = Card(choice as u8);
                self.partial[s] = None;
                self.answers.push(Answer {
                    from: seat,
                    to: offerer,
                    card,
                });
                self.known[offerer as usize] |= bit(card);
                self.waiting[offerer as usize] = false;
                for viewer in [offerer, seat] {
                    events.push(FrEvent::Answered {
                        viewer,
                        from: seat,
                        to: offerer,
                        card,
                    });
                }
            }
            None => match choice {
                ids::WAIT => self.waiting[s] = true,
                ids::OFFER => self.partial[s] = Some(Partial::OfferCard),
                ids::CANCEL_OFFER => self.withdraw_offer(seat, events),
                c if (ids::ANSWER..ids::ANSWER + 7).contains(&c) => {
                    self.partial[s] = Some(Partial::AnswerCard {
                        offerer: (c - ids::ANSWER) as Seat,
                    });
                }
                c if (ids::WITHDRAW..ids::WITHDRAW + 7).contains(&c) => {
                    let to = (c - ids::WITHDRAW) as Seat;
                    self.answers.retain(|a| !(a.from == seat && a.to == to));
                    for viewer in [to, seat] {
                        events.push(FrEvent::AnswerWithdrawn {
                            viewer,
                            from: seat,
                            to,
                        });
                    }
                }
                c if (ids::DECLINE..ids::DECLINE + 7).contains(&c) => {
                    let from = (c - ids::DECLINE) as Seat;
                    self.answers.retain(|a| !(a.from == from && a.to == seat));
                    self.waiting[from as usize] = false;
                    for viewer in [from, seat] {
                        events.push(FrEvent::AnswerDeclined {
                            viewer,
                            from,
                            to: seat,
                        });
                    }
                }
                c => self.confirm(seat, (c - ids::CONFIRM) as Seat, events),
            },
        }
    }

    fn post_offer(
        &mut self,
        seat: Seat,
        card: Card,
        to: Option<Seat>,
        wish: Option<Wish>,
        events: &mut Vec<FrEvent>,
    ) {
        self.partial[seat as usize] = None;
        let offer = Offer {
            from: seat,
            card,
            to,
            wish,
        };
        let at = self.offers.partition_point(|o| o.from < seat);
        self.offers.insert(at, offer);
        for viewer in 0..self.seats() as Seat {
            if viewer == seat || offer.addressed_to(viewer) {
                self.known[viewer as usize] |= bit(card);
                self.waiting[viewer as usize] = false;
                events.push(FrEvent::OfferMade {
                    viewer,
                    from: seat,
                    to,
                    card,
                    wish,
                });
            }
        }
    }

    fn withdraw_offer(&mut self, seat: Seat, events: &mut Vec<FrEvent>) {
        let Some(offer) = self.own_offer(seat).copied() else {
            return;
        };
        self.close_offer(seat);
        for viewer in 0..self.seats() as Seat {
            if viewer == seat || offer.addressed_to(viewer) {
                events.push(FrEvent::OfferWithdrawn { viewer, from: seat });
            }
        }
    }

    /// Removes `seat`'s offer, the answers to it and answer menus opened on it.
    fn close_offer(&mut self, seat: Seat) {
        self.offers.retain(|o| o.from != seat);
        self.answers.retain(|a| a.to != seat);
        for p in &mut self.partial {
            if *p == Some(Partial::AnswerCard { offerer: seat }) {
                *p = None;
            }
        }
    }

    /// The offerer confirms an answer: the atomic one-for-one swap.
    fn confirm(&mut self, offerer: Seat, answerer: Seat, events: &mut Vec<FrEvent>) {
        let offer = *self.own_offer(offerer).expect("offered only with an offer");
        let answer = *self
            .answers
            .iter()
            .find(|a| a.from == answerer && a.to == offerer)
            .expect("offered only with an answer");
        self.close_offer(offerer);
        self.remove_from_hand(offerer, offer.card);
        self.remove_from_hand(answerer, answer.card);
        self.add_to_hand(offerer, answer.card);
        self.add_to_hand(answerer, offer.card);
        self.trades += 1;
        self.waiting[offerer as usize] = false;
        self.waiting[answerer as usize] = false;
        events.push(FrEvent::Traded {
            a: offerer,
            b: answerer,
        });
        events.push(FrEvent::TradedCards {
            seat: offerer,
            gave: offer.card,
            got: answer.card,
        });
        events.push(FrEvent::TradedCards {
            seat: answerer,
            gave: answer.card,
            got: offer.card,
        });
        self.void_moved_cards();
        self.refresh(offerer);
        self.refresh(answerer);
    }

    /// §7: an offer or answer is void once its card has left its owner's hand.
    fn void_moved_cards(&mut self) {
        let holds =
            |hands: &Vec<Vec<Card>>, seat: Seat, card: Card| hands[seat as usize].contains(&card);
        let gone: Vec<Seat> = self
            .offers
            .iter()
            .filter(|o| !holds(&self.hands, o.from, o.card))
            .map(|o| o.from)
            .collect();
        for seat in gone {
            self.close_offer(seat);
        }
        let hands = &self.hands;
        self.answers.retain(|a| holds(hands, a.from, a.card));
        for (s, p) in self.partial.iter_mut().enumerate() {
            let stale = match *p {
                Some(Partial::OfferTo { card })
                | Some(Partial::OfferWish { card, .. })
                | Some(Partial::OfferWishCard { card, .. }) => !hands[s].contains(&card),
                _ => false,
            };
            if stale {
                *p = None;
            }
        }
    }

    // ---- the end (§5.3, §7.3) ----

    fn finish(&mut self, events: &mut Vec<FrEvent>) {
        self.offers.clear();
        self.answers.clear();
        self.partial.iter_mut().for_each(|p| *p = None);
        let holder = self.necromancer_holder();
        for seat in 0..self.seats() as Seat {
            let extras = if Some(seat) == holder {
                match self.variant {
                    Variant::Chaotic => {
                        // The holder looks at the top three deck cards (D22).
                        let top: Vec<Card> = self.deck.iter().rev().take(3).copied().collect();
                        for &c in &top {
                            self.known[seat as usize] |= bit(c);
                        }
                        top
                    }
                    _ => self.necromancer_choices(),
                }
            } else {
                Vec::new()
            };
            let scored = best(&self.hands[seat as usize], &extras);
            if let Some(card) = scored.declarations.necromancer {
                if let Some(i) = self.discard.iter().position(|d| d.card == card) {
                    self.discard.remove(i);
                } else {
                    self.deck.retain(|&c| c != card);
                }
                self.add_to_hand(seat, card);
                events.push(FrEvent::NecromancerTook { seat, card });
            }
            self.scores.set(seat as usize, scored);
        }
        // Scores list the hand with the extra card last; keep the hands sorted for views.
        for hand in &self.hands {
            for &c in hand {
                self.public |= bit(c);
            }
        }
        self.step = Step::Over;
        for seat in 0..self.seats() as Seat {
            events.push(FrEvent::FinalScore {
                seat,
                total: self.scores[seat as usize].total,
            });
        }
        events.push(FrEvent::GameOver);
    }

    /// §5.3, D16: the printed base strengths of every card held at scoring.
    pub fn base_sum(&self, seat: Seat) -> i32 {
        self.hands[seat as usize]
            .iter()
            .map(|c| c.base() as i32)
            .sum()
    }

    /// Places: higher total first, then lower base sum; still equal = shared place.
    pub fn places(&self) -> Vec<u8> {
        let key = |s: usize| (self.scores[s].total, -self.base_sum(s as Seat));
        (0..self.seats())
            .map(|s| 1 + (0..self.seats()).filter(|&o| key(o) > key(s)).count() as u8)
            .collect()
    }
}

/// All 53 cards are in exactly one place (§13).
pub fn cards_conserved(state: &FrState) -> bool {
    let mut seen = 0u64;
    let mut count = 0;
    let all = state
        .deck
        .iter()
        .chain(state.hands.iter().flatten())
        .chain(state.discard.iter().map(|d| &d.card));
    for &c in all {
        seen |= bit(c);
        count += 1;
    }
    count == DECK_SIZE as usize && seen.count_ones() == DECK_SIZE as u32
}
