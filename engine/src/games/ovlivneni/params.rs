//! A declaration's parameters (spec §6.1): fixed through the menus, public on the stack
//! and in the log. Its own file: the state keeps them and the events tell them.

use serde::{Deserialize, Serialize};

/// What a declaration fixed (spec §6.1, O-D9). Countries are card ids, not slots:
/// a country replaced meanwhile has "vanished" (§6.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Params {
    None,
    /// 3B, 15B: one invested point per entry, from → to.
    Moves(Vec<(u8, u8)>),
    /// 9A, 24A: one point per entry; `None` = the treasury, else a country.
    Converts(Vec<Option<u8>>),
    /// 4B, 17A: an opponent's base card.
    Base(u8),
    /// 5B (one discard card), 16A (discard cards, first = top), 26B (hand cards).
    Cards(Vec<u8>),
    /// 20A, 21A, 21B.
    Country(u8),
    /// 19B: country and resource.
    CountryRes(u8, u8),
    /// 10B: country, then the B and M amounts.
    Withdraw {
        country: u8,
        b: u32,
        m: u32,
    },
    /// 22B, 24B: three different countries.
    Countries(Vec<u8>),
}
