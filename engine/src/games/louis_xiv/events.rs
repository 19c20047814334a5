//! What happens at the table (spec §13 "every action as it happens"), each with its audience:
//! private events name the seat that may see them.

use serde::Serialize;

use super::{
    data::{Chip, Deck},
    refs::{CoatRef, InfluenceRef, IntrigueRef, MissionRef},
};
use crate::contract::{Audience, Seat};

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum LouisEvent {
    RoundStarted {
        round: u8,
        start: Seat,
    },
    MoneyCard {
        id: String,
        income: u32,
        king: u8,
    },
    /// 3 players, round 4 (§10).
    Compensation {
        seat: Seat,
    },
    /// Private: the intrigue card drawn.
    IntrigueDrawn {
        seat: Seat,
        card: IntrigueRef,
    },
    /// Public: somebody drew an intrigue card (which one is private).
    IntrigueTaken {
        seat: Seat,
    },
    Money {
        seat: Seat,
        amount: u32,
    },
    Retrieved {
        seat: Seat,
        stones: u8,
    },
    /// D04: one stone own → common for an influence card.
    StoneForCard {
        seat: Seat,
    },
    InfluenceTaken {
        seat: Seat,
        count: u8,
    },
    /// Private: influence cards drawn into hand.
    InfluenceDrawn {
        seat: Seat,
        cards: Vec<InfluenceRef>,
    },
    CoatTaken {
        seat: Seat,
    },
    /// Private: the kind of the coat just drawn.
    CoatDrawn {
        seat: Seat,
        coat: CoatRef,
    },
    NeutralPlaced {
        tile: u8,
        stones: u8,
    },
    NeutralRevealed {
        card: InfluenceRef,
    },
    StonePlaced {
        seat: Seat,
        tile: u8,
    },
    Played {
        seat: Seat,
        card: InfluenceRef,
    },
    /// D05 declared for this play.
    FourStone {
        seat: Seat,
        stones: u8,
    },
    Placed {
        seat: Seat,
        tiles: Vec<(u8, u8)>,
    },
    PaidPass {
        seat: Seat,
        cost: u32,
    },
    Exchanged {
        seat: Seat,
        card: InfluenceRef,
    },
    /// Public: the last card went back unplayed; private: which card.
    LastCardReturned {
        seat: Seat,
    },
    LastCard {
        seat: Seat,
        card: InfluenceRef,
    },
    Reshuffled,
    IntriguePlayed {
        seat: Seat,
        tile: u8,
        from_common: bool,
        stones: u8,
    },
    OnceFirst {
        seat: Seat,
        tile: u8,
    },
    Evaluated {
        tile: u8,
        counts: Vec<(Seat, u8)>,
        neutral: u8,
    },
    Empty {
        tile: u8,
    },
    Received {
        seat: Seat,
        tile: u8,
        crown: bool,
    },
    Bought {
        seat: Seat,
        tile: u8,
        price: u32,
    },
    Declined {
        seat: Seat,
        tile: u8,
    },
    ChipGained {
        seat: Seat,
        chip: Chip,
    },
    Flipped {
        tile: u8,
        back: bool,
    },
    Completed {
        seat: Seat,
        card: MissionRef,
        paid: [Chip; 2],
    },
    MissionTaken {
        seat: Seat,
        deck: Deck,
    },
    /// Private: the mission card drawn.
    MissionDrawn {
        seat: Seat,
        card: MissionRef,
    },
    MissionsReturned {
        seat: Seat,
        decks: Vec<Deck>,
    },
    CrownSwap {
        seat: Seat,
        chip: Chip,
        cost: u32,
    },
    ChipsReturned {
        seat: Seat,
        chips: Vec<Chip>,
        kept: Chip,
    },
    GameOver,
}

impl LouisEvent {
    pub fn audience(&self) -> Audience {
        match self {
            LouisEvent::IntrigueDrawn { seat, .. }
            | LouisEvent::InfluenceDrawn { seat, .. }
            | LouisEvent::CoatDrawn { seat, .. }
            | LouisEvent::LastCard { seat, .. }
            | LouisEvent::MissionDrawn { seat, .. } => Audience::Seat(*seat),
            _ => Audience::Public,
        }
    }
}
