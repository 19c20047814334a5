//! The 53 cards of Fantasy Realms (spec §3) as data: printed number, names, suit, base
//! strength, which card names each text mentions. The texts' meaning is coded in `score.rs`.

use std::fmt;

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

use crate::text::Text;

/// The ten suits in the rulebook's canonical order (§1), then `Wild` for undeclared wild cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Suit {
    Army,
    Leader,
    Wizard,
    Weapon,
    Artifact,
    Beast,
    Land,
    Weather,
    Flood,
    Flame,
    Wild,
}

impl Suit {
    /// The ten real suits (Book of Changes may choose only these, D3).
    pub const REAL: [Suit; 10] = [
        Suit::Army,
        Suit::Leader,
        Suit::Wizard,
        Suit::Weapon,
        Suit::Artifact,
        Suit::Beast,
        Suit::Land,
        Suit::Weather,
        Suit::Flood,
        Suit::Flame,
    ];
    pub const ALL: [Suit; 11] = [
        Suit::Army,
        Suit::Leader,
        Suit::Wizard,
        Suit::Weapon,
        Suit::Artifact,
        Suit::Beast,
        Suit::Land,
        Suit::Weather,
        Suit::Flood,
        Suit::Flame,
        Suit::Wild,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Suit::Army => "army",
            Suit::Leader => "leader",
            Suit::Wizard => "wizard",
            Suit::Weapon => "weapon",
            Suit::Artifact => "artifact",
            Suit::Beast => "beast",
            Suit::Land => "land",
            Suit::Weather => "weather",
            Suit::Flood => "flood",
            Suit::Flame => "flame",
            Suit::Wild => "wild",
        }
    }

    pub fn english(self) -> &'static str {
        match self {
            Suit::Army => "Army",
            Suit::Leader => "Leader",
            Suit::Wizard => "Wizard",
            Suit::Weapon => "Weapon",
            Suit::Artifact => "Artifact",
            Suit::Beast => "Beast",
            Suit::Land => "Land",
            Suit::Weather => "Weather",
            Suit::Flood => "Flood",
            Suit::Flame => "Flame",
            Suit::Wild => "Wild",
        }
    }

    pub fn text(self) -> Text {
        Text::new(format!("fr-suit-{}", self.key()))
    }

    /// The suits Mirage may take (§10.3).
    pub const MIRAGE: [Suit; 5] = [
        Suit::Army,
        Suit::Land,
        Suit::Weather,
        Suit::Flood,
        Suit::Flame,
    ];
    /// The suits Shapeshifter may take (§10.3).
    pub const SHAPESHIFTER: [Suit; 5] = [
        Suit::Leader,
        Suit::Wizard,
        Suit::Weapon,
        Suit::Artifact,
        Suit::Beast,
    ];

    /// Necromancer may take these from the discard area (§5.3).
    pub fn necromancer_eligible(self) -> bool {
        matches!(self, Suit::Army | Suit::Leader | Suit::Wizard | Suit::Beast)
    }
}

/// One card by its printed number 1..=53.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub u8);

pub const DECK_SIZE: u8 = 53;

struct Printed {
    en: &'static str,
    cs: &'static str,
    suit: Suit,
    base: i16,
}

const fn p(en: &'static str, cs: &'static str, suit: Suit, base: i16) -> Printed {
    Printed { en, cs, suit, base }
}

use Suit::*;

/// Index = number − 1 (spec §3).
const PRINTED: [Printed; 53] = [
    p("Mountain", "Hora", Land, 9),
    p("Cavern", "Jeskyně", Land, 6),
    p("Bell Tower", "Zvonice", Land, 8),
    p("Forest", "Les", Land, 7),
    p("Earth Elemental", "Elementál země", Land, 4),
    p("Fountain of Life", "Fontána života", Flood, 1),
    p("Swamp", "Bažina", Flood, 18),
    p("Great Flood", "Stoletá voda", Flood, 32),
    p("Island", "Ostrov", Flood, 14),
    p("Water Elemental", "Elementál vody", Flood, 4),
    p("Rainstorm", "Bouře", Weather, 8),
    p("Blizzard", "Sněhová vánice", Weather, 30),
    p("Smoke", "Kouř", Weather, 27),
    p("Whirlwind", "Tornádo", Weather, 13),
    p("Air Elemental", "Elementál vzduchu", Weather, 4),
    p("Wildfire", "Požár", Flame, 40),
    p("Candle", "Svíčka", Flame, 2),
    p("Forge", "Kovárna", Flame, 9),
    p("Lightning", "Blesk", Flame, 11),
    p("Fire Elemental", "Elementál ohně", Flame, 4),
    p("Knights", "Rytířky", Army, 20),
    p("Elven Archers", "Elfí lučištníci", Army, 10),
    p("Light Cavalry", "Těžká jízda", Army, 17),
    p("Dwarvish Infantry", "Trpasličí pěchota", Army, 15),
    p("Rangers", "Hraničáři", Army, 5),
    p("Collector", "Sběratel", Wizard, 7),
    p("Beastmaster", "Pán šelem", Wizard, 9),
    p("Necromancer", "Nekromant", Wizard, 3),
    p("Warlock Lord", "Nejvyšší mág", Wizard, 25),
    p("Enchantress", "Kouzelnice", Wizard, 5),
    p("King", "Král", Leader, 8),
    p("Queen", "Královna", Leader, 6),
    p("Princess", "Princezna", Leader, 2),
    p("Warlord", "Velitel", Leader, 4),
    p("Empress", "Císařovna", Leader, 15),
    p("Unicorn", "Jednorožec", Beast, 9),
    p("Basilisk", "Bazilišek", Beast, 35),
    p("Warhorse", "Válečný oř", Beast, 6),
    p("Dragon", "Drak", Beast, 30),
    p("Hydra", "Hydra", Beast, 12),
    p("Warship", "Válečná loď", Weapon, 23),
    p("Magic Wand", "Magická hůl", Weapon, 1),
    p("Sword of Keth", "Kethský meč", Weapon, 7),
    p("Elven Longbow", "Elfský luk", Weapon, 3),
    p("War Dirigible", "Bojová vzducholoď", Weapon, 35),
    p("Shield of Keth", "Kethský štít", Artifact, 4),
    p("Gem of Order", "Krystal řádu", Artifact, 5),
    p("World Tree", "Strom světa", Artifact, 2),
    p("Book of Changes", "Kniha proměn", Artifact, 3),
    p("Protection Rune", "Ochranná runa", Artifact, 1),
    p("Shapeshifter", "Měňavec", Wild, 0),
    p("Mirage", "Přelud", Wild, 0),
    p("Doppelgänger", "Dvojník", Wild, 0),
];

/// Named constants for the cards whose texts the scorer refers to.
impl Card {
    pub const MOUNTAIN: Card = Card(1);
    pub const CAVERN: Card = Card(2);
    pub const BELL_TOWER: Card = Card(3);
    pub const FOREST: Card = Card(4);
    pub const EARTH_ELEMENTAL: Card = Card(5);
    pub const FOUNTAIN_OF_LIFE: Card = Card(6);
    pub const SWAMP: Card = Card(7);
    pub const GREAT_FLOOD: Card = Card(8);
    pub const ISLAND: Card = Card(9);
    pub const WATER_ELEMENTAL: Card = Card(10);
    pub const RAINSTORM: Card = Card(11);
    pub const BLIZZARD: Card = Card(12);
    pub const SMOKE: Card = Card(13);
    pub const WHIRLWIND: Card = Card(14);
    pub const AIR_ELEMENTAL: Card = Card(15);
    pub const WILDFIRE: Card = Card(16);
    pub const CANDLE: Card = Card(17);
    pub const FORGE: Card = Card(18);
    pub const LIGHTNING: Card = Card(19);
    pub const FIRE_ELEMENTAL: Card = Card(20);
    pub const KNIGHTS: Card = Card(21);
    pub const ELVEN_ARCHERS: Card = Card(22);
    pub const LIGHT_CAVALRY: Card = Card(23);
    pub const DWARVISH_INFANTRY: Card = Card(24);
    pub const RANGERS: Card = Card(25);
    pub const COLLECTOR: Card = Card(26);
    pub const BEASTMASTER: Card = Card(27);
    pub const NECROMANCER: Card = Card(28);
    pub const WARLOCK_LORD: Card = Card(29);
    pub const ENCHANTRESS: Card = Card(30);
    pub const KING: Card = Card(31);
    pub const QUEEN: Card = Card(32);
    pub const PRINCESS: Card = Card(33);
    pub const WARLORD: Card = Card(34);
    pub const EMPRESS: Card = Card(35);
    pub const UNICORN: Card = Card(36);
    pub const BASILISK: Card = Card(37);
    pub const WARHORSE: Card = Card(38);
    pub const DRAGON: Card = Card(39);
    pub const HYDRA: Card = Card(40);
    pub const WARSHIP: Card = Card(41);
    pub const MAGIC_WAND: Card = Card(42);
    pub const SWORD_OF_KETH: Card = Card(43);
    pub const ELVEN_LONGBOW: Card = Card(44);
    pub const WAR_DIRIGIBLE: Card = Card(45);
    pub const SHIELD_OF_KETH: Card = Card(46);
    pub const GEM_OF_ORDER: Card = Card(47);
    pub const WORLD_TREE: Card = Card(48);
    pub const BOOK_OF_CHANGES: Card = Card(49);
    pub const PROTECTION_RUNE: Card = Card(50);
    pub const SHAPESHIFTER: Card = Card(51);
    pub const MIRAGE: Card = Card(52);
    pub const DOPPELGANGER: Card = Card(53);

    pub fn all() -> impl Iterator<Item = Card> {
        (1..=DECK_SIZE).map(Card)
    }

    fn printed(self) -> &'static Printed {
        &PRINTED[self.0 as usize - 1]
    }
    pub fn name_en(self) -> &'static str {
        self.printed().en
    }
    pub fn name_cs(self) -> &'static str {
        self.printed().cs
    }
    pub fn suit(self) -> Suit {
        self.printed().suit
    }
    pub fn base(self) -> i16 {
        self.printed().base
    }

    /// Whether the printed card has a penalty (spec §3, §4: the three "BLANKED unless"
    /// texts are penalties).
    pub fn has_penalty(self) -> bool {
        matches!(
            self.0,
            7 | 8 | 11 | 12 | 13 | 16 | 21 | 23 | 24 | 29 | 35 | 37 | 39 | 41 | 45
        )
    }

    /// The card names its texts (bonus conditions, exception lists) mention: the only names
    /// worth giving a Mirage or Shapeshifter (§11 pruning).
    pub fn mentions(self) -> &'static [Card] {
        const M: &[Card] = &[Card::SMOKE, Card::WILDFIRE];
        match self.0 {
            1 => M,
            2 => &[Card::DWARVISH_INFANTRY, Card::DRAGON],
            4 => &[Card::ELVEN_ARCHERS],
            8 => &[Card::MOUNTAIN, Card::LIGHTNING],
            11 => &[Card::LIGHTNING],
            14 => &[Card::RAINSTORM, Card::BLIZZARD, Card::GREAT_FLOOD],
            16 => &[
                Card::MOUNTAIN,
                Card::GREAT_FLOOD,
                Card::ISLAND,
                Card::UNICORN,
                Card::DRAGON,
            ],
            17 => &[Card::BOOK_OF_CHANGES, Card::BELL_TOWER],
            19 => &[Card::RAINSTORM],
            31 => &[Card::QUEEN],
            32 => &[Card::KING],
            36 => &[
                Card::PRINCESS,
                Card::EMPRESS,
                Card::QUEEN,
                Card::ENCHANTRESS,
            ],
            40 => &[Card::SWAMP],
            43 => &[Card::SHIELD_OF_KETH],
            44 => &[Card::ELVEN_ARCHERS, Card::WARLORD, Card::BEASTMASTER],
            46 => &[Card::SWORD_OF_KETH],
            _ => &[],
        }
    }

    /// The English name as a slug, e.g. `great-flood` (message keys). Built once for all
    /// cards: ids and names are written and read for every card of every stored state.
    pub fn slug(self) -> &'static str {
        static SLUGS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
        let slugs = SLUGS.get_or_init(|| {
            Card::all()
                .map(|c| {
                    c.name_en()
                        .to_lowercase()
                        .replace('ä', "a")
                        .replace(' ', "-")
                })
                .collect()
        });
        &slugs[self.0 as usize - 1]
    }

    /// A stable id for views and events, e.g. `08-great-flood`: the number keeps it apart
    /// from field names such as `island` or `mirage`.
    pub fn id(self) -> String {
        format!("{:02}-{}", self.0, self.slug())
    }

    /// The card whose [`Card::id`] is `id`: its number says which card to check.
    pub fn from_id(id: &str) -> Option<Card> {
        let (number, slug) = id.split_once('-')?;
        let card = Card(number.parse().ok()?);
        let two_digits = number.len() == 2 && number.bytes().all(|b| b.is_ascii_digit());
        let valid = two_digits && (1..=DECK_SIZE).contains(&card.0);
        (valid && card.slug() == slug).then_some(card)
    }

    /// The card whose [`Card::slug`] is `slug`.
    pub fn from_slug(slug: &str) -> Option<Card> {
        Card::all().find(|c| c.slug() == slug)
    }

    pub fn text(self) -> Text {
        Text::new(format!("fr-card-{}", self.slug()))
    }

    pub fn is_wild(self) -> bool {
        self.suit() == Suit::Wild
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
        Card::from_id(&id)
            .ok_or_else(|| de::Error::custom(format!("no Fantasy Realms card `{id}`")))
    }
}

/// A card *name* (what a wild card declares, what an offer wishes for) serializes as the
/// slug, not the card's id: a name says nothing about where that card is (§8).
pub mod as_name {
    use super::Card;
    use serde::{de, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(card: &Card, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(card.slug())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let slug = String::deserialize(d)?;
        Card::from_slug(&slug)
            .ok_or_else(|| de::Error::custom(format!("no Fantasy Realms card `{slug}`")))
    }

    pub mod option {
        use super::Card;
        use serde::{Deserialize, Deserializer, Serializer};

        pub fn serialize<S: Serializer>(card: &Option<Card>, s: S) -> Result<S::Ok, S::Error> {
            match card {
                Some(c) => s.serialize_some(&c.slug()),
                None => s.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Card>, D::Error> {
            #[derive(Deserialize)]
            struct Wrap(#[serde(with = "super")] Card);
            Ok(Option::<Wrap>::deserialize(d)?.map(|w| w.0))
        }
    }
}

/// Case- and accent-insensitive form of a name, for the calculator's lookup.
pub fn fold(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'á' | 'ä' => 'a',
            'č' => 'c',
            'ď' => 'd',
            'é' | 'ě' => 'e',
            'í' => 'i',
            'ň' => 'n',
            'ó' | 'ö' => 'o',
            'ř' => 'r',
            'š' => 's',
            'ť' => 't',
            'ú' | 'ů' | 'ü' => 'u',
            'ý' => 'y',
            'ž' => 'z',
            '-' | '_' => ' ',
            c => c,
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A card by its number (1–53), Czech or English name, or id (case- and accent-insensitive).
pub fn lookup(query: &str) -> Option<Card> {
    if let Ok(n) = query.trim().parse::<u8>() {
        return (1..=DECK_SIZE).contains(&n).then_some(Card(n));
    }
    let q = fold(query);
    Card::all().find(|c| fold(c.name_en()) == q || fold(c.name_cs()) == q)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_3_suit_checksums() {
        let sums: Vec<(Suit, usize, i32)> = Suit::ALL
            .iter()
            .map(|&s| {
                let cards: Vec<Card> = Card::all().filter(|c| c.suit() == s).collect();
                (s, cards.len(), cards.iter().map(|c| c.base() as i32).sum())
            })
            .collect();
        let expected = [
            (Army, 5, 67),
            (Leader, 5, 35),
            (Wizard, 5, 49),
            (Weapon, 5, 69),
            (Artifact, 5, 15),
            (Beast, 5, 92),
            (Land, 5, 34),
            (Weather, 5, 82),
            (Flood, 5, 69),
            (Flame, 5, 66),
            (Wild, 3, 0),
        ];
        assert_eq!(sums, expected);
        assert_eq!(Card::all().map(|c| c.base() as i32).sum::<i32>(), 578);
    }

    #[test]
    fn ids_are_unique_and_round_trip() {
        let ids: std::collections::BTreeSet<String> = Card::all().map(Card::id).collect();
        assert_eq!(ids.len(), 53);
        assert_eq!(Card::DOPPELGANGER.id(), "53-doppelganger");
        for c in Card::all() {
            assert_eq!(Card::from_id(&c.id()), Some(c));
            assert_eq!(Card::from_slug(c.slug()), Some(c));
        }
        // Only an id as `Card::id` writes it names a card.
        for bad in [
            "8-great-flood",
            "+8-great-flood",
            "08-island",
            "00-great-flood",
            "54-great-flood",
            "08great-flood",
            "",
        ] {
            assert_eq!(Card::from_id(bad), None, "{bad}");
        }
    }

    #[test]
    fn lookup_by_number_and_either_name_ignores_case_and_accents() {
        assert_eq!(lookup("8"), Some(Card::GREAT_FLOOD));
        assert_eq!(lookup("stoleta VODA"), Some(Card::GREAT_FLOOD));
        assert_eq!(lookup("Sněhová vánice"), Some(Card::BLIZZARD));
        assert_eq!(lookup("snehova vanice"), Some(Card::BLIZZARD));
        assert_eq!(lookup("doppelganger"), Some(Card::DOPPELGANGER));
        assert_eq!(lookup("Dvojník"), Some(Card::DOPPELGANGER));
        assert_eq!(lookup("54"), None);
        assert_eq!(lookup("0"), None);
        assert_eq!(lookup("Jester"), None);
        // Every name of both languages is found and names never collide across cards.
        for c in Card::all() {
            assert_eq!(lookup(c.name_en()), Some(c));
            assert_eq!(lookup(c.name_cs()), Some(c));
        }
    }
}
