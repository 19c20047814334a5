//! Messages as plain data (embed, buttons, select menus) with Discord's limits checked in
//! code: the Discord layer converts them to serenity builders, tests read them directly.

pub mod cards;
pub mod drawing;
mod history;
mod instant;
mod learning;
mod picture;
mod preferences;
mod ratings;
mod replay;
mod spectator;
mod table;
#[cfg(test)]
mod table_fit_tests;
mod teaching;
mod turn_time;

pub use history::{duration_text, history_line, history_message, length_text};
pub use instant::Reader;
pub use learning::{learning_setting_text, with_learning, with_scoring};
pub use picture::{
    attach_png, hand_scene, show_file, table_scene, with_hand_picture, with_table_picture,
    with_table_scene, HAND_FILE, TABLE_FILE,
};
pub use preferences::preferences_text;
pub use ratings::{game_name, leaderboard_message, size, stats_message};
pub use replay::replay_message;
pub use spectator::spectator_table;
pub use table::{
    hand_panel, ping_text, public_fields, table_message, with_thinking_notice, Names, TableInput,
};
pub use teaching::{
    hint_lines, pages, review_delivery, review_head, review_lines, review_lines_named,
    ReviewDelivery,
};
pub use turn_time::{vacation_summary, with_turn_times};

use crate::service::{ComponentAction, UserId};

/// Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
pub mod limits {
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
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct EmbedSpec {
    pub title: String,
    pub description: String,
    pub fields: Vec<FieldSpec>,
    pub footer: String,
    /// The embed's image, e.g. `attachment://table.png` for the message's picture.
    pub image: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FieldSpec {
    pub name: String,
    pub value: String,
    pub inline: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

/// A button: what a click on it means (each front end writes it its own way) and its label.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ButtonSpec {
    pub action: ComponentAction,
    pub label: String,
    pub style: ButtonStyle,
}

/// A select menu of a seat's decision: its action is the `Menu` that the value picked
/// completes into a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SelectSpec {
    pub action: ComponentAction,
    pub placeholder: String,
    /// (label, value)
    pub options: Vec<(String, String)>,
    /// Each option's description, in the options' order (a card's short text); an empty
    /// string or a missing entry: none.
    pub descriptions: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RowSpec {
    Buttons(Vec<ButtonSpec>),
    Select(SelectSpec),
}

/// One message: text, at most one embed, component rows, at most one picture.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MessageSpec {
    pub content: String,
    pub embed: Option<EmbedSpec>,
    pub rows: Vec<RowSpec>,
    pub picture: Option<PictureSpec>,
    /// The names of the users its marks name (the application layer's views fill it), for
    /// a front end that writes a user where its platform shows no mention (a title, a
    /// button's label).
    pub names: Vec<(UserId, String)>,
}

impl MessageSpec {
    /// Every text of the message that may carry a mark.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        let embed = self.embed.iter().flat_map(|e| {
            [e.title.as_str(), e.description.as_str(), e.footer.as_str()]
                .into_iter()
                .chain(
                    e.fields
                        .iter()
                        .flat_map(|f| [f.name.as_str(), f.value.as_str()]),
                )
        });
        let rows = self.rows.iter().flat_map(|row| -> Vec<&str> {
            match row {
                RowSpec::Buttons(buttons) => buttons.iter().map(|b| b.label.as_str()).collect(),
                RowSpec::Select(s) => std::iter::once(s.placeholder.as_str())
                    .chain(s.options.iter().map(|(label, _)| label.as_str()))
                    .chain(s.descriptions.iter().map(String::as_str))
                    .collect(),
            }
        });
        std::iter::once(self.content.as_str())
            .chain(embed)
            .chain(rows)
    }

    /// The name kept for `user`, if any.
    pub fn name_of(&self, user: UserId) -> Option<&str> {
        self.names
            .iter()
            .find(|(u, _)| *u == user)
            .map(|(_, name)| name.as_str())
    }
}

/// The users the marks of `spec` name, each once.
pub fn spec_users(spec: &MessageSpec) -> Vec<UserId> {
    let mut users: Vec<UserId> = spec.texts().flat_map(crate::mark::users).collect();
    users.sort_unstable();
    users.dedup();
    users
}

/// `spec` with a name for each of `users` (its [`spec_users`]): the name their platform
/// showed them by (`known`), else the name of the seat they hold or left in `rec`.
pub fn name_users(
    mut spec: MessageSpec,
    users: Vec<UserId>,
    rec: &crate::service::GameRecord,
    known: &std::collections::HashMap<UserId, String>,
    lang: vliv_engine::Lang,
) -> MessageSpec {
    spec.names = users
        .into_iter()
        .filter_map(|u| {
            let name = known.get(&u).cloned();
            let seat = || rec.seats.iter().position(|h| h.named() == Some(u));
            Some((
                u,
                name.or_else(|| seat().map(|s| lang.seat_name(s as vliv_engine::Seat)))?,
            ))
        })
        .collect();
    spec
}

/// A PNG file sent with the message.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PictureSpec {
    pub filename: String,
    pub png: Vec<u8>,
}

impl std::fmt::Debug for PictureSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The bytes say nothing in a log.
        write!(
            f,
            "PictureSpec({}, {} bytes)",
            self.filename,
            self.png.len()
        )
    }
}

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

/// Shortens `s` to `max` characters, marking the cut with an ellipsis.
pub fn clip(s: &str, max: usize) -> String {
    if chars(s) <= max {
        return s.to_owned();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    // Never half a mark: a front end could not write it.
    if let Some(open) = out.rfind(crate::mark::OPEN) {
        if !out[open..].contains(crate::mark::CLOSE) {
            out.truncate(open);
        }
    }
    out.push('…');
    out
}

/// A field whose value is longer than a field holds, as that field and its continuations:
/// pieces of whole lines (a single longer line is split between characters), the first
/// under the field's name, the others under an invisible one.
fn continued(field: FieldSpec) -> Vec<FieldSpec> {
    let max = limits::FIELD_VALUE;
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
                "\u{200b}".into()
            },
            value,
            inline: field.inline,
        })
        .collect()
}

impl EmbedSpec {
    pub fn total_chars(&self) -> usize {
        chars(&self.title)
            + chars(&self.description)
            + chars(&self.footer)
            + self
                .fields
                .iter()
                .map(|f| chars(&f.name) + chars(&f.value))
                .sum::<usize>()
    }

    /// Makes the embed fit: a field value longer than a field holds goes on in
    /// continuation fields (named "\u{200b}") rather than being cut; only what still breaks
    /// a limit after that is clipped: each part, fields beyond 25, then the description's
    /// first lines (and, if still needed, the last fields) to the 6000-character total.
    pub fn fit(mut self) -> EmbedSpec {
        use limits::*;
        self.title = clip(&self.title, TITLE);
        self.description = clip(&self.description, DESCRIPTION);
        self.footer = clip(&self.footer, FOOTER);
        self.fields = std::mem::take(&mut self.fields)
            .into_iter()
            .flat_map(continued)
            .collect();
        self.fields.truncate(FIELDS);
        for f in &mut self.fields {
            f.name = clip(
                if f.name.is_empty() {
                    "\u{200b}"
                } else {
                    &f.name
                },
                FIELD_NAME,
            );
            if f.value.is_empty() {
                f.value = "\u{200b}".into();
            }
        }
        while self.total_chars() > EMBED_TOTAL {
            let excess = self.total_chars() - EMBED_TOTAL;
            let d = chars(&self.description);
            // A bold first line is the message's heading (a replay's title): it stays.
            let (head, body) = match self.description.split_once('\n') {
                Some((first, rest)) if first.starts_with("**") && first.ends_with("**") => {
                    (Some(first.to_owned()), rest.to_owned())
                }
                _ => (None, self.description.clone()),
            };
            if let Some((_, later)) = body.split_once('\n') {
                // Whole lines go, the first first: a table's description is its latest
                // events, oldest first, and the whole log is a command away.
                self.description = match head {
                    Some(head) => format!("{head}\n{later}"),
                    None => later.to_owned(),
                };
            } else if d > 1 {
                self.description = clip(&self.description, d.saturating_sub(excess).max(1));
            } else if self.fields.pop().is_none() {
                self.footer.clear();
                self.title = clip(&self.title, EMBED_TOTAL);
            }
        }
        self
    }

    pub fn check(&self) -> Result<(), LimitError> {
        use limits::*;
        within("embed title", chars(&self.title), TITLE)?;
        within("embed description", chars(&self.description), DESCRIPTION)?;
        within("embed footer", chars(&self.footer), FOOTER)?;
        within("embed fields", self.fields.len(), FIELDS)?;
        for f in &self.fields {
            within("field name", chars(&f.name), FIELD_NAME)?;
            within("field value", chars(&f.value), FIELD_VALUE)?;
        }
        within("embed total", self.total_chars(), EMBED_TOTAL)
    }
}

impl MessageSpec {
    /// Every Discord limit this message must respect.
    pub fn check(&self) -> Result<(), LimitError> {
        use limits::*;
        within("content", chars(&self.content), CONTENT)?;
        if let Some(e) = &self.embed {
            e.check()?;
        }
        within("component rows", self.rows.len(), ROWS)?;
        for row in &self.rows {
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

    /// All the text a reader of this message sees (for leak checks).
    pub fn visible_text(&self) -> String {
        let mut out = self.content.clone();
        if let Some(e) = &self.embed {
            for s in [&e.title, &e.description, &e.footer] {
                out.push('\n');
                out.push_str(s);
            }
            for f in &e.fields {
                out.push_str(&format!("\n{}\n{}", f.name, f.value));
            }
        }
        for row in &self.rows {
            match row {
                RowSpec::Buttons(b) => b
                    .iter()
                    .for_each(|b| out.push_str(&format!("\n{}", b.label))),
                RowSpec::Select(s) => {
                    out.push_str(&format!("\n{}", s.placeholder));
                    s.options
                        .iter()
                        .for_each(|(l, _)| out.push_str(&format!("\n{l}")));
                    s.descriptions
                        .iter()
                        .for_each(|d| out.push_str(&format!("\n{d}")));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_oversized_embed_is_fitted_within_every_limit() {
        let long = "x".repeat(5000);
        let e = EmbedSpec {
            title: long.clone(),
            description: long.clone(),
            footer: long.clone(),
            fields: (0..40)
                .map(|i| FieldSpec {
                    name: format!("{i}{long}"),
                    value: long.clone(),
                    inline: false,
                })
                .collect(),
            image: None,
        };
        assert!(e.check().is_err());
        let fitted = e.fit();
        assert_eq!(fitted.check(), Ok(()));
        assert!(fitted.total_chars() <= limits::EMBED_TOTAL);
    }

    #[test]
    fn a_long_field_goes_on_in_continuation_fields_with_nothing_cut() {
        let lines: Vec<String> = (0..100)
            .map(|i| format!("line {i:03} {}", "y".repeat(20)))
            .collect();
        let long_line = "z".repeat(2500);
        let e = EmbedSpec {
            title: "t".into(),
            fields: vec![
                FieldSpec {
                    name: "Court".into(),
                    value: lines.join("\n"),
                    inline: false,
                },
                FieldSpec {
                    name: "One line".into(),
                    value: long_line.clone(),
                    inline: false,
                },
            ],
            ..Default::default()
        }
        .fit();
        assert_eq!(e.check(), Ok(()));
        let names: Vec<&str> = e.fields.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            names,
            ["Court", "\u{200b}", "\u{200b}", "One line", "\u{200b}", "\u{200b}"]
        );
        // Every line whole, in order, each in one field.
        let court: Vec<&str> = e.fields[..3].iter().flat_map(|f| f.value.lines()).collect();
        assert_eq!(court, lines.iter().map(String::as_str).collect::<Vec<_>>());
        let rejoined: String = e.fields[3..].iter().map(|f| f.value.as_str()).collect();
        assert_eq!(rejoined, long_line);
        assert!(e.fields.iter().all(|f| !f.value.ends_with('…')));
    }

    #[test]
    fn over_the_total_the_description_loses_its_first_lines_whole() {
        let e = EmbedSpec {
            title: "t".into(),
            description: (0..8)
                .map(|i| format!("event {i} {}", "e".repeat(200)))
                .collect::<Vec<_>>()
                .join("\n"),
            fields: (0..5)
                .map(|i| FieldSpec {
                    name: format!("f{i}"),
                    value: "v".repeat(1000),
                    inline: false,
                })
                .collect(),
            ..Default::default()
        }
        .fit();
        assert_eq!(e.check(), Ok(()));
        assert_eq!(e.fields.len(), 5);
        assert!(e.description.starts_with("event 4 "), "{}", e.description);
        assert!(e.description.ends_with(&"e".repeat(200)));
    }

    /// A replay's description opens with its title in bold: the events after it go, the
    /// title stays.
    #[test]
    fn over_the_total_a_bold_heading_stays_and_the_events_after_it_go() {
        let events: Vec<String> = (0..8)
            .map(|i| format!("event {i} {}", "e".repeat(200)))
            .collect();
        let e = EmbedSpec {
            title: "t".into(),
            description: format!("**Replay, move 9**\n{}", events.join("\n")),
            fields: (0..5)
                .map(|i| FieldSpec {
                    name: format!("f{i}"),
                    value: "v".repeat(1000),
                    inline: false,
                })
                .collect(),
            ..Default::default()
        }
        .fit();
        assert_eq!(e.check(), Ok(()));
        assert!(
            e.description.starts_with("**Replay, move 9**\nevent 4 "),
            "{}",
            e.description
        );
    }

    #[test]
    fn limits_are_reported_by_name() {
        let m = MessageSpec {
            rows: vec![RowSpec::Buttons(vec![]); 6],
            ..Default::default()
        };
        assert_eq!(m.check().unwrap_err().what, "component rows");
        let b = ButtonSpec {
            action: ComponentAction::Join(1),
            label: "x".repeat(81),
            style: ButtonStyle::Primary,
        };
        let m = MessageSpec {
            rows: vec![RowSpec::Buttons(vec![b])],
            ..Default::default()
        };
        assert_eq!(m.check().unwrap_err().what, "button label");
        assert_eq!(clip("abcdef", 4), "abc…");
        let user = crate::mark::user(UserId(12345));
        assert_eq!(clip(&format!("ab{user}cd"), 6), "ab…", "no half mark");
        assert_eq!(
            clip(&format!("ab{user}cd"), 11),
            format!("ab{user}…"),
            "a whole mark is kept"
        );
    }
}
