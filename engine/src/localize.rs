//! Text in the reader's language with every registered game's messages: the catalog of
//! the common and the games' fluent resources, gathered here, above the registry, so that
//! [`crate::i18n`] below it knows no game.

use std::sync::OnceLock;

use crate::{
    i18n::{Catalog, Lang, MissingText},
    panel::{LocalPanel, Panel},
    registry,
    seat::Seat,
    text::Text,
};

/// The catalog of the common messages and every registered game's.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog::new(|lang| registry::all().iter().map(move |g| g.ftl(lang))))
}

impl Lang {
    /// Localized text; a missing message shows its id rather than failing.
    pub fn text(self, text: &Text, names: &dyn Fn(Seat) -> String) -> String {
        self.try_text(text, names)
            .unwrap_or_else(|_| format!("[{}]", text.key))
    }

    /// Localized text, or which message or argument is missing.
    pub fn try_text(
        self,
        text: &Text,
        names: &dyn Fn(Seat) -> String,
    ) -> Result<String, MissingText> {
        catalog().try_text(self, text, names)
    }

    /// The default name of a seat ("Player 2" / "Hráč 2").
    pub fn seat_name(self, seat: Seat) -> String {
        self.text(
            &Text::new("seat-default-name").arg("number", seat as i64 + 1),
            &|_| String::new(),
        )
    }
}

impl Panel {
    /// The panel in `lang` with every registered game's messages.
    pub fn localize(
        &self,
        lang: Lang,
        names: &dyn Fn(Seat) -> String,
    ) -> Result<LocalPanel, MissingText> {
        self.localize_in(catalog(), lang, names)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_load_and_translate_common_messages() {
        for lang in Lang::ALL {
            let t = Text::new("error-illegal-choice");
            assert!(lang.try_text(&t, &|_| String::new()).is_ok());
        }
        assert_eq!(Lang::Cs.seat_name(1), "Hráč 2");
        assert_eq!(Lang::En.seat_name(0), "Player 1");
    }

    #[test]
    fn a_missing_message_is_reported() {
        let err = Lang::En
            .try_text(&Text::new("no-such-message"), &|_| String::new())
            .unwrap_err();
        assert_eq!(err.key, "no-such-message");
    }

    #[test]
    fn discord_locales_map_to_languages() {
        assert_eq!(Lang::from_locale("cs"), Some(Lang::Cs));
        assert_eq!(Lang::from_locale("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_locale("de"), None);
    }
}
