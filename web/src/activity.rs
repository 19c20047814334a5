//! The table as a Discord Activity: Discord opens `/activity` in the channel's frame, the
//! page's script (Discord's Embedded App SDK, served by the bot) gets an authorization code
//! for the player, and posts it here with the channel the Activity was launched in. The code
//! is exchanged at Discord's OAuth2 token endpoint, the player read from `/users/@me`, and
//! the application layer answers their link to the game of that channel, as `/game web`
//! would there: the page then opens it. The channel is not the page's word: the page posts
//! the Activity's instance id, the bot reads that instance from Discord (`GET /applications/
//! {app}/activity-instances/{instance}`, with the bot's token) and takes its channel, if the
//! player is in it; a page claiming another channel is refused. The code and the token are
//! never logged.

use std::sync::Arc;

use axum::{
    extract::State,
    http::{HeaderMap, StatusCode},
    response::Response,
    Json,
};
use serde::Deserialize;
use vliv_service::service::{ChannelId, GuildId, Place, Platform, UserId};

use crate::{
    embedded::{lang_of, off_page, refused, shell, table_path},
    page::esc,
    Web,
};

/// The Discord application the Activity belongs to.
#[derive(Clone, Debug)]
pub struct ActivityLogin {
    /// The application's id (OAuth2's client id).
    pub client_id: String,
    pub client_secret: String,
    /// Discord's API, e.g. `https://discord.com/api/v10`.
    pub api: String,
    /// The bot's token, which reads the application's Activity instances.
    pub bot_token: String,
}

/// What the page posts.
#[derive(Deserialize)]
pub struct Posted {
    code: String,
    /// The Embedded App SDK's `instanceId`.
    instance_id: Option<String>,
    guild_id: Option<String>,
    channel_id: Option<String>,
}

/// The page Discord opens.
pub async fn page(State(web): State<Arc<Web>>, headers: HeaderMap) -> Response {
    let lang = lang_of(None, &headers);
    let Some(login) = &web.activity else {
        return off_page(lang, "web-activity-off");
    };
    shell(
        lang,
        "<script type=\"module\" src=\"/assets/activity.js\"></script>",
        &format!("id=\"activity\" data-client=\"{}\"", esc(&login.client_id)),
        "web-activity-connecting",
        "web-activity-refused",
    )
}

/// A code posted: the player's table in the channel, or why not.
pub async fn session(
    State(web): State<Arc<Web>>,
    headers: HeaderMap,
    posted: Result<Json<Posted>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let lang = lang_of(None, &headers);
    let refused = |status, key| refused(lang, status, key);
    let Some(login) = &web.activity else {
        return refused(StatusCode::NOT_FOUND, "web-activity-off");
    };
    let Ok(Json(posted)) = posted else {
        return refused(StatusCode::BAD_REQUEST, "web-activity-refused");
    };
    let (user, name) = match player(&web.http, login, &posted.code).await {
        Ok(player) => player,
        Err(why) => {
            tracing::info!(%why, "an Activity's code refused");
            return refused(StatusCode::FORBIDDEN, "web-activity-refused");
        }
    };
    let Some(instance) = posted.instance_id.as_deref().filter(|i| !i.is_empty()) else {
        return refused(StatusCode::NOT_FOUND, "web-activity-no-channel");
    };
    let (guild, channel) = match launched_in(&web.http, login, instance, user).await {
        Ok(Some(place)) => place,
        Ok(None) => return refused(StatusCode::NOT_FOUND, "web-activity-no-channel"),
        Err(why) => {
            tracing::info!(%why, "an Activity's instance refused");
            return refused(StatusCode::FORBIDDEN, "web-activity-refused");
        }
    };
    // What the page says of its place must be the instance's.
    let claimed = (
        posted
            .guild_id
            .as_deref()
            .and_then(|g| g.parse::<u64>().ok()),
        posted
            .channel_id
            .as_deref()
            .and_then(|c| c.parse::<u64>().ok()),
    );
    if claimed != (Some(guild), Some(channel)) {
        tracing::info!("an Activity's page claimed another channel than its instance's");
        return refused(StatusCode::FORBIDDEN, "web-activity-wrong-channel");
    }
    // Discord's ids are the service's own (a snowflake stands for itself).
    let (user, place) = (
        UserId(user),
        Place::channel(GuildId(guild), ChannelId(channel)),
    );
    // Discord told who this is: their public name, for the pages that list players.
    if let Err(e) = web.service.remember_display_name(user, &name).await {
        tracing::warn!(error = %e, "a display name was not kept");
    }
    table_path(&web, Platform::Discord, user, place, lang, "activity").await
}

/// The Discord user `code` was given to: exchanged at the token endpoint, then read with
/// the token at `/users/@me`.
/// Their id and display name.
async fn player(
    http: &reqwest::Client,
    login: &ActivityLogin,
    code: &str,
) -> Result<(u64, String), String> {
    let answer = http
        .post(format!("{}/oauth2/token", login.api))
        .form(&[
            ("client_id", login.client_id.as_str()),
            ("client_secret", login.client_secret.as_str()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ])
        .send()
        .await
        .map_err(|e| format!("the token endpoint: {e}"))?;
    let status = answer.status();
    let body: serde_json::Value = answer.json().await.unwrap_or_default();
    if !status.is_success() {
        return Err(format!(
            "the token endpoint said {status} {}",
            body["error"]
        ));
    }
    let token = body["access_token"]
        .as_str()
        .ok_or("no access token in the answer")?;
    let me = http
        .get(format!("{}/users/@me", login.api))
        .bearer_auth(token)
        .send()
        .await
        .map_err(|e| format!("/users/@me: {e}"))?;
    let status = me.status();
    if !status.is_success() {
        return Err(format!("/users/@me said {status}"));
    }
    let me: serde_json::Value = me.json().await.map_err(|e| e.to_string())?;
    let id = me["id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .ok_or_else(|| "no user id in /users/@me".to_owned())?;
    // The name Discord shows: the global name where the user set one, else the username.
    let name = me["global_name"]
        .as_str()
        .or(me["username"].as_str())
        .unwrap_or_default()
        .to_owned();
    Ok((id, name))
}

/// The (guild, channel) of the Activity instance `instance`, as Discord answers it, if
/// `user` is connected to it (`None`: a private channel's instance, which holds no game).
async fn launched_in(
    http: &reqwest::Client,
    login: &ActivityLogin,
    instance: &str,
    user: u64,
) -> Result<Option<(u64, u64)>, String> {
    // The instance id is the player's input: a path segment of its own, escaped by `Url`.
    let mut url = reqwest::Url::parse(&login.api).map_err(|e| format!("the API address: {e}"))?;
    url.path_segments_mut()
        .map_err(|()| "the API address has no path".to_owned())?
        .pop_if_empty()
        .extend([
            "applications",
            &login.client_id,
            "activity-instances",
            instance,
        ]);
    let answer = http
        .get(url)
        .header("authorization", format!("Bot {}", login.bot_token))
        .send()
        .await
        .map_err(|e| format!("the instance endpoint: {}", e.without_url()))?;
    let status = answer.status();
    if !status.is_success() {
        return Err(format!("the instance endpoint said {status}"));
    }
    let body: serde_json::Value = answer.json().await.map_err(|e| e.to_string())?;
    let connected = body["users"]
        .as_array()
        .is_some_and(|users| users.iter().any(|u| u.as_str() == Some(&user.to_string())));
    if !connected {
        return Err("the player is not in the instance".to_owned());
    }
    let id = |key: &str| body["location"][key].as_str().and_then(|v| v.parse().ok());
    Ok(id("guild_id").zip(id("channel_id")))
}
