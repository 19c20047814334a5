//! The shape of a message body: its `flags` where it is sent, `allowed_mentions`, embeds'
//! enum fields, components, and that it shows something.

use serde_json::Value;

use super::{at, components, v2, Use, Violations};

/// Message flags Discord lets a sender set.
const SUPPRESS_EMBEDS: u64 = 1 << 2;
const EPHEMERAL: u64 = 1 << 6;
const SUPPRESS_NOTIFICATIONS: u64 = 1 << 12;
const IS_VOICE_MESSAGE: u64 = 1 << 13;
pub const IS_COMPONENTS_V2: u64 = 1 << 15;
/// Discord's "Cannot send an empty message".
pub const CODE_EMPTY_MESSAGE: u64 = 50006;

impl Use {
    /// The flags a body may carry here (Discord's docs of each endpoint).
    fn flags(self) -> u64 {
        match self {
            Use::Create => {
                SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_VOICE_MESSAGE | IS_COMPONENTS_V2
            }
            Use::Interaction => {
                SUPPRESS_EMBEDS | EPHEMERAL | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2
            }
            // An edit may set or unset only SUPPRESS_EMBEDS; the others are sent back as the
            // message has them (IS_COMPONENTS_V2 cannot be removed, EPHEMERAL is kept).
            Use::Edit => SUPPRESS_EMBEDS | EPHEMERAL | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2,
        }
    }
}

/// The body carries the `IS_COMPONENTS_V2` flag.
pub fn is_v2(body: &Value) -> bool {
    body.get("flags")
        .and_then(Value::as_u64)
        .is_some_and(|f| f & IS_COMPONENTS_V2 != 0)
}

/// Shape violations of a message body sent as `usage`; `files`: the request carries files.
/// `Err(())` if the body shows nothing at all (Discord answers 50006, not 50035).
pub(crate) fn check_shape(
    v: &mut Violations,
    body: &Value,
    usage: Use,
    files: bool,
) -> Result<(), ()> {
    if !body.is_object() && !body.is_null() {
        v.push(
            &[],
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        );
        return Ok(());
    }
    if let Some(flags) = body.get("flags").filter(|f| !f.is_null()) {
        match flags.as_u64() {
            Some(f) if f & !usage.flags() == 0 => {}
            _ => v.push(
                &["flags"],
                "MESSAGE_FLAGS_INVALID",
                "Invalid flags for this request",
            ),
        }
    }
    // Lengths and counts are `limits.rs`'s; here only the types and shapes.
    v.text(&["content"], body.get("content"), 0, usize::MAX, false);
    v.text(
        &["nonce"],
        body.get("nonce").filter(|n| n.is_string()),
        0,
        25,
        false,
    );
    v.boolean(&["tts"], body.get("tts"));
    if let Some(am) = body.get("allowed_mentions").filter(|a| !a.is_null()) {
        allowed_mentions(v, am);
    }
    let embeds = v.list(&["embeds"], body.get("embeds"), 0, usize::MAX);
    for (i, e) in embeds.iter().enumerate() {
        let i = i.to_string();
        embed(v, &["embeds", i.as_str()], e);
    }
    if is_v2(body) {
        v2::check(v, body);
    } else {
        let rows = v.list(&["components"], body.get("components"), 0, usize::MAX);
        components::check_rows(v, rows);
    }
    // A new message must show something; an edit may change only part of one.
    let shows = |k: &str| match body.get(k) {
        Some(Value::String(s)) => !s.is_empty(),
        Some(Value::Array(a)) => !a.is_empty(),
        Some(Value::Null) | None => false,
        Some(_) => true,
    };
    let empty = !["content", "embeds", "components", "sticker_ids", "poll"]
        .iter()
        .any(|k| shows(k))
        && !files;
    if usage != Use::Edit && empty {
        return Err(());
    }
    Ok(())
}

fn allowed_mentions(v: &mut Violations, am: &Value) {
    let p = ["allowed_mentions"];
    if !am.is_object() {
        v.push(
            &p,
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        );
        return;
    }
    let parse = v.list(&at(&p, &["parse"]), am.get("parse"), 0, 3);
    let mut parsed = Vec::new();
    for (i, x) in parse.iter().enumerate() {
        let i = i.to_string();
        match x.as_str() {
            Some(s @ ("roles" | "users" | "everyone")) => parsed.push(s),
            _ => v.push(
                &at(&p, &["parse", i.as_str()]),
                "BASE_TYPE_CHOICES",
                "Value must be one of ('roles', 'users', 'everyone').",
            ),
        }
    }
    for (kind, list) in [("users", "users"), ("roles", "roles")] {
        let ids = v.list(&at(&p, &[list]), am.get(list), 0, 100);
        for (i, id) in ids.iter().enumerate() {
            if id.as_str().is_none_or(|s| s.parse::<u64>().is_err()) && !id.is_u64() {
                let i = i.to_string();
                v.push(
                    &at(&p, &[list, i.as_str()]),
                    "NUMBER_TYPE_COERCE",
                    "Value is not snowflake.",
                );
            }
        }
        // `parse: ["users"]` and a `users` list are mutually exclusive.
        if !ids.is_empty() && parsed.contains(&kind) {
            v.push(
                &at(&p, &[list]),
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                format!("parse:[\"{kind}\"] and {list}: [ids] are mutually exclusive."),
            );
        }
    }
    v.boolean(&at(&p, &["replied_user"]), am.get("replied_user"));
}

fn embed(v: &mut Violations, p: &[&str], e: &Value) {
    if let Some(t) = e.get("type").filter(|t| !t.is_null()) {
        if t.as_str() != Some("rich") {
            v.push(
                &at(p, &["type"]),
                "BASE_TYPE_CHOICES",
                "Webhook embeds must be rich",
            );
        }
    }
    v.int(&at(p, &["color"]), e.get("color"), 0, 0xFF_FFFF);
    v.text(&at(p, &["url"]), e.get("url"), 0, 2048, false);
    for k in ["image", "thumbnail"] {
        if let Some(img) = e.get(k).filter(|x| !x.is_null()) {
            v.text(&at(p, &[k, "url"]), img.get("url"), 1, 2048, true);
        }
    }
    if let Some(footer) = e.get("footer").filter(|x| !x.is_null()) {
        v.text(
            &at(p, &["footer", "text"]),
            footer.get("text"),
            1,
            usize::MAX,
            true,
        );
    }
    if let Some(author) = e.get("author").filter(|x| !x.is_null()) {
        v.text(
            &at(p, &["author", "name"]),
            author.get("name"),
            1,
            256,
            true,
        );
    }
    let fields = v.list(&at(p, &["fields"]), e.get("fields"), 0, usize::MAX);
    for (j, f) in fields.iter().enumerate() {
        let j = j.to_string();
        v.boolean(&at(p, &["fields", j.as_str(), "inline"]), f.get("inline"));
    }
}
