//! What each of the 53 cards does, as texts (`i18n/cards-*.ftl`): the card lookup, the
//! select menus' descriptions, the pictures and the calculator's breakdown read them.

use super::cards::Card;
use crate::{contract::CardText, text::Text};

/// The full text of `card`'s bonus and penalty (spec §3).
pub fn full(card: Card) -> Text {
    Text::new(format!("fr-text-{}", card.slug()))
}

/// The same in at most 100 characters.
pub fn short(card: Card) -> Text {
    Text::new(format!("fr-text-{}-short", card.slug()))
}

pub fn cards() -> Vec<CardText> {
    Card::all()
        .map(|c| CardText {
            key: c.slug().to_owned(),
            number: Some(c.0 as u32),
            name: c.text(),
            full: full(c),
            short: short(c),
        })
        .collect()
}

/// A card's name message (`fr-card-<slug>`) names that card.
pub fn card_of(label: &Text) -> Option<String> {
    let slug = label.key.strip_prefix("fr-card-")?;
    Card::from_slug(slug).map(|c| c.slug().to_owned())
}
