//! Finding a game's card by what a player types: its printed number, its key, or its name in
//! either language, ignoring case and accents. Above the registry and the catalog (it reads
//! the names in both languages); the front ends' `/card`, `!vliv card` and `?` call it.

use crate::{contract::CardText, i18n::Lang, registry::GameKind};

/// At most this many names are suggested at once (Discord's autocomplete limit).
pub const MAX_SUGGESTIONS: usize = 25;

/// Case- and accent-insensitive form of a name (Czech and the French of Louis XIV's court).
pub fn fold(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'á' | 'ä' | 'à' | 'â' => 'a',
            'č' | 'ç' => 'c',
            'ď' => 'd',
            'é' | 'ě' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'î' | 'ï' => 'i',
            'ň' => 'n',
            'ó' | 'ö' | 'ô' => 'o',
            'ř' => 'r',
            'š' => 's',
            'ť' => 't',
            'ú' | 'ů' | 'ü' | 'û' => 'u',
            'ý' => 'y',
            'ž' => 'z',
            '-' | '_' | '’' | '\'' | '.' => ' ',
            c => c,
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A card's name in `lang`.
pub fn name(card: &CardText, lang: Lang) -> String {
    lang.text(&card.name, &|_| String::new())
}

/// The card `query` names: its number, its key, or its Czech or English name; failing an
/// exact match, the one card whose name in either language begins with it.
pub fn find(game: &dyn GameKind, query: &str) -> Option<CardText> {
    let cards = game.cards();
    let q = fold(query.trim_start_matches(['?', '#']));
    if q.is_empty() {
        return None;
    }
    if let Ok(n) = q.parse::<u32>() {
        return cards.into_iter().find(|c| c.number == Some(n));
    }
    let names = |c: &CardText| Lang::ALL.map(|lang| fold(&name(c, lang)));
    if let Some(i) = cards
        .iter()
        .position(|c| fold(&c.key) == q || names(c).contains(&q))
    {
        return Some(cards[i].clone());
    }
    let mut starting = cards
        .iter()
        .filter(|c| names(c).iter().any(|n| n.starts_with(&q)));
    match (starting.next(), starting.next()) {
        (Some(one), None) => Some(one.clone()),
        _ => None,
    }
}

/// Up to [`MAX_SUGGESTIONS`] cards whose name in either language contains `partial`, each
/// as (its name in `lang`, its key): what autocomplete offers.
pub fn suggest(game: &dyn GameKind, partial: &str, lang: Lang) -> Vec<(String, String)> {
    let q = fold(partial);
    game.cards()
        .into_iter()
        .filter(|c| q.is_empty() || Lang::ALL.iter().any(|&l| fold(&name(c, l)).contains(&q)))
        .take(MAX_SUGGESTIONS)
        .map(|c| (name(&c, lang), c.key))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_ignores_case_accents_and_dashes() {
        assert_eq!(fold("  Stoletá  VODA "), "stoleta voda");
        assert_eq!(fold("Doppelgänger"), "doppelganger");
        assert_eq!(fold("Françoise-Athénaïs"), "francoise athenais");
    }
}
