//! What a search says of one choice, shared by both searches and by the hints and reviews
//! built on them (a leaf, so the searches need not know who reads their statistics).

use crate::contract::ChoiceId;

/// One choice as the search judged it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceEstimate {
    pub choice: ChoiceId,
    /// The playouts the figure rests on.
    pub samples: u32,
    /// The share of those playouts the seat finished first in (ties shared): at a cut-off
    /// the game's estimates rank the seats.
    pub win_chance: f64,
}
