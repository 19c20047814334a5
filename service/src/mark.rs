//! Marks inside the service's texts: a user or an instant, which each front end writes its
//! own way (Discord as a mention and a timestamp, Matrix as a user id and words in the
//! reader's zone, the web as a name and words). The service never writes a platform's
//! markup: a mark is the value itself between two private-use characters, which no
//! front end shows as they are and no user can type into a name (`without_marks`).

/// Where a mark begins and ends: Unicode private-use code points, so they never clash with
/// words, and a front end that forgot to write a mark is caught by the tests that read every
/// body a front end sends.
pub const OPEN: char = '\u{E000}';
pub const CLOSE: char = '\u{E001}';

use crate::store::UserId;

/// How an instant reads: a date and time, "in 3 hours", a time of day, a date.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InstantStyle {
    DateTime,
    Relative,
    Time,
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

    fn of_letter(letter: &str) -> Option<InstantStyle> {
        Self::ALL
            .iter()
            .find(|(_, c)| letter.len() == 1 && letter.starts_with(*c))
            .map(|(s, _)| *s)
    }
}

/// A user (the store's id) inside a text.
pub fn user(id: UserId) -> String {
    format!("{OPEN}@{id}{CLOSE}")
}

/// An instant (unix ms) inside a text.
pub fn instant(ms: i64, style: InstantStyle) -> String {
    format!("{OPEN}t{ms}:{}{CLOSE}", style.letter())
}

/// A piece of a text: words, a user or an instant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    Words(&'a str),
    User(UserId),
    Instant(i64, InstantStyle),
}

/// A text cut at its marks; a malformed mark stays words.
pub fn pieces(text: &str) -> Vec<Piece<'_>> {
    Pieces {
        rest: text,
        next: None,
    }
    .collect()
}

/// The pieces of a text one at a time: every message's texts are cut on every move, and
/// most hold a mark or two in long words.
struct Pieces<'a> {
    rest: &'a str,
    /// A mark found after words, given after them.
    next: Option<Piece<'a>>,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = Piece<'a>;

    fn next(&mut self) -> Option<Piece<'a>> {
        if let Some(mark) = self.next.take() {
            return Some(mark);
        }
        let rest = self.rest;
        if rest.is_empty() {
            return None;
        }
        let mark = rest.find(OPEN).and_then(|start| {
            let inside_at = start + OPEN.len_utf8();
            let end = inside_at + rest[inside_at..].find(CLOSE)?;
            Some((start, inside_at, end))
        });
        let Some((start, inside_at, end)) = mark else {
            self.rest = "";
            return Some(Piece::Words(rest));
        };
        let after = end + CLOSE.len_utf8();
        let piece = parse(&rest[inside_at..end]).unwrap_or(Piece::Words(&rest[start..after]));
        self.rest = &rest[after..];
        match start {
            0 => Some(piece),
            _ => {
                self.next = Some(piece);
                Some(Piece::Words(&rest[..start]))
            }
        }
    }
}

fn parse(inside: &str) -> Option<Piece<'static>> {
    if let Some(id) = inside.strip_prefix('@') {
        return id.parse().ok().map(|id| Piece::User(UserId(id)));
    }
    let (ms, letter) = inside.strip_prefix('t')?.split_once(':')?;
    Some(Piece::Instant(
        ms.parse().ok()?,
        InstantStyle::of_letter(letter)?,
    ))
}

/// The users a text names, in order.
pub fn users(text: &str) -> Vec<UserId> {
    let mut users = Vec::new();
    users_into(text, &mut users);
    users
}

/// Adds the users `text` names to `users`, in order.
pub fn users_into(text: &str, users: &mut Vec<UserId>) {
    // Most texts carry no mark: every message's texts are scanned on every move.
    if !text.contains(OPEN) {
        return;
    }
    users.extend(
        (Pieces {
            rest: text,
            next: None,
        })
        .filter_map(|p| match p {
            Piece::User(u) => Some(u),
            _ => None,
        }),
    );
}

/// `text` with each mark written by the front end's own hands.
pub fn write(
    text: &str,
    user: impl Fn(UserId) -> String,
    instant: impl Fn(i64, InstantStyle) -> String,
) -> String {
    if !text.contains(OPEN) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for piece in (Pieces {
        rest: text,
        next: None,
    }) {
        match piece {
            Piece::Words(w) => out.push_str(w),
            Piece::User(u) => out.push_str(&user(u)),
            Piece::Instant(ms, style) => out.push_str(&instant(ms, style)),
        }
    }
    out
}

/// A name a user chose, unable to pass for a mark.
pub fn without_marks(name: &str) -> String {
    name.replace([OPEN, CLOSE], "")
}

/// Whether a text still holds a mark's delimiter (a front end's tests look for it in every
/// body they send).
pub fn has_marks(text: &str) -> bool {
    text.contains([OPEN, CLOSE])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_read_back_and_malformed_ones_stay_words() {
        let text = format!(
            "{} plays until {} or {OPEN}tx:f{CLOSE}{OPEN}@y{CLOSE} {OPEN}t5:Q{CLOSE}",
            user(UserId(7)),
            instant(90_500, InstantStyle::Time)
        );
        assert_eq!(
            pieces(&text),
            vec![
                Piece::User(UserId(7)),
                Piece::Words(" plays until "),
                Piece::Instant(90_500, InstantStyle::Time),
                Piece::Words(" or "),
                Piece::Words("\u{E000}tx:f\u{E001}"),
                Piece::Words("\u{E000}@y\u{E001}"),
                Piece::Words(" "),
                Piece::Words("\u{E000}t5:Q\u{E001}"),
            ]
        );
        assert_eq!(pieces("\u{E000}@1"), vec![Piece::Words("\u{E000}@1")]);
        assert_eq!(pieces(""), vec![]);
        assert_eq!(
            users(&format!("{} and {}", user(UserId(1)), user(UserId(22)))),
            vec![UserId(1), UserId(22)]
        );
    }

    #[test]
    fn a_front_end_writes_each_mark_its_own_way() {
        let text = format!(
            "{}: {}",
            user(UserId(5)),
            instant(-1_500, InstantStyle::Relative)
        );
        let written = write(&text, |u| format!("[{u}]"), |ms, s| format!("{ms}/{s:?}"));
        assert_eq!(written, "[5]: -1500/Relative");
        assert!(has_marks(&text) && !has_marks(&written));
    }

    #[test]
    fn a_name_cannot_pass_for_a_mark() {
        let forged = format!("{OPEN}@1{CLOSE}");
        assert_eq!(without_marks(&forged), "@1");
        assert!(users(&without_marks(&forged)).is_empty());
    }
}
