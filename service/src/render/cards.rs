//! A card's text for a reader: the card lookup's answer (`/card`, `!vliv card`, the
//! console's `?`), the descriptions of select options naming a card, and the hand's
//! "what do my cards do" list. The texts are the engine's (`GameKind::cards`).

use vliv_engine::{card_lookup, CardText, GameKind, GameState, Lang, Seat, Text, Viewer};

use super::{EmbedSpec, FieldSpec, MessageSpec};
use crate::i18n::tr;

fn say(lang: Lang, text: &Text) -> String {
    tr(lang, text, &|s| lang.seat_name(s))
}

/// "Name: what it does", plain (the console, Matrix's plain body).
pub fn card_line(lang: Lang, card: &CardText) -> String {
    say(
        lang,
        &Text::new("card-line")
            .arg("name", say(lang, &card.name))
            .arg("text", say(lang, &card.full)),
    )
}

/// The answer to a lookup of `query` among `game`'s cards: the card's line, or why none.
pub fn lookup_answer(lang: Lang, game: &dyn GameKind, query: &str) -> Result<String, String> {
    match card_lookup::find(game, query) {
        Some(card) => Ok(card_line(lang, &card)),
        None => Err(say(
            lang,
            &Text::new("card-unknown")
                .arg("game", say(lang, &game.name()))
                .arg("query", query.trim()),
        )),
    }
}

/// The short text of the card `label` names, for a select option's description.
pub fn short_text(lang: Lang, game: &dyn GameKind, label: &Text) -> Option<String> {
    game.card_in(label).map(|c| say(lang, &c.short))
}

/// The cards named by `labels` (a panel's lines, a menu's choices), each once, in order.
pub fn cards_named<'a>(
    game: &dyn GameKind,
    labels: impl IntoIterator<Item = &'a Text>,
) -> Vec<CardText> {
    let mut out: Vec<CardText> = Vec::new();
    for card in labels.into_iter().flat_map(|l| game.cards_in(l)) {
        if !out.iter().any(|c| c.key == card.key) {
            out.push(card);
        }
    }
    out
}

/// Every card of `seat`'s hand (the private sections of its panel), each once: what the
/// hand panel's "Card texts" lists, for that seat's eyes only.
pub fn hand_cards(state: &dyn GameState, seat: Seat) -> Vec<CardText> {
    let panel = state.panel(Viewer::Seat(seat));
    let hand = panel
        .sections
        .iter()
        .filter(|s| s.private)
        .flat_map(|s| s.lines.iter());
    cards_named(state.kind(), hand)
}

/// A hand's card texts as a message: the game's name, then each card with its full text.
pub fn card_texts_message(game: &dyn GameKind, cards: &[CardText], lang: Lang) -> MessageSpec {
    let fields = cards
        .iter()
        .map(|c| FieldSpec {
            name: say(lang, &c.name),
            value: say(lang, &c.full),
            inline: false,
        })
        .collect();
    let title = say(
        lang,
        &Text::new("card-texts-title").arg("game", say(lang, &game.name())),
    );
    let description = match cards.is_empty() {
        true => say(lang, &Text::new("card-texts-none")),
        false => String::new(),
    };
    MessageSpec {
        embed: Some(EmbedSpec {
            title,
            description,
            fields,
            ..EmbedSpec::default()
        }),
        ..MessageSpec::default()
    }
}

/// Whether a seat's hand `panel` of a `kind` game names a card: then it gets the "Card
/// texts" button. It takes the panel the caller built: building it again cost a hand view
/// a second `GameState::panel` (a profile of the bench found ~1.4 % of the bot's CPU).
pub fn hand_names_a_card(kind: &dyn GameKind, panel: &vliv_engine::Panel) -> bool {
    panel
        .sections
        .iter()
        .filter(|s| s.private)
        .flat_map(|s| s.lines.iter())
        .any(|l| kind.names_a_card(l))
}
