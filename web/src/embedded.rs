//! What the two ways of opening the table inside a chat client share — Discord's Activity
//! and Element's room widget: their page's shell, their JSON answers, and the step after the
//! login, where the application layer answers the user's link to the game of the place, as
//! `/game web` or `!vliv web` would there.

use std::sync::Arc;

use axum::{
    http::{header, HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde_json::json;
use vliv_engine::{Lang, Text};
use vliv_service::{
    app::{execute, Answer, Origin, Refusal, Request, Target},
    i18n::tr,
    service::{Place, Platform, UserId},
};

use crate::{
    page::{esc, say},
    reader::language,
    Web,
};

/// The reader's language: the one asked for, or their browser's.
pub fn lang_of(asked: Option<&str>, headers: &HeaderMap) -> Lang {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    language(asked, accept, Lang::En)
}

/// The page when its way in is not configured: `off` says so.
pub fn off_page(lang: Lang, off: &'static str) -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CACHE_CONTROL, "no-store")],
        axum::response::Html(crate::page::refusal(lang, off)),
    )
        .into_response()
}

/// The page the client opens: its `script` logs in and opens the table; `main` is the
/// main element's id and data attributes; `connecting` and `failed` are what it shows.
pub fn shell(
    lang: Lang,
    script: &str,
    main: &str,
    connecting: &'static str,
    failed: &'static str,
) -> Response {
    let body = format!(
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Vliv</title><link rel=\"stylesheet\" href=\"/assets/table.css\">\
         {script}</head><body><main {main} data-failed=\"{failed}\"><h1>Vliv</h1>\
         <p role=\"status\">{connecting}</p></main></body></html>\n",
        lang = lang.code(),
        failed = esc(&say(lang, Text::new(failed))),
        connecting = esc(&say(lang, Text::new(connecting))),
    );
    (
        [
            (header::CACHE_CONTROL, "no-store"),
            (header::CONTENT_SECURITY_POLICY, "default-src 'self'"),
        ],
        axum::response::Html(body),
    )
        .into_response()
}

/// A JSON answer, never cached.
pub fn answer(status: StatusCode, body: serde_json::Value) -> Response {
    (status, [(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
}

/// A refusal the page shows: `key`'s text in the reader's language.
pub fn refused(lang: Lang, status: StatusCode, key: &'static str) -> Response {
    answer(status, json!({ "error": say(lang, Text::new(key)) }))
}

/// The path of `user`'s table of the game at `place` (their seat's view, or the public
/// one), as the application layer answers it; or why not. `what` names the way in for
/// the log.
pub async fn table_path(
    web: &Arc<Web>,
    platform: Platform,
    user: UserId,
    place: Place,
    lang: Lang,
    what: &'static str,
) -> Response {
    let origin = Origin {
        platform,
        user,
        place,
        admin: false,
        private: false,
        key: None,
        reads: Some(lang),
        name: None,
    };
    let failed = || refused(lang, StatusCode::SERVICE_UNAVAILABLE, "web-failed");
    match execute(&web.service, &origin, Request::WebLink(Target::Here)).await {
        Ok(outcome) => match outcome.answer {
            // The path only: inside Discord the page lives under Discord's proxy.
            Answer::WebLink { url, .. } => match url.find("/t/") {
                Some(at) => answer(StatusCode::OK, json!({ "path": &url[at..] })),
                None => failed(),
            },
            _ => failed(),
        },
        Err(Refusal::Refused(text)) => answer(
            StatusCode::NOT_FOUND,
            json!({ "error": tr(lang, &text, &|s| lang.seat_name(s)) }),
        ),
        Err(Refusal::Failed(e) | Refusal::NotShown(e)) => {
            tracing::warn!(error = %e, way = what, "a table opened in a chat client failed");
            failed()
        }
    }
}
