//! The service's marks written as Discord writes them: a user as a mention (`<@id>`), an
//! instant as a timestamp each reader's client shows in their own zone and language
//! (`<t:seconds:style>`, https://discord.com/developers/docs/reference#message-formatting).
//! A mark is never shorter than what it becomes here, so a text the renderer fitted to
//! Discord's limits still fits.

use vliv_service::mark::{self, InstantStyle};
use vliv_service::service::UserId;

/// `text` with its marks as Discord's markup.
pub fn discord(text: &str) -> String {
    mark::write(text, mention, |ms, style| {
        format!("<t:{}:{}>", ms.div_euclid(1000), letter(style))
    })
}

/// A user as Discord's mention.
pub fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// `text` for a place where Discord shows no markup (an autocomplete choice): a user by
/// the name `name_of` gives, an instant as Discord's timestamp (still raw there, but a
/// choice never carries one).
pub fn plain(text: &str, name_of: impl Fn(UserId) -> String) -> String {
    mark::write(text, name_of, |ms, style| {
        format!("<t:{}:{}>", ms.div_euclid(1000), letter(style))
    })
}

/// Discord's timestamp styles (same reference: "Timestamp Styles").
fn letter(style: InstantStyle) -> char {
    match style {
        InstantStyle::DateTime => 'f',
        InstantStyle::Relative => 'R',
        InstantStyle::Time => 'T',
        InstantStyle::Date => 'd',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_become_mentions_and_timestamps_no_longer_than_the_marks() {
        let text = format!(
            "{} until {}, {} {} {}",
            mark::user(UserId(123)),
            mark::instant(90_500, InstantStyle::Time),
            mark::instant(86_400_000, InstantStyle::Date),
            mark::instant(1_700_000_000_000, InstantStyle::Relative),
            mark::instant(1_700_000_000_000, InstantStyle::DateTime),
        );
        let written = discord(&text);
        assert_eq!(
            written,
            "<@123> until <t:90:T>, <t:86400:d> <t:1700000000:R> <t:1700000000:f>"
        );
        assert!(written.chars().count() <= text.chars().count());
        assert!(!mark::has_marks(&written));
    }
}
