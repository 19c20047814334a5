//! Czech and English through fluent: the common messages here, each game's beside it.

use std::{fmt, str::FromStr, sync::OnceLock};

use fluent_bundle::{concurrent::FluentBundle, FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};

use crate::{
    contract::Seat,
    registry,
    text::{Arg, Text},
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    Cs,
    #[default]
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Cs, Lang::En];

    pub fn code(self) -> &'static str {
        match self {
            Lang::Cs => "cs",
            Lang::En => "en",
        }
    }

    /// A Discord locale (`cs`, `en-US`, `en-GB`…) or a plain code; other languages map to none.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let primary = locale.split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "cs" | "cz" => Some(Lang::Cs),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

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
        let bundle = &bundles()[self as usize];
        let pattern = bundle
            .get_message(&text.key)
            .and_then(|m| m.value())
            .ok_or_else(|| MissingText {
                lang: self,
                key: text.key.to_string(),
            })?;
        let mut args = FluentArgs::new();
        for (name, arg) in &text.args {
            let value: FluentValue = match arg {
                Arg::Str(s) => s.clone().into(),
                Arg::Int(n) => (*n).into(),
                Arg::Seat(s) => names(*s).into(),
                Arg::Text(t) => self.try_text(t, names)?.into(),
                Arg::List(items) => {
                    if items.is_empty() {
                        "—".into()
                    } else {
                        items
                            .iter()
                            .map(|t| self.try_text(t, names))
                            .collect::<Result<Vec<_>, _>>()?
                            .join(", ")
                            .into()
                    }
                }
            };
            args.set(name.clone(), value);
        }
        let mut errors = Vec::new();
        let out = bundle.format_pattern(pattern, Some(&args), &mut errors);
        if let Some(e) = errors.first() {
            return Err(MissingText {
                lang: self,
                key: format!("{} ({e})", text.key),
            });
        }
        Ok(out.into_owned())
    }

    /// The default name of a seat ("Player 2" / "Hráč 2").
    pub fn seat_name(self, seat: Seat) -> String {
        self.text(
            &Text::new("seat-default-name").arg("number", seat as i64 + 1),
            &|_| String::new(),
        )
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Lang::from_locale(s).ok_or_else(|| format!("unknown language `{s}` (use cs or en)"))
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no {lang} text for `{key}`")]
pub struct MissingText {
    pub lang: Lang,
    pub key: String,
}

const COMMON: [&str; 2] = [include_str!("i18n/cs.ftl"), include_str!("i18n/en.ftl")];

fn bundles() -> &'static [FluentBundle<FluentResource>; 2] {
    static BUNDLES: OnceLock<[FluentBundle<FluentResource>; 2]> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.map(build_bundle))
}

fn build_bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id = lang.code().parse().expect("a valid language id");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Isolation marks would show up as stray characters in Discord and terminals.
    bundle.set_use_isolating(false);
    let sources =
        std::iter::once(COMMON[lang as usize]).chain(registry::all().iter().map(|g| g.ftl(lang)));
    for source in sources {
        // The resources are compiled in and checked by tests, so a failure is a build bug.
        let resource = FluentResource::try_new(source.to_owned())
            .unwrap_or_else(|(_, e)| panic!("invalid {lang} fluent resource: {e:?}"));
        bundle
            .add_resource(resource)
            .unwrap_or_else(|e| panic!("duplicate {lang} fluent message: {e:?}"));
    }
    bundle
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
