//! Louis XIV's component data (spec §2–§3): tiles, money cards, mission cards and setup
//! numbers, read from `components.toml` (embedded) or from an override text, validated at
//! load with errors that name the entry. Many values are INFERRED in the spec (§16 A1, A2,
//! A5); owners of the game correct them in the file, not in code.

use serde::{Deserialize, Serialize};

/// The embedded default data.
pub const DEFAULT_TOML: &str = include_str!("components.toml");

/// The board has 12 tiles (§2.1); layout, cards and menus are built on that number.
pub const TILES: usize = 12;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chip {
    Crown,
    Sceptre,
    Scroll,
    Ring,
    Helmet,
}

impl Chip {
    pub const ALL: [Chip; 5] = [
        Chip::Crown,
        Chip::Sceptre,
        Chip::Scroll,
        Chip::Ring,
        Chip::Helmet,
    ];
    pub fn key(self) -> &'static str {
        match self {
            Chip::Crown => "crown",
            Chip::Sceptre => "sceptre",
            Chip::Scroll => "scroll",
            Chip::Ring => "ring",
            Chip::Helmet => "helmet",
        }
    }
}

/// One symbol a mission card demands (§2.6): a chip type or "?" (any chip).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symbol {
    Crown,
    Sceptre,
    Scroll,
    Ring,
    Helmet,
    Any,
}

impl Symbol {
    /// Whether `chip` pays this symbol: the chip itself, a crown (wild), or anything for "?".
    pub fn paid_by(self, chip: Chip) -> bool {
        match self.chip() {
            None => true,
            Some(c) => chip == c || chip == Chip::Crown,
        }
    }
    pub fn chip(self) -> Option<Chip> {
        match self {
            Symbol::Crown => Some(Chip::Crown),
            Symbol::Sceptre => Some(Chip::Sceptre),
            Symbol::Scroll => Some(Chip::Scroll),
            Symbol::Ring => Some(Chip::Ring),
            Symbol::Helmet => Some(Chip::Helmet),
            Symbol::Any => None,
        }
    }
}

/// What a tile side demands (§7.2–§7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "condition", rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    Money { price: u32 },
    First,
    Stones { threshold: u8 },
}

/// What a tile gives (§2.1 reward details): the automatic parts, then the optional ones.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Reward {
    pub chip: Option<Chip>,
    pub money: u32,
    pub coats: u8,
    pub influence_cards: u8,
    pub intrigue_cards: u8,
    /// Stones (common supply, else own) the receiver may put on any tile, one at a time.
    pub place_any: u8,
    /// The tile `place_on` stones may go to (tile 8 → tile 5).
    pub place_on_tile: Option<u8>,
    pub place_on: u8,
    /// Stones the receiver may move common → own.
    pub retrieve: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    pub number: u8,
    pub name: String,
    pub row: u8,
    pub col: u8,
    pub adjacent: Vec<u8>,
    pub front: Condition,
    pub back: Condition,
    pub reward: Reward,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoneyCard {
    pub id: String,
    pub income: u32,
    /// The tile number Louis XIV stands on this round.
    pub king: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    Light,
    Medium,
    Dark,
}

impl Deck {
    pub const ALL: [Deck; 3] = [Deck::Light, Deck::Medium, Deck::Dark];
    pub fn key(self) -> &'static str {
        match self {
            Deck::Light => "light",
            Deck::Medium => "medium",
            Deck::Dark => "dark",
        }
    }
}

/// A completed mission card's ability (§12), with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ability {
    /// L01/L02: on completion draw this many more mission cards.
    ExtraMissionCards { cards: u8 },
    /// Supply: move stones common → own.
    Retrieve { stones: u8 },
    /// Supply: money from the bank.
    Money { amount: u32 },
    /// Supply (M01–M04): `amount` split between Louisdor and stones common → own.
    TwoOf { amount: u8 },
    /// Supply: coats of arms.
    Coats { count: u8 },
    /// Supply: intrigue cards.
    Intrigue { cards: u8 },
    /// Supply (D04): one stone own → common for the top influence card.
    StoneForCard,
    /// Influence start: 1 stone on this tile.
    PlaceStart { tile: u8 },
    /// Influence start (M08): 1 stone on Louis XIV's tile.
    PlaceKing,
    /// Influence turn: pay instead of playing a card.
    PayPass { cost: u32 },
    /// Influence turn (M11/M12): exchange a hand card instead of playing.
    ExchangeInfluence,
    /// Influence (D05): one card per phase places or retrieves this many, any start tile.
    FourStoneJoker { stones: u8 },
    /// Influence end (D06): 1 stone on any tile.
    PlaceEnd,
    /// Evaluation (D07): win one tie for first.
    OnceFirst,
    /// Evaluation (D08): each purchase costs this much less.
    Discount { amount: u32 },
    /// Mission phase (L17/L18): pay and swap a chip for a crown.
    CrownSwap { cost: u32 },
    /// End of the own mission turn (L19/L20): exchange up to this many hand cards.
    ExchangeMissions { cards: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mission {
    pub id: String,
    pub deck: Deck,
    pub requires: [Symbol; 2],
    pub ability: Ability,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub stones_per_player: u8,
    pub starting_money: u32,
    pub neutral_stones: u8,
    pub hand_size: u8,
    pub money_cards_used: u8,
    pub coat_kinds: u8,
    pub coats_per_kind: u8,
    pub personality_stones: u8,
    pub joker_stones: u8,
    pub jokers: u8,
    pub cards_per_personality: u8,
    pub common_stones_2: Vec<u8>,
    pub common_stones_3: Vec<u8>,
    pub common_stones_4: Vec<u8>,
    pub three_player_intrigue: u8,
    pub king_crowns: u8,
}

/// All component data of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Data {
    pub setup: Setup,
    pub tile: Vec<Tile>,
    pub money_card: Vec<MoneyCard>,
    pub mission: Vec<Mission>,
}

/// Why a data text was refused; the message names the entry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Louis XIV component data: {0}")]
pub struct DataError(pub String);

fn bad(msg: impl Into<String>) -> Result<(), DataError> {
    Err(DataError(msg.into()))
}

impl Data {
    pub fn default_data() -> Data {
        Data::parse(DEFAULT_TOML).expect("the embedded component data is valid")
    }

    /// Parses and validates a TOML text; tiles are sorted by number afterwards.
    pub fn parse(text: &str) -> Result<Data, DataError> {
        let mut data: Data = toml::from_str(text).map_err(|e| DataError(e.to_string()))?;
        data.validate()?;
        data.tile.sort_by_key(|t| t.number);
        Ok(data)
    }

    /// A stable hash of the validated data (FNV-1a over its canonical JSON): comments and
    /// formatting of the file do not change it, any value does.
    pub fn hash(&self) -> String {
        let json = serde_json::to_string(self).expect("data serializes");
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in json.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        format!("{h:016x}")
    }

    pub fn influence_cards(&self) -> usize {
        TILES * self.setup.cards_per_personality as usize + self.setup.jokers as usize
    }

    pub fn common_stones(&self, seats: usize) -> &[u8] {
        match seats {
            2 => &self.setup.common_stones_2,
            3 => &self.setup.common_stones_3,
            _ => &self.setup.common_stones_4,
        }
    }

    /// Tile index (0-based) → bit mask of adjacent tile indices.
    pub fn adjacency(&self) -> [u16; TILES] {
        let mut adj = [0u16; TILES];
        for (i, t) in self.tile.iter().enumerate() {
            for &n in &t.adjacent {
                adj[i] |= 1 << (n - 1);
            }
        }
        adj
    }

    fn validate(&self) -> Result<(), DataError> {
        self.validate_setup()?;
        self.validate_tiles()?;
        self.validate_money_cards()?;
        self.validate_missions()
    }

    fn validate_setup(&self) -> Result<(), DataError> {
        let s = &self.setup;
        for (n, list) in [
            (2, &s.common_stones_2),
            (3, &s.common_stones_3),
            (4, &s.common_stones_4),
        ] {
            if list.len() != n {
                bad(format!(
                    "setup.common_stones_{n}: needs {n} numbers, has {}",
                    list.len()
                ))?;
            }
            if let Some(x) = list.iter().find(|&&x| x > s.stones_per_player) {
                bad(format!(
                    "setup.common_stones_{n}: {x} is more than stones_per_player ({})",
                    s.stones_per_player
                ))?;
            }
        }
        if s.stones_per_player == 0 || s.stones_per_player > 60 {
            bad("setup.stones_per_player: must be 1–60")?;
        }
        if s.hand_size < 2 || s.hand_size > 10 {
            bad("setup.hand_size: must be 2–10")?;
        }
        if s.money_cards_used != 4 {
            bad("setup.money_cards_used: the game has 4 rounds, one money card each: must be 4")?;
        }
        if s.coat_kinds == 0
            || s.coat_kinds > 9
            || s.coats_per_kind == 0
            || s.coat_kinds as u32 * s.coats_per_kind as u32 > 250
        {
            bad("setup.coat_kinds/coats_per_kind: need 1–9 kinds, at least 1 coat each, at most 250 in all")?;
        }
        if s.personality_stones == 0 || s.joker_stones == 0 {
            bad("setup.personality_stones/joker_stones: must be at least 1")?;
        }
        if s.cards_per_personality == 0
            || 12 * s.cards_per_personality as usize + s.jokers as usize > 64
        {
            bad("setup.cards_per_personality/jokers: at least 1 per personality, at most 64 influence cards")?;
        }
        if s.neutral_stones == 0 {
            bad("setup.neutral_stones: must be at least 1")?;
        }
        Ok(())
    }

    fn validate_tiles(&self) -> Result<(), DataError> {
        if self.tile.len() != TILES {
            bad(format!(
                "tiles: the board has {TILES} tiles, the data has {}",
                self.tile.len()
            ))?;
        }
        for (i, t) in self.tile.iter().enumerate() {
            let name = format!("tile {}", t.number);
            if !(1..=TILES as u8).contains(&t.number) {
                bad(format!("{name}: number must be 1–{TILES}"))?;
            }
            if self.tile[..i].iter().any(|u| u.number == t.number) {
                bad(format!("{name}: number used twice"))?;
            }
            if t.name.trim().is_empty() {
                bad(format!("{name}: name is empty"))?;
            }
            if t.row > 4 || t.col > 4 {
                bad(format!("{name}: row and col must be 0–4"))?;
            }
            if let Some(u) = self.tile[..i]
                .iter()
                .find(|u| (u.row, u.col) == (t.row, t.col))
            {
                bad(format!("{name}: same row and col as tile {}", u.number))?;
            }
            for side in [("front", t.front), ("back", t.back)] {
                match side.1 {
                    Condition::Money { price: 0 } => {
                        bad(format!("{name}: {} price must be at least 1", side.0))?
                    }
                    Condition::Stones { threshold: 0 } => {
                        bad(format!("{name}: {} threshold must be at least 1", side.0))?
                    }
                    _ => {}
                }
            }
            if std::mem::discriminant(&t.front) == std::mem::discriminant(&t.back) {
                bad(format!(
                    "{name}: front and back must show different conditions (§2.1)"
                ))?;
            }
            let r = &t.reward;
            if r.place_on > 0
                && !matches!(r.place_on_tile, Some(n) if (1..=TILES as u8).contains(&n))
            {
                bad(format!(
                    "{name}: reward.place_on needs place_on_tile 1–{TILES}"
                ))?;
            }
            if r.place_any > 3 || r.place_on > 3 || r.retrieve > 16 {
                bad(format!("{name}: reward placements are at most 3 stones"))?;
            }
            for (k, &n) in t.adjacent.iter().enumerate() {
                if !(1..=TILES as u8).contains(&n) || n == t.number {
                    bad(format!(
                        "{name}: adjacent tile {n} is not another tile 1–{TILES}"
                    ))?;
                }
                if t.adjacent[..k].contains(&n) {
                    bad(format!("{name}: adjacent tile {n} listed twice"))?;
                }
            }
        }
        for t in &self.tile {
            for &n in &t.adjacent {
                let other = self.tile.iter().find(|u| u.number == n).expect("checked");
                if !other.adjacent.contains(&t.number) {
                    bad(format!(
                        "tile {}: lists tile {n} as adjacent, but tile {n} does not list tile {} (adjacency must be symmetric)",
                        t.number, t.number
                    ))?;
                }
            }
        }
        Ok(())
    }

    fn validate_money_cards(&self) -> Result<(), DataError> {
        if self.money_card.len() < self.setup.money_cards_used as usize {
            bad(format!(
                "money cards: need at least {}, the data has {}",
                self.setup.money_cards_used,
                self.money_card.len()
            ))?;
        }
        for (i, m) in self.money_card.iter().enumerate() {
            let name = format!("money card `{}`", m.id);
            if m.id.trim().is_empty() {
                bad(format!("money card #{}: id is empty", i + 1))?;
            }
            if self.money_card[..i].iter().any(|o| o.id == m.id) {
                bad(format!("{name}: id used twice"))?;
            }
            let Some(t) = self.tile.iter().find(|t| t.number == m.king) else {
                bad(format!("{name}: king tile {} does not exist", m.king))?;
                continue;
            };
            // §7.5 is written for chip tiles with Money and First-place sides only.
            let ok_side = |c: Condition| matches!(c, Condition::Money { .. } | Condition::First);
            if t.reward.chip.is_none() || !ok_side(t.front) || !ok_side(t.back) {
                bad(format!(
                    "{name}: Louis XIV's tile {} must give a chip and show Money or First place on both sides (§7.5)",
                    m.king
                ))?;
            }
        }
        Ok(())
    }

    fn validate_missions(&self) -> Result<(), DataError> {
        for deck in [Deck::Light, Deck::Medium] {
            let n = self.mission.iter().filter(|m| m.deck == deck).count();
            if n < 4 {
                bad(format!(
                    "mission cards: the {} deck needs at least 4 cards (one per player at setup), has {n}",
                    deck.key()
                ))?;
            }
        }
        for (i, m) in self.mission.iter().enumerate() {
            let name = format!("mission card `{}`", m.id);
            if m.id.trim().is_empty() {
                bad(format!("mission card #{}: id is empty", i + 1))?;
            }
            if self.mission[..i].iter().any(|o| o.id == m.id) {
                bad(format!("{name}: id used twice"))?;
            }
            let [a, b] = m.requires;
            let shape_ok = match m.deck {
                Deck::Light => a != Symbol::Any && b == Symbol::Any,
                Deck::Medium => a != Symbol::Any && b != Symbol::Any && a != b,
                Deck::Dark => a != Symbol::Any && a == b,
            };
            if !shape_ok {
                bad(format!(
                    "{name}: a {} card requires {} (§2.6)",
                    m.deck.key(),
                    match m.deck {
                        Deck::Light => "one specific chip and \"any\"",
                        Deck::Medium => "two different specific chips",
                        Deck::Dark => "two identical specific chips",
                    }
                ))?;
            }
            let in_range = |t: u8| (1..=TILES as u8).contains(&t);
            match m.ability {
                Ability::PlaceStart { tile } if !in_range(tile) => {
                    bad(format!("{name}: place_start tile {tile} does not exist"))?
                }
                Ability::ExchangeMissions { cards } if !(1..=2).contains(&cards) => {
                    bad(format!("{name}: exchange_missions cards must be 1 or 2"))?
                }
                Ability::FourStoneJoker { stones } if !(1..=6).contains(&stones) => {
                    bad(format!("{name}: four_stone_joker stones must be 1–6"))?
                }
                Ability::ExtraMissionCards { cards } if cards > 3 => {
                    bad(format!("{name}: extra_mission_cards is at most 3"))?
                }
                _ => {}
            }
        }
        if self.mission.len() > 64 {
            bad("mission cards: at most 64")?;
        }
        Ok(())
    }
}
