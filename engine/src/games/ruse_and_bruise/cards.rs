//! Ruse & Bruise's cards as data (spec §2): the 25 characters every colour owns, the six
//! colours, and the 36 point cards. Values are half-points (spec §1: the Assassin is 9½).

use std::fmt;

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

use crate::text::Text;

/// When a character's rule applies (spec §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectClass {
    /// Only a value.
    Value,
    /// Immediate effect when flipped during the round (§5).
    Immediate,
    /// End-of-round effect (§6).
    EndOfRound,
}

/// One row of the character table.
#[derive(Clone, Copy, Debug)]
pub struct CharacterInfo {
    pub id: &'static str,
    /// The fluent message of its name, `rb-char-<id>`.
    pub key: &'static str,
    pub cs: &'static str,
    pub en: &'static str,
    /// Printed value in half-points; `None` for the Doppelganger. A symbol character's
    /// value here is the 8 it has outside its own symbol's column.
    pub value: Option<i32>,
    pub class: EffectClass,
}

macro_rules! characters {
    ($($name:ident: $id:literal, $cs:literal, $en:literal, $value:expr, $class:ident;)*) => {
        /// The 25 characters (spec §2.2), in the table's order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Character { $($name),* }

        /// Spec §2.2: id, Czech and English name, value (half-points), effect class.
        pub const CHARACTERS: [CharacterInfo; 25] = [
            $(CharacterInfo {
                id: $id,
                key: concat!("rb-char-", $id),
                cs: $cs,
                en: $en,
                value: $value,
                class: EffectClass::$class,
            }),*
        ];
    };
}

characters! {
    King: "king", "Král", "King", Some(40), Value;
    Queen: "queen", "Královna", "Queen", Some(32), Value;
    Juliet: "juliet", "Julie", "Juliet", Some(28), Value;
    Alchemist: "alchemist", "Alchymista", "Alchemist", Some(16), Value;
    Swordsman: "swordsman", "Šermíř", "Swordsman", Some(16), Value;
    Landowner: "landowner", "Statkář", "Landowner", Some(16), Value;
    Merchant: "merchant", "Kupec", "Merchant", Some(16), Value;
    Cardinal: "cardinal", "Kardinál", "Cardinal", Some(16), Value;
    Troubadour: "troubadour", "Trubadúr", "Troubadour", Some(16), Value;
    Explorer: "explorer", "Objevitel", "Explorer", Some(26), Immediate;
    Assassin: "assassin", "Mordýř", "Assassin", Some(19), Immediate;
    Storm: "storm", "Bouře", "Storm", Some(18), Immediate;
    Disguise: "disguise", "Převlek", "Disguise", Some(0), Immediate;
    Traitor: "traitor", "Zrádce", "Traitor", Some(20), Immediate;
    Musketeers: "musketeers", "Mušketýři", "Musketeers", Some(22), EndOfRound;
    Magician: "magician", "Mág", "Magician", Some(14), EndOfRound;
    Witch: "witch", "Čarodějnice", "Witch", Some(2), EndOfRound;
    Prince: "prince", "Princ", "Prince", Some(28), EndOfRound;
    Squire: "squire", "Panoš", "Squire", Some(4), EndOfRound;
    Hermit: "hermit", "Poustevník", "Hermit", Some(24), EndOfRound;
    Doppelganger: "doppelganger", "Dvojník", "Doppelganger", None, EndOfRound;
    Dragon: "dragon", "Drak", "Dragon", Some(22), EndOfRound;
    Romeo: "romeo", "Romeo", "Romeo", Some(10), EndOfRound;
    Beggar: "beggar", "Žebrák", "Beggar", Some(8), EndOfRound;
    TomThumb: "tom-thumb", "Paleček", "Tom Thumb", Some(4), EndOfRound;
}

/// A symbol character's value under its own symbol (spec §2.2: 12).
pub const OWN_SYMBOL_VALUE: i32 = 24;

impl Character {
    pub const COUNT: usize = 25;

    pub fn all() -> impl Iterator<Item = Character> {
        (0..Self::COUNT as u8).map(Character::from_index)
    }

    pub fn index(self) -> u8 {
        self as u8
    }

    pub fn from_index(i: u8) -> Character {
        use Character::*;
        const ALL: [Character; 25] = [
            King,
            Queen,
            Juliet,
            Alchemist,
            Swordsman,
            Landowner,
            Merchant,
            Cardinal,
            Troubadour,
            Explorer,
            Assassin,
            Storm,
            Disguise,
            Traitor,
            Musketeers,
            Magician,
            Witch,
            Prince,
            Squire,
            Hermit,
            Doppelganger,
            Dragon,
            Romeo,
            Beggar,
            TomThumb,
        ];
        ALL[i as usize]
    }

    pub fn info(self) -> &'static CharacterInfo {
        &CHARACTERS[self as usize]
    }

    /// The printed value in a column of `symbol`, in half-points (spec §6.2): a symbol
    /// character's 12 in its own symbol's column, else the table's value; `None` for the
    /// Doppelganger.
    pub fn printed(self, symbol: Symbol) -> Option<i32> {
        match self.symbol() {
            Some(s) if s == symbol => Some(OWN_SYMBOL_VALUE),
            _ => self.info().value,
        }
    }

    /// The symbol whose column gives this character 12 (spec §2.1, D-2).
    pub fn symbol(self) -> Option<Symbol> {
        Some(match self {
            Character::Alchemist => Symbol::Alchemy,
            Character::Swordsman => Symbol::Military,
            Character::Landowner => Symbol::Agriculture,
            Character::Merchant => Symbol::Trade,
            Character::Cardinal => Symbol::Religion,
            Character::Troubadour => Symbol::Art,
            _ => return None,
        })
    }

    pub fn text(self) -> Text {
        Text::new(self.info().key)
    }
}

/// Only fills unused slots of a [`super::pile::Pile`]; the enum is macro-built, so no derive.
#[allow(clippy::derivable_impls)]
impl Default for Character {
    fn default() -> Self {
        Character::King
    }
}

impl Serialize for Character {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.info().id)
    }
}

impl<'de> Deserialize<'de> for Character {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = String::deserialize(d)?;
        Character::all()
            .find(|c| c.info().id == id)
            .ok_or_else(|| de::Error::custom(format!("no character `{id}`")))
    }
}

/// The six player colours (spec §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Blue,
    Yellow,
    Green,
    White,
    Black,
}

impl Colour {
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Blue,
        Colour::Yellow,
        Colour::Green,
        Colour::White,
        Colour::Black,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::White => "white",
            Colour::Black => "black",
        }
    }

    pub fn text(self) -> Text {
        Text::new(match self {
            Colour::Red => "rb-colour-red",
            Colour::Blue => "rb-colour-blue",
            Colour::Yellow => "rb-colour-yellow",
            Colour::Green => "rb-colour-green",
            Colour::White => "rb-colour-white",
            Colour::Black => "rb-colour-black",
        })
    }
}

/// One influence card: a colour's copy of a character. Serialized as `blue-king`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub colour: Colour,
    pub character: Character,
}

impl Card {
    pub fn id(self) -> String {
        let (colour, character) = (self.colour.key(), self.character.info().id);
        let mut id = String::with_capacity(colour.len() + 1 + character.len());
        id.push_str(colour);
        id.push('-');
        id.push_str(character);
        id
    }

    pub fn from_id(id: &str) -> Option<Card> {
        let (colour, character) = id.split_once('-')?;
        Some(Card {
            colour: *Colour::ALL.iter().find(|c| c.key() == colour)?,
            character: Character::all().find(|c| c.info().id == character)?,
        })
    }

    /// "King (Blue)".
    pub fn text(self) -> Text {
        Text::new("rb-card")
            .arg("character", self.character.text())
            .arg("colour", self.colour.text())
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
        Card::from_id(&id).ok_or_else(|| de::Error::custom(format!("no influence card `{id}`")))
    }
}

/// The six point-card symbols (spec §2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symbol {
    Alchemy,
    Military,
    Agriculture,
    Trade,
    Religion,
    Art,
}

impl Symbol {
    pub const ALL: [Symbol; 6] = [
        Symbol::Alchemy,
        Symbol::Military,
        Symbol::Agriculture,
        Symbol::Trade,
        Symbol::Religion,
        Symbol::Art,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Symbol::Alchemy => "alchemy",
            Symbol::Military => "military",
            Symbol::Agriculture => "agriculture",
            Symbol::Trade => "trade",
            Symbol::Religion => "religion",
            Symbol::Art => "art",
        }
    }

    pub fn text(self) -> Text {
        Text::new(match self {
            Symbol::Alchemy => "rb-symbol-alchemy",
            Symbol::Military => "rb-symbol-military",
            Symbol::Agriculture => "rb-symbol-agriculture",
            Symbol::Trade => "rb-symbol-trade",
            Symbol::Religion => "rb-symbol-religion",
            Symbol::Art => "rb-symbol-art",
        })
    }
}

/// Spec §2.1: each symbol's six cards.
const POINT_VALUES: [u8; 6] = [1, 2, 3, 3, 4, 5];
const POINT_SUFFIX: [&str; 6] = ["1", "2", "3a", "3b", "4", "5"];
pub const POINT_CARDS: u8 = 36;

/// One of the 36 point cards, by index (symbol × 6 + slot). Serialized as `trade-3b`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PointCard(pub u8);

impl PointCard {
    pub fn symbol(self) -> Symbol {
        Symbol::ALL[(self.0 / 6) as usize]
    }

    pub fn value(self) -> u8 {
        POINT_VALUES[(self.0 % 6) as usize]
    }

    pub fn id(self) -> String {
        format!(
            "{}-{}",
            self.symbol().key(),
            POINT_SUFFIX[(self.0 % 6) as usize]
        )
    }

    pub fn from_id(id: &str) -> Option<PointCard> {
        (0..POINT_CARDS).map(PointCard).find(|p| p.id() == id)
    }

    /// "Trade 3".
    pub fn text(self) -> Text {
        Text::new("rb-point")
            .arg("symbol", self.symbol().text())
            .arg("value", self.value())
    }
}

impl fmt::Debug for PointCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

impl Serialize for PointCard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.id())
    }
}

impl<'de> Deserialize<'de> for PointCard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = String::deserialize(d)?;
        PointCard::from_id(&id).ok_or_else(|| de::Error::custom(format!("no point card `{id}`")))
    }
}

/// A half-point value as players read it: `9½`, `16`, `0`.
pub fn halves(h: i32) -> String {
    let sign = if h < 0 { "-" } else { "" };
    let a = h.abs();
    match (a / 2, a % 2) {
        (0, 1) => format!("{sign}½"),
        (w, 1) => format!("{sign}{w}½"),
        (w, _) => format!("{sign}{w}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_2_2_every_colour_has_the_same_25_characters_with_the_spec_values() {
        let values: Vec<Option<i32>> = CHARACTERS.iter().map(|c| c.value).collect();
        let expect = [
            40, 32, 28, 16, 16, 16, 16, 16, 16, 26, 19, 18, 0, 20, 22, 14, 2, 28, 4, 24, -1, 22,
            10, 8, 4,
        ];
        for (v, e) in values.iter().zip(expect) {
            assert_eq!(*v, (e >= 0).then_some(e));
        }
        let ids: std::collections::BTreeSet<_> = CHARACTERS.iter().map(|c| c.id).collect();
        assert_eq!(ids.len(), 25);
        for c in Character::all() {
            assert_eq!(Character::from_index(c.index()), c);
        }
        // Every card of every colour has a unique id that round-trips.
        let mut all = std::collections::BTreeSet::new();
        for colour in Colour::ALL {
            for character in Character::all() {
                let card = Card { colour, character };
                assert_eq!(Card::from_id(&card.id()), Some(card));
                all.insert(card.id());
            }
        }
        assert_eq!(all.len(), 150);
    }

    #[test]
    fn spec_2_2_the_magician_and_witch_lists_fall_on_the_right_side_of_the_9_10_line() {
        use Character::*;
        // Seed lists: the Magician takes these (≥ 10), the Witch these (≤ 9).
        for c in [
            King, Queen, Juliet, Explorer, Traitor, Prince, Hermit, Dragon,
        ] {
            assert!(c.info().value.unwrap() >= 20, "{c:?}");
        }
        for c in [Storm, Disguise, Magician, Squire, TomThumb, Romeo, Beggar] {
            assert!(c.info().value.unwrap() <= 18, "{c:?}");
        }
        let assassin = Assassin.info().value.unwrap();
        assert!(assassin > 18 && assassin < 20);
    }

    #[test]
    fn spec_2_1_36_point_cards_six_per_symbol_valued_1_2_3_3_4_5() {
        let ids: std::collections::BTreeSet<_> =
            (0..POINT_CARDS).map(|i| PointCard(i).id()).collect();
        assert_eq!(ids.len(), 36);
        for s in Symbol::ALL {
            let mut v: Vec<u8> = (0..POINT_CARDS)
                .map(PointCard)
                .filter(|p| p.symbol() == s)
                .map(PointCard::value)
                .collect();
            v.sort();
            assert_eq!(v, vec![1, 2, 3, 3, 4, 5]);
        }
        for i in 0..POINT_CARDS {
            assert_eq!(PointCard::from_id(&PointCard(i).id()), Some(PointCard(i)));
        }
    }

    #[test]
    fn spec_2_1_d2_each_symbol_character_matches_one_symbol() {
        let symbols: Vec<Symbol> = Character::all().filter_map(Character::symbol).collect();
        assert_eq!(symbols, Symbol::ALL.to_vec());
    }

    #[test]
    fn half_points_print_as_players_read_them() {
        assert_eq!(halves(19), "9½");
        assert_eq!(halves(32), "16");
        assert_eq!(halves(0), "0");
        assert_eq!(halves(1), "½");
    }
}
