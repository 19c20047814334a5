//! Reading a reference page's table and comparing it with what the code says, both ways.

use std::{
    collections::BTreeMap,
    fs,
    path::{Path, PathBuf},
};

/// A page of the book, e.g. `reference/discord-commands.md`.
pub fn page_path(page: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/src")
        .join(page)
}

/// The rows (cells trimmed, header and separator left out) of the page's first table
/// whose header starts with `first_column`.
pub fn rows(page: &str, first_column: &str) -> Vec<Vec<String>> {
    let path = page_path(page);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines().map(str::trim);
    let header = format!("| {first_column} |");
    lines
        .by_ref()
        .find(|l| l.starts_with(&header))
        .unwrap_or_else(|| panic!("{page} has no table starting with {header}"));
    lines
        .skip(1)
        .take_while(|l| l.starts_with('|'))
        .map(cells)
        .collect()
}

fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    // `\|` is a `|` inside a cell (`easy\|normal`), as GitHub and mdBook read it.
    let mut out = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                chars.next();
                out.last_mut().unwrap().push('|');
            }
            '|' => out.push(String::new()),
            c => out.last_mut().unwrap().push(c),
        }
    }
    out.into_iter().map(|c| c.trim().to_string()).collect()
}

/// The inline code spans of a cell, in order.
pub fn code_spans(cell: &str) -> Vec<String> {
    cell.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_string())
        .collect()
}

/// Compares what the code has (`code`: a row's key → its checked cells, as the page writes
/// them) with what the page says (`page`), both ways, and fails with what to add, remove
/// or change; `row` renders a whole row to add from a key and its cells.
pub fn assert_same(
    page: &str,
    code: &BTreeMap<String, String>,
    documented: &BTreeMap<String, String>,
    row: impl Fn(&str, &str) -> String,
) {
    let mut problems = Vec::new();
    for (key, cells) in code {
        match documented.get(key) {
            None => problems.push(format!("add the row  {}", row(key, cells))),
            Some(d) if d != cells => problems.push(format!(
                "change the row of {key}: the code says  {cells}  the page says  {d}"
            )),
            Some(_) => {}
        }
    }
    for key in documented.keys() {
        if !code.contains_key(key) {
            problems.push(format!(
                "remove the row of {key}: the code has no such thing"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "docs/src/{page} is not what the code says:\n{}",
        problems.join("\n")
    );
}
