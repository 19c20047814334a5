//! Who reads a page: one game, and the user whose seat's view it shows (none: a spectator),
//! in one language. A signed link makes one today; a Discord Activity's login or a Matrix
//! widget's OpenID token would make the same, so the pages never ask how a reader came.

use vliv_engine::Lang;
use vliv_service::service::{GameId, Link, Platform, UserId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reader {
    pub platform: Platform,
    pub game: GameId,
    /// `None`: the public view only.
    pub user: Option<UserId>,
    pub lang: Lang,
}

impl Reader {
    pub fn of_link(link: &Link, lang: Lang) -> Reader {
        Reader {
            platform: link.platform,
            game: link.game,
            user: link.user,
            lang,
        }
    }
}

/// The reader's language: `?lang=` first, then the browser's preference, then `fallback`
/// (the game's).
pub fn language(query: Option<&str>, accept: Option<&str>, fallback: Lang) -> Lang {
    if let Some(lang) = query.and_then(Lang::from_locale) {
        return lang;
    }
    // `Accept-Language: cs-CZ,cs;q=0.9,en;q=0.8`: the first language known here.
    accept
        .into_iter()
        .flat_map(|a| a.split(','))
        .filter_map(|part| Lang::from_locale(part.split(';').next().unwrap_or("").trim()))
        .next()
        .unwrap_or(fallback)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_asked_language_wins_then_the_browsers_then_the_games() {
        assert_eq!(language(Some("cs"), Some("en"), Lang::En), Lang::Cs);
        assert_eq!(
            language(None, Some("de-DE,cs;q=0.8,en;q=0.5"), Lang::En),
            Lang::Cs
        );
        assert_eq!(language(Some("xx"), Some("de"), Lang::Cs), Lang::Cs);
        assert_eq!(language(None, None, Lang::En), Lang::En);
    }
}
