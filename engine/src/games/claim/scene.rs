//! Claim as a picture: the prize and the led card, each seat's hidden piles as backs and
//! its face-up score pile, the viewer's hand and follower pile (spec §10).

use super::{
    cards::{Card, CardSet, Faction},
    present,
    rules::Phase,
    view::ClaimView,
};
use crate::{
    contract::Seat,
    scene::{CardFace, Item, Scene, Tint, Zone},
    text::Text,
};

fn tint(f: Faction) -> Tint {
    match f {
        Faction::Goblin => Tint::Green,
        Faction::Dwarf => Tint::Orange,
        Faction::Undead => Tint::Purple,
        Faction::Doppelganger => Tint::Teal,
        Faction::Knight => Tint::Blue,
    }
}

fn face(card: Card) -> CardFace {
    let f = card.faction();
    CardFace::new(
        card.id(),
        tint(f),
        card.value().to_string(),
        Text::new(format!("claim-scene-name-{}", f.key())),
    )
    .rule(Text::new(format!("claim-scene-power-{}", f.key())))
}

/// One card of each faction: the faction's cards differ only in their value.
pub fn faces() -> Vec<CardFace> {
    Faction::ALL
        .iter()
        .filter_map(|&f| CardSet::ALL.of(f).highest())
        .map(face)
        .collect()
}

fn face_items(set: CardSet) -> Vec<Item> {
    set.iter().map(|c| face(c).into()).collect()
}

pub fn scene(view: &ClaimView) -> Scene {
    let panel = present::panel(view);
    let mut table = Vec::new();
    if let Some(prize) = view.prize {
        table.push(face(prize).marked(true).into());
    }
    if let Some(led) = view.led {
        table.push(face(led).into());
    }
    if view.phase == Phase::Recruiting {
        table.push(Item::Backs {
            label: Text::new("claim-scene-deck"),
            count: view.deck_size,
        });
    }
    // The panel's own lines (who moves, the prize, the last trick) say in words what the
    // cards show, for a reader who does not know the colours yet.
    let lines = panel
        .sections
        .first()
        .map(|s| s.lines.clone())
        .unwrap_or_default();
    table.extend(lines.into_iter().map(Item::Line));
    let mut zones = vec![Zone::public(Text::new("claim-sec-table"), table)];
    for (seat, s) in view.seats.iter().enumerate() {
        let seat = seat as Seat;
        let mut items = vec![
            Item::Backs {
                label: Text::new("claim-scene-hand"),
                count: s.hand_size,
            },
            Item::Backs {
                // The picture writes the number above its noun: 1 následovník, 5 následovníků.
                label: Text::new("claim-scene-followers").arg("count", s.follower_pile_size),
                count: s.follower_pile_size,
            },
        ];
        items.extend(face_items(s.score_pile));
        zones.push(
            Zone::public(Text::new("claim-sec-seat").seat("player", seat), items)
                .active(view.to_move == Some(seat)),
        );
    }
    // The rest of the panel (cards out of the game, the votes) stays text.
    zones.extend(
        panel
            .sections
            .iter()
            .skip(1 + view.seats.len())
            .filter(|s| !s.private)
            .map(|s| {
                Zone::public(
                    s.heading.clone(),
                    s.lines.iter().cloned().map(Item::Line).collect(),
                )
            }),
    );
    if let Some(me) = &view.me {
        if view.phase != Phase::Over {
            zones.push(Zone::private(
                Text::new("claim-sec-hand"),
                face_items(me.hand),
            ));
        }
        if view.phase == Phase::Recruiting {
            zones.push(Zone::private(
                Text::new("claim-sec-followers"),
                face_items(me.follower_pile),
            ));
        }
    }
    Scene {
        title: panel.title,
        zones,
    }
}
