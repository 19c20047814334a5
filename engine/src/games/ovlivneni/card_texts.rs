//! What each of the 27 cards does, as texts: both effects (the `ov-eff-*` messages the menus
//! use) in full, and a short text of its own (`i18n/cards-*.ftl`) for menus and pictures.

use super::cards::{card_text, Effect, CARDS, CARD_COUNT};
use crate::{contract::CardText, text::Text};

/// Both effects of `card`, A and B, each with its kind (reaction, base, status) as printed.
pub fn full(card: u8) -> Text {
    Text::new("ov-text-card")
        .arg("a", Effect::new(card, false).text())
        .arg("b", Effect::new(card, true).text())
}

/// The same in at most 100 characters.
pub fn short(card: u8) -> Text {
    Text::new(format!(
        "ov-text-{}-short",
        CARDS[card as usize].id.to_ascii_lowercase()
    ))
}

pub fn cards() -> Vec<CardText> {
    (0..CARD_COUNT as u8)
        .map(|c| CardText {
            key: CARDS[c as usize].id.to_ascii_lowercase(),
            number: None,
            name: card_text(c),
            full: full(c),
            short: short(c),
        })
        .collect()
}

/// A card's name message (`ov-card-<id>`) or one of its effects (`ov-eff-<id>-a/-b`)
/// names that card.
pub fn card_of(label: &Text) -> Option<String> {
    let rest = label
        .key
        .strip_prefix("ov-card-")
        .or_else(|| label.key.strip_prefix("ov-eff-"))?;
    let id = rest
        .strip_suffix("-a")
        .or_else(|| rest.strip_suffix("-b"))
        .unwrap_or(rest);
    CARDS
        .iter()
        .map(|c| c.id.to_ascii_lowercase())
        .find(|c| c == id)
}
