//! A message spec as one Components V2 body: its text in text displays, its picture in a
//! media gallery, its buttons and selects in action rows.
//!
//! The layout is flat (text displays, a gallery and action rows at the top, no container
//! or section): serenity 0.12.5 reads a message's `components` as action rows whose
//! children must be buttons, selects or text inputs, so a container's text display would
//! make every click on the table unreadable to the bot (its interaction's `message` fails
//! to parse and the event is dropped). Top-level text displays and galleries parse as
//! empty rows.

use serde_json::{json, Value};

use vliv_service::render::{MessageSpec, RowSpec};

use super::super::{
    convert,
    markup::{discord, plain},
};

/// Discord's `IS_COMPONENTS_V2` message flag
/// (https://discord.com/developers/docs/resources/message#message-object-message-flags).
pub const IS_COMPONENTS_V2: u64 = 1 << 15;
pub const EPHEMERAL: u64 = 1 << 6;
/// "Messages allow up to 40 total components" (components reference, opening section).
pub const MAX_COMPONENTS: usize = 40;
/// The characters of text all text displays of a message may hold together.
pub const MAX_TEXT: usize = 4000;

const TEXT_DISPLAY: u64 = 10;
const MEDIA_GALLERY: u64 = 12;

/// Whether `spec` fits one V2 message whole: its text within 4000 characters once the log
/// lost its oldest lines, its components within 40. A message that does not goes in the
/// embed layout (6000 characters), where the platform allows it whole.
pub fn fits(spec: &MessageSpec) -> bool {
    let gallery = spec.embed.as_ref().is_some_and(|e| e.image.is_some());
    let rows = rows_weight(spec);
    let texts = fitted(texts(spec), rows, gallery);
    let chars: usize = texts.iter().map(|t| t.chars().count()).sum();
    chars <= MAX_TEXT && texts.len() + rows + usize::from(gallery) <= MAX_COMPONENTS
}

/// The body of `spec` as a V2 message (`ephemeral`: a hand panel). Files are sent beside
/// it; the gallery shows the one the embed showed.
pub fn body(spec: &MessageSpec, ephemeral: bool) -> Value {
    let gallery = spec.embed.as_ref().is_some_and(|e| e.image.is_some());
    let texts = fitted(texts(spec), rows_weight(spec), gallery);
    let mut components: Vec<Value> = texts
        .into_iter()
        .map(|t| json!({ "type": TEXT_DISPLAY, "content": t }))
        .collect();
    if let Some(url) = spec.embed.as_ref().and_then(|e| e.image.as_ref()) {
        components.push(json!({ "type": MEDIA_GALLERY, "items": [{ "media": { "url": url } }] }));
    }
    if let Value::Array(rows) = convert::rows_json(spec) {
        components.extend(rows);
    }
    let flags = IS_COMPONENTS_V2 | if ephemeral { EPHEMERAL } else { 0 };
    // A mention in a text display notifies as one in `content` does: only those the legacy
    // message's content would have notified (its embed never did).
    let pinged: Vec<String> = vliv_service::mark::users(&spec.content)
        .into_iter()
        .map(|u| u.to_string())
        .collect();
    json!({
        "flags": flags,
        "components": components,
        "allowed_mentions": { "parse": [], "users": pinged },
    })
}

/// One piece of the message's text and what it is (only the log may lose lines).
#[derive(Clone, Debug, PartialEq)]
enum Piece {
    /// The content or the title: stays whole.
    Head(String),
    /// The embed's description (a table's latest events, oldest first).
    Log(String),
    /// A field (a player's public line), with its continuations joined.
    Field(String),
    Footer(String),
}

impl Piece {
    fn text(&self) -> &str {
        match self {
            Piece::Head(s) | Piece::Log(s) | Piece::Field(s) | Piece::Footer(s) => s,
        }
    }
}

/// The spec's texts in reading order, written as Discord markup.
fn texts(spec: &MessageSpec) -> Vec<Piece> {
    let named = |text: &str| {
        plain(text, |user| match spec.name_of(user) {
            Some(name) => name.to_owned(),
            None => super::super::markup::mention(user),
        })
    };
    let mut out = Vec::new();
    if !spec.content.trim().is_empty() {
        out.push(Piece::Head(discord(&spec.content)));
    }
    let Some(e) = &spec.embed else {
        return out;
    };
    if !e.title.trim().is_empty() {
        out.push(Piece::Head(format!("### {}", named(&e.title))));
    }
    if !e.description.trim().is_empty() {
        out.push(Piece::Log(discord(&e.description)));
    }
    for f in &e.fields {
        let value = discord(f.value.trim_matches('\u{200b}'));
        let name = f.name.trim_matches('\u{200b}');
        match (name.is_empty(), out.last_mut()) {
            // A continuation of the field before: one text display holds both.
            (true, Some(Piece::Field(prev))) => {
                if !value.is_empty() {
                    prev.push('\n');
                    prev.push_str(&value);
                }
            }
            (true, _) if value.is_empty() => {}
            (true, _) => out.push(Piece::Field(value)),
            (false, _) if value.is_empty() => {
                out.push(Piece::Field(format!("**{}**", named(name))))
            }
            (false, _) => out.push(Piece::Field(format!("**{}**\n{value}", named(name)))),
        }
    }
    if !e.footer.trim().is_empty() {
        let small: Vec<String> = named(&e.footer)
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| format!("-# {l}"))
            .collect();
        out.push(Piece::Footer(small.join("\n")));
    }
    out
}

/// The components the rows take: each row and each button or select in it.
fn rows_weight(spec: &MessageSpec) -> usize {
    spec.rows
        .iter()
        .map(|r| match r {
            RowSpec::Buttons(b) => 1 + b.len(),
            RowSpec::Select(_) => 2,
        })
        .sum()
}

fn chars(pieces: &[Piece]) -> usize {
    pieces.iter().map(|p| p.text().chars().count()).sum()
}

/// The pieces within Discord's totals, nothing cut: the log loses its oldest lines (the
/// whole log is a command away) while the text is over 4000 characters; adjacent fields
/// share a text display while the components are over 40.
fn fitted(mut pieces: Vec<Piece>, rows: usize, gallery: bool) -> Vec<String> {
    while chars(&pieces) > MAX_TEXT {
        let Some(i) = pieces.iter().position(|p| matches!(p, Piece::Log(_))) else {
            break;
        };
        let Piece::Log(log) = &pieces[i] else {
            break;
        };
        // A bold first line is the message's heading: it stays, the line after it goes.
        let (head, body) = match log.split_once('\n') {
            Some((first, rest)) if first.starts_with("**") && first.ends_with("**") => {
                (Some(first.to_owned()), rest.to_owned())
            }
            _ => (None, log.clone()),
        };
        let later = body.split_once('\n').map(|(_, later)| later.to_owned());
        pieces[i] = match (head, later) {
            (Some(head), Some(later)) => Piece::Log(format!("{head}\n{later}")),
            (Some(head), None) => Piece::Log(head),
            (None, Some(later)) => Piece::Log(later),
            (None, None) => {
                pieces.remove(i);
                continue;
            }
        };
    }
    let budget = MAX_COMPONENTS.saturating_sub(rows + usize::from(gallery));
    while pieces.len() > budget.max(1) {
        // The two neighbouring fields shortest together share one display.
        let pair = (0..pieces.len().saturating_sub(1))
            .filter(|&i| {
                matches!(pieces[i], Piece::Field(_)) && matches!(pieces[i + 1], Piece::Field(_))
            })
            .min_by_key(|&i| pieces[i].text().len() + pieces[i + 1].text().len());
        let Some(i) = pair else {
            break;
        };
        let next = pieces.remove(i + 1);
        if let Piece::Field(s) = &mut pieces[i] {
            s.push_str("\n\n");
            s.push_str(next.text());
        }
    }
    pieces.into_iter().map(|p| p.text().to_owned()).collect()
}

#[cfg(test)]
#[path = "body_tests.rs"]
mod tests;
