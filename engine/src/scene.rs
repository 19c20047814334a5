//! A table as neutral layout data for a picture: zones of cards, counters and lines of text.
//!
//! A game builds its [`Scene`] from a view only (like its [`Panel`]), so a picture can never
//! show more than the viewer may see. It knows no pixels: the bot's picture renderer picks
//! sizes, fonts and colours, and turns each [`Tint`] into a colour readable in both themes.

use serde::{Deserialize, Serialize};

use crate::{panel::Panel, text::Text};

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Scene {
    pub title: Text,
    pub zones: Vec<Zone>,
}

/// One area of the table (a trick, a column, a seat, the viewer's hand), drawn as a box.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Zone {
    pub heading: Text,
    pub items: Vec<Item>,
    /// Only for the viewer's eyes (their hand): drawn in the hand picture, never the table's.
    pub private: bool,
    /// The zone of the player who must act now: drawn highlighted.
    #[serde(default)]
    pub active: bool,
    /// Cards overlap top to bottom like a column on the table, instead of side by side.
    #[serde(default)]
    pub stacked: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Item {
    Card(CardFace),
    /// Face-down cards shown only by their number (a hand, a deck, a pile).
    Backs {
        label: Text,
        count: usize,
    },
    /// One face-down card on the table whose face the viewer may not know: only its back
    /// (the owner's colour) and what it is.
    FaceDown {
        tint: Tint,
        label: Text,
    },
    /// A number with a caption (money, votes, a treasury).
    Counter {
        label: Text,
        value: i64,
        tint: Tint,
    },
    /// A line of text (the last trick, a result).
    Line(Text),
}

/// A face-up card: the face colour of its suit or faction, a short corner mark, its name
/// and a short effect line.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardFace {
    /// The card's token, the same the game's `secrets` uses: leak tests look for it.
    pub id: String,
    pub tint: Tint,
    /// The corner mark: a value, a strength, a symbol.
    pub mark: String,
    pub name: Text,
    pub effect: Option<Text>,
    /// What the card does (its short card text), below the effect line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<Text>,
    /// Drawn highlighted (the prize, the led card, a card just taken).
    #[serde(default)]
    pub marked: bool,
}

/// A face colour by name; the renderer owns the shades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tint {
    Red,
    Orange,
    Yellow,
    Green,
    Teal,
    Blue,
    Purple,
    Pink,
    Brown,
    Grey,
    Black,
    White,
}

impl Scene {
    /// A scene of text lines only, for a game that has no layout of its own yet.
    pub fn from_panel(panel: &Panel) -> Scene {
        Scene {
            title: panel.title.clone(),
            zones: panel
                .sections
                .iter()
                .map(|s| Zone {
                    heading: s.heading.clone(),
                    items: s.lines.iter().cloned().map(Item::Line).collect(),
                    private: s.private,
                    active: false,
                    stacked: false,
                })
                .collect(),
        }
    }

    /// The public table: private zones dropped.
    pub fn public(&self) -> Scene {
        self.filtered(false)
    }

    /// The viewer's hand: only private zones.
    pub fn private(&self) -> Scene {
        self.filtered(true)
    }

    fn filtered(&self, private: bool) -> Scene {
        Scene {
            title: self.title.clone(),
            zones: self
                .zones
                .iter()
                .filter(|z| z.private == private)
                .cloned()
                .collect(),
        }
    }
}

impl Zone {
    pub fn public(heading: Text, items: Vec<Item>) -> Zone {
        Zone {
            heading,
            items,
            private: false,
            active: false,
            stacked: false,
        }
    }

    pub fn private(heading: Text, items: Vec<Item>) -> Zone {
        Zone {
            heading,
            items,
            private: true,
            active: false,
            stacked: false,
        }
    }

    pub fn active(mut self, active: bool) -> Zone {
        self.active = active;
        self
    }

    pub fn stacked(mut self) -> Zone {
        self.stacked = true;
        self
    }
}

impl CardFace {
    pub fn new(id: String, tint: Tint, mark: impl Into<String>, name: Text) -> CardFace {
        CardFace {
            id,
            tint,
            mark: mark.into(),
            name,
            effect: None,
            rule: None,
            marked: false,
        }
    }

    pub fn effect(mut self, effect: Text) -> CardFace {
        self.effect = Some(effect);
        self
    }

    pub fn rule(mut self, rule: Text) -> CardFace {
        self.rule = Some(rule);
        self
    }

    pub fn marked(mut self, marked: bool) -> CardFace {
        self.marked = marked;
        self
    }
}

impl From<CardFace> for Item {
    fn from(card: CardFace) -> Item {
        Item::Card(card)
    }
}
