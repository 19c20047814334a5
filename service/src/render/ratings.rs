//! `/stats` and `/leaderboard` as messages: a player's games, wins and ratings; a page of a
//! game's leaderboard with ◀ ▶ buttons. Players are named by mention (no ping in an embed).

use vliv_engine::{registry, Lang, Text};

use super::{ButtonSpec, ButtonStyle, EmbedSpec, MessageSpec, RowSpec};
use crate::{
    i18n::{msg, tr},
    mark,
    service::{BoardPage, ComponentAction, GuildId, LeaderboardPage, PlayerStats, Skill},
};

/// A game's name in `lang` (its id if no game has it any more).
pub fn game_name(kind: &str, lang: Lang) -> String {
    registry::find(kind)
        .map(|k| tr(lang, &k.name(), &|s| lang.seat_name(s)))
        .unwrap_or_else(|| kind.to_owned())
}

/// A number with one decimal, in the reader's notation (Czech writes a decimal comma).
fn decimal(x: f64, lang: Lang) -> String {
    let text = format!("{x:.1}");
    match lang {
        Lang::Cs => text.replace('.', ","),
        Lang::En => text,
    }
}

fn skill_args(text: Text, skill: Skill, lang: Lang) -> Text {
    text.arg("rating", decimal(skill.mu, lang).as_str())
        .arg("sigma", decimal(skill.sigma, lang).as_str())
}

fn say(lang: Lang, text: &Text) -> String {
    tr(lang, text, &|s| lang.seat_name(s))
}

/// A bigger number of bytes in kB, MB or GB.
pub fn size(bytes: u64, lang: Lang) -> String {
    const UNITS: [&str; 4] = ["B", "kB", "MB", "GB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    match unit {
        0 => format!("{bytes} B"),
        _ => format!("{} {}", decimal(value, lang), UNITS[unit]),
    }
}

pub fn stats_message(stats: &PlayerStats, lang: Lang) -> MessageSpec {
    let player = mark::user(stats.user);
    let mut lines = vec![say(
        lang,
        &Text::new("stats-player").arg("player", player.as_str()),
    )];
    match &stats.favourite {
        None => lines.push(say(
            lang,
            &Text::new("stats-none").arg("player", player.as_str()),
        )),
        Some(favourite) => {
            lines.push(say(
                lang,
                &Text::new("stats-total")
                    .arg("games", stats.games as i64)
                    .arg("wins", stats.wins as i64)
                    .arg("favourite", game_name(favourite, lang).as_str()),
            ));
            for (k, rating) in &stats.kinds {
                let line = match rating {
                    Some(r) => skill_args(Text::new("stats-game"), r.skill, lang),
                    None => Text::new("stats-game-unrated"),
                }
                .arg("games", k.games as i64)
                .arg("wins", k.wins as i64);
                lines.push(format!(
                    "**{}**: {}",
                    game_name(&k.kind, lang),
                    say(lang, &line)
                ));
            }
        }
    }
    MessageSpec {
        embed: Some(EmbedSpec {
            title: msg(lang, "stats-title"),
            description: lines.join("\n"),
            ..EmbedSpec::default()
        }),
        ..MessageSpec::default()
    }
}

pub fn leaderboard_message(board: &LeaderboardPage, guild: GuildId, lang: Lang) -> MessageSpec {
    let game = game_name(&board.kind, lang);
    let lines: Vec<String> = match board.rows.is_empty() {
        true => vec![say(
            lang,
            &Text::new("leaderboard-empty").arg("game", game.as_str()),
        )],
        false => board
            .rows
            .iter()
            .map(|(rank, r)| {
                let row = Text::new("leaderboard-row")
                    .arg("rank", *rank as i64)
                    .arg("player", mark::user(r.user).as_str())
                    .arg("games", r.games as i64)
                    .arg("wins", r.wins as i64);
                say(lang, &skill_args(row, r.skill, lang))
            })
            .collect(),
    };
    let title = Text::new("leaderboard-title")
        .arg("game", game.as_str())
        .arg("page", (board.page + 1) as i64)
        .arg("pages", board.pages as i64);
    // The board's game is one of the registry's (the service found it there).
    let kind = vliv_engine::registry::find(&board.kind).map(|k| k.id());
    let turn = |kind, page: u64, label: &str| ButtonSpec {
        action: ComponentAction::Board(BoardPage { guild, kind, page }),
        label: label.to_owned(),
        style: ButtonStyle::Secondary,
    };
    let mut buttons = Vec::new();
    if let Some(kind) = kind {
        if board.page > 0 {
            buttons.push(turn(kind, board.page - 1, "◀"));
        }
        if board.page + 1 < board.pages {
            buttons.push(turn(kind, board.page + 1, "▶"));
        }
    }
    MessageSpec {
        embed: Some(EmbedSpec {
            title: say(lang, &title),
            description: lines.join("\n"),
            footer: msg(lang, "leaderboard-how"),
            ..EmbedSpec::default()
        }),
        rows: match buttons.is_empty() {
            true => Vec::new(),
            false => vec![RowSpec::Buttons(buttons)],
        },
        ..MessageSpec::default()
    }
}
