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
    http::{HeaderMap, StatusCode},
    response::Response,
    Json,
};
use serde::Deserialize;
use vliv_service::service::{Place, Platform};

use crate::{
    embedded::{lang_of, off_page, refused, shell, table_path},
    page::esc,
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

/// The page Element opens.
pub async fn page(
    State(web): State<Arc<Web>>,
    Query(opened): Query<Opened>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(opened.lang.as_deref(), &headers);
    if web.widget.is_none() {
        return off_page(lang, "web-widget-off");
    }
    let room = esc(opened.room.as_deref().unwrap_or_default());
    shell(
        lang,
        "<script defer src=\"/assets/widget.js\"></script>",
        &format!(
            "id=\"widget\" data-room=\"{room}\" data-lang=\"{}\"",
            lang.code()
        ),
        "web-widget-connecting",
        "web-widget-refused",
    )
}

/// A token posted: the user's table in the room, or why not.
pub async fn session(
    State(web): State<Arc<Web>>,
    Query(opened): Query<Opened>,
    headers: HeaderMap,
    posted: Result<Json<Posted>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let lang = lang_of(opened.lang.as_deref(), &headers);
    let refused = |status, key| refused(lang, status, key);
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
    let place = Place::room(room);
    table_path(&web, Platform::Matrix, user, place, lang, "widget").await
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
