//! The small card handles views and events serialize as stable string ids.

use serde::{Serialize, Serializer};

/// An influence card: `inf-05b` (tile 5, second copy) or `inf-joker-3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InfluenceRef {
    pub card: u8,
    pub tile: Option<u8>,
    pub per: u8,
}

impl Serialize for InfluenceRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let id = match self.tile {
            Some(t) => format!(
                "inf-{:02}{}",
                t + 1,
                (b'a' + self.card % self.per.max(1)) as char
            ),
            None => format!("inf-joker-{}", self.card),
        };
        s.serialize_str(&id)
    }
}

/// An intrigue card: `intrigue-05`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntrigueRef(pub u8);

impl Serialize for IntrigueRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("intrigue-{:02}", self.0 + 1))
    }
}

/// A mission card by its data id (`L03`), with its index for presentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissionRef {
    pub index: u8,
    pub id: String,
}

impl Serialize for MissionRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.id)
    }
}

/// A coat of arms token: `coat-17`, or `coat-plain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoatRef {
    pub coat: u8,
    pub kind: Option<u8>,
}

impl Serialize for CoatRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.kind {
            Some(_) => s.serialize_str(&format!("coat-{}", self.coat)),
            None => s.serialize_str("coat-plain"),
        }
    }
}
