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

/// How an instant inside a text reads: the styles of Discord's timestamps, which every
/// front end turns into its own words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InstantStyle {
    /// A date and time (`f`).
    DateTime,
    /// "in 3 hours" (`R`).
    Relative,
    /// A time of day with seconds (`T`).
    Time,
    /// A date (`d`).
    Date,
}

impl InstantStyle {
    const ALL: [(InstantStyle, char); 4] = [
        (InstantStyle::DateTime, 'f'),
        (InstantStyle::Relative, 'R'),
        (InstantStyle::Time, 'T'),
        (InstantStyle::Date, 'd'),
    ];

    fn letter(self) -> char {
        Self::ALL
            .iter()
            .find(|(s, _)| *s == self)
            .map_or('f', |(_, c)| *c)
    }
}

/// An instant (unix ms) inside a text, as a placeholder that each front end formats for
/// its reader, like a `<@id>` mention: `<t:SECONDS:STYLE>`. It is Discord's own timestamp
/// form, so Discord shows it as it is; any other front end must turn it into words.
pub fn instant(ms: i64, style: InstantStyle) -> String {
    format!("<t:{}:{}>", ms.div_euclid(1000), style.letter())
}

/// A piece of a text: words, or an instant (unix ms) to format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextPiece<'a> {
    Words(&'a str),
    Instant(i64, InstantStyle),
}

/// A text cut at its instant placeholders.
pub fn instant_pieces(text: &str) -> Vec<TextPiece<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("<t:") {
        let Some(end) = rest[start..].find('>').map(|e| start + e) else {
            break;
        };
        let inside = &rest[start + 3..end];
        let parsed = inside.split_once(':').and_then(|(secs, letter)| {
            let style = InstantStyle::ALL
                .iter()
                .find(|(_, c)| letter.len() == 1 && letter.starts_with(*c))?
                .0;
            Some((secs.parse::<i64>().ok()?.checked_mul(1000)?, style))
        });
        match parsed {
            Some((ms, style)) => {
                if start > 0 {
                    out.push(TextPiece::Words(&rest[..start]));
                }
                out.push(TextPiece::Instant(ms, style));
            }
            None => out.push(TextPiece::Words(&rest[..=end])),
        }
        rest = &rest[end + 1..];
    }
    if !rest.is_empty() {
        out.push(TextPiece::Words(rest));
    }
    out
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
    fn an_instant_placeholder_is_read_back() {
        let text = format!(
            "until {} or <t:x:f> <t:5:Q>",
            instant(90_500, InstantStyle::Time)
        );
        assert_eq!(text, "until <t:90:T> or <t:x:f> <t:5:Q>");
        assert_eq!(
            instant_pieces(&text),
            vec![
                TextPiece::Words("until "),
                TextPiece::Instant(90_000, InstantStyle::Time),
                TextPiece::Words(" or <t:x:f>"),
                TextPiece::Words(" <t:5:Q>"),
            ]
        );
        assert_eq!(instant_pieces("<t:"), vec![TextPiece::Words("<t:")]);
    }

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
