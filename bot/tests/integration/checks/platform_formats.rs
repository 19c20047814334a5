//! Platform formats live in their platform's front end: the service (and the engine under
//! it) writes a user or an instant as a typed mark (`vliv_service::mark`), never as
//! Discord's markup, which only the Discord front end writes.

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Code lines (not comments) of the crates under `dirs` that write Discord's markup.
fn discord_markup_in(dirs: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in dirs {
        sources(&root.join(dir).join("src"), &mut files);
    }
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if ["\"<@", "\"<t:", "\"<#", "{<@", "<@{", "<t:{"]
                .iter()
                .any(|m| code.contains(m))
            {
                found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn the_service_and_the_engine_write_no_discord_markup() {
    let found = discord_markup_in(&["service", "engine"]);
    assert!(
        found.is_empty(),
        "Discord markup below the front ends: {found:#?}"
    );
    // The check sees markup where it is written: the Discord front end's own.
    assert!(
        !discord_markup_in(&["discord"]).is_empty(),
        "the check no longer finds the Discord front end's markup"
    );
}
