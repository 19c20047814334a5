//! Discord's limits on a message body, checked as Discord does: a violation is a 400 with
//! code 50035 ("Invalid Form Body") and an `errors` tree naming the offending field.

use serde_json::Value;

use crate::validate::{self, Use, Violations};

pub const CONTENT: usize = 2000;
pub const EMBEDS: usize = 10;
pub const EMBED_TITLE: usize = 256;
pub const EMBED_DESCRIPTION: usize = 4096;
pub const EMBED_FIELDS: usize = 25;
pub const FIELD_NAME: usize = 256;
pub const FIELD_VALUE: usize = 1024;
pub const FOOTER: usize = 2048;
pub const EMBED_TOTAL: usize = 6000;
pub const ROWS: usize = 5;
pub const BUTTONS_PER_ROW: usize = 5;
pub const BUTTON_LABEL: usize = 80;
pub const CUSTOM_ID: usize = 100;
pub const SELECT_OPTIONS: usize = 25;
pub const OPTION_TEXT: usize = 100;
pub const PLACEHOLDER: usize = 150;

/// Why Discord refuses a message body.
#[derive(Debug, PartialEq)]
pub enum Refused {
    /// Nothing to show: 400 with code 50006 "Cannot send an empty message".
    Empty,
    /// 400 / 50035 with this `errors` tree.
    Invalid(Value),
}

/// The `errors` tree of a message body (a create, an edit, an interaction response's
/// `data`) that breaks Discord's limits or its shape rules common to every use; `None` if
/// it is within them. [`check_message_as`] adds the rules of one use.
pub fn check_message(body: &Value) -> Option<Value> {
    match check_message_as(body, Use::Edit, true) {
        Err(Refused::Invalid(e)) => Some(e),
        _ => None,
    }
}

/// A message body sent as `usage` (`files`: the request carries files), checked as
/// Discord checks it: lengths and counts, flags allowed there, components, allowed
/// mentions, and that a new message shows something.
pub fn check_message_as(body: &Value, usage: Use, files: bool) -> Result<(), Refused> {
    let mut v = Violations::default();
    let shown = validate::check_shape(&mut v, body, usage, files);
    let lengths = limits(body, v);
    match (lengths.into_errors(), shown) {
        (Some(e), _) => Err(Refused::Invalid(e)),
        (None, Err(())) => Err(Refused::Empty),
        (None, Ok(())) => Ok(()),
    }
}

/// Discord's length and count limits of a message body, added to `v`.
fn limits(body: &Value, mut v: Violations) -> Violations {
    v.max_len(&["content"], body.get("content"), CONTENT);
    if let Some(embeds) = body.get("embeds").and_then(Value::as_array) {
        v.too_many(&["embeds"], embeds.len(), EMBEDS);
        let mut total = 0;
        for (i, e) in embeds.iter().enumerate() {
            let i = i.to_string();
            total += v.max_len(&["embeds", &i, "title"], e.get("title"), EMBED_TITLE);
            total += v.max_len(
                &["embeds", &i, "description"],
                e.get("description"),
                EMBED_DESCRIPTION,
            );
            total += v.max_len(
                &["embeds", &i, "footer", "text"],
                e.pointer("/footer/text"),
                FOOTER,
            );
            let fields = e.get("fields").and_then(Value::as_array);
            let fields = fields.map(Vec::as_slice).unwrap_or_default();
            v.too_many(&["embeds", &i, "fields"], fields.len(), EMBED_FIELDS);
            for (j, f) in fields.iter().enumerate() {
                let j = j.to_string();
                let name = v.max_len(
                    &["embeds", &i, "fields", &j, "name"],
                    f.get("name"),
                    FIELD_NAME,
                );
                let value = v.max_len(
                    &["embeds", &i, "fields", &j, "value"],
                    f.get("value"),
                    FIELD_VALUE,
                );
                // Discord rejects empty field names and values too.
                if name == 0 || value == 0 {
                    v.0.push((
                        vec!["embeds".into(), i.clone(), "fields".into(), j.clone()],
                        "BASE_TYPE_REQUIRED",
                        "This field is required".into(),
                    ));
                }
                total += name + value;
            }
        }
        if total > EMBED_TOTAL {
            v.0.push((
                vec!["embeds".into()],
                "MAX_EMBED_SIZE_EXCEEDED",
                format!("Embed size exceeds maximum size of {EMBED_TOTAL}"),
            ));
        }
    }
    if let Some(rows) = body.get("components").and_then(Value::as_array) {
        if validate::is_v2(body) {
            // Components V2: no limit of five rows (`validate/v2.rs` counts all 40), each
            // action row wherever it is nested keeps its legacy limits.
            for (path, row) in action_rows(rows, vec!["components".into()]) {
                let path: Vec<&str> = path.iter().map(String::as_str).collect();
                row_limits(&mut v, &path, row);
            }
        } else {
            v.too_many(&["components"], rows.len(), ROWS);
            for (i, row) in rows.iter().enumerate() {
                let i = i.to_string();
                row_limits(&mut v, &["components", &i], row);
            }
        }
    }
    v
}

/// The action rows of a V2 tree (in containers too), each with its path.
fn action_rows(list: &[Value], path: Vec<String>) -> Vec<(Vec<String>, &Value)> {
    let mut out = Vec::new();
    for (i, c) in list.iter().enumerate() {
        let mut p = path.clone();
        p.push(i.to_string());
        match c.get("type").and_then(Value::as_u64) {
            Some(1) => out.push((p, c)),
            Some(17) => {
                let children = c.get("components").and_then(Value::as_array);
                let children = children.map(Vec::as_slice).unwrap_or_default();
                p.push("components".into());
                out.extend(action_rows(children, p));
            }
            _ => {}
        }
    }
    out
}

/// One action row's limits: up to five buttons or exactly one select menu, and the lengths
/// of their texts.
fn row_limits(v: &mut Violations, path: &[&str], row: &Value) {
    let items = row.get("components").and_then(Value::as_array);
    let items = items.map(Vec::as_slice).unwrap_or_default();
    let is_select = items
        .iter()
        .any(|c| c.get("type").and_then(Value::as_u64) != Some(2));
    let inside = [path, &["components"]].concat();
    v.too_many(
        &inside,
        items.len(),
        if is_select { 1 } else { BUTTONS_PER_ROW },
    );
    for (j, c) in items.iter().enumerate() {
        let j = j.to_string();
        let item = [&inside[..], &[j.as_str()]].concat();
        let at = |k: &'static str| [&item[..], &[k]].concat();
        v.max_len(&at("custom_id"), c.get("custom_id"), CUSTOM_ID);
        v.max_len(&at("label"), c.get("label"), BUTTON_LABEL);
        v.max_len(&at("placeholder"), c.get("placeholder"), PLACEHOLDER);
        if let Some(opts) = c.get("options").and_then(Value::as_array) {
            if opts.is_empty() {
                v.too_many(&at("options"), usize::MAX, SELECT_OPTIONS);
            }
            v.too_many(&at("options"), opts.len(), SELECT_OPTIONS);
            for (k, o) in opts.iter().enumerate() {
                let k = k.to_string();
                let p = [&at("options")[..], &[k.as_str()]].concat();
                v.max_len(&[&p[..], &["label"]].concat(), o.get("label"), OPTION_TEXT);
                v.max_len(&[&p[..], &["value"]].concat(), o.get("value"), OPTION_TEXT);
                v.max_len(
                    &[&p[..], &["description"]].concat(),
                    o.get("description"),
                    OPTION_TEXT,
                );
            }
        }
    }
}

impl Violations {
    fn max_len(&mut self, path: &[&str], v: Option<&Value>, max: usize) -> usize {
        let n = v.and_then(Value::as_str).map_or(0, |s| s.chars().count());
        if n > max {
            self.push(
                path,
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be {max} or fewer in length."),
            );
        }
        n
    }

    fn too_many(&mut self, path: &[&str], n: usize, max: usize) {
        if n > max {
            self.push(
                path,
                "BASE_TYPE_BAD_LENGTH",
                format!("Must be between 1 and {max} in length."),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_message_within_the_limits_passes() {
        let body = json!({
            "content": "hi",
            "embeds": [{ "title": "t", "description": "d", "fields": [{ "name": "n", "value": "v" }] }],
            "components": [{ "type": 1, "components": [{ "type": 2, "style": 1, "label": "Join", "custom_id": "vj:1" }] }],
        });
        assert_eq!(check_message(&body), None);
    }

    #[test]
    fn a_long_description_and_six_buttons_are_named_in_the_error_tree() {
        let button = json!({ "type": 2, "style": 1, "label": "x", "custom_id": "x" });
        let body = json!({
            "embeds": [{ "description": "x".repeat(4097) }],
            "components": [{ "type": 1, "components": vec![button; 6] }],
        });
        let errors = check_message(&body).expect("over the limits");
        assert!(errors
            .pointer("/embeds/0/description/_errors/0/code")
            .is_some());
        assert!(errors.pointer("/components/0/components/_errors").is_some());
    }

    #[test]
    fn twenty_six_select_options_are_refused() {
        let opt = json!({ "label": "a", "value": "a" });
        let body = json!({
            "components": [{ "type": 1, "components": [{ "type": 3, "custom_id": "m", "options": vec![opt; 26] }] }],
        });
        assert!(check_message(&body).is_some());
    }
}
