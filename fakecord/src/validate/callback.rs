//! Interaction callbacks (`POST /interactions/{id}/{token}/callback`): the response `type`
//! the interaction's own type allows, and the `data` each type takes. A message `data`
//! (types 4 and 7) is checked as a message by the caller.

use serde_json::Value;

use super::{at, commands::check_localizations, components, Violations};

/// The callback types an interaction of type `interaction` (2 command, 3 component,
/// 4 autocomplete, 5 modal submit) may answer with.
pub fn allowed_callbacks(interaction: u8) -> &'static [u64] {
    match interaction {
        2 => &[4, 5, 9, 12],
        3 => &[4, 5, 6, 7, 9, 12],
        4 => &[8],
        5 => &[4, 5, 6, 7, 12],
        _ => &[],
    }
}

/// The `errors` tree of a callback body that Discord would refuse for an interaction of
/// type `interaction`, apart from its message `data` (types 4 and 7).
pub fn check_callback(body: &Value, interaction: u8) -> Option<Value> {
    let mut v = Violations::default();
    let kind = v.choice(
        &["type"],
        body.get("type"),
        allowed_callbacks(interaction),
        true,
    );
    let data = body.get("data").filter(|d| !d.is_null());
    match (kind, data) {
        (Some(5), Some(d)) => {
            // A deferred reply takes only its flags (ephemeral or not).
            if let Some(f) = d.get("flags").filter(|f| !f.is_null()) {
                if f.as_u64().is_none_or(|f| f & !(64 | 4096) != 0) {
                    v.push(&["data", "flags"], "MESSAGE_FLAGS_INVALID", "Invalid flags");
                }
            }
        }
        (Some(8), d) => autocomplete(&mut v, d),
        (Some(9), d) => modal(&mut v, d),
        (Some(4), None) => {
            v.push(&["data"], "BASE_TYPE_REQUIRED", "This field is required");
        }
        _ => {}
    }
    v.into_errors()
}

fn autocomplete(v: &mut Violations, d: Option<&Value>) {
    let choices = v.list(
        &["data", "choices"],
        d.and_then(|d| d.get("choices")),
        0,
        25,
    );
    for (i, c) in choices.iter().enumerate() {
        let i = i.to_string();
        let p = ["data", "choices", i.as_str()];
        v.text(&at(&p, &["name"]), c.get("name"), 1, 100, true);
        match c.get("value") {
            Some(Value::String(_)) => {
                v.text(&at(&p, &["value"]), c.get("value"), 0, 100, true);
            }
            Some(Value::Number(_)) => {}
            _ => v.push(
                &at(&p, &["value"]),
                "BASE_TYPE_REQUIRED",
                "This field is required",
            ),
        }
        if let Some(l) = c.get("name_localizations").filter(|l| !l.is_null()) {
            check_localizations(v, &at(&p, &["name_localizations"]), l, 1, 100);
        }
    }
}

fn modal(v: &mut Violations, d: Option<&Value>) {
    let Some(d) = d else {
        v.push(&["data"], "BASE_TYPE_REQUIRED", "This field is required");
        return;
    };
    v.text(&["data", "custom_id"], d.get("custom_id"), 1, 100, true);
    v.text(&["data", "title"], d.get("title"), 1, 45, true);
    let rows = v.list(&["data", "components"], d.get("components"), 1, 5);
    components::check_modal_rows(v, &["data", "components"], rows);
}
