//! Application command registration bodies (`PUT /applications/{id}/commands`, also per
//! guild): names, descriptions, options, choices and localizations as Discord checks them.

use std::collections::HashSet;

use serde_json::Value;

use super::{at, Violations};

/// Discord's locales, the only keys a `*_localizations` map may have.
pub const LOCALES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

pub fn is_locale(s: &str) -> bool {
    LOCALES.contains(&s)
}

/// A slash command or option name: 1–32 of `-`, `_`, letters and digits, lowercase where
/// the letter has a lowercase form (`^[-_\p{L}\p{N}]{1,32}$`).
fn name_ok(name: &str) -> bool {
    (1..=32).contains(&name.chars().count())
        && name.chars().all(|c| {
            (c == '-' || c == '_' || c.is_alphabetic() || c.is_numeric())
                && c.to_lowercase().eq(std::iter::once(c))
        })
}

fn name(v: &mut Violations, path: &[&str], n: Option<&Value>) {
    match n.and_then(Value::as_str) {
        Some(s) if name_ok(s) => {}
        Some(_) => v.push(
            path,
            "APPLICATION_COMMAND_INVALID_NAME",
            "Command name is invalid",
        ),
        None => v.push(path, "BASE_TYPE_REQUIRED", "This field is required"),
    }
}

/// A `*_localizations` map: Discord locales only, each text `min..=max` long (names also
/// as names).
pub(crate) fn check_localizations(
    v: &mut Violations,
    path: &[&str],
    map: &Value,
    min: usize,
    max: usize,
) {
    let Some(map) = map.as_object() else {
        v.push(
            path,
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        );
        return;
    };
    for (locale, text) in map {
        let p = at(path, &[locale.as_str()]);
        if !is_locale(locale) {
            v.push(&p, "LOCALE_INVALID", format!("Invalid locale {locale}"));
            continue;
        }
        v.text(&p, Some(text), min, max, true);
    }
}

fn localized_names(v: &mut Violations, path: &[&str], map: Option<&Value>) {
    let Some(map) = map.filter(|m| !m.is_null()) else {
        return;
    };
    check_localizations(v, path, map, 1, 32);
    for (locale, text) in map.as_object().into_iter().flatten() {
        if is_locale(locale) && !text.as_str().is_some_and(name_ok) {
            v.push(
                &at(path, &[locale.as_str()]),
                "APPLICATION_COMMAND_INVALID_NAME",
                "Command name is invalid",
            );
        }
    }
}

fn description(v: &mut Violations, path: &[&str], item: &Value) {
    v.text(
        &at(path, &["description"]),
        item.get("description"),
        1,
        100,
        true,
    );
    if let Some(l) = item
        .get("description_localizations")
        .filter(|l| !l.is_null())
    {
        check_localizations(v, &at(path, &["description_localizations"]), l, 1, 100);
    }
}

/// The `errors` tree of a bulk registration body Discord would refuse, if any.
pub fn check_commands(body: &Value) -> Option<Value> {
    let mut v = Violations::default();
    let Some(commands) = body.as_array() else {
        v.push(
            &[],
            "LIST_TYPE_CONVERT",
            "Only iterables may be used in a ListType",
        );
        return v.into_errors();
    };
    let mut seen = HashSet::new();
    let mut chat = 0;
    for (i, c) in commands.iter().enumerate() {
        let i = i.to_string();
        let p = [i.as_str()];
        let kind = v
            .choice(&at(&p, &["type"]), c.get("type"), &[1, 2, 3, 4], false)
            .unwrap_or(1);
        if kind == 1 {
            chat += 1;
            name(&mut v, &at(&p, &["name"]), c.get("name"));
            localized_names(
                &mut v,
                &at(&p, &["name_localizations"]),
                c.get("name_localizations"),
            );
            description(&mut v, &p, c);
            options(&mut v, &at(&p, &["options"]), c.get("options"), 0);
        } else {
            v.text(&at(&p, &["name"]), c.get("name"), 1, 32, true);
        }
        if let Some(n) = c.get("name").and_then(Value::as_str) {
            if !seen.insert((kind, n.to_owned())) {
                v.push(
                    &at(&p, &["name"]),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    format!("Application command names must be unique: {n}"),
                );
            }
        }
        if let Some(perm) = c.get("default_member_permissions").filter(|x| !x.is_null()) {
            if perm.as_str().is_none_or(|s| s.parse::<u64>().is_err()) {
                v.push(
                    &at(&p, &["default_member_permissions"]),
                    "NUMBER_TYPE_COERCE",
                    "Value is not a permission bit set.",
                );
            }
        }
    }
    if chat > 100 {
        v.push(&[], "BASE_TYPE_MAX_LENGTH", "At most 100 slash commands");
    }
    v.into_errors()
}

/// Options at `depth` (0: of the command, 1: of a subcommand or group, 2: of a subcommand
/// in a group): up to 25, unique names, subcommands not mixed with values, required first.
fn options(v: &mut Violations, path: &[&str], opts: Option<&Value>, depth: u8) {
    let opts = v.list(path, opts, 0, 25);
    let mut names = HashSet::new();
    let mut optional_seen = false;
    let (mut subs, mut values) = (0, 0);
    for (i, o) in opts.iter().enumerate() {
        let i = i.to_string();
        let p = at(path, &[i.as_str()]);
        let kind = v.choice(
            &at(&p, &["type"]),
            o.get("type"),
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
            true,
        );
        name(v, &at(&p, &["name"]), o.get("name"));
        localized_names(
            v,
            &at(&p, &["name_localizations"]),
            o.get("name_localizations"),
        );
        description(v, &p, o);
        if let Some(n) = o.get("name").and_then(Value::as_str) {
            if !names.insert(n.to_owned()) {
                v.push(
                    &at(&p, &["name"]),
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                );
            }
        }
        match kind {
            Some(1) | Some(2) => {
                subs += 1;
                // A group holds subcommands; a subcommand holds values; no deeper nesting.
                let allowed = match kind {
                    Some(2) => depth == 0,
                    _ => depth <= 1,
                };
                if !allowed {
                    v.push(
                        &at(&p, &["type"]),
                        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                        "Subcommands nest at most two levels",
                    );
                }
                let next = if kind == Some(2) { 1 } else { 2 };
                options(v, &at(&p, &["options"]), o.get("options"), next);
                if kind == Some(2) {
                    for (j, s) in o["options"].as_array().into_iter().flatten().enumerate() {
                        if s.get("type").and_then(Value::as_u64) != Some(1) {
                            let j = j.to_string();
                            v.push(
                                &at(&p, &["options", j.as_str(), "type"]),
                                "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                                "A group holds only subcommands",
                            );
                        }
                    }
                }
            }
            Some(k) => {
                values += 1;
                let required = o.get("required").and_then(Value::as_bool) == Some(true);
                v.boolean(&at(&p, &["required"]), o.get("required"));
                if required && optional_seen {
                    v.push(
                        &at(&p, &["required"]),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    );
                }
                optional_seen |= !required;
                value_option(v, &p, o, k);
            }
            None => {}
        }
    }
    if subs > 0 && values > 0 {
        v.push(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands and groups cannot be mixed with other options",
        );
    }
}

fn value_option(v: &mut Violations, p: &[&str], o: &Value, kind: u64) {
    let choices = v.list(&at(p, &["choices"]), o.get("choices"), 0, 25);
    if !choices.is_empty() && !matches!(kind, 3 | 4 | 10) {
        v.push(
            &at(p, &["choices"]),
            "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
            "Only string, integer and number options have choices",
        );
    }
    if !choices.is_empty() && o.get("autocomplete").and_then(Value::as_bool) == Some(true) {
        v.push(
            &at(p, &["autocomplete"]),
            "APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES",
            "Autocomplete cannot be set with choices",
        );
    }
    for (j, c) in choices.iter().enumerate() {
        let j = j.to_string();
        let q = at(p, &["choices", j.as_str()]);
        v.text(&at(&q, &["name"]), c.get("name"), 1, 100, true);
        if let Some(l) = c.get("name_localizations").filter(|l| !l.is_null()) {
            check_localizations(v, &at(&q, &["name_localizations"]), l, 1, 100);
        }
        let value_ok = match (kind, c.get("value")) {
            (3, Some(Value::String(s))) => s.chars().count() <= 100,
            (4, Some(x)) => x.is_i64(),
            (10, Some(x)) => x.is_number(),
            _ => false,
        };
        if !value_ok {
            v.push(
                &at(&q, &["value"]),
                "APPLICATION_COMMAND_OPTION_CHOICE_VALUE_INVALID",
                "The choice's value does not fit the option's type",
            );
        }
    }
    if kind == 3 {
        v.int(&at(p, &["min_length"]), o.get("min_length"), 0, 6000);
        v.int(&at(p, &["max_length"]), o.get("max_length"), 1, 6000);
    }
    for k in ["min_value", "max_value"] {
        if let Some(x) = o.get(k).filter(|x| !x.is_null()) {
            if !matches!(kind, 4 | 10) || !x.is_number() {
                v.push(
                    &at(p, &[k]),
                    "APPLICATION_COMMAND_OPTION_BOUND_INVALID",
                    "Only integer and number options have bounds",
                );
            }
        }
    }
    if let (Some(lo), Some(hi)) = (
        o.get("min_value").and_then(Value::as_f64),
        o.get("max_value").and_then(Value::as_f64),
    ) {
        if lo > hi {
            v.push(
                &at(p, &["min_value"]),
                "APPLICATION_COMMAND_OPTION_BOUND_INVALID",
                "min_value must be at most max_value",
            );
        }
    }
    // serenity sends `channel_types: []` with every option, which Discord takes.
    let types = o
        .get("channel_types")
        .filter(|x| x.as_array().is_none_or(|a| !a.is_empty()));
    if let Some(types) = types.filter(|x| !x.is_null()) {
        if kind != 7 {
            v.push(
                &at(p, &["channel_types"]),
                "APPLICATION_COMMAND_OPTION_CHANNEL_TYPES_INVALID",
                "Only channel options have channel types",
            );
        }
        for (j, t) in types.as_array().into_iter().flatten().enumerate() {
            let j = j.to_string();
            v.choice(
                &at(p, &["channel_types", j.as_str()]),
                Some(t),
                &[0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 16],
                true,
            );
        }
    }
}
