//! A game's scene (what its pictures draw) as plain data in the reader's words: the page
//! draws it as cards in HTML, the JSON is it. Built from the application layer's scenes
//! for the reader, and the cards' tokens are left out: a page names a card by its name.

use serde::Serialize;
use vliv_engine::{CardText, Item, Scene, Text, Tint};

/// The scene of one part of the table (the public table, the reader's hand).
#[derive(Clone, Debug, Serialize)]
pub struct Picture {
    pub title: String,
    pub zones: Vec<Zone>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Zone {
    pub heading: String,
    /// The zone of the player who must act now.
    pub active: bool,
    /// Cards overlapping like a column on the table.
    pub stacked: bool,
    pub items: Vec<Thing>,
}

/// One thing in a zone, as the pictures draw it.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Thing {
    Card {
        tint: &'static str,
        mark: String,
        name: String,
        effect: Option<String>,
        /// What the card does, short.
        rule: Option<String>,
        marked: bool,
    },
    Backs {
        label: String,
        count: usize,
    },
    FaceDown {
        tint: &'static str,
        label: String,
    },
    Counter {
        label: String,
        value: i64,
        tint: &'static str,
    },
    Line {
        text: String,
    },
}

/// A card's whole text, readable beside the table.
#[derive(Clone, Debug, Serialize)]
pub struct CardRule {
    pub name: String,
    pub text: String,
}

pub fn picture(scene: &Scene, say: &dyn Fn(&Text) -> String) -> Picture {
    Picture {
        title: say(&scene.title),
        zones: scene
            .zones
            .iter()
            .map(|z| Zone {
                heading: say(&z.heading),
                active: z.active,
                stacked: z.stacked,
                items: z.items.iter().map(|i| thing(i, say)).collect(),
            })
            .collect(),
    }
}

fn thing(item: &Item, say: &dyn Fn(&Text) -> String) -> Thing {
    match item {
        Item::Card(face) => Thing::Card {
            tint: tint(face.tint),
            mark: face.mark.clone(),
            name: say(&face.name),
            effect: face.effect.as_ref().map(say),
            rule: face.rule.as_ref().map(say),
            marked: face.marked,
        },
        Item::Backs { label, count } => Thing::Backs {
            label: say(label),
            count: *count,
        },
        Item::FaceDown { tint: t, label } => Thing::FaceDown {
            tint: tint(*t),
            label: say(label),
        },
        Item::Counter {
            label,
            value,
            tint: t,
        } => Thing::Counter {
            label: say(label),
            value: *value,
            tint: tint(*t),
        },
        Item::Line(text) => Thing::Line { text: say(text) },
    }
}

pub fn card_rule(card: &CardText, say: &dyn Fn(&Text) -> String) -> CardRule {
    CardRule {
        name: say(&card.name),
        text: say(&card.full),
    }
}

/// The tint's name, which is also its style class.
fn tint(tint: Tint) -> &'static str {
    match tint {
        Tint::Red => "red",
        Tint::Orange => "orange",
        Tint::Yellow => "yellow",
        Tint::Green => "green",
        Tint::Teal => "teal",
        Tint::Blue => "blue",
        Tint::Purple => "purple",
        Tint::Pink => "pink",
        Tint::Brown => "brown",
        Tint::Grey => "grey",
        Tint::Black => "black",
        Tint::White => "white",
    }
}
