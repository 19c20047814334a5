//! The console's `?`: what a card does, by its number or name (`?40`, `? hydra`, asked of
//! the application layer), or, with nothing after it, what every card the current menu
//! names does (read off the menu the seat was given).

use vliv_engine::{GameKind, Lang, Menu, Text};
use vliv_service::{
    i18n::tr,
    render::cards::{card_line, cards_named},
};

/// The lines that answer a bare `?` at `menu` of a game of `kind`.
pub fn menu_cards(lang: Lang, kind: &dyn GameKind, menu: &Menu) -> Vec<String> {
    let cards = cards_named(kind, menu.choices.iter().map(|c| &c.label));
    if cards.is_empty() {
        let hint = Text::new("console-card-hint");
        return vec![tr(lang, &hint, &|s| lang.seat_name(s))];
    }
    cards.iter().map(|c| card_line(lang, c)).collect()
}
