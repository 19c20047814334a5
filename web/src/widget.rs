//! The table as a Matrix room widget: Element opens `/widget?room=$matrix_room_id` in the
//! room's frame, the page's script asks Element for an OpenID token over the widget API
//! (`get_openid`) and posts it here with the room. The token is checked at the homeserver's
//! federation endpoint `openid/userinfo`, which answers whose it is; the application layer
//! then answers that user's link to the room's game, as `!vliv web` would in the room: the
//! page opens it. Only the configured homeserver's tokens are checked (a page cannot make the
//! bot call a server it names). The token is never logged.

use std::sync::Arc;

use axum::{
    extract::{Query, State},
    http::{header, HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde::Deserialize;
use serde_json::json;
use vliv_engine::{Lang, Text};
use vliv_service::{
    app::{execute, Answer, Origin, Refusal, Request, Target},
    i18n::tr,
    service::{Place, Platform},
};

use crate::{
    page::{esc, say},
    reader::language,
    Web,
};

/// The Matrix homeserver whose users the widget lets in.
#[derive(Clone, Debug)]
pub struct WidgetLogin {
    /// Its address (where its federation endpoints answer), e.g. `https://matrix.example.org`.
    pub homeserver: String,
    /// Its server name, the part after `:` of its users' ids, e.g. `example.org`.
    pub server_name: String,
}

#[derive(Deserialize)]
pub struct Opened {
    room: Option<String>,
    lang: Option<String>,
}

/// What the page posts: Element's OpenID credentials and the widget's room.
#[derive(Deserialize)]
pub struct Posted {
    access_token: String,
    matrix_server_name: String,
    room_id: String,
}

fn lang_of(asked: Option<&str>, headers: &HeaderMap) -> Lang {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    language(asked, accept, Lang::En)
}

/// The page Element opens.
pub async fn page(
    State(web): State<Arc<Web>>,
    Query(opened): Query<Opened>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(opened.lang.as_deref(), &headers);
    if web.widget.is_none() {
        return (
            StatusCode::NOT_FOUND,
            [(header::CACHE_CONTROL, "no-store")],
            axum::response::Html(crate::page::refusal(lang, "web-widget-off")),
        )
            .into_response();
    }
    let body = format!(
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Vliv</title><link rel=\"stylesheet\" href=\"/assets/table.css\">\
         <script defer src=\"/assets/widget.js\"></script></head>\
         <body><main id=\"widget\" data-room=\"{room}\" data-lang=\"{lang}\" \
         data-failed=\"{failed}\"><h1>Vliv</h1><p role=\"status\">{connecting}</p>\
         </main></body></html>\n",
        lang = lang.code(),
        room = esc(opened.room.as_deref().unwrap_or_default()),
        failed = esc(&say(lang, Text::new("web-widget-refused"))),
        connecting = esc(&say(lang, Text::new("web-widget-connecting"))),
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

fn answer(status: StatusCode, body: serde_json::Value) -> Response {
    (status, [(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
}

/// A token posted: the user's table in the room, or why not.
pub async fn session(
    State(web): State<Arc<Web>>,
    Query(opened): Query<Opened>,
    headers: HeaderMap,
    posted: Result<Json<Posted>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let lang = lang_of(opened.lang.as_deref(), &headers);
    let refused =
        |status, key: &'static str| answer(status, json!({ "error": say(lang, Text::new(key)) }));
    let Some(login) = &web.widget else {
        return refused(StatusCode::NOT_FOUND, "web-widget-off");
    };
    let Ok(Json(posted)) = posted else {
        return refused(StatusCode::BAD_REQUEST, "web-widget-refused");
    };
    if posted.matrix_server_name != login.server_name {
        tracing::info!(server = %posted.matrix_server_name, "a widget's token of another server");
        return refused(StatusCode::FORBIDDEN, "web-widget-refused");
    }
    let mxid = match user_of(&web.http, login, &posted.access_token).await {
        Ok(mxid) => mxid,
        Err(why) => {
            tracing::info!(%why, "a widget's OpenID token refused");
            return refused(StatusCode::FORBIDDEN, "web-widget-refused");
        }
    };
    // A room the bot has never seen has no game: no identity is made for it.
    let room = match web
        .service
        .known_identity(Platform::Matrix, &posted.room_id)
        .await
    {
        Ok(Some(room)) => room,
        Ok(None) => return refused(StatusCode::NOT_FOUND, "web-widget-no-game"),
        Err(e) => {
            tracing::warn!(error = %e, "a widget's room could not be read");
            return refused(StatusCode::SERVICE_UNAVAILABLE, "web-failed");
        }
    };
    let user = match web.service.identity(Platform::Matrix, &mxid).await {
        Ok(user) => user,
        Err(e) => {
            tracing::warn!(error = %e, "a widget's user could not be stored");
            return refused(StatusCode::SERVICE_UNAVAILABLE, "web-failed");
        }
    };
    // A Matrix room is its own server and channel.
    let origin = Origin {
        platform: Platform::Matrix,
        user,
        place: Place::channel(room, room),
        admin: false,
        private: false,
        key: None,
        reads: Some(lang),
    };
    match execute(&web.service, &origin, Request::WebLink(Target::Here)).await {
        Ok(outcome) => match outcome.answer {
            Answer::WebLink { url, .. } => match url.find("/t/") {
                Some(at) => answer(StatusCode::OK, json!({ "path": &url[at..] })),
                None => refused(StatusCode::SERVICE_UNAVAILABLE, "web-failed"),
            },
            _ => refused(StatusCode::SERVICE_UNAVAILABLE, "web-failed"),
        },
        Err(Refusal::Refused(text)) => answer(
            StatusCode::NOT_FOUND,
            json!({ "error": tr(lang, &text, &|s| lang.seat_name(s)) }),
        ),
        Err(Refusal::Failed(e) | Refusal::NotShown(e)) => {
            tracing::warn!(error = %e, "a widget's table failed");
            refused(StatusCode::SERVICE_UNAVAILABLE, "web-failed")
        }
    }
}

/// The Matrix user an OpenID token was given to, as the homeserver answers it
/// (`GET /_matrix/federation/v1/openid/userinfo`), one of its own users.
async fn user_of(
    http: &reqwest::Client,
    login: &WidgetLogin,
    token: &str,
) -> Result<String, String> {
    let answer = http
        .get(format!(
            "{}/_matrix/federation/v1/openid/userinfo",
            login.homeserver
        ))
        .query(&[("access_token", token)])
        .send()
        .await
        // Without the address: it holds the token.
        .map_err(|e| format!("the userinfo endpoint: {}", e.without_url()))?;
    let status = answer.status();
    let body: serde_json::Value = answer.json().await.unwrap_or_default();
    if !status.is_success() {
        return Err(format!(
            "the userinfo endpoint said {status} {}",
            body["errcode"]
        ));
    }
    let sub = body["sub"].as_str().ok_or("no user in the answer")?;
    match sub.strip_prefix('@').and_then(|s| s.split_once(':')) {
        Some((local, server)) if !local.is_empty() && server == login.server_name => {
            Ok(sub.to_owned())
        }
        _ => Err(format!("a user of another server: {sub}")),
    }
}
