//! The few client-server API calls the bot makes (Matrix spec v1.x, `/_matrix/client/v3`),
//! over reqwest, with the shapes of their answers as plain serde types. Nothing here knows
//! a game; the access token never reaches a log line or an error.

use std::time::Duration;

use reqwest::{Method, Url};
use serde::{de::DeserializeOwned, Deserialize};
use serde_json::{json, Value};

/// Why a call failed; carries no token and no message body.
#[derive(Debug, thiserror::Error)]
pub enum MatrixError {
    #[error("the homeserver URL `{0}` is not a URL")]
    BadUrl(String),
    #[error("cannot reach the homeserver: {0}")]
    Transport(#[from] reqwest::Error),
    #[error("the homeserver answered {status} {errcode} to {what}")]
    Refused {
        what: &'static str,
        status: u16,
        errcode: String,
    },
}

impl MatrixError {
    pub fn status(&self) -> Option<u16> {
        match self {
            MatrixError::Refused { status, .. } => Some(*status),
            _ => None,
        }
    }
}

pub type MatrixResult<T> = Result<T, MatrixError>;

/// How the bot proves who it is.
#[derive(Clone)]
pub enum Credentials {
    AccessToken(String),
    Password(String),
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Credentials::AccessToken(_) => f.write_str("AccessToken(…)"),
            Credentials::Password(_) => f.write_str("Password(…)"),
        }
    }
}

/// The longest a call waits in all for a rate limit to pass before it fails.
const MAX_RATE_LIMIT_WAIT: Duration = Duration::from_secs(30);

/// The device the bot logs in as with a password: the same one after every restart, so
/// the homeserver recognises a repeated send by its transaction id (MSC3970).
const DEVICE_ID: &str = "VLIVBOT";

#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    base: Url,
    token: String,
    pub user_id: String,
}

#[derive(Debug, Default, Deserialize)]
pub struct SyncResponse {
    pub next_batch: String,
    #[serde(default)]
    pub rooms: SyncRooms,
}

#[derive(Debug, Default, Deserialize)]
pub struct SyncRooms {
    #[serde(default)]
    pub join: std::collections::BTreeMap<String, JoinedRoom>,
    #[serde(default)]
    pub invite: std::collections::BTreeMap<String, Value>,
}

#[derive(Debug, Default, Deserialize)]
pub struct JoinedRoom {
    #[serde(default)]
    pub timeline: Timeline,
    #[serde(default)]
    pub state: Timeline,
}

#[derive(Debug, Default, Deserialize)]
pub struct Timeline {
    #[serde(default)]
    pub events: Vec<RoomEvent>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct RoomEvent {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub event_id: String,
    #[serde(default)]
    pub sender: String,
    #[serde(default)]
    pub content: Value,
    #[serde(default)]
    pub state_key: Option<String>,
}

impl RoomEvent {
    /// The plain text of a message, unless it is an edit (an edit's command was read
    /// when it was first sent).
    pub fn text(&self) -> Option<&str> {
        if self.kind != "m.room.message" || self.content.get("m.new_content").is_some() {
            return None;
        }
        self.content.get("body")?.as_str()
    }
}

/// A message: the plain body every client shows, and the HTML body rich clients show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub body: String,
    pub html: String,
}

impl Client {
    /// Connects as the configured user: checks an access token with `whoami`, or logs in
    /// with the password (always as the same device).
    pub async fn login(
        homeserver: &str,
        user_id: &str,
        creds: &Credentials,
    ) -> MatrixResult<Client> {
        let base = Url::parse(homeserver).map_err(|_| MatrixError::BadUrl(homeserver.into()))?;
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(90))
            .build()?;
        let mut client = Client {
            http,
            base,
            token: String::new(),
            user_id: user_id.into(),
        };
        match creds {
            Credentials::AccessToken(token) => client.token = token.clone(),
            Credentials::Password(password) => {
                let login: Value = client
                    .call(
                        "login",
                        Method::POST,
                        &["login"],
                        &[],
                        Some(json!({
                            "type": "m.login.password",
                            "identifier": {"type": "m.id.user", "user": user_id},
                            "password": password,
                            "device_id": DEVICE_ID,
                            "initial_device_display_name": "Vliv",
                        })),
                    )
                    .await?;
                client.token = login["access_token"].as_str().unwrap_or_default().into();
            }
        }
        let me: Value = client
            .call("whoami", Method::GET, &["account", "whoami"], &[], None)
            .await?;
        if let Some(id) = me["user_id"].as_str() {
            client.user_id = id.into();
        }
        Ok(client)
    }

    fn url(&self, path: &[&str], query: &[(&str, &str)]) -> Url {
        let mut url = self.base.clone();
        {
            let mut segments = url
                .path_segments_mut()
                .expect("an http(s) URL has path segments");
            segments.pop_if_empty();
            segments.extend(["_matrix", "client", "v3"]);
            segments.extend(path);
        }
        if !query.is_empty() {
            url.query_pairs_mut().extend_pairs(query);
        }
        url
    }

    async fn call<T: DeserializeOwned>(
        &self,
        what: &'static str,
        method: Method,
        path: &[&str],
        query: &[(&str, &str)],
        body: Option<Value>,
    ) -> MatrixResult<T> {
        let mut waited = Duration::ZERO;
        loop {
            let mut request = self.http.request(method.clone(), self.url(path, query));
            if !self.token.is_empty() {
                request = request.bearer_auth(&self.token);
            }
            if let Some(body) = &body {
                request = request.json(body);
            }
            let response = request.send().await?;
            let status = response.status();
            if status.is_success() {
                return Ok(response.json().await?);
            }
            let answer = response.json::<Value>().await.unwrap_or_default();
            // A rate-limited call waits as the homeserver asks, a while at most: a
            // transaction id makes a repeated send safe.
            if status.as_u16() == 429 {
                let asked = answer["retry_after_ms"].as_u64().unwrap_or(1_000);
                let pause = Duration::from_millis(asked.clamp(50, 10_000));
                if waited + pause <= MAX_RATE_LIMIT_WAIT {
                    tracing::info!(what, wait_ms = pause.as_millis() as u64, "rate limited");
                    tokio::time::sleep(pause).await;
                    waited += pause;
                    continue;
                }
            }
            return Err(MatrixError::Refused {
                what,
                status: status.as_u16(),
                errcode: answer["errcode"].as_str().unwrap_or_default().to_owned(),
            });
        }
    }

    /// Waits up to `timeout` for events after `since` (everything, the first time).
    pub async fn sync(&self, since: Option<&str>, timeout: Duration) -> MatrixResult<SyncResponse> {
        // Only what the bot reads: messages, and whether a room is encrypted.
        let filter = json!({
            "presence": {"not_types": ["*"]},
            "account_data": {"not_types": ["*"]},
            "room": {
                "timeline": {
                    "limit": 500,
                    "types": ["m.room.message", "m.room.encrypted", "m.room.encryption"],
                },
                "state": {"types": ["m.room.encryption"]},
                "ephemeral": {"not_types": ["*"]},
                "account_data": {"not_types": ["*"]},
            },
        })
        .to_string();
        let timeout_ms = timeout.as_millis().to_string();
        let mut query = vec![
            ("filter", filter.as_str()),
            ("timeout", timeout_ms.as_str()),
        ];
        if let Some(since) = since {
            query.push(("since", since));
        }
        self.call("sync", Method::GET, &["sync"], &query, None)
            .await
    }

    /// Sends a message; the same `txn` sends it once however often it is tried.
    pub async fn send(&self, room: &str, txn: &str, message: &Message) -> MatrixResult<String> {
        self.send_content(room, txn, message_content(message)).await
    }

    /// Sends a message as the answer to `event` (clients show the command it answers).
    pub async fn send_reply(
        &self,
        room: &str,
        txn: &str,
        event: &str,
        message: &Message,
    ) -> MatrixResult<String> {
        let mut content = message_content(message);
        content["m.relates_to"] = json!({"m.in_reply_to": {"event_id": event}});
        self.send_content(room, txn, content).await
    }

    /// Replaces the text of an earlier message of the bot (`m.replace`).
    pub async fn edit(
        &self,
        room: &str,
        txn: &str,
        event: &str,
        message: &Message,
    ) -> MatrixResult<String> {
        let mut content = message_content(&Message {
            body: format!("* {}", message.body),
            html: format!("* {}", message.html),
        });
        content["m.new_content"] = message_content(message);
        content["m.relates_to"] = json!({"rel_type": "m.replace", "event_id": event});
        self.send_content(room, txn, content).await
    }

    async fn send_content(&self, room: &str, txn: &str, content: Value) -> MatrixResult<String> {
        let sent: Value = self
            .call(
                "send",
                Method::PUT,
                &["rooms", room, "send", "m.room.message", txn],
                &[],
                Some(content),
            )
            .await?;
        Ok(sent["event_id"].as_str().unwrap_or_default().into())
    }

    /// Uploads a PNG to the media repository; returns its `mxc://` URI.
    pub async fn upload_png(&self, filename: &str, png: Vec<u8>) -> MatrixResult<String> {
        let mut url = self.base.clone();
        url.path_segments_mut()
            .expect("an http(s) URL has path segments")
            .pop_if_empty()
            .extend(["_matrix", "media", "v3", "upload"]);
        url.query_pairs_mut().append_pair("filename", filename);
        let response = self
            .http
            .post(url)
            .bearer_auth(&self.token)
            .header(reqwest::header::CONTENT_TYPE, "image/png")
            .body(png)
            .send()
            .await?;
        let status = response.status();
        if !status.is_success() {
            return Err(MatrixError::Refused {
                what: "upload",
                status: status.as_u16(),
                errcode: String::new(),
            });
        }
        let uploaded: Value = response.json().await?;
        Ok(uploaded["content_uri"].as_str().unwrap_or_default().into())
    }

    /// Sends an uploaded picture (`m.image`) with its plain-text name.
    pub async fn send_image(
        &self,
        room: &str,
        txn: &str,
        name: &str,
        mxc: &str,
        size: usize,
    ) -> MatrixResult<String> {
        let content = json!({
            "msgtype": "m.image",
            "body": name,
            "url": mxc,
            "info": {"mimetype": "image/png", "size": size},
        });
        self.send_content(room, txn, content).await
    }

    pub async fn join(&self, room: &str) -> MatrixResult<()> {
        let _: Value = self
            .call("join", Method::POST, &["join", room], &[], Some(json!({})))
            .await?;
        Ok(())
    }

    /// A new unencrypted direct-message room with `user`, who is invited to it.
    pub async fn create_direct_room(&self, user: &str) -> MatrixResult<String> {
        let created: Value = self
            .call(
                "createRoom",
                Method::POST,
                &["createRoom"],
                &[],
                Some(json!({
                    "preset": "trusted_private_chat",
                    "is_direct": true,
                    "invite": [user],
                    "name": "Vliv",
                })),
            )
            .await?;
        Ok(created["room_id"].as_str().unwrap_or_default().into())
    }

    /// Every state event of a room (power levels, creation, …).
    pub async fn room_state(&self, room: &str) -> MatrixResult<Vec<Value>> {
        self.call("state", Method::GET, &["rooms", room, "state"], &[], None)
            .await
    }
}

fn message_content(message: &Message) -> Value {
    json!({
        "msgtype": "m.text",
        "body": message.body,
        "format": "org.matrix.custom.html",
        "formatted_body": message.html,
    })
}

/// Whether `user` may change the room's settings, read from the room's state events: a
/// creator of a room of version 12 or later (who stands above every power level), or a
/// power level reaching the level the room asks for state changes (moderators and admins,
/// 50 by default).
pub fn is_moderator(state: &[Value], user: &str) -> bool {
    let of_kind = |kind: &str| {
        state
            .iter()
            .find(|e| e["type"] == kind && e["state_key"] == "")
    };
    if let Some(create) = of_kind("m.room.create") {
        let version = create["content"]["room_version"].as_str().unwrap_or("1");
        let creators_privileged = version.parse::<u32>().is_ok_and(|v| v >= 12)
            || version.starts_with("org.matrix.hydra");
        let additional = create["content"]["additional_creators"].as_array();
        let is_creator =
            create["sender"] == user || additional.is_some_and(|a| a.iter().any(|c| c == user));
        if creators_privileged && is_creator {
            return true;
        }
    }
    let Some(pl) = of_kind("m.room.power_levels").map(|e| &e["content"]) else {
        // No power levels: the spec asks level 0 for state changes.
        return true;
    };
    let level = |v: &Value| v.as_i64();
    let user_level = pl["users"]
        .get(user)
        .and_then(level)
        .or_else(|| level(&pl["users_default"]))
        .unwrap_or(0);
    let needed = level(&pl["state_default"]).unwrap_or(50);
    user_level >= needed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(version: &str, creator: &str, pl: Value) -> Vec<Value> {
        vec![
            json!({"type": "m.room.create", "state_key": "", "sender": creator,
                   "content": {"room_version": version}}),
            json!({"type": "m.room.power_levels", "state_key": "", "content": pl}),
        ]
    }

    #[test]
    fn moderators_reach_the_state_level_and_members_do_not() {
        let pl = json!({
            "users": {"@mod:x": 50, "@admin:x": 100},
            "users_default": 0,
            "state_default": 50,
        });
        let room = state("10", "@admin:x", pl.clone());
        assert!(is_moderator(&room, "@mod:x"));
        assert!(is_moderator(&room, "@admin:x"));
        assert!(!is_moderator(&room, "@someone:x"));
        let everyone = state("10", "@admin:x", json!({"users_default": 50}));
        assert!(is_moderator(&everyone, "@someone:x"));
        // Room version 12: the creator is in no power level list and outranks them all.
        let v12 = state("12", "@owner:x", pl.clone());
        assert!(is_moderator(&v12, "@owner:x"));
        assert!(!is_moderator(&v12, "@someone:x"));
        // Before 12 the creator is only as high as the list says.
        assert!(!is_moderator(&state("10", "@owner:x", pl), "@owner:x"));
    }

    #[test]
    fn room_ids_are_escaped_in_paths_and_the_token_is_not_in_debug() {
        let client = Client {
            http: reqwest::Client::new(),
            base: Url::parse("https://hs.example/").unwrap(),
            token: "secret-token".into(),
            user_id: "@vliv:hs.example".into(),
        };
        let url = client.url(&["rooms", "!a/b:hs.example", "send"], &[]);
        assert_eq!(
            url.as_str(),
            "https://hs.example/_matrix/client/v3/rooms/!a%2Fb:hs.example/send"
        );
        let creds = Credentials::AccessToken("secret-token".into());
        assert!(!format!("{creds:?}").contains("secret"));
    }
}
