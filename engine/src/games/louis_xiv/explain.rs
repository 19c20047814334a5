//! Learning mode for Louis XIV: what each choice of a menu does by the rules (spec §5–§8,
//! §12), with the tile's face-up condition and reward where a choice puts stones on a tile,
//! and what an evaluation and the end of a round score. Everything read here is public
//! (tiles, conditions, rewards, completed missions) or the mover's own (hand, supplies, the
//! decision it is in): the influence and mission decks and other hands are never read.

use super::{
    course::{Decision, PlaceStep},
    data::{Chip, Deck},
    events::LouisEvent as Ev,
    flow::{MISSION, MISSION_USE, NONE_TILE, STOP},
    present::{chip, condition, deck, reward, tile as present_tile},
    state::{LouisState, JOKER},
};
use crate::{
    contract::{Menu, Seat},
    text::Text,
};

/// One line per choice of `menu`.
pub fn choices(state: &LouisState, _seat: Seat, menu: &Menu) -> Vec<Text> {
    let Some(d) = state.decision.as_ref() else {
        return Vec::new();
    };
    menu.choices
        .iter()
        .map(|c| line(state, d, c.id.0))
        .collect()
}

/// What stones on tile `t` compete for (§7): its face-up condition and its reward.
fn tile(state: &LouisState, t: u8) -> Text {
    let data = &state.data.tile[t as usize];
    Text::new("lx-learn-tile")
        .arg("tile", t as i64 + 1)
        .arg("name", data.name.as_str())
        .arg("what", condition(state.condition(t as usize)))
        .arg("reward", reward(&data.reward))
}

fn yes_no(id: u32, yes: &'static str, no: &'static str) -> Text {
    Text::new(if id == 1 { yes } else { no })
}

fn line(state: &LouisState, d: &Decision, id: u32) -> Text {
    let stones = |kind: u8| {
        if kind == JOKER {
            state.data.setup.joker_stones
        } else {
            state.data.setup.personality_stones
        }
    };
    match *d {
        Decision::SupplyNext { .. } => Text::new("lx-learn-supply-next"),
        Decision::TwoOf { amount, .. } => Text::new("lx-learn-two-of")
            .arg("stones", id as i64)
            .arg("money", amount as i64 - id as i64),
        Decision::StoneForCard { .. } => {
            yes_no(id, "lx-learn-stone-for-card", "lx-learn-stone-for-card-no")
        }
        Decision::StartPlace { tile: t, .. } => {
            if id == 1 {
                Text::new("lx-learn-start-place").arg("item", tile(state, t))
            } else {
                Text::new("lx-learn-no-stone")
            }
        }
        Decision::Turn { .. } => {
            if id < MISSION {
                let kind = id as u8;
                let start = if kind == JOKER {
                    Text::new("lx-learn-start-any")
                } else {
                    Text::new("lx-learn-start-on").arg("item", tile(state, kind))
                };
                Text::new("lx-learn-play")
                    .arg("n", stones(kind))
                    .arg("item", start)
            } else if id < MISSION_USE {
                Text::new("lx-learn-pay-pass")
            } else {
                Text::new("lx-learn-exchange")
            }
        }
        Decision::ExchangeDiscard { .. } => Text::new("lx-learn-exchange-discard"),
        Decision::Use { kind, .. } => {
            if id == 0 {
                Text::new("lx-learn-use-place").arg("n", stones(kind))
            } else {
                Text::new("lx-learn-use-retrieve").arg("n", stones(kind))
            }
        }
        Decision::FourStone { place, .. } => match (id == 1, place) {
            (true, true) => Text::new("lx-learn-four-place"),
            (true, false) => Text::new("lx-learn-four-retrieve"),
            (false, _) => Text::new("lx-learn-four-no"),
        },
        Decision::Place { chain: c, .. } => match c.step {
            PlaceStep::StartTile => {
                Text::new("lx-learn-place-start").arg("item", tile(state, id as u8))
            }
            PlaceStep::Jump1 | PlaceStep::Jump2 => {
                Text::new("lx-learn-place-jump").arg("item", tile(state, id as u8))
            }
            PlaceStep::Total => Text::new("lx-learn-place-total").arg("n", id as i64),
            PlaceStep::Leave0 | PlaceStep::Leave1 => {
                Text::new("lx-learn-place-leave").arg("n", id as i64)
            }
        },
        Decision::EndPlace { .. } | Decision::PlaceAny { .. } => {
            if id == NONE_TILE {
                Text::new("lx-learn-no-stone")
            } else {
                Text::new("lx-learn-place-one").arg("item", tile(state, id as u8))
            }
        }
        Decision::Intrigue { tile: t, .. } => Text::new(match id {
            0 => "lx-learn-intrigue-keep",
            1 => "lx-learn-intrigue-common",
            2 => "lx-learn-intrigue-own-one",
            _ => "lx-learn-intrigue-own-two",
        })
        .arg("tile", t as i64 + 1),
        Decision::OnceFirst { .. } => yes_no(id, "lx-learn-once-first", "lx-learn-once-first-no"),
        Decision::Buy { tile: t, .. } => {
            if id == 1 {
                Text::new("lx-learn-buy").arg("reward", reward(&state.data.tile[t as usize].reward))
            } else {
                Text::new("lx-learn-decline")
            }
        }
        Decision::PlaceOn { tile: t, .. } => Text::new("lx-learn-place-on")
            .arg("n", id as i64)
            .arg("item", tile(state, t)),
        Decision::Retrieve { .. } => Text::new("lx-learn-retrieve").arg("n", id as i64),
        Decision::Mission { .. } => {
            if id == STOP {
                Text::new("lx-learn-end-turn")
            } else if id < MISSION_USE {
                Text::new("lx-learn-complete")
            } else {
                Text::new("lx-learn-use-ability")
            }
        }
        Decision::PayChip { .. } => {
            Text::new("lx-learn-pay-chip").arg("chip", chip(Chip::ALL[id as usize]))
        }
        Decision::SwapChip { .. } => {
            Text::new("lx-learn-swap-chip").arg("chip", chip(Chip::ALL[id as usize]))
        }
        Decision::KeepChip { .. } => {
            Text::new("lx-learn-keep-chip").arg("chip", chip(Chip::ALL[id as usize]))
        }
        Decision::DrawDeck { .. } => {
            Text::new("lx-learn-draw-deck").arg("kind", deck(Deck::ALL[id as usize]))
        }
        Decision::ReturnMissions { .. } => {
            if id == STOP {
                Text::new("lx-learn-return-done")
            } else {
                Text::new("lx-learn-return")
            }
        }
    }
}

/// How an evaluation and the game's end score (§7, §11).
pub fn event(event: &Ev) -> Vec<Text> {
    match event {
        Ev::Evaluated { tile: t, .. } => {
            vec![Text::new("lx-learn-evaluated").arg("tile", present_tile(*t))]
        }
        Ev::Received { crown: true, .. } => vec![Text::new("lx-learn-received-crown")],
        Ev::Flipped { tile: t, .. } => {
            vec![Text::new("lx-learn-flipped").arg("tile", present_tile(*t))]
        }
        Ev::GameOver => vec![Text::new("lx-learn-over")],
        _ => Vec::new(),
    }
}
