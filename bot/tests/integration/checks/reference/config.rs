//! The configuration page against the configuration the bot reads: every key of
//! `vliv_bot::config::Config` (as serde knows them: the "expected one of" of an unknown key,
//! so a field added to the struct shows up here), its environment variable
//! (`config::ENV_OVERRIDES`) and its default (the TOML written in the page parses to
//! `Config::default()`'s value).

use std::collections::BTreeMap;

use vliv_bot::config::{Config, ENV_OVERRIDES};

use super::tables::{assert_same, code_spans, rows};

const PAGE: &str = "reference/configuration.md";
/// A key no version of the configuration has.
const PROBE: &str = "no_such_key_probe";

/// The fields serde expects where `toml` (inside `section`, if any) has an unknown key.
fn fields(section: Option<&str>) -> Option<Vec<String>> {
    let text = match section {
        Some(s) => format!("[{s}]\n{PROBE} = 1\n"),
        None => format!("{PROBE} = 1\n"),
    };
    let err = match Config::parse(&text) {
        Ok(_) => return None,
        Err(e) => format!("{e:#}"),
    };
    if !err.contains("unknown field") {
        return None;
    }
    let (_, expected) = err
        .split_once("expected one of ")
        .or_else(|| err.split_once("expected "))?;
    let expected = expected.lines().next().unwrap_or("").replace(" or ", ", ");
    Some(
        expected
            .split(", ")
            .map(|f| f.trim().trim_matches('`').to_string())
            .collect(),
    )
}

/// Every key, `section.key` in a table; a table of free keys (game ids) as `section.<…>`.
fn keys() -> Vec<String> {
    let mut out = Vec::new();
    for top in fields(None).expect("the configuration refuses unknown keys") {
        let probe = Config::parse(&format!("[{top}]\n{PROBE} = \"x\"\n"));
        match (probe, fields(Some(&top))) {
            (Err(_), Some(inner)) => out.extend(inner.into_iter().map(|k| format!("{top}.{k}"))),
            (Ok(_), _) => out.push(format!("{top}.<game id>")),
            (Err(_), None) => out.push(top),
        }
    }
    out
}

#[test]
fn the_configuration_page_lists_every_key_with_its_variable_and_default() {
    let env: BTreeMap<&str, &str> = ENV_OVERRIDES.iter().map(|(v, k)| (*k, *v)).collect();
    let mut code = BTreeMap::new();
    for key in keys() {
        let var = env
            .get(key.as_str())
            .map_or("—".into(), |v| format!("`{v}`"));
        code.insert(format!("`{key}`"), var);
    }
    assert!(code.len() >= 18, "only {} keys found: {code:?}", code.len());
    for (_, key) in ENV_OVERRIDES {
        assert!(
            code.contains_key(&format!("`{key}`")),
            "ENV_OVERRIDES names {key}, no key"
        );
    }

    let mut documented = BTreeMap::new();
    for row in rows(PAGE, "Key") {
        assert!(
            row.len() >= 4,
            "{PAGE}: a row has fewer than 4 cells: {row:?}"
        );
        let key = code_spans(&row[0]).first().cloned().unwrap_or_default();
        documented.insert(format!("`{key}`"), row[1].clone());
        // The default as the page writes it is the default the code has.
        let Some(default) = code_spans(&row[2]).first().cloned() else {
            assert_eq!(
                row[2], "none",
                "{PAGE}: {key}'s default is neither TOML nor none"
            );
            continue;
        };
        let toml = match key.split_once('.') {
            Some((section, k)) => format!("[{section}]\n{k} = {default}\n"),
            None => format!("{key} = {default}\n"),
        };
        let parsed = Config::parse(&toml)
            .unwrap_or_else(|e| panic!("{PAGE}: {key}'s default {default} does not parse: {e:#}"));
        assert_eq!(
            parsed,
            Config::default(),
            "{PAGE}: {key}'s default is not {default}"
        );
    }
    assert_same(PAGE, &code, &documented, |key, var| {
        format!("| {key} | {var} | (default as TOML) | (what it sets) |")
    });
}
