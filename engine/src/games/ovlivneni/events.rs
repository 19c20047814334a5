//! What happened, as the public log (spec §12) tells it; the cards a player drew or looked
//! at are events for that player only.

use serde::Serialize;

use super::{
    cards::{CardRef, Country, Effect},
    params::Params,
};
use crate::contract::Seat;

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum OvEvent {
    FirstPlayer {
        seat: Seat,
    },
    TurnStarted {
        seat: Seat,
        turn: u32,
    },
    /// §5.1: a capture event goes on the stack; the opponent may react.
    Capturing {
        seat: Seat,
        country: Country,
    },
    Captured {
        seat: Seat,
        country: Country,
        total: usize,
    },
    Refilled {
        slot: usize,
        country: Country,
    },
    BaseIncome {
        seat: Seat,
        card: CardRef,
        b: u32,
        m: u32,
    },
    Invested {
        seat: Seat,
        res: usize,
        country: Country,
        amount: u32,
    },
    FactoryActivated {
        seat: Seat,
    },
    /// §6.3: a card play on the stack, public with its parameters.
    Declared {
        seat: Seat,
        card: CardRef,
        effect: Effect,
        /// A Licence copy of `effect`.
        licence: bool,
        /// As declared; Posily's hand cards are left out (`hidden` counts them): they
        /// stay secret until they are discarded at resolution.
        params: Params,
        hidden: usize,
    },
    Passed {
        seat: Seat,
    },
    CancelledPlay {
        card: CardRef,
    },
    Gained {
        seat: Seat,
        b: u32,
        m: u32,
    },
    /// Akcie (18A) income.
    SharesIncome {
        seat: Seat,
        b: u32,
        m: u32,
    },
    Moved {
        seat: Seat,
        res: usize,
        from: Country,
        to: Country,
    },
    Converted {
        seat: Seat,
        from_res: usize,
        place: Option<Country>,
    },
    Withdrew {
        seat: Seat,
        country: Country,
        b: u32,
        m: u32,
    },
    Insured {
        seat: Seat,
        country: Country,
        b: u32,
        m: u32,
    },
    BaseRemoved {
        card: CardRef,
        /// Set when Ochranka took the loss instead of this base (§8).
        instead_of: Option<CardRef>,
    },
    BasePlaced {
        card: CardRef,
    },
    StatusPlaced {
        card: CardRef,
        replaced: Option<CardRef>,
    },
    TookFromDiscard {
        card: CardRef,
    },
    PutOnDeck {
        seat: Seat,
        cards: Vec<CardRef>,
    },
    /// Private: what a look effect showed.
    Looked {
        seat: Seat,
        cards: Vec<CardRef>,
    },
    LookedCount {
        seat: Seat,
        count: usize,
    },
    PutBack {
        seat: Seat,
        count: usize,
    },
    /// Private: the cards drawn.
    Drew {
        seat: Seat,
        cards: Vec<CardRef>,
    },
    DrewCount {
        seat: Seat,
        count: usize,
    },
    Reshuffled {
        seat: Seat,
        count: usize,
    },
    Discarded {
        seat: Seat,
        cards: Vec<CardRef>,
    },
    CountryReplaced {
        old: Country,
        new: Option<Country>,
    },
    DoubledB {
        seat: Seat,
        country: Country,
        now: u32,
    },
    RemovedM {
        seat: Seat,
        country: Country,
        amount: u32,
    },
    TurnEnded {
        seat: Seat,
    },
    Won {
        seat: Seat,
    },
    TurnLimitDraw {
        turns: u32,
    },
}
