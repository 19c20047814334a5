//! Ruse & Bruise as a picture: the columns side by side, each a stack of cards in the
//! owners' colours (face-down cards the viewer may not know show only their colour), the
//! players' hands and decks as backs, and the viewer's hand and point cards (spec §8).

use super::{
    card_texts,
    cards::{halves, Card, Character, Colour, EffectClass, PointCard, Symbol},
    present,
    rules::Phase,
    view::{CardView, RbView},
};
use crate::{
    contract::Seat,
    scene::{CardFace, Item, Scene, Tint, Zone},
    text::Text,
};

fn tint(c: Colour) -> Tint {
    match c {
        Colour::Red => Tint::Red,
        Colour::Blue => Tint::Blue,
        Colour::Yellow => Tint::Yellow,
        Colour::Green => Tint::Green,
        Colour::White => Tint::White,
        Colour::Black => Tint::Black,
    }
}

fn symbol_tint(s: Symbol) -> Tint {
    match s {
        Symbol::Alchemy => Tint::Purple,
        Symbol::Military => Tint::Red,
        Symbol::Agriculture => Tint::Green,
        Symbol::Trade => Tint::Orange,
        Symbol::Religion => Tint::Teal,
        Symbol::Art => Tint::Pink,
    }
}

fn face(card: Card) -> CardFace {
    let info = card.character.info();
    let mark = info.value.map_or_else(|| "?".to_owned(), halves);
    let face = CardFace::new(card.id(), tint(card.colour), mark, card.character.text())
        .rule(card_texts::short(card.character));
    // The class in one line above the rule; a symbol character's rule names its symbol.
    match info.class {
        _ if card.character.symbol().is_some() => face,
        EffectClass::Value => face.effect(Text::new("rb-scene-value")),
        EffectClass::Immediate => face.effect(Text::new("rb-scene-immediate")),
        EffectClass::EndOfRound => face.effect(Text::new("rb-scene-end-of-round")),
    }
}

/// Every face with a rule the pictures may draw: each character, as played and as a
/// face-down or hidden card its owner knows (the colour changes no text).
pub fn faces() -> Vec<CardFace> {
    Character::all()
        .flat_map(|character| {
            let card = Card {
                colour: Colour::Red,
                character,
            };
            [
                face(card),
                face(card).effect(Text::new("rb-scene-down-known")),
                face(card).effect(Text::new("rb-scene-hidden-known")),
            ]
        })
        .collect()
}

fn point(p: PointCard) -> Item {
    CardFace::new(
        p.id(),
        symbol_tint(p.symbol()),
        p.value().to_string(),
        p.text(),
    )
    .into()
}

/// A face-down card whose face the viewer may not know: only its owner's colour.
fn unknown(colour: Colour, key: &'static str) -> Item {
    Item::FaceDown {
        tint: tint(colour),
        label: Text::new(key).arg("colour", colour.text()),
    }
}

fn position(view: &RbView, card: &CardView) -> Vec<Item> {
    let colour = view.colours[card.owner as usize]
        .unwrap_or(Colour::ALL[card.owner as usize % Colour::ALL.len()]);
    let mut items = vec![match (card.face_up, card.card) {
        (true, Some(k)) => face(k).into(),
        (false, Some(k)) => face(k).effect(Text::new("rb-scene-down-known")).into(),
        _ => unknown(colour, "rb-scene-face-down"),
    }];
    if card.hides {
        items.push(match card.hidden {
            Some(k) => face(k).effect(Text::new("rb-scene-hidden-known")).into(),
            None => unknown(colour, "rb-scene-hidden"),
        });
    }
    items
}

pub fn scene(view: &RbView) -> Scene {
    let panel = present::panel(view);
    let mut zones = Vec::new();
    if let Some(table) = panel.sections.first().filter(|s| s.lines.len() <= 3) {
        zones.push(Zone::public(
            table.heading.clone(),
            table.lines.iter().cloned().map(Item::Line).collect(),
        ));
    }
    for (i, c) in view.columns.iter().enumerate() {
        let mut items: Vec<Item> = c
            .cards
            .iter()
            .flat_map(|card| position(view, card))
            .collect();
        items.push(Item::Line(
            Text::new(if c.closed {
                "rb-scene-closed"
            } else if c.full {
                "rb-scene-full"
            } else {
                "rb-scene-count"
            })
            .arg("count", c.count)
            .arg("need", c.point.value()),
        ));
        zones.push(
            Zone::public(
                Text::new("rb-scene-column")
                    .arg("column", i as i64 + 1)
                    .arg("point", c.point.text()),
                items,
            )
            .stacked(),
        );
    }
    for (s, seat) in view.seats.iter().enumerate() {
        let s = s as Seat;
        let mut items = vec![
            Item::Backs {
                label: Text::new("rb-scene-hand"),
                count: seat.hand,
            },
            Item::Backs {
                label: Text::new("rb-scene-deck"),
                count: seat.deck,
            },
            Item::Counter {
                // The picture writes the number above its noun: 1 bodová karta, 5 karet.
                label: Text::new("rb-scene-won").arg("count", seat.won),
                value: seat.won as i64,
                tint: seat.colour.map_or(Tint::Grey, tint),
            },
        ];
        if !seat.discard.is_empty() {
            items.push(Item::Line(
                Text::new("rb-scene-discard").arg(
                    "cards",
                    seat.discard
                        .iter()
                        .map(|c| c.character.text())
                        .collect::<Vec<_>>(),
                ),
            ));
        }
        let heading = match seat.colour {
            Some(colour) => Text::new("rb-scene-seat")
                .seat("player", s)
                .arg("colour", colour.text()),
            None => Text::new("rb-player").seat("player", s),
        };
        let deciding = view.deciding.map(|(d, _)| d);
        zones.push(
            Zone::public(heading, items).active(view.active == Some(s) || deciding == Some(s)),
        );
    }
    // The last round's evaluation and the result stay text.
    if view.phase == Phase::Over {
        zones.extend(
            panel
                .sections
                .iter()
                .filter(|s| !s.private)
                .skip_while(|s| s.heading.key != "rb-sec-players")
                .skip(1)
                .map(|s| {
                    Zone::public(
                        s.heading.clone(),
                        s.lines.iter().cloned().map(Item::Line).collect(),
                    )
                }),
        );
    }
    if let Some(me) = &view.me {
        if view.phase == Phase::Play {
            zones.push(Zone::private(
                Text::new("rb-sec-hand"),
                me.hand.iter().map(|&c| face(c).into()).collect(),
            ));
        }
        if view.phase != Phase::Over && !me.won.is_empty() {
            zones.push(Zone::private(
                Text::new("rb-sec-won"),
                me.won.iter().map(|&p| point(p)).collect(),
            ));
        }
    }
    Scene {
        title: panel.title,
        zones,
    }
}
