//! Each hand's best score (spec §11), kept with the table but searched for only when read.
//!
//! The exact search costs tens of microseconds a hand, and a turn used to pay for it every
//! time a hand changed: 94 % of a random game, which is what the AI's playouts are made of.
//! Only a view, the end of the game and serialization read these scores, so a refresh now
//! records the cards to score and the search runs on first read. Serialized as before: the
//! list of scores, each searched then.

use std::{
    fmt,
    ops::{Index, IndexMut},
    sync::OnceLock,
};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{
    cards::Card,
    search::{best, Scored},
};

#[derive(Clone)]
struct LiveScore {
    hand: Vec<Card>,
    /// The Necromancer's possible extra cards (§5.3).
    extras: Vec<Card>,
    scored: OnceLock<Scored>,
}

impl LiveScore {
    fn get(&self) -> &Scored {
        self.scored.get_or_init(|| best(&self.hand, &self.extras))
    }

    fn known(scored: Scored) -> LiveScore {
        LiveScore {
            hand: Vec::new(),
            extras: Vec::new(),
            scored: OnceLock::from(scored),
        }
    }
}

#[derive(Clone, Default)]
pub struct LiveScores(Vec<LiveScore>);

impl LiveScores {
    /// The score of `hand` will be the best with `extras`, searched when first read.
    pub fn refresh(&mut self, seat: usize, hand: &[Card], extras: Vec<Card>) {
        let entry = LiveScore {
            hand: hand.to_vec(),
            extras,
            scored: OnceLock::new(),
        };
        match self.0.get_mut(seat) {
            Some(slot) => *slot = entry,
            None => self.0.push(entry),
        }
    }

    pub fn set(&mut self, seat: usize, scored: Scored) {
        self.0[seat] = LiveScore::known(scored);
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, seat: usize) -> Option<&Scored> {
        self.0.get(seat).map(LiveScore::get)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Scored> {
        self.0.iter().map(LiveScore::get)
    }
}

impl Index<usize> for LiveScores {
    type Output = Scored;
    fn index(&self, seat: usize) -> &Scored {
        self.0[seat].get()
    }
}

/// For tests that set a score by hand.
impl IndexMut<usize> for LiveScores {
    fn index_mut(&mut self, seat: usize) -> &mut Scored {
        let slot = &mut self.0[seat];
        slot.get();
        slot.scored.get_mut().expect("searched just now")
    }
}

impl From<Vec<Scored>> for LiveScores {
    fn from(scores: Vec<Scored>) -> Self {
        LiveScores(scores.into_iter().map(LiveScore::known).collect())
    }
}

/// Equal when the scores are, however they were reached.
impl PartialEq for LiveScores {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for LiveScores {}

impl fmt::Debug for LiveScores {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for LiveScores {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for LiveScores {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<Scored>::deserialize(d).map(LiveScores::from)
    }
}

impl FromIterator<Scored> for LiveScores {
    fn from_iter<I: IntoIterator<Item = Scored>>(iter: I) -> Self {
        LiveScores(iter.into_iter().map(LiveScore::known).collect())
    }
}
