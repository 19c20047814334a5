//! Czech and English through fluent: the languages, the common messages, and a
//! [`Catalog`] that formats a [`Text`] from the common messages plus the resources its
//! builder hands in. It knows no game: [`crate::localize`] gathers every registered game's
//! resources into the catalog that [`Lang::text`] reads.

use std::{fmt, str::FromStr};

use fluent_bundle::{concurrent::FluentBundle, FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};

use crate::{
    seat::Seat,
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

/// Both languages' fluent bundles: the common messages and the resources handed in.
pub struct Catalog {
    bundles: [FluentBundle<FluentResource>; 2],
}

impl Catalog {
    /// The catalog of the common messages and `resources(lang)` for each language.
    pub fn new<'a, R>(resources: impl Fn(Lang) -> R) -> Catalog
    where
        R: IntoIterator<Item = &'a str>,
    {
        Catalog {
            bundles: Lang::ALL.map(|lang| {
                build_bundle(
                    lang,
                    std::iter::once(COMMON[lang as usize]).chain(resources(lang)),
                )
            }),
        }
    }

    /// Localized text, or which message or argument is missing.
    pub fn try_text(
        &self,
        lang: Lang,
        text: &Text,
        names: &dyn Fn(Seat) -> String,
    ) -> Result<String, MissingText> {
        let bundle = &self.bundles[lang as usize];
        let pattern = bundle
            .get_message(&text.key)
            .and_then(|m| m.value())
            .ok_or_else(|| MissingText {
                lang,
                key: text.key.to_string(),
            })?;
        let mut args = FluentArgs::new();
        for (name, arg) in &text.args {
            let value: FluentValue = match arg {
                Arg::Str(s) => s.clone().into(),
                Arg::Int(n) => (*n).into(),
                Arg::Seat(s) => names(*s).into(),
                Arg::Text(t) => self.try_text(lang, t, names)?.into(),
                Arg::List(items) => {
                    if items.is_empty() {
                        "—".into()
                    } else {
                        items
                            .iter()
                            .map(|t| self.try_text(lang, t, names))
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
                lang,
                key: format!("{} ({e})", text.key),
            });
        }
        Ok(out.into_owned())
    }
}

fn build_bundle<'a>(
    lang: Lang,
    sources: impl IntoIterator<Item = &'a str>,
) -> FluentBundle<FluentResource> {
    let id = lang.code().parse().expect("a valid language id");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Isolation marks would show up as stray characters in Discord and terminals.
    bundle.set_use_isolating(false);
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
    fn a_catalog_without_games_translates_the_common_messages() {
        let catalog = Catalog::new(|_| []);
        for lang in Lang::ALL {
            let t = Text::new("error-illegal-choice");
            assert!(catalog.try_text(lang, &t, &|_| String::new()).is_ok());
        }
    }

    #[test]
    fn a_catalog_adds_the_resources_handed_in() {
        let catalog = Catalog::new(|lang| match lang {
            Lang::Cs => ["x-hello = Ahoj { $who }"],
            Lang::En => ["x-hello = Hello { $who }"],
        });
        let t = Text::new("x-hello").seat("who", 1);
        let names = |s: Seat| format!("P{s}");
        assert_eq!(catalog.try_text(Lang::Cs, &t, &names).unwrap(), "Ahoj P1");
        assert_eq!(catalog.try_text(Lang::En, &t, &names).unwrap(), "Hello P1");
    }
}
