//! The Discord slash commands page against the commands the bot registers (poise's list,
//! `vliv_bot::discord::commands()`): every command and subcommand with its Czech name and
//! its options (English and Czech names).

use std::collections::BTreeMap;

use super::tables::{assert_same, code_spans, rows};

const PAGE: &str = "reference/discord-commands.md";

fn czech<'a>(
    english: &'a str,
    localized: &'a [(
        std::borrow::Cow<'static, str>,
        std::borrow::Cow<'static, str>,
    )],
) -> &'a str {
    localized
        .iter()
        .find(|(locale, _)| locale == "cs")
        .map_or(english, |(_, name)| name.as_ref())
}

fn walk<U, E>(
    cmd: &poise::Command<U, E>,
    english: &str,
    czech_path: &str,
    out: &mut BTreeMap<String, String>,
) {
    let english = format!("{english} {}", cmd.name).trim().to_string();
    let czech_path = format!("{czech_path} {}", czech(&cmd.name, &cmd.name_localizations))
        .trim()
        .to_string();
    if cmd.subcommands.is_empty() {
        let options: Vec<String> = cmd
            .parameters
            .iter()
            .map(|p| format!("`{}` (`{}`)", p.name, czech(&p.name, &p.name_localizations)))
            .collect();
        let options = if options.is_empty() {
            "—".to_string()
        } else {
            options.join(", ")
        };
        out.insert(
            format!("`/{english}`"),
            format!("`/{czech_path}` | {options}"),
        );
    }
    for sub in &cmd.subcommands {
        walk(sub, &english, &czech_path, out);
    }
}

#[test]
fn the_discord_commands_page_lists_every_slash_command_with_its_options() {
    let mut code = BTreeMap::new();
    for cmd in vliv_bot::discord::commands() {
        walk(&cmd, "", "", &mut code);
    }
    assert!(code.len() > 30, "only {} commands found", code.len());
    let mut documented = BTreeMap::new();
    for row in rows(PAGE, "Command") {
        assert!(
            row.len() >= 4,
            "{PAGE}: a row has fewer than 4 cells: {row:?}"
        );
        let key = code_spans(&row[0]).first().cloned().unwrap_or_default();
        documented.insert(format!("`{key}`"), format!("{} | {}", row[1], row[2]));
    }
    assert_same(PAGE, &code, &documented, |key, cells| {
        format!("| {key} | {cells} | (what it does) |")
    });
}
