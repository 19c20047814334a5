//! Ovlivnění as a picture: the countries on offer as cards coloured by who has invested
//! more there, what is being resolved, each player's treasury, bases and hidden piles, and
//! the viewer's hand with both effects of every card (spec §12).

use super::{
    cards::{CardRef, Effect},
    present,
    state::{Phase, TO_WIN},
    view::{CountryView, OvView},
};
use crate::{
    contract::Seat,
    scene::{CardFace, Item, Scene, Tint, Zone},
    text::Text,
};

const SEAT_TINTS: [Tint; 2] = [Tint::Red, Tint::Blue];

fn seat_tint(s: Seat) -> Tint {
    SEAT_TINTS[s as usize % 2]
}

fn country(c: &CountryView) -> Item {
    let total = |s: usize| c.invested[s][0] + c.invested[s][1];
    let tint = match total(0).cmp(&total(1)) {
        std::cmp::Ordering::Greater => Tint::Red,
        std::cmp::Ordering::Less => Tint::Blue,
        std::cmp::Ordering::Equal => Tint::White,
    };
    CardFace::new(
        format!("country-{}", c.country.info().id),
        tint,
        format!("{}/{}", c.effective[0], c.effective[1]),
        c.country.text(),
    )
    .effect(
        Text::new("ov-scene-country")
            .seat("p0", 0)
            .arg("b0", c.invested[0][0] as i64)
            .arg("m0", c.invested[0][1] as i64)
            .seat("p1", 1)
            .arg("b1", c.invested[1][0] as i64)
            .arg("m1", c.invested[1][1] as i64),
    )
    .into()
}

/// A game card with both its effects (which one is used is chosen when it is played).
fn card(c: CardRef) -> CardFace {
    CardFace::new(
        c.token(),
        seat_tint(c.owner),
        format!("#{}", c.card + 1),
        c.text(),
    )
    .effect(
        Text::new("ov-scene-effects")
            .arg("a", Effect::new(c.card, false).text())
            .arg("b", Effect::new(c.card, true).text()),
    )
}

pub fn scene(view: &OvView) -> Scene {
    let panel = present::panel(view);
    let mut table: Vec<Item> = view
        .status
        .map(|c| card(c).marked(true).into())
        .into_iter()
        .collect();
    table.push(Item::Backs {
        label: Text::new("ov-scene-country-deck"),
        count: view.country_deck,
    });
    if let Some(first) = panel.sections.first() {
        table.extend(first.lines.iter().cloned().map(Item::Line));
    }
    let mut zones = vec![
        Zone::public(
            Text::new("ov-scene-countries"),
            view.countries.iter().map(country).collect(),
        ),
        Zone::public(Text::new("ov-sec-table"), table),
    ];
    if !view.stack.is_empty() {
        let items = view
            .stack
            .iter()
            .map(|i| match (i.card, i.effect) {
                (Some(c), Some(e)) if i.capture.is_none() => {
                    let face = CardFace::new(
                        c.token(),
                        seat_tint(i.owner),
                        if e.is_b() { "B" } else { "A" },
                        c.text(),
                    );
                    let effect = if i.cancelled {
                        Text::new("ov-line-item-cancelled").arg("item", e.text())
                    } else {
                        e.text()
                    };
                    face.effect(effect).into()
                }
                _ => Item::Line(
                    Text::new("ov-line-item-capture")
                        .seat("player", i.owner)
                        .arg(
                            "country",
                            i.capture.map_or(Text::new("ov-params-none"), |c| c.text()),
                        ),
                ),
            })
            .collect();
        zones.push(Zone::public(Text::new("ov-sec-stack"), items));
    }
    let waiting = view.waiting.map(|(s, _)| s);
    for (s, seat) in view.seats.iter().enumerate() {
        let s = s as Seat;
        let mut items = vec![
            Item::Counter {
                label: Text::new("ov-scene-wealth"),
                value: seat.treasury[0] as i64,
                tint: Tint::Yellow,
            },
            Item::Counter {
                label: Text::new("ov-scene-power"),
                value: seat.treasury[1] as i64,
                tint: Tint::Purple,
            },
            Item::Counter {
                label: Text::new("ov-scene-captured").arg("need", TO_WIN),
                value: seat.captured.len() as i64,
                tint: seat_tint(s),
            },
            Item::Backs {
                label: Text::new("ov-scene-hand"),
                count: seat.hand,
            },
            Item::Backs {
                label: Text::new("ov-scene-deck"),
                count: seat.deck,
            },
        ];
        items.extend(seat.bases.iter().map(|&c| card(c).into()));
        if !seat.captured.is_empty() {
            items.push(Item::Line(Text::new("ov-scene-captured-list").arg(
                "countries",
                seat.captured.iter().map(|c| c.text()).collect::<Vec<_>>(),
            )));
        }
        items.push(Item::Line(Text::new("ov-line-discard").arg(
            "cards",
            seat.discard.iter().map(|&c| c.text()).collect::<Vec<_>>(),
        )));
        zones.push(
            Zone::public(Text::new("ov-sec-player").seat("player", s), items)
                .active(waiting == Some(s)),
        );
    }
    if view.phase == Phase::Over {
        if let Some(result) = panel.sections.last().filter(|s| !s.private) {
            zones.push(Zone::public(
                result.heading.clone(),
                result.lines.iter().cloned().map(Item::Line).collect(),
            ));
        }
    }
    if let Some(me) = &view.me {
        let mut items: Vec<Item> = me.hand.iter().map(|&c| card(c).into()).collect();
        if !me.known_top.is_empty() {
            items.push(Item::Line(Text::new("ov-line-known-top").arg(
                "cards",
                me.known_top.iter().map(|&c| c.text()).collect::<Vec<_>>(),
            )));
        }
        if !me.looking.is_empty() {
            items.push(Item::Line(Text::new("ov-line-looking").arg(
                "cards",
                me.looking.iter().map(|&c| c.text()).collect::<Vec<_>>(),
            )));
        }
        zones.push(Zone::private(Text::new("ov-sec-hand"), items));
    }
    Scene {
        title: panel.title,
        zones,
    }
}
