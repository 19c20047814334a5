//! Learning mode for Ruse & Bruise: what each choice does by the rules (spec §4.2, §5, §6):
//! the card's worth in that column and its effect, the card it flips, how full the column
//! gets; the Disguise's and the Traitor's questions; and what ends a round. Read from the
//! mover's view only: face-down cards of other players stay unknown.

use super::{
    cards::{halves, Character, EffectClass, PointCard},
    rules::{Decision, RbEvent, RbState},
    view::{ColumnView, RbView},
    HIDE, HIDE_NOTHING, NO_SWAP, PLAY_STRIDE, START_RANDOM, SWAP,
};
use crate::{
    contract::{Menu, Seat, Viewer},
    text::Text,
};

/// One line per choice of `menu`.
pub fn choices(state: &RbState, seat: Seat, menu: &Menu) -> Vec<Text> {
    let view = RbView::new(state, Viewer::Seat(seat));
    menu.choices
        .iter()
        .map(|c| {
            let id = c.id.0;
            match id {
                _ if id < HIDE => play(
                    &view,
                    Character::from_index((id / PLAY_STRIDE) as u8),
                    (id % PLAY_STRIDE) as usize,
                ),
                HIDE_NOTHING => Text::new("rb-learn-hide-nothing"),
                _ if id < HIDE_NOTHING => {
                    let character = Character::from_index((id - HIDE) as u8);
                    Text::new("rb-learn-hide")
                        .arg("card", character.text())
                        .arg("effect", effect(character))
                }
                NO_SWAP => Text::new("rb-learn-no-swap"),
                _ if id < NO_SWAP => swap(state, &view, (id - SWAP) as usize),
                _ if id < START_RANDOM => Text::new("rb-learn-colour"),
                START_RANDOM => Text::new("rb-learn-start-random"),
                _ => Text::new("rb-learn-start").seat("player", (id - START_RANDOM - 1) as Seat),
            }
        })
        .collect()
}

/// A character's worth under `point` in half-points, as text; the Doppelganger has none.
fn worth(character: Character, point: PointCard) -> Text {
    match character.printed(point.symbol()) {
        None => Text::new("rb-learn-worth-copy"),
        Some(v) => Text::new("rb-learn-worth").arg("value", halves(v).as_str()),
    }
}

fn effect(character: Character) -> Text {
    Text::new(format!("rb-learn-eff-{}", character.info().id))
}

/// §4.2: face down at the bottom, the card above flips, the column fills.
fn play(view: &RbView, character: Character, column: usize) -> Text {
    let Some(col) = view.columns.get(column) else {
        return Text::new("rb-learn-no-swap");
    };
    let above = col.cards.last();
    let flip = match above {
        None => Text::new("rb-learn-flip-none"),
        Some(c) if c.face_up => Text::new("rb-learn-flip-up"),
        Some(c) => match c.card {
            Some(card) if card.character.info().class == EffectClass::Immediate => {
                Text::new("rb-learn-flip-known-effect")
                    .arg("card", card.character.text())
                    .arg("effect", effect(card.character))
            }
            Some(card) => Text::new("rb-learn-flip-known").arg("card", card.character.text()),
            None => Text::new("rb-learn-flip-unknown").seat("player", c.owner),
        },
    };
    Text::new("rb-learn-play")
        .arg("card", character.text())
        .arg("column", column + 1)
        .arg("value", worth(character, col.point))
        .arg("effect", effect(character))
        .arg("item", flip)
        .arg("notes", fill(col, 1))
}

/// How full `col` is with `added` more cards (§4.4).
fn fill(col: &ColumnView, added: usize) -> Text {
    let count = col.count + added;
    let need = col.point.value() as usize;
    Text::new(if count >= need {
        "rb-learn-full"
    } else {
        "rb-learn-filling"
    })
    .arg("count", count)
    .arg("need", need)
}

/// §5.5: the Traitor's column and `other` exchange point cards.
fn swap(state: &RbState, view: &RbView, other: usize) -> Text {
    let Some(Decision::Traitor { column, .. }) = state.decision else {
        return Text::new("rb-learn-no-swap");
    };
    let (mine, theirs) = (&view.columns[column as usize], &view.columns[other]);
    Text::new("rb-learn-swap")
        .arg("column", other + 1)
        .arg("point", mine.point.text())
        .arg("target", theirs.point.text())
}

/// What ends a round and how it is scored (§4.4, §6).
pub fn event(event: &RbEvent) -> Vec<Text> {
    match event {
        RbEvent::RoundEnded { round, .. } => {
            vec![Text::new("rb-learn-round-ended").arg("round", *round)]
        }
        RbEvent::GameOver => vec![Text::new("rb-learn-over")],
        _ => Vec::new(),
    }
}
