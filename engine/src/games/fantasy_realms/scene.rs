//! Fantasy Realms as a picture: the discard area face up, each seat's hand as backs, the
//! viewer's hand with what each card scores now (spec §8), and every hand at the end.

use super::{
    card_texts,
    cards::{Card, Suit},
    present,
    search::{CardScore, Scored},
    view::{FrView, Phase},
};
use crate::{
    contract::Seat,
    scene::{CardFace, Item, Scene, Tint, Zone},
    text::Text,
};

fn tint(s: Suit) -> Tint {
    match s {
        Suit::Army => Tint::Red,
        Suit::Leader => Tint::Purple,
        Suit::Wizard => Tint::Pink,
        Suit::Weapon => Tint::Grey,
        Suit::Artifact => Tint::Yellow,
        Suit::Beast => Tint::Green,
        Suit::Land => Tint::Brown,
        Suit::Weather => Tint::Teal,
        Suit::Flood => Tint::Blue,
        Suit::Flame => Tint::Orange,
        Suit::Wild => Tint::Black,
    }
}

fn face(card: Card) -> CardFace {
    CardFace::new(
        card.id(),
        tint(card.suit()),
        card.base().to_string(),
        card.text(),
    )
    .effect(card.suit().text())
    .rule(card_texts::short(card))
}

fn scores(suit: Suit, total: i32) -> Text {
    Text::new("fr-scene-scores")
        .arg("suit", suit.text())
        .arg("total", total)
}

/// A scored card: its suit as it counts now and what it scores.
fn scored(l: &CardScore) -> Item {
    let effect = if l.blanked {
        Text::new("fr-scene-blanked")
    } else {
        scores(l.suit, l.total)
    };
    CardFace::new(l.card.id(), tint(l.suit), l.base.to_string(), l.card.text())
        .effect(effect)
        .rule(card_texts::short(l.card))
        .into()
}

/// Every face the pictures may draw: each card with its suit, blanked, and scoring in any
/// suit (a card may change suit) a three-digit total, the widest a card scores.
pub fn faces() -> Vec<CardFace> {
    Card::all()
        .flat_map(|card| {
            let any_suit = Suit::ALL.map(|suit| face(card).effect(scores(suit, 888)));
            [face(card), face(card).effect(Text::new("fr-scene-blanked"))]
                .into_iter()
                .chain(any_suit)
        })
        .collect()
}

fn hand(score: &Scored) -> Vec<Item> {
    score.cards.iter().map(scored).collect()
}

pub fn scene(view: &FrView) -> Scene {
    let panel = present::panel(view);
    let mut table: Vec<Item> = vec![Item::Backs {
        label: Text::new("fr-scene-deck"),
        count: view.deck_size,
    }];
    table.extend(view.discard.iter().map(|d| face(d.card).into()));
    let mut zones = vec![Zone::public(
        Text::new("fr-sec-discard").arg("count", view.discard.len()),
        table,
    )];
    if view.phase != Phase::Over {
        for (seat, &count) in view.hand_sizes.iter().enumerate() {
            let seat = seat as Seat;
            zones.push(
                Zone::public(
                    Text::new("fr-scene-seat").seat("player", seat),
                    vec![Item::Backs {
                        // The picture writes the number above its noun: 1 karta, 5 karet.
                        label: Text::new("fr-scene-hand").arg("count", count),
                        count,
                    }],
                )
                .active(view.to_move == Some(seat)),
            );
        }
    }
    // The table's own lines (whose turn, discards left, trades) as the panel says them.
    if let Some(first) = panel.sections.first() {
        zones.push(Zone::public(
            first.heading.clone(),
            first.lines.iter().cloned().map(Item::Line).collect(),
        ));
    }
    if let Some(result) = &view.result {
        for r in result {
            zones.push(Zone::public(
                Text::new("fr-sec-final-hand")
                    .seat("player", r.seat)
                    .arg("total", r.score.total as i64)
                    .arg("place", r.place),
                hand(&r.score),
            ));
        }
        if let Some(last) = panel.sections.last() {
            zones.push(Zone::public(
                last.heading.clone(),
                last.lines.iter().cloned().map(Item::Line).collect(),
            ));
        }
    }
    if let Some(me) = &view.me {
        let mut items = hand(&me.score);
        items.extend(me.taken.map(|c| face(c).marked(true).into()));
        items.extend(
            me.drawn
                .iter()
                .flatten()
                .map(|&c| face(c).marked(true).into()),
        );
        zones.push(Zone::private(
            Text::new("fr-sec-hand").arg("total", me.score.total as i64),
            items,
        ));
        // Chaotic Realms' offers and answers stay text.
        zones.extend(
            panel
                .sections
                .iter()
                .filter(|s| s.private)
                .skip(1)
                .map(|s| {
                    Zone::private(
                        s.heading.clone(),
                        s.lines.iter().cloned().map(Item::Line).collect(),
                    )
                }),
        );
    }
    Scene {
        title: panel.title,
        zones,
    }
}
