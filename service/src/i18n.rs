//! The bot's own messages (`service/locales/{en,cs}.ftl`) on top of the engine's: a text is
//! looked up here first, then in the engine (common and game messages).

use std::sync::OnceLock;

use fluent_bundle::{concurrent::FluentBundle, FluentArgs, FluentResource, FluentValue};
use vliv_engine::{Arg, Lang, Seat, Text};

const BOT: [&str; 2] = [
    include_str!("../locales/cs.ftl"),
    include_str!("../locales/en.ftl"),
];

fn bundles() -> &'static [FluentBundle<FluentResource>; 2] {
    static B: OnceLock<[FluentBundle<FluentResource>; 2]> = OnceLock::new();
    B.get_or_init(|| bundles_of(BOT, "bot"))
}

/// One bundle per language (in [`Lang::ALL`] order) of the given Fluent sources; `what`
/// names them in the panic of a malformed resource, which only a bad build can carry.
pub fn bundles_of(sources: [&str; 2], what: &str) -> [FluentBundle<FluentResource>; 2] {
    Lang::ALL.map(|lang| {
        let mut bundle =
            FluentBundle::new_concurrent(vec![lang.code().parse().expect("a valid language id")]);
        bundle.set_use_isolating(false);
        let res = FluentResource::try_new(sources[lang as usize].to_owned())
            .unwrap_or_else(|(_, e)| panic!("invalid {lang} {what} fluent resource: {e:?}"));
        bundle
            .add_resource(res)
            .unwrap_or_else(|e| panic!("duplicate {lang} {what} message: {e:?}"));
        bundle
    })
}

/// Localizes a text; a missing message shows its id in brackets rather than failing.
pub fn tr(lang: Lang, text: &Text, names: &dyn Fn(Seat) -> String) -> String {
    try_tr(lang, text, names).unwrap_or_else(|_| format!("[{}]", text.key))
}

/// A bot message by id with no arguments.
pub fn msg(lang: Lang, key: &'static str) -> String {
    tr(lang, &Text::new(key), &|s| lang.seat_name(s))
}

/// Localizes a text, or names the missing message.
pub fn try_tr(lang: Lang, text: &Text, names: &dyn Fn(Seat) -> String) -> Result<String, String> {
    let bundle = &bundles()[lang as usize];
    let Some(pattern) = bundle.get_message(&text.key).and_then(|m| m.value()) else {
        return lang
            .try_text(text, names)
            .map_err(|e| format!("{lang}: {}", e.key));
    };
    let mut args = FluentArgs::new();
    for (name, arg) in &text.args {
        let value: FluentValue = match arg {
            Arg::Str(s) => s.clone().into(),
            Arg::Int(n) => (*n).into(),
            Arg::Seat(s) => names(*s).into(),
            Arg::Text(t) => try_tr(lang, t, names)?.into(),
            Arg::List(items) => items
                .iter()
                .map(|t| try_tr(lang, t, names))
                .collect::<Result<Vec<_>, _>>()?
                .join(", ")
                .into(),
        };
        args.set(name.clone(), value);
    }
    let mut errors = Vec::new();
    let out = bundle.format_pattern(pattern, Some(&args), &mut errors);
    match errors.first() {
        Some(e) => Err(format!("{lang}: {} ({e})", text.key)),
        None => Ok(out.into_owned()),
    }
}

/// Every message id of the bot in one language (for the both-languages test).
pub fn message_ids(lang: Lang) -> Vec<String> {
    BOT[lang as usize]
        .lines()
        .filter_map(|l| {
            let (id, _) = l.split_once('=')?;
            let id = id.trim();
            (!id.is_empty() && !l.starts_with([' ', '#', '\t'])).then(|| id.to_owned())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::ServiceError;

    #[test]
    fn both_languages_have_the_same_messages() {
        let mut cs = message_ids(Lang::Cs);
        let mut en = message_ids(Lang::En);
        cs.sort();
        en.sort();
        assert_eq!(cs, en);
        assert!(en.len() > 20);
    }

    #[test]
    fn every_error_has_a_message_in_both_languages() {
        let errors = [
            ServiceError::UnknownGame("x".into()),
            ServiceError::GameDisabled("x".into()),
            ServiceError::ChannelNotAllowed,
            ServiceError::ChannelBusy,
            ServiceError::NoGame,
            ServiceError::NotInLobby,
            ServiceError::NotRunning,
            ServiceError::Frozen,
            ServiceError::LobbyFull,
            ServiceError::AlreadySeated,
            ServiceError::NotAPlayer,
            ServiceError::NotHost,
            ServiceError::NotAdmin,
            ServiceError::TooFewPlayers { min: 2, got: 1 },
            ServiceError::BadOption("x".into()),
            ServiceError::NotYourTurn,
            ServiceError::IllegalChoice,
            ServiceError::Stale,
            ServiceError::AlreadyApplied,
            ServiceError::MalformedId,
            ServiceError::ConfirmForfeit,
            ServiceError::GameOver,
            ServiceError::RulesChanged {
                stored: 1,
                current: 2,
            },
            ServiceError::NewerRelease {
                stored: 3,
                current: 2,
            },
            ServiceError::Conflict,
        ];
        for lang in Lang::ALL {
            for e in &errors {
                let text = try_tr(lang, &e.text(), &|s| lang.seat_name(s));
                assert!(text.is_ok(), "{e:?}: {text:?}");
            }
        }
        assert_eq!(
            msg(Lang::Cs, "err-stale"),
            "Tato volba už neplatí: hra mezitím pokročila."
        );
    }

    #[test]
    fn engine_messages_are_found_through_the_bot() {
        let t = Text::new("game-claim-name");
        assert_eq!(tr(Lang::En, &t, &|_| String::new()), "Claim");
    }
}
