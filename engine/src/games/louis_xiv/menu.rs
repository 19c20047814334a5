//! Prompts and choice labels of the menus (spec §14); the ids come from `flow::choices`.

use super::{
    course::{Decision, PlaceStep},
    data::{Ability, Chip, Deck},
    flow::{MISSION, MISSION_USE, NONE_TILE, STOP},
    present::{ability, chip, deck, influence_kind, mission_text, tile_named},
    state::{LouisState, JOKER},
};
use crate::text::Text;

fn tile(st: &LouisState, t: u8) -> Text {
    tile_named(t, &st.data.tile[t as usize].name)
}

fn mission(st: &LouisState, m: u8) -> Text {
    let c = &st.data.mission[m as usize];
    mission_text(&c.id, c.requires, c.ability)
}

/// An influence card kind with the personality's name.
pub(super) fn card(st: &LouisState, kind: u8) -> Text {
    if kind == JOKER {
        influence_kind(kind)
    } else {
        Text::new("lx-card-named")
            .arg("number", kind + 1)
            .arg("name", st.data.tile[kind as usize].name.as_str())
    }
}

fn yes_no(id: u32) -> Text {
    Text::new(if id == 1 { "lx-yes" } else { "lx-no" })
}

pub fn prompt(st: &LouisState, d: &Decision) -> Text {
    match *d {
        Decision::SupplyNext { .. } => Text::new("lx-prompt-supply-next"),
        Decision::TwoOf { amount, .. } => Text::new("lx-prompt-two-of").arg("amount", amount),
        Decision::StoneForCard { .. } => Text::new("lx-prompt-stone-for-card"),
        Decision::StartPlace { tile: t, .. } => {
            Text::new("lx-prompt-start-place").arg("tile", tile(st, t))
        }
        Decision::Turn { .. } => Text::new("lx-prompt-turn"),
        Decision::ExchangeDiscard { .. } => Text::new("lx-prompt-exchange"),
        Decision::Use { kind, .. } => Text::new("lx-prompt-use").arg("card", card(st, kind)),
        Decision::FourStone { place, .. } => Text::new(if place {
            "lx-prompt-four-place"
        } else {
            "lx-prompt-four-retrieve"
        }),
        Decision::Place { chain: c, .. } => match c.step {
            PlaceStep::StartTile => Text::new("lx-prompt-start-tile").arg("max", c.n_max),
            PlaceStep::Total => Text::new("lx-prompt-total")
                .arg("tile", tile(st, c.t0))
                .arg("max", c.n_max),
            PlaceStep::Leave0 => Text::new("lx-prompt-leave")
                .arg("tile", tile(st, c.t0))
                .arg("n", c.n),
            PlaceStep::Jump1 => Text::new("lx-prompt-jump")
                .arg("tile", tile(st, c.t0))
                .arg("n", c.n - c.a0),
            PlaceStep::Leave1 => Text::new("lx-prompt-leave")
                .arg("tile", tile(st, c.t1))
                .arg("n", c.n - c.a0),
            PlaceStep::Jump2 => Text::new("lx-prompt-jump")
                .arg("tile", tile(st, c.t1))
                .arg("n", c.n - c.a0 - c.a1),
        },
        Decision::EndPlace { .. } => Text::new("lx-prompt-end-place"),
        Decision::Intrigue { tile: t, .. } => {
            Text::new("lx-prompt-intrigue").arg("tile", tile(st, t))
        }
        Decision::OnceFirst { tile: t, .. } => {
            Text::new("lx-prompt-once-first").arg("tile", tile(st, t))
        }
        Decision::Buy { tile: t, price, .. } => Text::new("lx-prompt-buy")
            .arg("tile", tile(st, t))
            .arg("price", price as i64),
        Decision::PlaceAny { .. } => Text::new("lx-prompt-place-any"),
        Decision::PlaceOn { tile: t, max, .. } => Text::new("lx-prompt-place-on")
            .arg("tile", tile(st, t))
            .arg("max", max),
        Decision::Retrieve { max, .. } => Text::new("lx-prompt-retrieve").arg("max", max),
        Decision::Mission { .. } => Text::new("lx-prompt-mission"),
        Decision::PayChip { card, first, .. } => Text::new(if first.is_none() {
            "lx-prompt-pay-first"
        } else {
            "lx-prompt-pay-second"
        })
        .arg("card", mission(st, card)),
        Decision::DrawDeck { .. } => Text::new("lx-prompt-draw-deck"),
        Decision::SwapChip { .. } => Text::new("lx-prompt-swap-chip"),
        Decision::ReturnMissions {
            ref chosen, max, ..
        } => Text::new("lx-prompt-return-missions")
            .arg("chosen", chosen.len())
            .arg("max", max),
        Decision::KeepChip { .. } => Text::new("lx-prompt-keep-chip"),
    }
}

pub fn label(st: &LouisState, d: &Decision, id: u32) -> Text {
    match *d {
        Decision::SupplyNext { .. } => mission(st, (id - MISSION) as u8),
        Decision::TwoOf { amount, .. } => Text::new("lx-choice-two-of")
            .arg("money", amount as u32 as i64 - id as i64)
            .arg("stones", id as i64),
        Decision::StoneForCard { .. }
        | Decision::StartPlace { .. }
        | Decision::OnceFirst { .. }
        | Decision::FourStone { .. } => yes_no(id),
        Decision::Buy { price, .. } => {
            if id == 1 {
                Text::new("lx-choice-buy").arg("price", price as i64)
            } else {
                Text::new("lx-choice-decline")
            }
        }
        Decision::Turn { .. } => {
            if id < MISSION {
                Text::new("lx-choice-play").arg("card", card(st, id as u8))
            } else if id < MISSION_USE {
                let cost = match st.data.mission[(id - MISSION) as usize].ability {
                    Ability::PayPass { cost } => cost,
                    _ => 0,
                };
                Text::new("lx-choice-pay-pass").arg("cost", cost as i64)
            } else {
                Text::new("lx-choice-exchange")
            }
        }
        Decision::ExchangeDiscard { .. } => card(st, id as u8),
        Decision::Use { kind, .. } => {
            let n = if kind == JOKER {
                st.data.setup.joker_stones
            } else {
                st.data.setup.personality_stones
            };
            Text::new(if id == 0 {
                "lx-choice-place"
            } else {
                "lx-choice-retrieve"
            })
            .arg("n", n)
        }
        Decision::Place { chain: c, .. } => match c.step {
            PlaceStep::StartTile | PlaceStep::Jump1 | PlaceStep::Jump2 => tile(st, id as u8),
            PlaceStep::Total | PlaceStep::Leave0 | PlaceStep::Leave1 => {
                Text::new("lx-choice-stones").arg("n", id as i64)
            }
        },
        Decision::EndPlace { .. } | Decision::PlaceAny { .. } => {
            if id == NONE_TILE {
                Text::new("lx-choice-no-stone")
            } else {
                tile(st, id as u8)
            }
        }
        Decision::Intrigue { .. } => Text::new(match id {
            0 => "lx-choice-intrigue-keep",
            1 => "lx-choice-intrigue-common",
            2 => "lx-choice-intrigue-own-one",
            _ => "lx-choice-intrigue-own-two",
        }),
        // A reward the receiver "may" take: 0 is a legal pass, labelled as one.
        Decision::PlaceOn { .. } if id == 0 => Text::new("lx-choice-place-on-none"),
        Decision::Retrieve { .. } if id == 0 => Text::new("lx-choice-retrieve-none"),
        Decision::PlaceOn { .. } | Decision::Retrieve { .. } => {
            Text::new("lx-choice-stones").arg("n", id as i64)
        }
        Decision::Mission { .. } => {
            if id == STOP {
                Text::new("lx-choice-end-turn")
            } else if id < MISSION_USE {
                Text::new("lx-choice-complete").arg("card", mission(st, (id - MISSION) as u8))
            } else {
                let m = &st.data.mission[(id - MISSION_USE) as usize];
                Text::new("lx-choice-use").arg("ability", ability(m.ability))
            }
        }
        Decision::PayChip { .. } | Decision::SwapChip { .. } | Decision::KeepChip { .. } => {
            chip(Chip::ALL[id as usize])
        }
        Decision::DrawDeck { .. } => deck(Deck::ALL[id as usize]),
        Decision::ReturnMissions { ref chosen, .. } => {
            if id == STOP {
                Text::new(if chosen.is_empty() {
                    "lx-choice-no-exchange"
                } else {
                    "lx-choice-done"
                })
            } else {
                mission(st, (id - MISSION) as u8)
            }
        }
    }
}
