//! `vliv rules GAME`: a game's rules in short, from the localized summaries of
//! `bot/locales/rules-{cs,en}.ftl` (the full specifications are `shared/rules/*.md`).

use std::sync::OnceLock;

use anyhow::{anyhow, Result};
use clap::Args;
use fluent_bundle::{concurrent::FluentBundle, FluentArgs, FluentResource};
use vliv_engine::{registry, Lang};

const RULES: [&str; 2] = [
    include_str!("../../locales/rules-cs.ftl"),
    include_str!("../../locales/rules-en.ftl"),
];

/// The sections of every summary, in print order.
const SECTIONS: [&str; 6] = ["goal", "setup", "play", "end", "vliv", "learn"];

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// The game whose rules to print.
    #[arg(value_parser = super::game_ids())]
    pub game: String,
    /// Language of the rules: cs or en.
    #[arg(long, default_value = "en")]
    pub lang: Lang,
}

fn bundles() -> &'static [FluentBundle<FluentResource>; 2] {
    static B: OnceLock<[FluentBundle<FluentResource>; 2]> = OnceLock::new();
    B.get_or_init(|| vliv_service::i18n::bundles_of(RULES, "rules"))
}

fn message(lang: Lang, id: &str) -> Result<String> {
    message_with(lang, id, None)
}

fn message_with(lang: Lang, id: &str, args: Option<&FluentArgs>) -> Result<String> {
    let bundle = &bundles()[lang as usize];
    let pattern = bundle
        .get_message(id)
        .and_then(|m| m.value())
        .ok_or_else(|| anyhow!("the {lang} rules have no message {id}"))?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    match errors.first() {
        Some(e) => Err(anyhow!("the {lang} rules message {id}: {e}")),
        None => Ok(text.into_owned()),
    }
}

/// The whole summary of `game` in `lang`: its name, then each section under its heading.
pub fn summary(game: &str, lang: Lang) -> Result<String> {
    let kind = registry::find(game).ok_or_else(|| anyhow!("unknown game {game}"))?;
    let mut out = format!("{}\n", lang.text(&kind.name(), &|s| lang.seat_name(s)));
    for section in SECTIONS {
        out.push_str(&format!(
            "\n{}\n{}\n",
            message(lang, &format!("rules-heading-{section}"))?,
            message(lang, &format!("rules-{game}-{section}"))?
        ));
    }
    let mut args = FluentArgs::new();
    args.set("game", game);
    out.push_str(&format!(
        "\n{}\n",
        message_with(lang, "rules-footer", Some(&args))?
    ));
    Ok(out)
}

pub fn run(args: RulesArgs) -> Result<()> {
    print!("{}", summary(&args.game, args.lang)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_every_section_in_both_languages() {
        for game in registry::all() {
            for lang in Lang::ALL {
                let text = summary(game.id(), lang).unwrap();
                assert!(text.lines().count() > 12, "{lang} {}: {text}", game.id());
            }
        }
    }

    #[test]
    fn both_languages_have_the_same_messages() {
        let ids = |lang: Lang| {
            let mut ids: Vec<&str> = RULES[lang as usize]
                .lines()
                .filter(|l| !l.starts_with([' ', '#']) && l.contains(" ="))
                .filter_map(|l| l.split(" =").next())
                .collect();
            ids.sort_unstable();
            ids
        };
        assert_eq!(ids(Lang::Cs), ids(Lang::En));
    }
}
