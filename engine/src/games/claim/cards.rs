//! Claim's 52 cards (spec §1) and a set of them as a bit mask.
//!
//! Card index order is faction then value, so a set iterates in menu order (spec §11).

use std::{fmt, sync::LazyLock};

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

use crate::text::Text;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Faction {
    Goblin,
    Dwarf,
    Undead,
    Doppelganger,
    Knight,
}

impl Faction {
    pub const ALL: [Faction; 5] = [
        Faction::Goblin,
        Faction::Dwarf,
        Faction::Undead,
        Faction::Doppelganger,
        Faction::Knight,
    ];

    /// Index range of the faction's cards.
    const fn range(self) -> (u8, u8) {
        match self {
            Faction::Goblin => (0, 14),
            Faction::Dwarf => (14, 24),
            Faction::Undead => (24, 34),
            Faction::Doppelganger => (34, 44),
            Faction::Knight => (44, 52),
        }
    }

    pub const fn cards(self) -> CardSet {
        let (lo, hi) = self.range();
        CardSet(((1u64 << hi) - 1) & !((1u64 << lo) - 1))
    }

    fn code(self) -> &'static str {
        match self {
            Faction::Goblin => "GOB",
            Faction::Dwarf => "DWA",
            Faction::Undead => "UND",
            Faction::Doppelganger => "DOP",
            Faction::Knight => "KNI",
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Faction::Goblin => "goblin",
            Faction::Dwarf => "dwarf",
            Faction::Undead => "undead",
            Faction::Doppelganger => "doppelganger",
            Faction::Knight => "knight",
        }
    }
}

/// A set of factions, serialized as the list of their keys.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FactionSet(u8);

impl FactionSet {
    pub const EMPTY: FactionSet = FactionSet(0);

    fn bit(f: Faction) -> u8 {
        1 << f as u8
    }
    pub fn contains(self, f: Faction) -> bool {
        self.0 & Self::bit(f) != 0
    }
    pub fn insert(&mut self, f: Faction) {
        self.0 |= Self::bit(f);
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Faction> {
        Faction::ALL.into_iter().filter(move |&f| self.contains(f))
    }
    /// Every card of these factions.
    pub fn cards(self) -> CardSet {
        self.iter()
            .fold(CardSet::EMPTY, |set, f| set.union(f.cards()))
    }
}

impl fmt::Debug for FactionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for FactionSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for FactionSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut set = FactionSet::EMPTY;
        for f in Vec::<Faction>::deserialize(d)? {
            set.insert(f);
        }
        Ok(set)
    }
}

/// One of the 52 cards, by index 0..52.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub u8);

pub const DECK_SIZE: u8 = 52;

impl Card {
    pub fn faction(self) -> Faction {
        match self.0 {
            0..=13 => Faction::Goblin,
            14..=23 => Faction::Dwarf,
            24..=33 => Faction::Undead,
            34..=43 => Faction::Doppelganger,
            _ => Faction::Knight,
        }
    }

    pub fn value(self) -> u8 {
        match self.0 {
            // Five goblin 0s, then goblins 1..9 (spec §1, D0).
            0..=4 => 0,
            5..=13 => self.0 - 4,
            14..=43 => (self.0 - 14) % 10,
            // Knights run 2..9.
            _ => self.0 - 42,
        }
    }

    /// The spec's suggested id, e.g. `GOB-0c`, `KNI-9`.
    pub fn id(self) -> String {
        let f = self.faction();
        if self.0 <= 4 {
            format!("GOB-0{}", (b'a' + self.0) as char)
        } else {
            format!("{}-{}", f.code(), self.value())
        }
    }

    pub fn from_id(id: &str) -> Option<Card> {
        // Every stored state is read back card by card: formatting 52 ids per card was an
        // eighth of the bot's CPU in the loopback bench.
        static IDS: LazyLock<Vec<String>> =
            LazyLock::new(|| (0..DECK_SIZE).map(|c| Card(c).id()).collect());
        IDS.iter().position(|s| s == id).map(|i| Card(i as u8))
    }

    pub fn text(self) -> Text {
        Text::new(format!("claim-card-{}", self.faction().key())).arg("value", self.value())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.id())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = String::deserialize(d)?;
        Card::from_id(&id).ok_or_else(|| de::Error::custom(format!("no Claim card `{id}`")))
    }
}

/// A set of cards; serialized as the list of card ids.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    pub const ALL: CardSet = CardSet((1u64 << DECK_SIZE) - 1);

    pub fn contains(self, c: Card) -> bool {
        self.0 & (1u64 << c.0) != 0
    }
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1u64 << c.0;
    }
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1u64 << c.0);
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn of(self, f: Faction) -> CardSet {
        CardSet(self.0 & f.cards().0)
    }
    pub fn union(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }
    /// The highest value card in the set (the last one in index order).
    pub fn highest(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(63 - self.0.leading_zeros() as u8))
    }
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let c = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Card(c)
            })
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Card>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_1_the_deck_has_52_cards_in_the_right_counts() {
        let counts: Vec<usize> = Faction::ALL.iter().map(|f| f.cards().len()).collect();
        assert_eq!(counts, vec![14, 10, 10, 10, 8]);
        assert_eq!(CardSet::ALL.len(), 52);
        let goblin_values: Vec<u8> = Faction::Goblin.cards().iter().map(Card::value).collect();
        assert_eq!(
            goblin_values,
            vec![0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        );
        let knight_values: Vec<u8> = Faction::Knight.cards().iter().map(Card::value).collect();
        assert_eq!(knight_values, (2..=9).collect::<Vec<_>>());
        for f in [Faction::Dwarf, Faction::Undead, Faction::Doppelganger] {
            let v: Vec<u8> = f.cards().iter().map(Card::value).collect();
            assert_eq!(v, (0..=9).collect::<Vec<_>>());
        }
    }

    #[test]
    fn spec_1_card_ids_are_unique_and_round_trip() {
        let ids: std::collections::BTreeSet<String> = CardSet::ALL.iter().map(Card::id).collect();
        assert_eq!(ids.len(), 52);
        assert!(ids.contains("GOB-0a") && ids.contains("GOB-0e") && ids.contains("KNI-2"));
        for c in CardSet::ALL.iter() {
            assert_eq!(Card::from_id(&c.id()), Some(c));
            assert!(c.faction().cards().contains(c));
        }
    }

    #[test]
    fn highest_is_the_highest_value() {
        let s: CardSet = [Card(0), Card(9), Card(3)].into_iter().collect();
        assert_eq!(s.highest(), Some(Card(9)));
        assert_eq!(CardSet::EMPTY.highest(), None);
    }
}
