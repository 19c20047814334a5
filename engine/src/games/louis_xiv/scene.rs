//! Louis XIV as a picture: the twelve court tiles as cards (the tile's colour is the
//! player with most stones there, the king's tile marked), the players' supplies and money
//! as counters in their colours, and the viewer's influence, intrigue and mission cards.

use serde::Serialize;

use super::{
    present::{self, ability, condition, influence_kind, reward, tile},
    refs::InfluenceRef,
    state::JOKER,
    view::{LouisView, MissionView, TileView},
};
use crate::{
    contract::Seat,
    scene::{CardFace, Item, Scene, Tint, Zone},
    text::Text,
};

/// Each player's colour: their counters and the tiles they lead.
const SEAT_TINTS: [Tint; 4] = [Tint::Red, Tint::Blue, Tint::Green, Tint::Yellow];

fn seat_tint(s: Seat) -> Tint {
    SEAT_TINTS[s as usize % SEAT_TINTS.len()]
}

/// The id the game's `secrets` use for a card reference.
fn token(item: impl Serialize) -> String {
    serde_json::to_value(item)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

fn leader(t: &TileView, seats: usize) -> Option<Seat> {
    let stones = &t.stones[..seats.min(t.stones.len())];
    let most = *stones.iter().max()?;
    let mut leaders = stones.iter().enumerate().filter(|(_, &n)| n == most);
    match (leaders.next(), leaders.next(), most) {
        (Some((s, _)), None, 1..) => Some(s as Seat),
        _ => None,
    }
}

fn court_tile(view: &LouisView, t: &TileView) -> Item {
    let stones = super::present::stone_texts(t);
    let king = view.king == Some(t.index);
    let tint = leader(t, view.seats as usize).map_or(Tint::White, seat_tint);
    let mark = if king {
        format!("{} ♔", t.index + 1)
    } else {
        (t.index + 1).to_string()
    };
    CardFace::new(
        format!("tile-{}", t.index + 1),
        tint,
        mark,
        Text::new("lx-scene-name").arg("name", t.name.as_str()),
    )
    .effect(
        Text::new("lx-scene-tile")
            .arg("condition", condition(t.condition))
            .arg("reward", reward(&t.reward))
            .arg("stones", stones),
    )
    .marked(king)
    .into()
}

fn mission(m: &MissionView) -> Item {
    let tint = match m.deck {
        super::data::Deck::Light => Tint::Teal,
        super::data::Deck::Medium => Tint::Blue,
        super::data::Deck::Dark => Tint::Purple,
    };
    CardFace::new(
        token(&m.card),
        tint,
        "✦",
        Text::new("lx-scene-mission")
            .arg("id", m.card.id.as_str())
            .arg("a", present::symbol(m.requires[0]))
            .arg("b", present::symbol(m.requires[1])),
    )
    .effect(ability(m.ability))
    .into()
}

fn influence(card: InfluenceRef) -> Item {
    let kind = card.tile.unwrap_or(JOKER);
    let mark = if kind == JOKER {
        "★".to_owned()
    } else {
        (kind + 1).to_string()
    };
    CardFace::new(token(card), Tint::Pink, mark, influence_kind(kind)).into()
}

pub fn scene(view: &LouisView) -> Scene {
    let panel = present::panel(view);
    let court = view.tiles.iter().map(|t| court_tile(view, t)).collect();
    let mut zones = vec![Zone::public(Text::new("lx-scene-court"), court)];
    // The table's lines: start player, who acts, the money card, the decks.
    if let Some(table) = panel.sections.get(1) {
        zones.push(Zone::public(
            table.heading.clone(),
            table.lines.iter().cloned().map(Item::Line).collect(),
        ));
    }
    for (s, p) in view.players.iter().enumerate() {
        let seat = s as Seat;
        let tint = seat_tint(seat);
        // The picture writes the number above its noun, which agrees with it (1 erb, 5 erbů).
        let counter = |key: &'static str, value: i64| Item::Counter {
            label: Text::new(key).arg("count", value),
            value,
            tint,
        };
        let mut items = vec![
            counter("lx-scene-money", p.money as i64),
            counter("lx-scene-own", p.own as i64),
            counter("lx-scene-common", p.common as i64),
            counter("lx-scene-coats", p.coats as i64),
            Item::Backs {
                label: Text::new("lx-scene-influence"),
                count: p.influence,
            },
            Item::Backs {
                label: Text::new("lx-scene-intrigue").arg("count", p.intrigue),
                count: p.intrigue,
            },
            Item::Backs {
                label: Text::new("lx-scene-missions").arg("count", p.missions),
                count: p.missions,
            },
        ];
        items.extend(p.completed.iter().map(mission));
        // Chips as the panel words them.
        if let Some(chips) = panel.sections.get(2 + s).and_then(|sec| sec.lines.get(1)) {
            items.push(Item::Line(chips.clone()));
        }
        zones.push(
            Zone::public(Text::new("lx-sec-player").seat("player", seat), items)
                .active(view.to_act == Some(seat)),
        );
    }
    if view.result.is_some() {
        zones.extend(
            panel
                .sections
                .iter()
                .filter(|s| !s.private)
                .skip(2 + view.players.len())
                .map(|s| {
                    Zone::public(
                        s.heading.clone(),
                        s.lines.iter().cloned().map(Item::Line).collect(),
                    )
                }),
        );
    }
    if let Some(me) = &view.me {
        let mut items: Vec<Item> = me.influence.iter().map(|&c| influence(c)).collect();
        items.extend(me.intrigue.iter().map(|&c| {
            CardFace::new(
                token(c),
                Tint::Orange,
                (c.0 + 1).to_string(),
                Text::new("lx-scene-intrigue-card"),
            )
            .effect(tile(c.0))
            .into()
        }));
        items.extend(me.missions.iter().map(mission));
        // The coats of arms by kind, as the panel words them.
        if let Some(coats) = panel
            .sections
            .iter()
            .find(|s| s.private)
            .and_then(|s| s.lines.last())
        {
            items.push(Item::Line(coats.clone()));
        }
        zones.push(Zone::private(Text::new("lx-sec-private"), items));
    }
    Scene {
        title: panel.title,
        zones,
    }
}
