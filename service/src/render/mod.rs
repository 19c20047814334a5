//! Messages as plain data (a titled body with sections, buttons, select menus), each text
//! whole: a front end fits them to its platform's limits (Discord's are in the Discord
//! crate's `limits`) and writes them its own way; tests read them directly.

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
    ReviewDelivery, WHY_PREFIX,
};
pub use turn_time::{vacation_summary, with_turn_times};

use crate::service::{ComponentAction, UserId};

/// How many characters of the latest events a table shows above the game; the whole log
/// is a command away.
pub const TABLE_LOG_CHARS: usize = 1500;

/// A menu of at most this many choices, each with a short label, is shown as buttons; any
/// other as a list.
pub const FEW_CHOICES: usize = 5;
/// The longest label a button carries whole (a longer one reads badly on a button and is
/// cut on Discord's).
pub const SHORT_LABEL: usize = 80;

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
    let mut users = Vec::new();
    for text in spec.texts() {
        crate::mark::users_into(text, &mut users);
    }
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

/// Characters as the platforms count them (Unicode scalar values).
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

impl MessageSpec {
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
    fn a_clip_never_cuts_through_a_mark() {
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
