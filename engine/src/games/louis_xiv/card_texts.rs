//! What each influence, intrigue and mission card and each court tile does, as texts built
//! from the default component data (`components.toml`) and `i18n/cards-*.ftl`.

use std::sync::OnceLock;

use super::{
    data::{Data, Reward, TILES},
    present::{ability, condition, deck, mission_text, reward, symbol, tile_named},
};
use crate::{
    contract::CardText,
    text::{Arg, Text},
};

fn named(key: &'static str, number: usize, name: &str) -> Text {
    Text::new(key).arg("number", number).arg("name", name)
}

/// Built once: the default data is parsed from TOML, and menus ask for every option.
pub fn cards() -> Vec<CardText> {
    static CARDS: OnceLock<Vec<CardText>> = OnceLock::new();
    CARDS.get_or_init(build).clone()
}

fn build() -> Vec<CardText> {
    let data = Data::default_data();
    let mut out = Vec::new();
    for (i, t) in data.tile.iter().enumerate() {
        let with = |key: &'static str, rewards: Vec<Text>| {
            Text::new(key)
                .arg("reward", rewards)
                .arg("front", condition(t.front))
                .arg("back", condition(t.back))
        };
        out.push(CardText {
            key: format!("tile-{}", i + 1),
            number: Some(i as u32 + 1),
            name: tile_named(i as u8, &t.name),
            full: with("lx-text-tile", reward(&t.reward)),
            short: with("lx-text-tile-short", reward_short(&t.reward)),
        });
    }
    for (i, t) in data.tile.iter().enumerate().take(TILES) {
        out.push(CardText {
            key: format!("influence-{}", i + 1),
            number: None,
            name: named("lx-text-influence-name", i + 1, &t.name),
            full: named("lx-text-influence", i + 1, &t.name),
            short: named("lx-text-influence-short", i + 1, &t.name),
        });
    }
    out.push(CardText {
        key: "joker".into(),
        number: None,
        name: Text::new("lx-card-joker"),
        full: Text::new("lx-text-joker"),
        short: Text::new("lx-text-joker-short"),
    });
    for (i, t) in data.tile.iter().enumerate() {
        out.push(CardText {
            key: format!("intrigue-{}", i + 1),
            number: None,
            name: named("lx-text-intrigue-name", i + 1, &t.name),
            full: named("lx-text-intrigue", i + 1, &t.name),
            short: named("lx-text-intrigue-short", i + 1, &t.name),
        });
    }
    for m in &data.mission {
        out.push(CardText {
            key: m.id.to_ascii_lowercase(),
            number: None,
            name: Text::new("lx-text-mission-name").arg("id", m.id.as_str()),
            full: Text::new("lx-text-mission")
                .arg("deck", deck(m.deck))
                .arg("a", symbol(m.requires[0]))
                .arg("b", symbol(m.requires[1]))
                .arg("ability", ability(m.ability)),
            short: mission_text(&m.id, m.requires, m.ability),
        });
    }
    out
}

/// A tile's reward in few words: the stone moves said shortly (the chips, money, coats and
/// cards as in the full text).
fn reward_short(r: &Reward) -> Vec<Text> {
    let plain = Reward {
        place_any: 0,
        place_on: 0,
        retrieve: 0,
        ..r.clone()
    };
    let mut parts = reward(&plain);
    if r.place_any > 0 {
        parts.push(Text::new("lx-short-place-any").arg("n", r.place_any));
    }
    if let (Some(t), true) = (r.place_on_tile, r.place_on > 0) {
        parts.push(
            Text::new("lx-short-place-on")
                .arg("n", r.place_on)
                .arg("tile", t as i64),
        );
    }
    if r.retrieve > 0 {
        parts.push(Text::new("lx-short-retrieve").arg("n", r.retrieve));
    }
    parts
}

fn int_arg(label: &Text, name: &str) -> Option<i64> {
    label.args.iter().find_map(|(n, a)| match a {
        Arg::Int(v) if n == name => Some(*v),
        _ => None,
    })
}

/// Menu labels name influence cards (`lx-card-named`, `lx-card-personality`, the joker),
/// tiles (`lx-tile-named`) and missions (`lx-mission`).
pub fn card_of(label: &Text) -> Option<String> {
    match label.key.as_ref() {
        "lx-card-named" | "lx-card-personality" => {
            Some(format!("influence-{}", int_arg(label, "number")?))
        }
        "lx-card-joker" => Some("joker".into()),
        "lx-tile-named" => Some(format!("tile-{}", int_arg(label, "number")?)),
        "lx-mission" => label.args.iter().find_map(|(n, a)| match a {
            Arg::Str(id) if n == "id" => Some(id.to_ascii_lowercase()),
            _ => None,
        }),
        _ => None,
    }
}
