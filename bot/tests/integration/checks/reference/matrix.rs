//! The Matrix commands page against the bot's parser (`vliv_bot::matrix::parse`) and the
//! help texts it sends. Each row's English and Czech words, with the row's example
//! arguments, must read as the command the row names, and as the same one; every command a
//! help text in `service/locales/` tells users about must have its row; and `key` below matches
//! every command the parser can return, so a new one does not compile until it has a key
//! (then the first check asks for its row).

use std::collections::{BTreeMap, BTreeSet};

use vliv_bot::matrix::{parse, Command, MySetting, Setting};

use super::tables::{assert_same, code_spans, rows};

const PAGE: &str = "reference/matrix-commands.md";

/// The row a command belongs to; `None` for words the bot does not know.
fn key(command: &Command) -> Option<&'static str> {
    Some(match command {
        Command::New { .. } => "new",
        Command::Join => "join",
        Command::AddAi(_) => "ai",
        Command::Start => "start",
        Command::Play(_) => "play",
        Command::Hand => "hand",
        Command::Leave { .. } => "leave",
        Command::Status => "status",
        Command::Concede => "concede",
        Command::Draw => "draw",
        Command::Abandon { .. } => "abandon",
        Command::Rematch => "rematch",
        Command::History(_) => "history",
        Command::MyGames => "list",
        Command::Log => "log",
        Command::Web => "web",
        Command::CardTexts => "cards",
        Command::Hint => "hint",
        Command::Review { .. } => "review",
        Command::Substitute { .. } => "substitute",
        Command::Help => "help",
        Command::Card { .. } => "card",
        Command::Rules(_) => "rules",
        Command::Replay { .. } => "replay",
        Command::Export(_) => "export",
        Command::Leaderboard { .. } => "leaderboard",
        Command::Stats { .. } => "stats",
        Command::Score { .. } => "score",
        Command::Watch => "watch",
        Command::Unwatch => "unwatch",
        Command::Settings(setting) => match setting {
            Setting::Show => "settings",
            Setting::Language(_) => "settings language",
            Setting::Games(_) => "settings games",
            Setting::Pictures(_) => "settings pictures",
            Setting::Zone(_) => "settings timezone",
            Setting::VacationDays(_) => "settings vacation-days",
            Setting::SleepingClocks(_) => "settings sleeping-clocks",
            Setting::Hints(_) => "settings hints",
            Setting::Unknown(_) => return None,
        },
        Command::Me(setting) => match setting {
            MySetting::Show => "me",
            MySetting::Zone(_) => "me timezone",
            MySetting::Quiet(_) => "me quiet",
            MySetting::Language(_) => "me language",
            MySetting::Learning(_) => "me learning",
            MySetting::Unknown(_) => return None,
        },
        Command::Prefs { .. } => "prefs",
        Command::Vacation(_) => "vacation",
        Command::Back(_) => "back",
        Command::Unknown(_) => return None,
    })
}

fn read(text: &str) -> Command {
    parse(text, false).unwrap_or_else(|| panic!("{PAGE}: `{text}` is not a command at all"))
}

/// The commands the help texts of both languages name: `!vliv` and up to three words after
/// it (the first of `a|b` alternatives, brackets and punctuation dropped), the longest
/// reading the parser knows.
fn commands_in_help_texts() -> BTreeSet<&'static str> {
    let mut out = BTreeSet::new();
    for file in ["en.ftl", "cs.ftl"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../service/locales")
            .join(file);
        let text = std::fs::read_to_string(path).unwrap();
        for mention in text.split("!vliv").skip(1) {
            let words: Vec<String> = mention
                .split_whitespace()
                .take(3)
                .map(|w| {
                    let w = w.trim_start_matches(['[', '(']);
                    let w = w.split('|').next().unwrap_or("");
                    w.trim_end_matches([',', '.', ';', ')', ']', '…', ':'])
                        .to_string()
                })
                .collect();
            let found = (1..=words.len())
                .rev()
                .find_map(|n| key(&read(&format!("!vliv {}", words[..n].join(" ")))));
            if let Some(k) = found {
                out.insert(k);
            }
        }
    }
    out
}

#[test]
fn the_matrix_commands_page_reads_as_the_bot_reads_commands() {
    let mut documented = BTreeMap::new();
    for row in rows(PAGE, "Command") {
        assert!(
            row.len() >= 4,
            "{PAGE}: a row has fewer than 4 cells: {row:?}"
        );
        let english = code_spans(&row[0]).first().cloned().unwrap_or_default();
        let row_key = english.trim_start_matches("!vliv").trim().to_string();
        let args = code_spans(&row[2]).first().cloned().unwrap_or_default();
        let command = read(&format!("{english} {args}"));
        assert_eq!(
            key(&command).unwrap_or("an unknown command"),
            row_key,
            "{PAGE}: `{english} {args}` reads as {command:?}"
        );
        let czech = code_spans(&row[1]);
        assert!(!czech.is_empty(), "{PAGE}: {english} has no Czech words");
        for cs in czech {
            assert_eq!(
                read(&format!("{cs} {args}")),
                command,
                "{PAGE}: `{cs} {args}` is not `{english} {args}`"
            );
        }
        documented.insert(row_key, String::new());
    }
    let code: BTreeMap<String, String> = commands_in_help_texts()
        .into_iter()
        .map(|k| (k.to_string(), String::new()))
        .collect();
    assert!(code.len() >= 20, "the help texts name only {code:?}");
    // The page may document more than the help texts name (never less).
    let documented_named: BTreeMap<String, String> = documented
        .iter()
        .filter(|(k, _)| code.contains_key(*k))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    assert_same(PAGE, &code, &documented_named, |key, _| {
        format!("| `!vliv {key}` | (Czech words) | (example arguments) | (what it does) |")
    });
}
