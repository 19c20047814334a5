//! The course of a game as data, stored in the state: the phase, the tasks still to run
//! and the one decision the game waits for, with its partial move. `flow.rs` runs them.

use serde::{Deserialize, Serialize};

use super::data::Chip;
use crate::contract::Seat;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Supply,
    Influence,
    Evaluation,
    Missions,
    Over,
}

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
