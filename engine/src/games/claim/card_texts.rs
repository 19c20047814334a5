//! What each faction's cards do, as texts (`i18n/cards-*.ftl`): one entry per faction, as
//! every card of a faction has the same power (spec §1).

use super::cards::Faction;
use crate::{contract::CardText, text::Text};

pub fn cards() -> Vec<CardText> {
    Faction::ALL
        .iter()
        .map(|f| CardText {
            key: f.key().to_owned(),
            number: None,
            name: Text::new(format!("claim-faction-{}", f.key())),
            full: Text::new(format!("claim-text-{}", f.key())),
            short: Text::new(format!("claim-text-{}-short", f.key())),
        })
        .collect()
}

/// A card (`claim-card-<faction>`) or a faction (`claim-faction-<faction>`) names its faction.
pub fn card_of(label: &Text) -> Option<String> {
    let key = label
        .key
        .strip_prefix("claim-card-")
        .or_else(|| label.key.strip_prefix("claim-faction-"))?;
    Faction::ALL
        .iter()
        .find(|f| f.key() == key)
        .map(|f| f.key().to_owned())
}
