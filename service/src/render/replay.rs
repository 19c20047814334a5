//! A replay step as an ephemeral message: the public table as it was after a move, with
//! buttons to step through the game. Hands and private events are shown only when the
//! service says the game has ended ([`ReplayStep::revealed`]); a running game's replay is
//! built from the spectator's view and public events alone.

use vliv_engine::{registry, Audience, Lang, Seat, Text, Viewer};

use super::{
    table::{button, public_fields, result_lines, section_field},
    ButtonStyle, EmbedSpec, FieldSpec, MessageSpec, Names, RowSpec,
};
use crate::{
    i18n::{msg, tr},
    mark,
    service::{ComponentAction, ReplayStep, SeatChange},
};

/// How far the long jumps go.
const JUMP: usize = 10;
/// How many characters of one step's events a replay shows: the sections below it matter
/// more than a long list of one move's events.
const REPLAY_EVENT_CHARS: usize = 3000;

/// The replay message of one step.
pub fn replay_message(step: &ReplayStep, lang: Lang) -> MessageSpec {
    let rec = &step.game;
    let names = Names::for_game(rec, lang);
    let game = registry::find(&rec.kind)
        .map(|k| names.say(lang, &k.name()))
        .unwrap_or_else(|| rec.kind.clone());
    let title = Text::new("replay-title")
        .arg("id", rec.id)
        .arg("game", game)
        .arg("step", step.step as i64)
        .arg("total", step.total as i64);
    let panel = step.state.panel(Viewer::Spectator);
    let mut lines = vec![format!("**{}**", names.say(lang, &panel.title))];
    lines.extend(
        step.events
            .iter()
            .filter(|e| step.revealed || e.audience == Audience::Public)
            .map(|e| match e.audience {
                Audience::Public => names.say(lang, &e.text),
                Audience::Seat(s) => format!("🔒 {}: {}", names.get(s), names.say(lang, &e.text)),
            }),
    );
    if !step.revealed {
        lines.push(format!("*{}*", msg(lang, "replay-public-only")));
    }
    if crate::service::hinted(&rec.options) {
        lines.push(format!("💡 {}", msg(lang, "history-hinted")));
    }
    let mut fields = public_fields(step.state.as_ref(), &names, lang);
    if step.revealed {
        for seat in 0..rec.seats.len() as Seat {
            let panel = step.state.panel(Viewer::Seat(seat));
            for section in panel.sections.iter().filter(|s| s.private) {
                let mut field = section_field(section, &names, lang);
                field.name = format!("🂠 {} — {}", names.get(seat), field.name);
                fields.push(field);
            }
        }
    }
    let changes = seat_change_lines(&step.seat_changes, step.step, &names, lang);
    if !changes.is_empty() {
        fields.push(FieldSpec {
            name: msg(lang, "replay-seat-changes"),
            value: changes.join("\n"),
            inline: false,
        });
    }
    if step.revealed && step.step == step.total {
        fields.push(FieldSpec {
            name: msg(lang, "table-result"),
            value: result_lines(rec, &names, lang, &fields),
            inline: false,
        });
    }
    let embed = EmbedSpec {
        title: names.say(lang, &title),
        description: keep_first_lines(lines, REPLAY_EVENT_CHARS),
        fields,
        footer: names.say(lang, &Text::new("table-footer").arg("id", rec.id)),
        image: None,
    };
    let spec = MessageSpec {
        content: String::new(),
        embed: Some(embed),
        rows: step_buttons(rec.id, step.step, step.total, lang),
        ..MessageSpec::default()
    };
    let users = super::spec_users(&spec);
    super::name_users(spec, users, rec, &step.names, lang)
}

/// The seats handed over up to `step` moves, one line each.
pub(super) fn seat_change_lines(
    changes: &[SeatChange],
    step: usize,
    names: &Names,
    lang: Lang,
) -> Vec<String> {
    changes
        .iter()
        .filter(|c| c.at_move as usize <= step)
        .map(|c| seat_change_line(c, names, lang))
        .collect()
}

pub(super) fn seat_change_line(c: &SeatChange, names: &Names, lang: Lang) -> String {
    let from = match c.from {
        Some(u) => mark::user(u),
        None => msg(lang, "history-seat-ai"),
    };
    names.say(
        lang,
        &Text::new("history-seat-change")
            .arg("name", lang.seat_name(c.seat))
            .arg("from", from)
            .arg("to", mark::user(c.to))
            .arg("at", c.at_move as i64),
    )
}

/// ⏮ ◀ ▶ ⏭ and the jumps of ten; each button names the step it shows.
fn step_buttons(game: i64, step: usize, total: usize, lang: Lang) -> Vec<RowSpec> {
    let to = |target: usize, slot: u8, label: &str| {
        button(
            ComponentAction::Replay {
                game,
                step: target.min(total) as u32,
                slot,
            },
            label.to_owned(),
            ButtonStyle::Secondary,
        )
    };
    vec![
        RowSpec::Buttons(vec![
            to(0, 1, "⏮"),
            to(step.saturating_sub(1), 2, "◀"),
            to(step + 1, 3, "▶"),
            to(total, 4, "⏭"),
        ]),
        RowSpec::Buttons(vec![
            to(
                step.saturating_sub(JUMP),
                5,
                &msg(lang, "button-replay-back"),
            ),
            to(step + JUMP, 6, &msg(lang, "button-replay-forward")),
        ]),
    ]
}

/// The title and the first events that fit (the fields below matter more than a long
/// list of one move's events).
fn keep_first_lines(lines: Vec<String>, budget: usize) -> String {
    let mut out = String::new();
    for line in lines {
        if out.chars().count() + line.chars().count() + 1 > budget {
            break;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&line);
    }
    out
}

/// A game's replay button, for the history's list.
pub(super) fn replay_button(game: i64, lang: Lang) -> super::ButtonSpec {
    let label = tr(
        lang,
        &Text::new("button-replay-game").arg("id", game),
        &|s| lang.seat_name(s),
    );
    button(
        ComponentAction::Replay {
            game,
            step: 0,
            slot: 0,
        },
        label,
        ButtonStyle::Secondary,
    )
}
