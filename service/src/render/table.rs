//! The table (one public embed per game), the private "My hand" panel and the turn ping.
//! Public messages are built from the spectator's panel and public events only.

use vliv_engine::{
    registry, resolve_options, Actor, GameState, Lang, OptionKind, OptionSpec, Seat, Text, Viewer,
};

use super::{
    cards, ButtonSpec, ButtonStyle, EmbedSpec, FieldSpec, MessageSpec, RowSpec, SelectSpec,
};
use crate::{
    i18n::{msg, tr},
    mark::{self, instant, InstantStyle},
    service::{
        game_options, rating_of, ComponentAction, Ending, GameRecord, PendingMenu, SeatHolder,
        Status,
    },
};

/// How seats are called at this table: users by mention, AI seats by their seat name.
#[derive(Clone, Debug)]
pub struct Names {
    seats: Vec<String>,
}

impl Names {
    pub fn for_game(rec: &GameRecord, lang: Lang) -> Names {
        let seats = rec
            .seats
            .iter()
            .enumerate()
            .map(|(s, h)| match h {
                SeatHolder::User(u) => mark::user(*u),
                SeatHolder::Ai { forfeited_by, .. } => {
                    let name = lang.seat_name(s as Seat);
                    let text = match forfeited_by {
                        None => Text::new("table-seat-ai").arg("name", name),
                        Some(u) => Text::new("table-seat-forfeited")
                            .arg("name", name)
                            .arg("user", mark::user(*u)),
                    };
                    tr(lang, &text, &|s| lang.seat_name(s))
                }
            })
            .collect();
        Names { seats }
    }

    /// An exported game's seats (`user` or `ai:<level>`, no ids): a player by their seat's
    /// name, an AI seat as the table calls it.
    pub fn for_exported(seats: &[String], lang: Lang) -> Names {
        let seats = seats
            .iter()
            .enumerate()
            .map(|(s, holder)| {
                let name = lang.seat_name(s as Seat);
                match holder.starts_with("ai") {
                    true => tr(lang, &Text::new("table-seat-ai").arg("name", name), &|s| {
                        lang.seat_name(s)
                    }),
                    false => name,
                }
            })
            .collect();
        Names { seats }
    }

    /// No table: seats are named by number.
    pub fn none() -> Names {
        Names { seats: Vec::new() }
    }

    pub fn get(&self, seat: Seat) -> String {
        self.seats
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| format!("#{}", seat + 1))
    }

    pub(super) fn say(&self, lang: Lang, text: &Text) -> String {
        tr(lang, text, &|s| self.get(s))
    }
}

/// What the table shows.
#[derive(Clone, Copy)]
pub struct TableInput<'a> {
    pub game: &'a GameRecord,
    /// The live state (running, finished or frozen games that have one).
    pub state: Option<&'a dyn GameState>,
    /// Public events of the latest moves, oldest first.
    pub recent: &'a [Text],
    pub lang: Lang,
    /// When the game's own clock (a trading period, a reaction window) runs out, in unix ms.
    pub clock_until: Option<i64>,
}

/// The table message: lobby, running game or result, with its buttons.
pub fn table_message(input: &TableInput) -> MessageSpec {
    let TableInput {
        game: rec,
        state,
        recent,
        lang,
        clock_until,
    } = *input;
    let names = Names::for_game(rec, lang);
    let kind = registry::find(&rec.kind);
    let game_name = kind
        .map(|k| tr(lang, &k.name(), &|s| names.get(s)))
        .unwrap_or_else(|| rec.kind.clone());
    let mut embed = EmbedSpec {
        title: game_name.clone(),
        footer: names.say(lang, &Text::new("table-footer").arg("id", rec.id)),
        ..Default::default()
    };
    let mut rows = Vec::new();
    match rec.status {
        Status::Lobby => {
            embed.title = names.say(
                lang,
                &Text::new("table-lobby")
                    .arg("game", game_name.clone())
                    .arg("host", mark::user(rec.host)),
            );
            let (min, max) = kind.map(|k| k.seat_range()).unwrap_or((0, 0));
            let mut seats: Vec<String> =
                (0..rec.seats.len() as Seat).map(|s| names.get(s)).collect();
            seats.extend((rec.seats.len()..max).map(|_| msg(lang, "table-seat-empty")));
            embed.fields.push(FieldSpec {
                name: format!("{} ({}–{})", msg(lang, "table-seats"), min, max),
                value: seats.join("\n"),
                inline: false,
            });
            if let Some(k) = kind {
                let schema = k.option_schema();
                // The values as the game will see them: the lobby's, else the defaults.
                let resolved =
                    resolve_options(&schema, &game_options(&rec.options)).unwrap_or_default();
                let options: Vec<String> = schema
                    .iter()
                    .map(|o| {
                        let value = option_value(o, resolved.get(o.key), lang, &names);
                        format!("{}: {value}", names.say(lang, &o.label))
                    })
                    .collect();
                if !options.is_empty() {
                    embed.fields.push(FieldSpec {
                        name: msg(lang, "table-options"),
                        value: options.join("\n"),
                        inline: false,
                    });
                }
            }
            rows.push(RowSpec::Buttons(vec![
                button(
                    ComponentAction::Join(rec.id),
                    msg(lang, "button-join"),
                    ButtonStyle::Primary,
                ),
                button(
                    ComponentAction::Start(rec.id),
                    msg(lang, "button-start"),
                    ButtonStyle::Success,
                ),
            ]));
        }
        _ => {
            if let Some(state) = state {
                let panel = state.panel(Viewer::Spectator);
                embed.title = names.say(lang, &panel.title);
                embed.fields.extend(public_fields(state, &names, lang));
                if rec.status == Status::Running {
                    let waiting: Vec<String> = state
                        .pending()
                        .iter()
                        .filter_map(|p| match p.actor {
                            Actor::Seat(s) => Some(names.get(s)),
                            Actor::System => None,
                        })
                        .collect();
                    if !waiting.is_empty() {
                        let waiting_for = match clock_until {
                            // Each front end says the time in its reader's zone.
                            Some(ms) => Text::new("table-waiting-until")
                                .arg("players", waiting.join(", "))
                                .arg("time", instant(ms, InstantStyle::Time)),
                            None => {
                                Text::new("table-waiting-for").arg("players", waiting.join(", "))
                            }
                        };
                        embed.fields.push(FieldSpec {
                            name: names.say(lang, &waiting_for),
                            value: "\u{200b}".into(),
                            inline: false,
                        });
                    }
                }
            }
            if !recent.is_empty() {
                embed.description = recent
                    .iter()
                    .map(|t| names.say(lang, t))
                    .collect::<Vec<_>>()
                    .join("\n");
            }
            match rec.status {
                Status::Running => rows.push(RowSpec::Buttons(vec![button(
                    ComponentAction::Hand(rec.id),
                    msg(lang, "button-hand"),
                    ButtonStyle::Primary,
                )])),
                Status::Finished | Status::Abandoned => {
                    embed.fields.push(FieldSpec {
                        name: msg(lang, "table-result"),
                        value: result_lines(rec, &names, lang, &embed.fields),
                        inline: false,
                    });
                    rows.push(RowSpec::Buttons(vec![button(
                        ComponentAction::Rematch(rec.id),
                        msg(lang, "button-rematch"),
                        ButtonStyle::Secondary,
                    )]));
                }
                Status::Frozen => {
                    let reason = match &rec.ending {
                        Some(Ending::Frozen { reason }) => reason.clone(),
                        _ => "frozen-diverged".into(),
                    };
                    embed.fields.push(FieldSpec {
                        name: msg(lang, "table-frozen"),
                        value: names.say(lang, &Text::new(reason)),
                        inline: false,
                    });
                }
                Status::Lobby => {}
            }
        }
    }
    MessageSpec {
        content: String::new(),
        embed: Some(keep_recent_lines(embed)),
        rows,
        picture: None,
        names: Vec::new(),
    }
}

/// The public sections of a position, one field each: what the table shows of it, and
/// what a replay step or a spectator's table shows.
pub fn public_fields(state: &dyn GameState, names: &Names, lang: Lang) -> Vec<FieldSpec> {
    let panel = state.panel(Viewer::Spectator);
    // Private sections belong to one viewer; a public embed never shows them.
    panel
        .sections
        .iter()
        .filter(|s| !s.private)
        .map(|section| section_field(section, names, lang))
        .collect()
}

/// One panel section as an embed field.
pub(super) fn section_field(
    section: &vliv_engine::Section,
    names: &Names,
    lang: Lang,
) -> FieldSpec {
    FieldSpec {
        name: names.say(lang, &section.heading),
        value: section
            .lines
            .iter()
            .map(|l| names.say(lang, l))
            .collect::<Vec<_>>()
            .join("\n"),
        inline: false,
    }
}

/// The table while an AI seat thinks for longer than a second: one line more. The next
/// edit of the table is rendered without it, so the line goes with the AI's move.
pub fn with_thinking_notice(
    mut spec: MessageSpec,
    rec: &GameRecord,
    seat: Seat,
    lang: Lang,
) -> MessageSpec {
    let names = Names::for_game(rec, lang);
    if let Some(mut embed) = spec.embed.take() {
        embed.fields.push(FieldSpec {
            name: names.say(lang, &Text::new("table-ai-thinking").seat("player", seat)),
            value: String::new(),
            inline: false,
        });
        spec.embed = Some(embed);
    }
    spec
}

pub(super) fn option_value(
    spec: &OptionSpec,
    value: Option<&serde_json::Value>,
    lang: Lang,
    names: &Names,
) -> String {
    match (&spec.kind, value) {
        (OptionKind::Bool { .. }, Some(serde_json::Value::Bool(b))) => {
            msg(lang, if *b { "yes" } else { "no" })
        }
        (OptionKind::Choice { values, .. }, Some(serde_json::Value::String(v))) => values
            .iter()
            .find(|(id, _)| id == v)
            .map(|(_, label)| names.say(lang, label))
            .unwrap_or_else(|| v.clone()),
        (_, Some(v)) => v.to_string(),
        (_, None) => "—".into(),
    }
}

/// The description keeps the newest events when it must be cut.
fn keep_recent_lines(mut e: EmbedSpec) -> EmbedSpec {
    let budget = super::TABLE_LOG_CHARS;
    if e.description.chars().count() > budget {
        let lines: Vec<&str> = e.description.lines().collect();
        let mut kept = Vec::new();
        let mut used = 0;
        for l in lines.iter().rev() {
            used += l.chars().count() + 1;
            if used > budget {
                break;
            }
            kept.push(*l);
        }
        kept.reverse();
        e.description = kept.join("\n");
    }
    e
}

/// The result: each seat's place, how it came about, and how it counts. A line of the
/// game's explanation that one of the `shown` fields already holds (a game's own final
/// scoring section) is not said twice: at the largest tables both would not fit in one
/// message.
pub(super) fn result_lines(
    rec: &GameRecord,
    names: &Names,
    lang: Lang,
    shown: &[FieldSpec],
) -> String {
    let mut lines = Vec::new();
    if let Some(o) = &rec.outcome {
        let mut seats: Vec<Seat> = (0..o.places.len() as Seat).collect();
        seats.sort_by_key(|&s| (o.places[s as usize], s));
        for s in seats {
            let mut line = names.say(
                lang,
                &Text::new("outcome-place")
                    .arg("place", o.places[s as usize])
                    .seat("player", s),
            );
            if let Some(score) = o.scores.get(s as usize) {
                line.push_str(&format!(" ({score})"));
            }
            lines.push(line);
        }
        let said = |line: &String| shown.iter().any(|f| f.value.lines().any(|l| l == line));
        lines.extend(
            o.explanation
                .iter()
                .map(|t| names.say(lang, t))
                .filter(|l| !said(l)),
        );
    }
    match &rec.ending {
        Some(Ending::Abandoned { .. }) => lines.push(msg(lang, "outcome-abandoned")),
        Some(Ending::LobbyExpired { minutes }) => lines.push(names.say(
            lang,
            &Text::new("outcome-lobby-expired").arg("minutes", *minutes as i64),
        )),
        Some(Ending::TimedOut { seat }) => {
            lines.push(names.say(lang, &Text::new("outcome-timed-out").seat("player", *seat)))
        }
        _ => {}
    }
    match rating_of(rec) {
        Some(Ok(())) => lines.push(msg(lang, "rating-rated")),
        Some(Err(why)) => lines.push(msg(lang, why.key())),
        None => {}
    }
    if lines.is_empty() {
        lines.push("—".into());
    }
    lines.join("\n")
}

pub(super) fn button(action: ComponentAction, label: String, style: ButtonStyle) -> ButtonSpec {
    ButtonSpec {
        action,
        label,
        style,
    }
}

/// The ephemeral "My hand" panel: the seat's private view and its pending menu.
pub fn hand_panel(
    rec: &GameRecord,
    state: &dyn GameState,
    seat: Seat,
    pending: Option<&PendingMenu>,
    lang: Lang,
) -> MessageSpec {
    let names = Names::for_game(rec, lang);
    let panel = state.panel(Viewer::Seat(seat));
    let names_a_card = cards::hand_names_a_card(state.kind(), &panel);
    let embed = EmbedSpec {
        title: names.say(lang, &panel.title),
        description: String::new(),
        fields: panel
            .sections
            .iter()
            .map(|s| FieldSpec {
                name: names.say(lang, &s.heading),
                value: s
                    .lines
                    .iter()
                    .map(|l| names.say(lang, l))
                    .collect::<Vec<_>>()
                    .join("\n"),
                inline: false,
            })
            .collect(),
        footer: names.say(lang, &Text::new("table-footer").arg("id", rec.id)),
        image: None,
    };
    let mut content = String::new();
    let mut rows = Vec::new();
    if let Some(p) = pending {
        content = names.say(lang, &p.menu.prompt);
        let choices = &p.menu.choices;
        let labels: Vec<String> = choices.iter().map(|c| names.say(lang, &c.label)).collect();
        let short = labels
            .iter()
            .all(|l| l.chars().count() <= super::SHORT_LABEL);
        if choices.len() <= super::FEW_CHOICES && short {
            rows.push(RowSpec::Buttons(
                choices
                    .iter()
                    .zip(labels)
                    .map(|(c, label)| {
                        button(
                            ComponentAction::Move(p.click(c.id)),
                            label,
                            ButtonStyle::Primary,
                        )
                    })
                    .collect(),
            ));
        } else {
            rows.push(RowSpec::Select(SelectSpec {
                action: ComponentAction::Menu {
                    game: p.game,
                    seat: p.seat,
                    counter: p.counter,
                },
                placeholder: names.say(lang, &p.menu.prompt),
                options: choices
                    .iter()
                    .zip(labels)
                    .map(|(c, label)| (label, c.id.0.to_string()))
                    .collect(),
                descriptions: choices
                    .iter()
                    .map(|c| cards::short_text(lang, state.kind(), &c.label).unwrap_or_default())
                    .collect(),
            }));
        }
    }
    // Below the choices: what the cards of this hand do, for a player without the box.
    if names_a_card {
        rows.push(RowSpec::Buttons(vec![button(
            ComponentAction::CardTexts(rec.id),
            msg(lang, "card-texts-button"),
            ButtonStyle::Secondary,
        )]));
    }
    MessageSpec {
        content,
        embed: Some(embed),
        rows,
        picture: None,
        names: Vec::new(),
    }
}

/// The live turn ping (or a reminder) for a seat: a mention and the game's name only.
pub fn ping_text(rec: &GameRecord, seat: Seat, lang: Lang, reminder: bool) -> String {
    let names = Names::for_game(rec, lang);
    let game = registry::find(&rec.kind)
        .map(|k| tr(lang, &k.name(), &|s| names.get(s)))
        .unwrap_or_else(|| rec.kind.clone());
    let key = if reminder {
        "ping-reminder"
    } else {
        "ping-your-turn"
    };
    names.say(lang, &Text::new(key).seat("player", seat).arg("game", game))
}
