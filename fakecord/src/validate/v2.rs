//! A message body with the `IS_COMPONENTS_V2` flag (`1 << 15`), as Discord validates it.
//!
//! Discord's component reference (https://discord.com/developers/docs/components/reference,
//! opening section): with the flag "the `content` and `embeds` fields will no longer work",
//! "the `poll` and `stickers` fields are disabled", "messages allow up to 40 total
//! components"; the message resource's create and edit tables
//! (https://discord.com/developers/docs/resources/message#create-message): "when the flag
//! `IS_COMPONENTS_V2` is set, the message can only contain `components`. Providing
//! `content`, `embeds`, `sticker_ids`, `poll` ... will fail with a 400", and in an edit
//! those fields must be reset to empty (`null`, `[]`). The 4000 characters of text across a
//! message are Discord's answer to longer ones (documented by the community reference
//! https://docs.discord.food/resources/components: "the combined length of all text across
//! all components cannot exceed 4000 characters"). The top-level limit of 10 was removed
//! (change log "Raised Component Limits").

use std::collections::HashSet;

use serde_json::Value;

use super::{at, components, Violations};

/// Component types of the reference's table "Component Types".
pub const SECTION: u64 = 9;
pub const TEXT_DISPLAY: u64 = 10;
pub const THUMBNAIL: u64 = 11;
pub const MEDIA_GALLERY: u64 = 12;
pub const FILE: u64 = 13;
pub const SEPARATOR: u64 = 14;
pub const CONTAINER: u64 = 17;

/// "Messages allow up to 40 total components", nested ones counted.
pub const MAX_COMPONENTS: usize = 40;
/// Characters of text across every text display of one message.
pub const MAX_TEXT: usize = 4000;
/// A media gallery's "1 to 10 media gallery items".
pub const GALLERY_ITEMS: usize = 10;
/// A thumbnail's or a gallery item's alt text: "max 1024 characters".
const ALT_TEXT: usize = 1024;

/// The top-level types a V2 message may hold ("top-level layout/content component" in each
/// component's description).
const TOP_LEVEL: [u64; 7] = [
    components::ACTION_ROW,
    SECTION,
    TEXT_DISPLAY,
    MEDIA_GALLERY,
    FILE,
    SEPARATOR,
    CONTAINER,
];
/// "Container Child Components".
const IN_CONTAINER: [u64; 6] = [
    components::ACTION_ROW,
    TEXT_DISPLAY,
    SECTION,
    MEDIA_GALLERY,
    SEPARATOR,
    FILE,
];

/// What a walk over the tree counts.
#[derive(Default)]
struct Totals {
    components: usize,
    text: usize,
    ids: HashSet<String>,
}

/// The V2 rules of a body carrying the flag: the legacy fields refused, the component tree,
/// its totals. Action rows are checked as in a legacy message (`components::check_row`).
pub(crate) fn check(v: &mut Violations, body: &Value) {
    let present = |k: &str| match body.get(k) {
        None | Some(Value::Null) => false,
        Some(Value::Array(a)) => !a.is_empty(),
        Some(_) => true,
    };
    // `content` must be null with the flag (an empty string is a value); the lists empty.
    for k in ["content", "embeds", "poll", "sticker_ids"] {
        if present(k) {
            v.push(
                &[k],
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                format!("The '{k}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"),
            );
        }
    }
    let top = v.list(&["components"], body.get("components"), 0, usize::MAX);
    let mut totals = Totals::default();
    for (i, c) in top.iter().enumerate() {
        let i = i.to_string();
        component(v, &["components", i.as_str()], c, &TOP_LEVEL, &mut totals);
    }
    if totals.components > MAX_COMPONENTS {
        v.push(
            &["components"],
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be {MAX_COMPONENTS} or fewer in length (nested components included)."),
        );
    }
    if totals.text > MAX_TEXT {
        v.push(
            &["components"],
            "COMPONENT_MAX_TEXT_LENGTH_EXCEEDED",
            format!("The total text of the components must be {MAX_TEXT} or fewer in length."),
        );
    }
}

/// One component at `p`, of a type among `allowed`, and its children.
fn component(v: &mut Violations, p: &[&str], c: &Value, allowed: &[u64], t: &mut Totals) {
    t.components += 1;
    let Some(kind) = v.choice(&at(p, &["type"]), c.get("type"), allowed, true) else {
        return;
    };
    match kind {
        components::ACTION_ROW => {
            // The row's buttons or select count as components too.
            t.components += c
                .get("components")
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            components::check_row(v, p, c, &mut t.ids);
        }
        TEXT_DISPLAY => {
            t.text += v.text(&at(p, &["content"]), c.get("content"), 1, usize::MAX, true);
        }
        SECTION => section(v, p, c, t),
        MEDIA_GALLERY => {
            let items = v.list(&at(p, &["items"]), c.get("items"), 1, GALLERY_ITEMS);
            for (j, item) in items.iter().enumerate() {
                let j = j.to_string();
                let q = at(p, &["items", j.as_str()]);
                media(v, &at(&q, &["media"]), item.get("media"), false);
                v.text(
                    &at(&q, &["description"]),
                    item.get("description"),
                    0,
                    ALT_TEXT,
                    false,
                );
                v.boolean(&at(&q, &["spoiler"]), item.get("spoiler"));
            }
        }
        FILE => {
            media(v, &at(p, &["file"]), c.get("file"), true);
            v.boolean(&at(p, &["spoiler"]), c.get("spoiler"));
        }
        SEPARATOR => {
            v.boolean(&at(p, &["divider"]), c.get("divider"));
            v.choice(&at(p, &["spacing"]), c.get("spacing"), &[1, 2], false);
        }
        CONTAINER => {
            v.int(
                &at(p, &["accent_color"]),
                c.get("accent_color"),
                0,
                0xFF_FFFF,
            );
            v.boolean(&at(p, &["spoiler"]), c.get("spoiler"));
            let children = v.list(&at(p, &["components"]), c.get("components"), 1, usize::MAX);
            for (j, child) in children.iter().enumerate() {
                let j = j.to_string();
                component(
                    v,
                    &at(p, &["components", j.as_str()]),
                    child,
                    &IN_CONTAINER,
                    t,
                );
            }
        }
        _ => {}
    }
}

/// A section: "one to three" text displays, and an accessory that is a thumbnail or a
/// button (Section Accessory Components).
fn section(v: &mut Violations, p: &[&str], c: &Value, t: &mut Totals) {
    let texts = v.list(&at(p, &["components"]), c.get("components"), 1, 3);
    for (j, child) in texts.iter().enumerate() {
        let j = j.to_string();
        component(
            v,
            &at(p, &["components", j.as_str()]),
            child,
            &[TEXT_DISPLAY],
            t,
        );
    }
    let q = at(p, &["accessory"]);
    let Some(accessory) = c.get("accessory").filter(|a| !a.is_null()) else {
        v.push(&q, "BASE_TYPE_REQUIRED", "This field is required");
        return;
    };
    t.components += 1;
    match v.choice(
        &at(&q, &["type"]),
        accessory.get("type"),
        &[components::BUTTON, THUMBNAIL],
        true,
    ) {
        Some(components::BUTTON) => components::check_button(v, &q, accessory, &mut t.ids),
        Some(_) => {
            media(v, &at(&q, &["media"]), accessory.get("media"), false);
            v.text(
                &at(&q, &["description"]),
                accessory.get("description"),
                0,
                ALT_TEXT,
                false,
            );
        }
        None => {}
    }
}

/// An unfurled media item: a `url`, `attachment://<filename>` only for a file component.
fn media(v: &mut Violations, p: &[&str], m: Option<&Value>, attachment_only: bool) {
    let Some(m) = m.filter(|m| !m.is_null()) else {
        v.push(p, "BASE_TYPE_REQUIRED", "This field is required");
        return;
    };
    v.text(&at(p, &["url"]), m.get("url"), 1, 2048, true);
    let url = m.get("url").and_then(Value::as_str).unwrap_or_default();
    let scheme_ok = if attachment_only {
        url.starts_with("attachment://")
    } else {
        ["attachment://", "https://", "http://"]
            .iter()
            .any(|s| url.starts_with(s))
    };
    if !url.is_empty() && !scheme_ok {
        v.push(
            &at(p, &["url"]),
            "UNFURLED_MEDIA_ITEM_URL_INVALID",
            "Scheme must be one of ('http', 'https', 'attachment').",
        );
    }
}

/// Every `attachment://` name a V2 component tree shows, with the path of its `url`.
pub fn attachment_refs(components: &Value) -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    walk_refs(components, vec!["components".into()], &mut out);
    out
}

fn walk_refs(v: &Value, path: Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
    match v {
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                let mut p = path.clone();
                p.push(i.to_string());
                walk_refs(x, p, out);
            }
        }
        Value::Object(o) => {
            for (k, x) in o {
                let mut p = path.clone();
                p.push(k.clone());
                if k == "url" {
                    if let Some(name) = x.as_str().and_then(|u| u.strip_prefix("attachment://")) {
                        out.push((p, name.to_owned()));
                    }
                } else {
                    walk_refs(x, p, out);
                }
            }
        }
        _ => {}
    }
}

/// The text displays' contents of a V2 component tree, in order (what a reader sees).
pub fn texts(components: &Value) -> Vec<String> {
    let mut out = Vec::new();
    walk_texts(components, &mut out);
    out
}

fn walk_texts(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Array(a) => a.iter().for_each(|x| walk_texts(x, out)),
        Value::Object(o) => {
            if o.get("type").and_then(Value::as_u64) == Some(TEXT_DISPLAY) {
                if let Some(s) = o.get("content").and_then(Value::as_str) {
                    out.push(s.to_owned());
                }
            }
            for (k, x) in o {
                if k == "components" || k == "accessory" {
                    walk_texts(x, out);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
#[path = "v2_tests.rs"]
mod tests;
