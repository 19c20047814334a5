//! Discord's limits on a message, applied where a message becomes Discord's. The service's
//! messages carry their whole text; here they are fitted to what Discord accepts: a long
//! field goes on in continuation fields, a menu's buttons fill rows of five, and only what
//! still breaks a limit after that is cut.
//! Embeds: https://discord.com/developers/docs/resources/message#embed-object-embed-limits
//! Content: https://discord.com/developers/docs/resources/message#create-message-jsonform-params
//! Components: https://discord.com/developers/docs/components/reference

use std::borrow::Cow;

use vliv_service::render::{clip, ButtonSpec, EmbedSpec, FieldSpec, MessageSpec, RowSpec};

pub const TITLE: usize = 256;
pub const DESCRIPTION: usize = 4096;
pub const FIELDS: usize = 25;
pub const FIELD_NAME: usize = 256;
pub const FIELD_VALUE: usize = 1024;
pub const FOOTER: usize = 2048;
pub const EMBED_TOTAL: usize = 6000;
pub const CONTENT: usize = 2000;
pub const ROWS: usize = 5;
pub const BUTTONS_PER_ROW: usize = 5;
pub const SELECT_OPTIONS: usize = 25;
pub const OPTION_LABEL: usize = 100;
pub const OPTION_VALUE: usize = 100;
pub const OPTION_DESCRIPTION: usize = 100;
pub const BUTTON_LABEL: usize = 80;
pub const PLACEHOLDER: usize = 150;

/// Discord shows no empty field name or value: an invisible one stands in.
const BLANK: &str = "\u{200b}";

/// Which limit a message breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what}: {got} > {max}")]
pub struct LimitError {
    pub what: &'static str,
    pub got: usize,
    pub max: usize,
}

fn within(what: &'static str, got: usize, max: usize) -> Result<(), LimitError> {
    if got > max {
        Err(LimitError { what, got, max })
    } else {
        Ok(())
    }
}

/// Characters as Discord counts them (Unicode scalar values).
fn chars(s: &str) -> usize {
    s.chars().count()
}

/// Whether `s` holds at most `max` characters; a text of no more bytes does without
/// counting (every message is checked on its way out).
fn within_chars(s: &str, max: usize) -> bool {
    s.len() <= max || chars(s) <= max
}

/// `m` as Discord takes it: [`fit_embed`], [`fit_rows`] and the content clipped.
pub fn fit(mut m: MessageSpec) -> MessageSpec {
    m.content = content(&m.content).into_owned();
    m.embed = m.embed.map(|e| fit_embed(&e).into_owned());
    m.rows = fit_rows(&m.rows).into_owned();
    m
}

/// A message's content within Discord's 2,000 characters.
pub fn content(text: &str) -> Cow<'_, str> {
    match within_chars(text, CONTENT) {
        true => Cow::Borrowed(text),
        false => Cow::Owned(clip(text, CONTENT)),
    }
}

/// `m` with every field longer than a field holds continued (nothing else changed): what
/// Discord is sent when nothing has to be cut. [`check`] on it says whether [`fit`] cuts.
pub fn continued(m: &MessageSpec) -> MessageSpec {
    let mut rows = split_button_rows(&m.rows);
    for row in &mut rows {
        // A menu's prompt is the message's text and its list's placeholder: shown whole
        // above the list, a placeholder may be cut.
        if let RowSpec::Select(s) = row {
            if s.placeholder == m.content {
                s.placeholder = clip(&s.placeholder, PLACEHOLDER);
            }
        }
    }
    MessageSpec {
        embed: m.embed.as_ref().map(continued_embed),
        rows,
        ..m.clone()
    }
}

fn continued_embed(e: &EmbedSpec) -> EmbedSpec {
    let mut e = e.clone();
    e.fields = std::mem::take(&mut e.fields)
        .into_iter()
        .flat_map(continued_field)
        .map(|mut f| {
            if f.name.is_empty() {
                f.name = BLANK.into();
            }
            if f.value.is_empty() {
                f.value = BLANK.into();
            }
            f
        })
        .collect();
    e
}

/// A field whose value is longer than a field holds, as that field and its continuations:
/// pieces of whole lines (a single longer line is split between characters), the first
/// under the field's name, the others under an invisible one.
fn continued_field(field: FieldSpec) -> Vec<FieldSpec> {
    let max = FIELD_VALUE;
    if chars(&field.value) <= max {
        return vec![field];
    }
    let mut pieces: Vec<String> = Vec::new();
    let mut piece = String::new();
    for line in field.value.split('\n') {
        let mut line: Vec<char> = line.chars().collect();
        // The piece takes the line if it fits; else the piece ends and the line starts the
        // next one, in character runs of `max` if it is longer than a field.
        let sep = usize::from(!piece.is_empty());
        if chars(&piece) + sep + line.len() <= max {
            if sep == 1 {
                piece.push('\n');
            }
            piece.extend(line);
            continue;
        }
        if !piece.is_empty() {
            pieces.push(std::mem::take(&mut piece));
        }
        while line.len() > max {
            pieces.push(line.drain(..max).collect());
        }
        piece = line.into_iter().collect();
    }
    if !piece.is_empty() {
        pieces.push(piece);
    }
    pieces
        .into_iter()
        .enumerate()
        .map(|(i, value)| FieldSpec {
            name: if i == 0 {
                field.name.clone()
            } else {
                BLANK.into()
            },
            value,
            inline: field.inline,
        })
        .collect()
}

fn total_chars(e: &EmbedSpec) -> usize {
    chars(&e.title)
        + chars(&e.description)
        + chars(&e.footer)
        + e.fields
            .iter()
            .map(|f| chars(&f.name) + chars(&f.value))
            .sum::<usize>()
}

/// Makes the embed fit: a field value longer than a field holds goes on in continuation
/// fields rather than being cut; only what still breaks a limit after that is clipped:
/// each part, fields beyond 25, then the description's first lines (and, if still needed,
/// the last fields: a hand panel's explanations come last) to the 6,000-character total.
/// An embed already within every limit is returned as it is.
pub fn fit_embed(e: &EmbedSpec) -> Cow<'_, EmbedSpec> {
    if embed_within(e) {
        let blank = |f: &FieldSpec| f.name.is_empty() || f.value.is_empty();
        if !e.fields.iter().any(blank) {
            return Cow::Borrowed(e);
        }
        let mut e = e.clone();
        for f in e.fields.iter_mut() {
            if f.name.is_empty() {
                f.name = BLANK.into();
            }
            if f.value.is_empty() {
                f.value = BLANK.into();
            }
        }
        // A blank is a character more: at the very edge of the total it must be fitted too.
        if embed_within(&e) {
            return Cow::Owned(e);
        }
    }
    let mut e = continued_embed(e);
    e.title = clip(&e.title, TITLE);
    e.description = clip(&e.description, DESCRIPTION);
    e.footer = clip(&e.footer, FOOTER);
    e.fields.truncate(FIELDS);
    for f in &mut e.fields {
        f.name = clip(&f.name, FIELD_NAME);
    }
    while total_chars(&e) > EMBED_TOTAL {
        let excess = total_chars(&e) - EMBED_TOTAL;
        let d = chars(&e.description);
        // A bold first line is the message's heading (a replay's title): it stays.
        let (head, body) = match e.description.split_once('\n') {
            Some((first, rest)) if first.starts_with("**") && first.ends_with("**") => {
                (Some(first.to_owned()), rest.to_owned())
            }
            _ => (None, e.description.clone()),
        };
        if let Some((_, later)) = body.split_once('\n') {
            // Whole lines go, the first first: a table's description is its latest
            // events, oldest first, and the whole log is a command away.
            e.description = match head {
                Some(head) => format!("{head}\n{later}"),
                None => later.to_owned(),
            };
        } else if d > 1 {
            e.description = clip(&e.description, d.saturating_sub(excess).max(1));
        } else if e.fields.pop().is_none() {
            e.footer.clear();
            e.title = clip(&e.title, EMBED_TOTAL);
        }
    }
    Cow::Owned(e)
}

/// A row of more buttons than a row holds, as several rows; a list's option whose label is
/// longer than an option's, as its label up to the first ": " and the rest as its
/// description when both fit (a choice "Play Guards: Base: …" reads as the card, then what
/// it does).
fn split_button_rows(rows: &[RowSpec]) -> Vec<RowSpec> {
    rows.iter()
        .flat_map(|row| match row {
            RowSpec::Buttons(b) if b.len() > BUTTONS_PER_ROW => b
                .chunks(BUTTONS_PER_ROW)
                .map(|c| RowSpec::Buttons(c.to_vec()))
                .collect(),
            RowSpec::Select(s) => {
                let mut s = s.clone();
                s.descriptions.resize(s.options.len(), String::new());
                for ((label, _), description) in s.options.iter_mut().zip(&mut s.descriptions) {
                    if chars(label) <= OPTION_LABEL {
                        continue;
                    }
                    // What this choice does says more than the card's text (both of its
                    // effects) it replaces.
                    if let Some((head, rest)) = label.split_once(": ") {
                        if chars(head) <= OPTION_LABEL && chars(rest) <= OPTION_DESCRIPTION {
                            *description = rest.to_owned();
                            label.truncate(head.len());
                        }
                    }
                }
                vec![RowSpec::Select(s)]
            }
            other => vec![other.clone()],
        })
        .collect()
}

/// The rows as Discord takes them: buttons in rows of five, at most five rows, labels,
/// placeholders and options within their limits. Rows already within them are returned
/// as they are.
pub fn fit_rows(rows: &[RowSpec]) -> Cow<'_, [RowSpec]> {
    if check_rows(rows).is_ok() {
        return Cow::Borrowed(rows);
    }
    let mut rows = split_button_rows(rows);
    rows.truncate(ROWS);
    for row in &mut rows {
        match row {
            RowSpec::Buttons(buttons) => {
                for ButtonSpec { label, .. } in buttons {
                    *label = clip(label, BUTTON_LABEL);
                }
            }
            RowSpec::Select(s) => {
                s.placeholder = clip(&s.placeholder, PLACEHOLDER);
                s.options.truncate(SELECT_OPTIONS);
                s.descriptions.truncate(SELECT_OPTIONS);
                for (label, _) in &mut s.options {
                    *label = clip(label, OPTION_LABEL);
                }
                for d in &mut s.descriptions {
                    *d = clip(d, OPTION_DESCRIPTION);
                }
            }
        }
    }
    Cow::Owned(rows)
}

/// [`check_embed`] without saying which limit: most embeds are far below every limit, and
/// their byte lengths tell it.
fn embed_within(e: &EmbedSpec) -> bool {
    let bytes = e.title.len()
        + e.description.len()
        + e.footer.len()
        + e.fields
            .iter()
            .map(|f| f.name.len() + f.value.len())
            .sum::<usize>();
    match bytes <= EMBED_TOTAL && e.fields.len() <= FIELDS {
        true => {
            within_chars(&e.title, TITLE)
                && within_chars(&e.description, DESCRIPTION)
                && within_chars(&e.footer, FOOTER)
                && e.fields.iter().all(|f| {
                    within_chars(&f.name, FIELD_NAME) && within_chars(&f.value, FIELD_VALUE)
                })
        }
        false => check_embed(e).is_ok(),
    }
}

pub fn check_embed(e: &EmbedSpec) -> Result<(), LimitError> {
    within("embed title", chars(&e.title), TITLE)?;
    within("embed description", chars(&e.description), DESCRIPTION)?;
    within("embed footer", chars(&e.footer), FOOTER)?;
    within("embed fields", e.fields.len(), FIELDS)?;
    for f in &e.fields {
        within("field name", chars(&f.name), FIELD_NAME)?;
        within("field value", chars(&f.value), FIELD_VALUE)?;
    }
    within("embed total", total_chars(e), EMBED_TOTAL)
}

fn check_rows(rows: &[RowSpec]) -> Result<(), LimitError> {
    within("component rows", rows.len(), ROWS)?;
    for row in rows {
        match row {
            RowSpec::Buttons(b) => {
                within("buttons in a row", b.len(), BUTTONS_PER_ROW)?;
                for b in b {
                    within("button label", chars(&b.label), BUTTON_LABEL)?;
                }
            }
            RowSpec::Select(s) => {
                within("select options", s.options.len(), SELECT_OPTIONS)?;
                within("placeholder", chars(&s.placeholder), PLACEHOLDER)?;
                for (label, value) in &s.options {
                    within("option label", chars(label), OPTION_LABEL)?;
                    within("option value", chars(value), OPTION_VALUE)?;
                }
                for d in &s.descriptions {
                    within("option description", chars(d), OPTION_DESCRIPTION)?;
                }
            }
        }
    }
    Ok(())
}

/// Every Discord limit `m` must respect as it is sent.
pub fn check(m: &MessageSpec) -> Result<(), LimitError> {
    within("content", chars(&m.content), CONTENT)?;
    if let Some(e) = &m.embed {
        check_embed(e)?;
    }
    check_rows(&m.rows)
}

/// Whether Discord takes `m` with nothing cut: long fields continued and buttons spread
/// over rows, but no text clipped and nothing dropped.
pub fn check_uncut(m: &MessageSpec) -> Result<(), LimitError> {
    check(&continued(m))
}

#[cfg(test)]
#[path = "limits_tests.rs"]
mod tests;
