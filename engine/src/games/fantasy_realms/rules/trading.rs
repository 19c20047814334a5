//! Chaotic Realms' trading (§7, D21): offers, answers and the one-for-one swap, each
//! chosen through a chain of menus (§9).

use serde::{Deserialize, Serialize};

use super::{bit, ids, FrEvent, FrState};
use crate::contract::Seat;
use crate::games::fantasy_realms::cards::{Card, Suit};

/// What an offerer would like in return (§7: optional, structured).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wish {
    Suit(Suit),
    Card(#[serde(with = "crate::games::fantasy_realms::cards::as_name")] Card),
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

impl FrState {
    fn own_offer(&self, seat: Seat) -> Option<&Offer> {
        self.offers.iter().find(|o| o.from == seat)
    }

    pub(super) fn legal_trading(&self, seat: Seat, out: &mut Vec<u32>) {
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

    pub(super) fn trade_choice(&mut self, seat: Seat, choice: u32, events: &mut Vec<FrEvent>) {
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
}
