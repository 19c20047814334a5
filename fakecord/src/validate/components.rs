//! Message components as Discord validates them: action rows (at the top of a legacy
//! message; anywhere Components V2 allows, `v2.rs`), buttons and select menus inside,
//! text inputs only in modals.

use std::collections::HashSet;

use serde_json::Value;

use super::{at, Violations};

/// Component types (Discord's `type` values).
pub const ACTION_ROW: u64 = 1;
pub const BUTTON: u64 = 2;
pub const STRING_SELECT: u64 = 3;
pub const TEXT_INPUT: u64 = 4;
/// Button styles: primary, secondary, success, danger take a `custom_id`; link takes a
/// `url`; premium takes a `sku_id`.
const LINK: u64 = 5;
const PREMIUM: u64 = 6;

/// The top-level `components` of a message: up to five action rows, each with up to five
/// buttons or exactly one select menu, custom ids unique in the message.
pub(crate) fn check_rows(v: &mut Violations, rows: &[Value]) {
    let mut ids = HashSet::new();
    for (i, row) in rows.iter().enumerate() {
        let i = i.to_string();
        let path = ["components", i.as_str()];
        if v.choice(&at(&path, &["type"]), row.get("type"), &[ACTION_ROW], true) != Some(ACTION_ROW)
        {
            continue;
        }
        check_row(v, &path, row, &mut ids);
    }
}

/// An action row at `path` (at the top of a legacy message, or anywhere a Components V2
/// message allows one): its buttons or select, custom ids unique in the message (`ids`).
pub(crate) fn check_row(v: &mut Violations, path: &[&str], row: &Value, ids: &mut HashSet<String>) {
    // At most five buttons or one select: counted in `limits.rs`.
    let items = v.list(
        &at(path, &["components"]),
        row.get("components"),
        1,
        usize::MAX,
    );
    for (j, c) in items.iter().enumerate() {
        let j = j.to_string();
        let p = at(path, &["components", j.as_str()]);
        // Buttons, string selects, and user, role, mentionable and channel selects.
        let allowed = [BUTTON, STRING_SELECT, 5, 6, 7, 8];
        match v.choice(&at(&p, &["type"]), c.get("type"), &allowed, true) {
            Some(BUTTON) => check_button(v, &p, c, ids),
            Some(kind) => {
                select(v, &p, c, kind);
                unique_id(v, &p, c, ids);
            }
            None => {}
        }
    }
}

/// A button at `p` (in a row, or a V2 section's accessory), its custom id unique.
pub(crate) fn check_button(v: &mut Violations, p: &[&str], c: &Value, ids: &mut HashSet<String>) {
    button(v, p, c);
    unique_id(v, p, c, ids);
}

fn unique_id(v: &mut Violations, p: &[&str], c: &Value, ids: &mut HashSet<String>) {
    if let Some(id) = c.get("custom_id").and_then(Value::as_str) {
        if !ids.insert(id.to_owned()) {
            v.push(
                &at(p, &["custom_id"]),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            );
        }
    }
}

fn button(v: &mut Violations, p: &[&str], c: &Value) {
    let style = v.choice(
        &at(p, &["style"]),
        c.get("style"),
        &[1, 2, 3, 4, 5, 6],
        true,
    );
    let has = |k: &str| c.get(k).is_some_and(|x| !x.is_null());
    v.text(&at(p, &["label"]), c.get("label"), 0, usize::MAX, false);
    v.boolean(&at(p, &["disabled"]), c.get("disabled"));
    match style {
        Some(LINK) => {
            v.text(&at(p, &["url"]), c.get("url"), 1, 512, true);
            if has("custom_id") {
                v.push(
                    &at(p, &["custom_id"]),
                    "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                    "A link button cannot have a custom id",
                );
            }
        }
        Some(PREMIUM) => {
            if !has("sku_id") {
                v.push(
                    &at(p, &["sku_id"]),
                    "BASE_TYPE_REQUIRED",
                    "This field is required",
                );
            }
            for k in ["custom_id", "url", "label", "emoji"] {
                if has(k) {
                    v.push(
                        &at(p, &[k]),
                        "BUTTON_COMPONENT_INVALID_FIELD",
                        "A premium button cannot have this field",
                    );
                }
            }
        }
        Some(_) => {
            v.text(
                &at(p, &["custom_id"]),
                c.get("custom_id"),
                1,
                usize::MAX,
                true,
            );
            if has("url") {
                v.push(
                    &at(p, &["url"]),
                    "BUTTON_COMPONENT_URL_NOT_ALLOWED",
                    "Only link buttons can have a url",
                );
            }
        }
        None => {}
    }
    // A non-premium button shows a label or an emoji.
    if style.is_some_and(|s| s != PREMIUM)
        && c.get("label")
            .and_then(Value::as_str)
            .is_none_or(str::is_empty)
        && !has("emoji")
    {
        v.push(
            &at(p, &["label"]),
            "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
            "A button needs a label or an emoji",
        );
    }
}

fn select(v: &mut Violations, p: &[&str], c: &Value, kind: u64) {
    v.text(
        &at(p, &["custom_id"]),
        c.get("custom_id"),
        1,
        usize::MAX,
        true,
    );
    v.text(
        &at(p, &["placeholder"]),
        c.get("placeholder"),
        0,
        usize::MAX,
        false,
    );
    v.boolean(&at(p, &["disabled"]), c.get("disabled"));
    let min = v
        .int(&at(p, &["min_values"]), c.get("min_values"), 0, 25)
        .unwrap_or(1);
    let max = v
        .int(&at(p, &["max_values"]), c.get("max_values"), 1, 25)
        .unwrap_or(1);
    if min > max {
        v.push(
            &at(p, &["min_values"]),
            "SELECT_COMPONENT_MIN_VALUES_ABOVE_MAX",
            "min_values must be at most max_values",
        );
    }
    if kind != STRING_SELECT {
        if c.get("options").is_some_and(|o| !o.is_null()) {
            v.push(
                &at(p, &["options"]),
                "SELECT_COMPONENT_OPTIONS_NOT_ALLOWED",
                "Only string selects have options",
            );
        }
        return;
    }
    let options = v.list(&at(p, &["options"]), c.get("options"), 1, usize::MAX);
    if !options.is_empty() && max as usize > options.len() {
        v.push(
            &at(p, &["max_values"]),
            "SELECT_COMPONENT_MAX_VALUES_ABOVE_OPTIONS",
            "max_values must be at most the number of options",
        );
    }
    let mut values = HashSet::new();
    let mut defaults = 0;
    for (k, o) in options.iter().enumerate() {
        let k = k.to_string();
        let q = at(p, &["options", k.as_str()]);
        v.text(&at(&q, &["label"]), o.get("label"), 1, usize::MAX, true);
        v.text(&at(&q, &["value"]), o.get("value"), 1, usize::MAX, true);
        v.text(
            &at(&q, &["description"]),
            o.get("description"),
            0,
            100,
            false,
        );
        v.boolean(&at(&q, &["default"]), o.get("default"));
        if o.get("default").and_then(Value::as_bool) == Some(true) {
            defaults += 1;
        }
        if let Some(value) = o.get("value").and_then(Value::as_str) {
            if !values.insert(value.to_owned()) {
                v.push(
                    &at(&q, &["value"]),
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select options must have distinct values",
                );
            }
        }
    }
    if defaults > max {
        v.push(
            &at(p, &["options"]),
            "SELECT_COMPONENT_TOO_MANY_DEFAULTS",
            "More default options than max_values",
        );
    }
}

/// A modal's `components`: one to five action rows, each holding one text input.
pub(crate) fn check_modal_rows(v: &mut Violations, path: &[&str], rows: &[Value]) {
    for (i, row) in rows.iter().enumerate() {
        let i = i.to_string();
        let p = at(path, &[i.as_str()]);
        if v.choice(&at(&p, &["type"]), row.get("type"), &[ACTION_ROW], true) != Some(ACTION_ROW) {
            continue;
        }
        let items = v.list(&at(&p, &["components"]), row.get("components"), 1, 1);
        for (j, c) in items.iter().enumerate() {
            let j = j.to_string();
            let q = at(&p, &["components", j.as_str()]);
            if v.choice(&at(&q, &["type"]), c.get("type"), &[TEXT_INPUT], true) != Some(TEXT_INPUT)
            {
                continue;
            }
            text_input(v, &q, c);
        }
    }
}

fn text_input(v: &mut Violations, q: &[&str], c: &Value) {
    v.text(&at(q, &["custom_id"]), c.get("custom_id"), 1, 100, true);
    v.choice(&at(q, &["style"]), c.get("style"), &[1, 2], true);
    v.text(&at(q, &["label"]), c.get("label"), 1, 45, true);
    let min = v.int(&at(q, &["min_length"]), c.get("min_length"), 0, 4000);
    let max = v.int(&at(q, &["max_length"]), c.get("max_length"), 1, 4000);
    if let (Some(min), Some(max)) = (min, max) {
        if min > max {
            v.push(
                &at(q, &["min_length"]),
                "TEXT_INPUT_MIN_ABOVE_MAX",
                "min_length must be at most max_length",
            );
        }
    }
    v.boolean(&at(q, &["required"]), c.get("required"));
    v.text(&at(q, &["value"]), c.get("value"), 0, 4000, false);
    v.text(
        &at(q, &["placeholder"]),
        c.get("placeholder"),
        0,
        100,
        false,
    );
}
