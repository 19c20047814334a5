//! The console's `?`: what a card does, by its number or name (`?40`, `? hydra`), or, with
//! nothing after it, what every card the current menu names does.

use vliv_engine::{GameState, Lang, Menu, Text};
use vliv_service::{
    i18n::tr,
    render::cards::{card_line, cards_named, lookup_answer},
};

/// The lines that answer `?query` at `menu`.
pub fn answer(lang: Lang, game: &dyn GameState, menu: &Menu, query: &str) -> Vec<String> {
    let kind = game.kind();
    if query.trim().is_empty() {
        let cards = cards_named(kind, menu.choices.iter().map(|c| &c.label));
        if cards.is_empty() {
            let hint = Text::new("console-card-hint");
            return vec![tr(lang, &hint, &|s| lang.seat_name(s))];
        }
        return cards.iter().map(|c| card_line(lang, c)).collect();
    }
    vec![lookup_answer(lang, kind, query).unwrap_or_else(|why| why)]
}
