//! The page's own style and script, served by the bot (no other host is ever asked).

use axum::http::header;
use axum::response::IntoResponse;

const CSS: &str = include_str!("../assets/table.css");
const JS: &str = include_str!("../assets/table.js");
const ACTIVITY: &str = include_str!("../assets/activity.js");
const WIDGET: &str = include_str!("../assets/widget.js");
const WAIT: &str = include_str!("../assets/wait.js");
/// Discord's Embedded App SDK, vendored (see `assets/vendor/README.md`).
const DISCORD_SDK: &str = include_str!("../assets/vendor/discord-embedded-app-sdk.mjs");

pub async fn css() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        CSS,
    )
}

pub async fn js() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        JS,
    )
}

pub async fn activity_js() -> impl IntoResponse {
    script(ACTIVITY)
}

pub async fn widget_js() -> impl IntoResponse {
    script(WIDGET)
}

pub async fn wait_js() -> impl IntoResponse {
    script(WAIT)
}

pub async fn discord_sdk() -> impl IntoResponse {
    script(DISCORD_SDK)
}

fn script(body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
}
