//! What each of the 25 characters does, as texts (`i18n/cards-*.ftl`): the card lookup, the
//! select menus' descriptions and the pictures read them.

use super::cards::{Character, CHARACTERS};
use crate::{contract::CardText, text::Text};

/// The full text of `character`'s value and effect (spec §2.2, §5, §6.4).
pub fn full(character: Character) -> Text {
    Text::new(format!("rb-text-{}", character.info().id))
}

/// The same in at most 100 characters.
pub fn short(character: Character) -> Text {
    Text::new(format!("rb-text-{}-short", character.info().id))
}

pub fn cards() -> Vec<CardText> {
    Character::all()
        .map(|c| CardText {
            key: c.info().id.to_owned(),
            number: None,
            name: c.text(),
            full: full(c),
            short: short(c),
        })
        .collect()
}

/// A character's name message (`rb-char-<id>`) names that character.
pub fn card_of(label: &Text) -> Option<String> {
    CHARACTERS
        .iter()
        .find(|c| c.key == label.key)
        .map(|c| c.id.to_owned())
}
