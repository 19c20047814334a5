//! Harness pages: a `data:` page playing the host's parent frame (Discord's client for an
//! Activity, Element for a widget) around the table, and scripts run in that frame.

use std::time::Duration;

use fantoccini::Client;
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde_json::{json, Value};

use crate::PATIENCE;

/// RFC 3986's unreserved characters stay; everything else is escaped.
const ESCAPED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// `s` percent-encoded for a URL's query or a `data:` address.
pub fn encode(s: &str) -> String {
    utf8_percent_encode(s, ESCAPED).to_string()
}

/// A `data:` page framing `src` (390 px wide, as a phone) and running `script`, which
/// plays the parent's side; the frame is `document.getElementById("app")`.
pub fn data_page(src: &str, script: &str) -> String {
    let html = format!(
        r#"<!doctype html><html lang="en"><head><title>Harness</title></head><body>
<iframe id="app" title="The table" src="{src}" width="390" height="700"></iframe>
<script>
window.seen = [];
{script}
</script></body></html>"#
    );
    format!("data:text/html;charset=utf-8,{}", encode(&html))
}

/// Runs `script` in the harness's frame until it returns something truthy; on failure
/// says what the frame shows and what the harness saw (`window.seen`).
pub async fn in_frame(page: &Client, script: &str) -> Value {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let _ = page.enter_parent_frame().await;
        if page.enter_frame(0).await.is_ok() {
            if let Ok(value) = page.execute(script, vec![]).await {
                if !value.is_null() && value != json!(false) && value != json!("") {
                    return value;
                }
            }
        }
        if tokio::time::Instant::now() > deadline {
            let frame = page
                .execute(
                    "return location.href + ' ' + document.documentElement.outerHTML;",
                    vec![],
                )
                .await;
            let _ = page.enter_parent_frame().await;
            let seen = page
                .execute("return JSON.stringify(window.seen);", vec![])
                .await;
            panic!("the frame never answered {script}: frame {frame:?}; harness saw {seen:?}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
