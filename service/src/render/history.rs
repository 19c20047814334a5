//! `/game history`: a page of a channel's ended games (players, result, date, length, seats
//! handed over), a replay button for each game that was played, and paging buttons.

use vliv_engine::{registry, Lang, Seat, Text};

use super::{
    replay::{replay_button, seat_change_line},
    table::button,
    ButtonStyle, EmbedSpec, MessageSpec, Names, RowSpec,
};
use crate::{
    i18n::{msg, tr},
    mark::{instant, InstantStyle},
    service::{ComponentAction, GameLength, HistoryEntry, HistoryPage, Status},
};

/// The history page as an ephemeral message.
pub fn history_message(page: &HistoryPage, lang: Lang) -> MessageSpec {
    let lines: Vec<String> = page.entries.iter().map(|e| history_line(e, lang)).collect();
    let description = match lines.is_empty() {
        true => msg(lang, "list-none"),
        false => lines.join("\n"),
    };
    let title = tr(
        lang,
        &Text::new("history-title").arg("page", page.page as i64 + 1),
        &|s| lang.seat_name(s),
    );
    // One group of replay buttons: a front end lays them out in rows as its platform allows.
    let replays: Vec<_> = page
        .entries
        .iter()
        .filter(|e| e.game.snapshot.is_some())
        .map(|e| replay_button(e.game.id, lang))
        .collect();
    let mut rows: Vec<RowSpec> = Vec::new();
    if !replays.is_empty() {
        rows.push(RowSpec::Buttons(replays));
    }
    let mut paging = Vec::new();
    if page.page > 0 {
        paging.push(button(
            ComponentAction::HistoryPage(page.page - 1),
            msg(lang, "button-history-newer"),
            ButtonStyle::Primary,
        ));
    }
    if page.more {
        paging.push(button(
            ComponentAction::HistoryPage(page.page + 1),
            msg(lang, "button-history-older"),
            ButtonStyle::Primary,
        ));
    }
    if !paging.is_empty() {
        rows.push(RowSpec::Buttons(paging));
    }
    MessageSpec {
        content: String::new(),
        embed: Some(EmbedSpec {
            title,
            description,
            ..Default::default()
        }),
        rows,
        picture: None,
        names: Vec::new(),
    }
}

/// One ended game: number, game, players, result, date, length, hand-overs.
pub fn history_line(entry: &HistoryEntry, lang: Lang) -> String {
    let g = &entry.game;
    let names = Names::for_game(g, lang);
    let game = registry::find(&g.kind)
        .map(|k| names.say(lang, &k.name()))
        .unwrap_or_else(|| g.kind.clone());
    let players: Vec<String> = (0..g.seats.len() as Seat).map(|s| names.get(s)).collect();
    let result = match (&g.status, &g.outcome) {
        (Status::Finished, Some(o)) if o.is_draw() => msg(lang, "history-draw"),
        (Status::Finished, Some(o)) => o
            .winners()
            .iter()
            .map(|&s| names.say(lang, &Text::new("outcome-winner").seat("player", s)))
            .collect::<Vec<_>>()
            .join(", "),
        _ => msg(lang, "history-abandoned"),
    };
    let date = g
        .finished_at
        .map(|ms| instant(ms, InstantStyle::Date))
        .unwrap_or_default();
    let mut line = names.say(
        lang,
        &Text::new("history-line")
            .arg("id", g.id)
            .arg("game", game)
            .arg("players", players.join(", "))
            .arg("result", result)
            .arg("date", date),
    );
    if entry.length.moves > 0 {
        line.push_str(" · ");
        line.push_str(&length_text(&entry.length, g.finished_at, lang));
    }
    if crate::service::hinted(&g.options) {
        line.push_str(" · 💡 ");
        line.push_str(&msg(lang, "history-hinted"));
    }
    for change in &entry.seat_changes {
        line.push_str(" · 🔁 ");
        line.push_str(&seat_change_line(change, &names, lang));
    }
    line
}

/// "52 moves, 14 min": the moves stored and the time from the first move to the end.
pub fn length_text(length: &GameLength, finished_at: Option<i64>, lang: Lang) -> String {
    let end = finished_at.or(length.last_ms);
    let ms = match (length.first_ms, end) {
        (Some(first), Some(end)) => (end - first).max(0),
        _ => 0,
    };
    let text = Text::new("history-length")
        .arg("moves", length.moves as i64)
        .arg("duration", duration_text(ms, lang));
    tr(lang, &text, &|s| lang.seat_name(s))
}

/// A duration in the largest unit that reads well: minutes, hours, days.
pub fn duration_text(ms: i64, lang: Lang) -> String {
    let minutes = ms / 60_000;
    let text = match minutes {
        m if m < 120 => Text::new("duration-minutes").arg("minutes", m),
        m if m < 48 * 60 => Text::new("duration-hours").arg("hours", m / 60),
        m => Text::new("duration-days").arg("days", m / (24 * 60)),
    };
    tr(lang, &text, &|s| lang.seat_name(s))
}
