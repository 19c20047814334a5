//! The renderer's messages as Matrix messages: a plain body and an HTML body. Buttons have
//! no Matrix form: the table's become the commands that do the same, a menu becomes a list
//! numbered in the menu's order, answered by number. The service's marks are written here:
//! a user by their Matrix id, an instant in words in the reader's language and zone.

use std::collections::HashMap;
use vliv_service::service::UserId;

use vliv_engine::Text;

use super::client::Message;
use vliv_service::i18n::tr;
use vliv_service::mark::{self, Piece};
use vliv_service::{
    render::{MessageSpec, Reader, RowSpec},
    service::ComponentAction,
};

/// Who a user mark names: their Matrix user id (an unknown id stays a number).
pub type Mentions = HashMap<UserId, String>;

/// The internal user ids a text names.
pub fn mentioned(text: &str) -> Vec<UserId> {
    mark::users(text)
}

pub(crate) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// One line of text as plain and as HTML, users named, instants in words.
fn line(text: &str, reader: &Reader, who: &Mentions) -> (String, String) {
    let mut plain = String::new();
    let mut html = String::new();
    for piece in mark::pieces(text) {
        match piece {
            Piece::Words(t) => {
                plain.push_str(t);
                html.push_str(&escape(t));
            }
            Piece::Instant(ms, style) => {
                let words = reader.instant(ms, style);
                plain.push_str(&words);
                html.push_str(&escape(&words));
            }
            Piece::User(u) => match who.get(&u) {
                Some(mxid) => {
                    plain.push_str(mxid);
                    html.push_str(&format!(
                        "<a href=\"https://matrix.to/#/{}\">{}</a>",
                        escape(mxid),
                        escape(mxid)
                    ));
                }
                None => {
                    plain.push_str(&format!("#{u}"));
                    html.push_str(&format!("#{u}"));
                }
            },
        }
    }
    (plain, html)
}

/// Builds a message line by line: plain lines joined by newlines, HTML ones by `<br>`.
struct Builder<'a> {
    reader: &'a Reader,
    body: Vec<String>,
    html: Vec<String>,
}

impl<'a> Builder<'a> {
    fn new(reader: &'a Reader) -> Self {
        Builder {
            reader,
            body: Vec::new(),
            html: Vec::new(),
        }
    }

    fn push(&mut self, text: &str, who: &Mentions, tag: Option<&str>) {
        // A continuation field's invisible name (or an empty value) is no line of its own.
        if text.trim_matches('\u{200b}').is_empty() {
            return;
        }
        for l in text.lines() {
            let (plain, html) = line(l, self.reader, who);
            self.body.push(plain);
            self.html.push(match tag {
                Some(tag) => format!("<{tag}>{html}</{tag}>"),
                None => html,
            });
        }
    }

    fn done(self) -> Message {
        Message {
            body: self.body.join("\n"),
            html: self.html.join("<br>"),
        }
    }
}

/// A table or hand panel as one message. Menu choices are numbered from 1 in the order
/// of the pending menu (a select menu lists them in that order too).
pub fn message(spec: &MessageSpec, reader: &Reader, who: &Mentions) -> Message {
    let lang = reader.lang;
    let mut b = Builder::new(reader);
    if let Some(e) = &spec.embed {
        b.push(&e.title, who, Some("b"));
        b.push(&e.description, who, None);
        for f in &e.fields {
            b.push(&f.name, who, Some("b"));
            b.push(&f.value, who, None);
        }
    }
    b.push(&spec.content, who, None);
    let mut numbered = 0;
    for row in &spec.rows {
        match row {
            RowSpec::Buttons(buttons) => {
                for button in buttons {
                    match button.action {
                        ComponentAction::Move(_) => {
                            numbered += 1;
                            b.push(&format!("{numbered}. {}", button.label), who, None);
                        }
                        action => {
                            if let Some(key) = command_of(action) {
                                let hint = Text::new("matrix-command-hint")
                                    .arg("label", button.label.clone())
                                    .arg("command", tr(lang, &Text::new(key), &|_| String::new()));
                                b.push(&tr(lang, &hint, &|_| String::new()), who, Some("i"));
                            }
                        }
                    }
                }
            }
            RowSpec::Select(select) => {
                for (i, (label, _)) in select.options.iter().enumerate() {
                    numbered += 1;
                    // A card's short text follows its name, as under a Discord option.
                    let line = match select.descriptions.get(i).filter(|d| !d.is_empty()) {
                        Some(d) => format!("{numbered}. {label} — {d}"),
                        None => format!("{numbered}. {label}"),
                    };
                    b.push(&line, who, None);
                }
            }
        }
    }
    if numbered > 0 {
        b.push(
            &tr(lang, &Text::new("matrix-answer-by-number"), &|_| {
                String::new()
            }),
            who,
            Some("i"),
        );
    }
    if let Some(e) = &spec.embed {
        b.push(&e.footer, who, Some("i"));
    }
    b.done()
}

/// A short reply: one text, mentions resolved.
pub fn reply(text: &str, reader: &Reader, who: &Mentions) -> Message {
    let mut b = Builder::new(reader);
    b.push(text, who, None);
    b.done()
}

/// The command that does what a table button does (in the reader's language).
fn command_of(action: ComponentAction) -> Option<&'static str> {
    match action {
        ComponentAction::Join(_) => Some("matrix-command-join"),
        ComponentAction::Start(_) => Some("matrix-command-start"),
        ComponentAction::Hand(_) => Some("matrix-command-hand"),
        ComponentAction::ConfirmLeave(_) => Some("matrix-command-leave"),
        ComponentAction::Rematch(_) => Some("matrix-command-rematch"),
        // Confirmations, replays and history pages have no room button: left out.
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vliv_engine::Lang;

    #[test]
    fn mentions_become_matrix_ids_and_text_is_escaped_in_html() {
        let who: Mentions = [(UserId(9_223_372_036_854_775_809), "@alice:hs".to_owned())].into();
        let reader = Reader::new(Lang::En, &[], 0);
        let text = format!(
            "{} plays <b> & {}",
            mark::user(UserId(9_223_372_036_854_775_809)),
            mark::user(UserId(7))
        );
        let m = reply(&text, &reader, &who);
        assert_eq!(m.body, "@alice:hs plays <b> & #7");
        assert_eq!(
            m.html,
            "<a href=\"https://matrix.to/#/@alice:hs\">@alice:hs</a> plays &lt;b&gt; &amp; #7"
        );
        let text = format!("{} <@3> {}", mark::user(UserId(1)), mark::user(UserId(22)));
        assert_eq!(
            mentioned(&text),
            vec![UserId(1), UserId(22)],
            "Discord's markup is words here"
        );
    }

    #[test]
    fn instants_read_as_words_in_both_bodies() {
        let reader = Reader::new(Lang::Cs, &[Some("Europe/Prague")], 1_795_000_000_000);
        let text = format!(
            "{}: dovolená končí {}",
            mark::user(UserId(7)),
            mark::instant(1_795_800_000_000, mark::InstantStyle::DateTime)
        );
        let m = reply(&text, &reader, &Mentions::new());
        assert_eq!(
            m.body,
            "#7: dovolená končí v pátek 27. listopadu v 18:20 (Europe/Prague)"
        );
        assert!(!mark::has_marks(&m.html), "{}", m.html);
    }

    #[test]
    fn a_hand_panels_learning_lines_reach_the_matrix_message_under_their_heading() {
        use vliv_service::render::{EmbedSpec, FieldSpec};
        let lines = "1) Goblin 0 — 21 cards you have not seen beat it.\n\
                     2) Dwarf 4 — 7 cards you have not seen beat it.";
        let spec = MessageSpec {
            content: "Lead a card.".into(),
            embed: Some(EmbedSpec {
                title: "Claim".into(),
                fields: vec![FieldSpec {
                    name: "What each choice does".into(),
                    value: lines.into(),
                    inline: false,
                }],
                ..EmbedSpec::default()
            }),
            ..MessageSpec::default()
        };
        let m = message(&spec, &Reader::new(Lang::En, &[], 0), &Mentions::new());
        let heading = m.body.find("What each choice does").expect("the heading");
        let first = m.body.find("1) Goblin 0 — 21 cards").expect("line 1");
        let second = m.body.find("2) Dwarf 4 — 7 cards").expect("line 2");
        assert!(heading < first && first < second, "{}", m.body);
        assert!(
            m.html.contains("<b>What each choice does</b>"),
            "{}",
            m.html
        );
    }
}
