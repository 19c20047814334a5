//! The `vliv` commands page against the binary's own help (clap's, from `main.rs` and the
//! argument structs): every subcommand, with its arguments and options.

use std::{collections::BTreeMap, process::Command};

use super::tables::{assert_same, code_spans, rows};

const PAGE: &str = "reference/console-commands.md";

fn help(words: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_vliv"))
        .args(words)
        .arg("-h")
        .output()
        .unwrap();
    assert!(out.status.success(), "vliv {words:?} -h failed");
    String::from_utf8(out.stdout).unwrap()
}

/// The entries of one section of clap's short help (`Commands:`, `Arguments:`, `Options:`):
/// each line indented less than a description's continuation, its first word.
fn section(help: &str, title: &str) -> Vec<String> {
    let mut lines = help.lines().skip_while(|l| *l != title).skip(1);
    let mut out = Vec::new();
    for line in lines.by_ref() {
        if line.trim().is_empty() || !line.starts_with(' ') {
            break;
        }
        let indent = line.len() - line.trim_start().len();
        if indent > 6 {
            continue;
        }
        // The name column ends where two spaces start the description.
        let entry = line.trim_start().split("  ").next().unwrap_or("");
        // `-o, --output <OUTPUT>` is named by its long form.
        let entry = entry.split(", ").last().unwrap_or(entry);
        let word = entry.split_whitespace().next().unwrap_or("");
        out.push(word.trim_matches(['<', '>', '[', ']', '.']).to_string());
    }
    out
}

fn walk(path: &[&str], out: &mut BTreeMap<String, String>) {
    let help = help(path);
    let subcommands: Vec<String> = section(&help, "Commands:")
        .into_iter()
        .filter(|c| c != "help")
        .collect();
    let mut own: Vec<String> = section(&help, "Arguments:");
    own.extend(
        section(&help, "Options:")
            .into_iter()
            .filter(|o| o != "--help" && o != "--version"),
    );
    let own = if own.is_empty() {
        "—".to_string()
    } else {
        own.iter()
            .map(|a| format!("`{a}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if subcommands.is_empty() || path.is_empty() {
        let name = std::iter::once("vliv")
            .chain(path.iter().copied())
            .collect::<Vec<_>>();
        out.insert(format!("`{}`", name.join(" ")), own);
    }
    for sub in &subcommands {
        let mut deeper = path.to_vec();
        deeper.push(sub);
        walk(&deeper, out);
    }
}

#[test]
fn the_vliv_commands_page_lists_every_subcommand_with_its_arguments() {
    let mut code = BTreeMap::new();
    walk(&[], &mut code);
    assert!(code.len() >= 8, "only {code:?}");
    let mut documented = BTreeMap::new();
    for row in rows(PAGE, "Command") {
        assert!(
            row.len() >= 3,
            "{PAGE}: a row has fewer than 3 cells: {row:?}"
        );
        let key = code_spans(&row[0]).first().cloned().unwrap_or_default();
        documented.insert(format!("`{key}`"), row[1].clone());
    }
    assert_same(PAGE, &code, &documented, |key, args| {
        format!("| {key} | {args} | (what it does) |")
    });
}
