//! What a message body shows, whichever layout the server chose: the embed layout or one
//! Components V2 message (`VLIV_TEST_LAYOUT`). The tests that read a title, a picture or
//! the fields read them here.

use fakecord::validate::{v2_texts, IS_COMPONENTS_V2};
use serde_json::Value;

/// The body is a Components V2 message.
pub fn is_v2(body: &Value) -> bool {
    body["flags"].as_u64().unwrap_or(0) & IS_COMPONENTS_V2 != 0
}

/// The message's title: the embed's, or the V2 heading (`### …`).
pub fn title(body: &Value) -> Option<String> {
    if let Some(t) = body.pointer("/embeds/0/title").and_then(Value::as_str) {
        return Some(t.to_owned());
    }
    v2_texts(&body["components"])
        .into_iter()
        .find_map(|t| t.strip_prefix("### ").map(str::to_owned))
}

/// The body shows a table or a panel: an embed, or V2 components.
pub fn shows_embed_or_v2(body: &Value) -> bool {
    body["embeds"].as_array().is_some_and(|e| !e.is_empty()) || is_v2(body)
}

/// The picture a message shows (`attachment://…`): its embed's image or its gallery's item.
pub fn picture(embeds: &Value, components: &Value) -> Option<String> {
    if let Some(url) = embeds.pointer("/0/image/url").and_then(Value::as_str) {
        return Some(url.to_owned());
    }
    components
        .as_array()?
        .iter()
        .find(|c| c["type"] == 12)
        .and_then(|g| g.pointer("/items/0/media/url"))
        .and_then(Value::as_str)
        .map(str::to_owned)
}

/// The fields a message shows as (name, value): an embed's, or the V2 text displays that
/// open with a bold name.
pub fn fields(embeds: &Value, components: &Value) -> Vec<(String, String)> {
    if let Some(fields) = embeds.pointer("/0/fields").and_then(Value::as_array) {
        return fields
            .iter()
            .map(|f| {
                let s = |k: &str| f[k].as_str().unwrap_or_default().to_owned();
                (s("name"), s("value"))
            })
            .collect();
    }
    v2_texts(components)
        .into_iter()
        .filter_map(|t| {
            let rest = t.strip_prefix("**")?;
            let (name, value) = rest.split_once("**")?;
            Some((name.to_owned(), value.trim_start_matches('\n').to_owned()))
        })
        .collect()
}
