//! Ovlivnění's components as data (spec §1): the 27 game cards every player owns, with both
//! effects of each, and the 18 country cards with their thresholds. Names and effect texts
//! live in the fluent files (`ov-card-<id>`, `ov-eff-<id>-a/-b`); a test checks them
//! against the Czech and English names here.

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

use crate::{contract::Seat, text::Text};

/// What a chosen effect does with its card (spec §1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Instant,
    Base,
    Status,
    Reaction,
}

/// One row of the card table.
#[derive(Clone, Copy, Debug)]
pub struct CardInfo {
    /// Upper snake case English id (spec §1.1 "suggested ids").
    pub id: &'static str,
    pub cs: &'static str,
    pub en: &'static str,
    /// Effect A (printed first) and B (printed after NEBO).
    pub kinds: [Kind; 2],
}

macro_rules! cards {
    ($($name:ident = $n:literal: $cs:literal, $en:literal, $a:ident, $b:ident;)*) => {
        $(pub const $name: u8 = $n;)*
        /// Spec §1.1, in the document's order (#1 … #27 are indices 0 … 26).
        pub const CARDS: [CardInfo; 27] = [
            $(CardInfo { id: stringify!($name), cs: $cs, en: $en, kinds: [Kind::$a, Kind::$b] }),*
        ];
    };
}

cards! {
    OPPORTUNITY = 0: "Příležitost", "Opportunity", Instant, Instant;
    INVESTMENT = 1: "Investice", "Investment", Instant, Reaction;
    OPTIMISATION = 2: "Optimalizace", "Optimisation", Instant, Instant;
    SLANDER = 3: "Pomluvy", "Slander", Instant, Instant;
    HISTORY = 4: "Historie", "History", Instant, Instant;
    DECLINE = 5: "Úpadek", "Decline", Instant, Status;
    INTEREST = 6: "Zúročení", "Interest", Instant, Reaction;
    COOPERATION = 7: "Spolupráce", "Cooperation", Instant, Reaction;
    EXTORTION = 8: "Vydírání", "Extortion", Instant, Instant;
    WEAKENING = 9: "Oslabení", "Weakening", Status, Instant;
    PLANNING = 10: "Plánování", "Planning", Instant, Instant;
    LICENCE = 11: "Licence", "Licence", Instant, Reaction;
    FACTORY = 12: "Fabrika", "Factory", Base, Instant;
    ENTERPRISE = 13: "Podnikání", "Enterprise", Base, Instant;
    ESPIONAGE = 14: "Špionáž", "Espionage", Base, Instant;
    EXPERIENCE = 15: "Zkušenosti", "Experience", Instant, Base;
    BODYGUARDS = 16: "Ochranka", "Bodyguards", Instant, Base;
    SHARES = 17: "Akcie", "Shares", Base, Instant;
    WITHDRAWAL = 18: "Stažení", "Withdrawal", Instant, Instant;
    REORGANISATION = 19: "Reorganizace", "Reorganisation", Instant, Instant;
    DOMINANCE = 20: "Převaha", "Dominance", Instant, Instant;
    AGENTS = 21: "Agenti", "Agents", Instant, Instant;
    INSURANCE = 22: "Pojištění", "Insurance", Instant, Reaction;
    BRIBES = 23: "Úplatky", "Bribes", Instant, Instant;
    CONFUSION = 24: "Zmatek", "Confusion", Instant, Status;
    REINFORCEMENTS = 25: "Posily", "Reinforcements", Instant, Instant;
    DILIGENCE = 26: "Pečlivost", "Diligence", Instant, Instant;
}

pub const CARD_COUNT: usize = 27;

/// The fluent key of a card's name.
pub fn card_text(card: u8) -> Text {
    Text::new(format!(
        "ov-card-{}",
        CARDS[card as usize].id.to_ascii_lowercase()
    ))
}

/// One effect of one card: `card × 2 + half` (half 0 = A, 1 = B), the spec's `<CARD>.A/.B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Effect(pub u8);

impl Effect {
    pub const fn new(card: u8, b: bool) -> Self {
        Effect(card * 2 + b as u8)
    }
    pub const fn card(self) -> u8 {
        self.0 / 2
    }
    pub const fn is_b(self) -> bool {
        self.0 % 2 == 1
    }
    pub fn kind(self) -> Kind {
        CARDS[self.card() as usize].kinds[self.is_b() as usize]
    }
    pub fn id(self) -> String {
        format!(
            "{}.{}",
            CARDS[self.card() as usize].id,
            if self.is_b() { "B" } else { "A" }
        )
    }
    /// The fluent key of the effect's text.
    pub fn text(self) -> Text {
        Text::new(format!(
            "ov-eff-{}-{}",
            CARDS[self.card() as usize].id.to_ascii_lowercase(),
            if self.is_b() { "b" } else { "a" }
        ))
    }

    /// Spec §11.1, "Gains M" and "Gains both" columns: what Spolupráce (8B) answers.
    pub fn gains_m(self) -> bool {
        matches!(
            (self.card(), self.is_b()),
            (SLANDER, false)
                | (HISTORY, false)
                | (DECLINE, false)
                | (COOPERATION, _)
                | (SHARES, true)
                | (REORGANISATION, true)
                | (AGENTS, true)
                | (INSURANCE, false)
                | (REINFORCEMENTS, false)
                | (DILIGENCE, true)
        )
    }

    /// Effects whose declaration has parameters (spec §6.1, §13).
    pub fn has_params(self) -> bool {
        matches!(
            (self.card(), self.is_b()),
            (OPTIMISATION, true)
                | (SLANDER, true)
                | (HISTORY, true)
                | (EXTORTION, false)
                | (WEAKENING, true)
                | (ESPIONAGE, true)
                | (EXPERIENCE, false)
                | (BODYGUARDS, false)
                | (WITHDRAWAL, true)
                | (REORGANISATION, false)
                | (DOMINANCE, _)
                | (AGENTS, true)
                | (BRIBES, _)
                | (REINFORCEMENTS, true)
        )
    }
}

impl Serialize for Effect {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.id())
    }
}

impl<'de> Deserialize<'de> for Effect {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = String::deserialize(d)?;
        let (card, half) = id
            .rsplit_once('.')
            .ok_or_else(|| de::Error::custom(format!("no effect `{id}`")))?;
        let card = CARDS
            .iter()
            .position(|c| c.id == card)
            .ok_or_else(|| de::Error::custom(format!("no card `{card}`")))?;
        match half {
            "A" => Ok(Effect::new(card as u8, false)),
            "B" => Ok(Effect::new(card as u8, true)),
            _ => Err(de::Error::custom(format!("no effect `{id}`"))),
        }
    }
}

/// A card with its owner, as views and events show it: the token `ID#seat`
/// (e.g. `LICENCE#1`), which the conformance suite searches for leaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardRef {
    pub owner: Seat,
    pub card: u8,
}

impl CardRef {
    pub fn new(owner: Seat, card: u8) -> Self {
        CardRef { owner, card }
    }
    pub fn token(self) -> String {
        format!("{}#{}", CARDS[self.card as usize].id, self.owner)
    }
    pub fn text(self) -> Text {
        card_text(self.card)
    }
}

impl Serialize for CardRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.token())
    }
}

/// One row of the country table (spec §1.2): thresholds `[B, M]`.
#[derive(Clone, Copy, Debug)]
pub struct CountryInfo {
    pub id: &'static str,
    pub cs: &'static str,
    pub en: &'static str,
    pub thresholds: [u32; 2],
}

macro_rules! countries {
    ($($id:literal: $cs:literal, $en:literal, $b:literal, $m:literal;)*) => {
        /// Spec §1.2, in the document's order.
        pub const COUNTRIES: [CountryInfo; 18] = [
            $(CountryInfo { id: $id, cs: $cs, en: $en, thresholds: [$b, $m] }),*
        ];
    };
}

countries! {
    "germany": "Německo", "Germany", 6, 4;
    "austria": "Rakousko", "Austria", 5, 4;
    "spain": "Španělsko", "Spain", 4, 5;
    "france": "Francie", "France", 5, 5;
    "sweden": "Švédsko", "Sweden", 6, 5;
    "hungary": "Maďarsko", "Hungary", 4, 5;
    "czechia": "Česko", "Czechia", 4, 3;
    "italy": "Itálie", "Italy", 3, 5;
    "belgium": "Belgie", "Belgium", 4, 4;
    "slovakia": "Slovensko", "Slovakia", 3, 3;
    "poland": "Polsko", "Poland", 3, 6;
    "denmark": "Dánsko", "Denmark", 5, 4;
    "norway": "Norsko", "Norway", 6, 4;
    "ireland": "Irsko", "Ireland", 4, 3;
    "portugal": "Portugalsko", "Portugal", 4, 4;
    "greece": "Řecko", "Greece", 3, 6;
    "lithuania": "Litva", "Lithuania", 4, 4;
    "slovenia": "Slovinsko", "Slovenia", 4, 3;
}

pub const COUNTRY_COUNT: usize = 18;

/// A country card, shown by its id (public everywhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Country(pub u8);

impl Country {
    pub fn info(self) -> &'static CountryInfo {
        &COUNTRIES[self.0 as usize]
    }
    pub fn text(self) -> Text {
        Text::new(format!("ov-country-{}", self.info().id))
    }
}

impl Serialize for Country {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.info().id)
    }
}

/// Resource indices: Wealth (bohatství) and Power (moc), spec §1.3.
pub const B: usize = 0;
pub const M: usize = 1;

pub fn resource_text(res: usize) -> Text {
    Text::new(if res == B { "ov-res-b" } else { "ov-res-m" })
}
