//! The few client-server API calls the bot makes, as ruma's request, response and event
//! content types sent through the bot's own reqwest client (ruma turns each request into
//! an `http::Request` and reads the answer back). Nothing here knows a game; the access
//! token never reaches a log line or an error.

mod attachments;
mod profile;
mod rooms;

use std::{borrow::Cow, collections::BTreeSet, sync::Arc, time::Duration};

use futures::future::BoxFuture;

use ruma::{
    api::{
        auth_scheme::{AuthScheme, SendAccessToken},
        client::{
            account::whoami,
            filter::{FilterDefinition, RoomEventFilter},
            message::send_message_event,
            redact::redact_event,
            session::login::{
                self,
                v3::{LoginInfo, Password},
            },
            sync::sync_events::{self, v3::Filter},
            uiaa::{MatrixUserIdentifier, UserIdentifier},
        },
        error::{Error as ApiError, ErrorBody, ErrorKind, FromHttpResponseError, RetryAfter},
        path_builder::PathBuilder,
        IncomingResponse as _, MatrixVersion, OutgoingRequest, SupportedVersions,
    },
    events::{
        relation::{InReplyTo, Reply},
        room::message::{Relation, ReplacementMetadata, RoomMessageEventContent},
        AnyMessageLikeEventContent, MessageLikeEventType,
    },
    exports::http,
    serde::Raw,
    EventId, OwnedRoomId, OwnedTransactionId, RoomId, UInt, UserId,
};

pub use sync_events::v3::Response as SyncResponse;

/// Why a call failed; carries no token and no message body.
#[derive(Debug, thiserror::Error)]
pub enum MatrixError {
    #[error("the homeserver URL `{0}` is not a URL")]
    BadUrl(String),
    #[error("`{0}` is not a Matrix id")]
    BadId(String),
    #[error("cannot reach the homeserver: {0}")]
    Transport(#[from] reqwest::Error),
    #[error("the request for {what} was not built: {reason}")]
    Request { what: &'static str, reason: String },
    #[error("the homeserver's answer to {what} was not understood: {reason}")]
    Answer { what: &'static str, reason: String },
    #[error("end-to-end encryption failed: {0}")]
    Encryption(String),
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
    base: String,
    token: String,
    /// The spec versions the bot speaks: ruma picks each endpoint's `/v3` path from it.
    versions: SupportedVersions,
    pub user_id: String,
    /// The device the homeserver knows this login as (its keys are this device's).
    pub device_id: Option<String>,
    /// Seals what goes into encrypted rooms; none: every room is sent to in the clear.
    encryption: Option<Arc<dyn Encryption>>,
    /// The time zones of users' profiles read lately.
    profile_zones: profile::ProfileZones,
}

/// End-to-end encryption as the client uses it (implemented by `crypto.rs`).
pub trait Encryption: Send + Sync {
    /// `content` of `event_type` encrypted for `room`'s members (the `m.room.encrypted`
    /// content to send), or `None` when the room is not encrypted.
    fn seal<'a>(
        &'a self,
        client: &'a Client,
        room: &'a RoomId,
        event_type: &'a str,
        content: Raw<AnyMessageLikeEventContent>,
    ) -> BoxFuture<'a, MatrixResult<Option<Raw<AnyMessageLikeEventContent>>>>;

    /// Whether the bot must encrypt what it sends into `room`.
    fn is_encrypted<'a>(
        &'a self,
        client: &'a Client,
        room: &'a RoomId,
    ) -> BoxFuture<'a, MatrixResult<bool>>;

    /// Whether a new DM room with `user` is made encrypted.
    fn wants_encrypted_dm<'a>(
        &'a self,
        client: &'a Client,
        user: &'a UserId,
    ) -> BoxFuture<'a, MatrixResult<bool>>;

    /// The bot made `room` encrypted.
    fn made_encrypted(&self, room: &RoomId);
}

/// A message: the plain body every client shows, and the HTML body rich clients show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub body: String,
    pub html: String,
}

impl Message {
    fn content(&self) -> RoomMessageEventContent {
        RoomMessageEventContent::text_html(&self.body, &self.html)
    }
}

fn room_id(room: &str) -> MatrixResult<OwnedRoomId> {
    RoomId::parse(room).map_err(|_| MatrixError::BadId(room.into()))
}

fn event_id(event: &str) -> MatrixResult<ruma::OwnedEventId> {
    EventId::parse(event).map_err(|_| MatrixError::BadId(event.into()))
}

impl Client {
    /// Connects as the configured user: checks an access token with `whoami`, or logs in
    /// with the password (always as the same device).
    pub async fn login(
        homeserver: &str,
        user_id: &str,
        creds: &Credentials,
    ) -> MatrixResult<Client> {
        let base =
            reqwest::Url::parse(homeserver).map_err(|_| MatrixError::BadUrl(homeserver.into()))?;
        if base.cannot_be_a_base() {
            return Err(MatrixError::BadUrl(homeserver.into()));
        }
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(90))
            .build()?;
        let mut client = Client {
            http,
            base: homeserver.trim_end_matches('/').to_owned(),
            token: String::new(),
            versions: SupportedVersions {
                versions: BTreeSet::from([MatrixVersion::V1_1]),
                features: BTreeSet::new(),
            },
            user_id: user_id.into(),
            device_id: None,
            encryption: None,
            profile_zones: Default::default(),
        };
        match creds {
            Credentials::AccessToken(token) => client.token = token.clone(),
            Credentials::Password(password) => {
                let who = UserIdentifier::Matrix(MatrixUserIdentifier::new(user_id.into()));
                let mut request = login::v3::Request::new(LoginInfo::Password(Password::new(
                    who,
                    password.clone(),
                )));
                request.device_id = Some(DEVICE_ID.into());
                request.initial_device_display_name = Some("Vliv".into());
                client.token = client.call("login", request).await?.access_token;
            }
        }
        let me = client.call("whoami", whoami::v3::Request::new()).await?;
        client.user_id = me.user_id.to_string();
        client.device_id = me.device_id.map(|d| d.to_string());
        Ok(client)
    }

    /// The same client, sealing what it sends into encrypted rooms with `encryption`.
    pub fn with_encryption(mut self, encryption: Arc<dyn Encryption>) -> Client {
        self.encryption = Some(encryption);
        self
    }

    /// Sends one request, waiting out rate limits as the homeserver asks (a while at most:
    /// a transaction id makes a repeated send safe).
    pub(crate) async fn call<R>(
        &self,
        what: &'static str,
        request: R,
    ) -> MatrixResult<R::IncomingResponse>
    where
        R: OutgoingRequest<EndpointError = ApiError>,
        for<'a> R::Authentication: AuthScheme<Input<'a> = SendAccessToken<'a>>,
        for<'a> R::PathBuilder: PathBuilder<Input<'a> = Cow<'a, SupportedVersions>>,
    {
        let mut waited = Duration::ZERO;
        loop {
            let token = match self.token.is_empty() {
                true => SendAccessToken::None,
                false => SendAccessToken::IfRequired(&self.token),
            };
            let outgoing: http::Request<Vec<u8>> = request
                .clone()
                .try_into_http_request(&self.base, token, Cow::Borrowed(&self.versions))
                .map_err(|e| MatrixError::Request {
                    what,
                    reason: e.to_string(),
                })?;
            let outgoing =
                reqwest::Request::try_from(outgoing).map_err(|e| MatrixError::Request {
                    what,
                    reason: e.to_string(),
                })?;
            let response = self.http.execute(outgoing).await?;
            let mut answer = http::Response::builder().status(response.status());
            if let Some(headers) = answer.headers_mut() {
                *headers = response.headers().clone();
            }
            let bytes = response.bytes().await?;
            let answer = answer
                .body(bytes.as_ref())
                .map_err(|e| MatrixError::Answer {
                    what,
                    reason: e.to_string(),
                })?;
            let error = match R::IncomingResponse::try_from_http_response(answer) {
                Ok(answer) => return Ok(answer),
                Err(FromHttpResponseError::Server(error)) => error,
                Err(e) => {
                    return Err(MatrixError::Answer {
                        what,
                        reason: e.to_string(),
                    })
                }
            };
            if let Some(pause) = rate_limit_pause(&error) {
                if waited + pause <= MAX_RATE_LIMIT_WAIT {
                    tracing::info!(what, wait_ms = pause.as_millis() as u64, "rate limited");
                    tokio::time::sleep(pause).await;
                    waited += pause;
                    continue;
                }
            }
            return Err(MatrixError::Refused {
                what,
                status: error.status_code.as_u16(),
                errcode: errcode(&error),
            });
        }
    }

    /// POSTs a JSON body to a `/v3` endpoint outside ruma's error model (user-interactive
    /// auth answers 401 with the session to continue); its status and JSON answer.
    pub(crate) async fn post_json(
        &self,
        path: &str,
        body: &serde_json::Value,
    ) -> MatrixResult<(u16, serde_json::Value)> {
        let response = self
            .http
            .post(format!("{}/_matrix/client/v3/{path}", self.base))
            .bearer_auth(&self.token)
            .json(body)
            .send()
            .await?;
        let status = response.status().as_u16();
        let answer = response.json().await.unwrap_or(serde_json::Value::Null);
        Ok((status, answer))
    }

    /// Waits up to `timeout` for events after `since` (everything, the first time).
    pub async fn sync(&self, since: Option<&str>, timeout: Duration) -> MatrixResult<SyncResponse> {
        let mut request = sync_events::v3::Request::new();
        request.filter = Some(Filter::FilterDefinition(sync_filter()));
        request.since = since.map(str::to_owned);
        request.timeout = Some(timeout);
        self.call("sync", request).await
    }

    /// Sends a message; the same `txn` sends it once however often it is tried.
    pub async fn send(&self, room: &str, txn: &str, message: &Message) -> MatrixResult<String> {
        self.send_content(room, txn, message.content()).await
    }

    /// Sends a message as the answer to `event` (clients show the command it answers).
    pub async fn send_reply(
        &self,
        room: &str,
        txn: &str,
        event: &str,
        message: &Message,
    ) -> MatrixResult<String> {
        let mut content = message.content();
        content.relates_to = Some(Relation::Reply(Reply::new(InReplyTo::new(event_id(
            event,
        )?))));
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
        let content = message
            .content()
            .make_replacement(ReplacementMetadata::new(event_id(event)?, None));
        self.send_content(room, txn, content).await
    }

    /// Sends `content`, encrypted when the room is. A repeated `txn` (from the same device)
    /// is sent once even though its ciphertext differs.
    async fn send_content(
        &self,
        room: &str,
        txn: &str,
        content: RoomMessageEventContent,
    ) -> MatrixResult<String> {
        let room = room_id(room)?;
        let request_error = |e: serde_json::Error| MatrixError::Request {
            what: "send",
            reason: e.to_string(),
        };
        let raw: Raw<AnyMessageLikeEventContent> =
            Raw::new(&content).map_err(request_error)?.cast_unchecked();
        let (event_type, body) = match &self.encryption {
            Some(encryption) => match encryption
                .seal(self, &room, "m.room.message", raw.clone())
                .await?
            {
                Some(sealed) => (MessageLikeEventType::RoomEncrypted, sealed),
                None => (MessageLikeEventType::RoomMessage, raw),
            },
            None => (MessageLikeEventType::RoomMessage, raw),
        };
        let request = send_message_event::v3::Request::new_raw(
            room,
            OwnedTransactionId::from(txn),
            event_type,
            body,
        );
        Ok(self.call("send", request).await?.event_id.to_string())
    }

    /// Takes back an earlier event of the bot (an outdated table picture).
    pub async fn redact(&self, room: &str, txn: &str, event: &str) -> MatrixResult<()> {
        let request = redact_event::v3::Request::new(
            room_id(room)?,
            event_id(event)?,
            OwnedTransactionId::from(txn),
        );
        self.call("redact", request).await?;
        Ok(())
    }
}

/// The error's code; also from a body that is no standard error (one without `error`).
fn errcode(error: &ApiError) -> String {
    match (&error.body, error.error_kind()) {
        (_, Some(kind)) => kind.errcode().to_string(),
        (ErrorBody::Json(json), None) => json["errcode"].as_str().unwrap_or_default().into(),
        _ => String::new(),
    }
}

/// How long a rate-limited call waits before it is sent again, if it was rate limited: as
/// long as `retry_after_ms` (or a `Retry-After` date) asks, within bounds.
fn rate_limit_pause(error: &ApiError) -> Option<Duration> {
    let asked = match (error.error_kind(), &error.body) {
        (Some(ErrorKind::LimitExceeded(data)), _) => match data.retry_after {
            Some(RetryAfter::Delay(delay)) => Some(delay),
            Some(RetryAfter::DateTime(at)) => Some(
                at.duration_since(std::time::SystemTime::now())
                    .unwrap_or_default(),
            ),
            None => None,
        },
        // A body without the standard `error` field is still read for its wait.
        (None, ErrorBody::Json(json)) if error.status_code.as_u16() == 429 => {
            json["retry_after_ms"].as_u64().map(Duration::from_millis)
        }
        _ if error.status_code.as_u16() == 429 => None,
        _ => return None,
    };
    let asked = asked.unwrap_or(Duration::from_secs(1));
    Some(asked.clamp(Duration::from_millis(50), Duration::from_secs(10)))
}

/// Only what the bot reads: messages, and whether a room is encrypted.
fn sync_filter() -> FilterDefinition {
    let mut nothing = ruma::api::client::filter::Filter::default();
    nothing.not_types = vec!["*".into()];
    let mut no_room_events = RoomEventFilter::default();
    no_room_events.not_types = vec!["*".into()];
    let mut timeline = RoomEventFilter::default();
    timeline.limit = Some(UInt::from(500u32));
    timeline.types = Some(
        ["m.room.message", "m.room.encrypted", "m.room.encryption"]
            .map(String::from)
            .to_vec(),
    );
    let mut state = RoomEventFilter::default();
    state.types = Some(vec!["m.room.encryption".into()]);
    let mut filter = FilterDefinition::default();
    filter.presence = nothing.clone();
    filter.account_data = nothing;
    filter.room.timeline = timeline;
    filter.room.state = state;
    filter.room.ephemeral = no_room_events.clone();
    filter.room.account_data = no_room_events;
    filter
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_send_goes_to_the_escaped_v3_path_and_the_token_is_not_in_debug() {
        let client = Client {
            http: reqwest::Client::new(),
            base: "https://hs.example".into(),
            token: "secret-token".into(),
            versions: SupportedVersions {
                versions: BTreeSet::from([MatrixVersion::V1_1]),
                features: BTreeSet::new(),
            },
            user_id: "@vliv:hs.example".into(),
            device_id: None,
            encryption: None,
            profile_zones: Default::default(),
        };
        let content = RoomMessageEventContent::text_html("hi", "<b>hi</b>");
        let request = send_message_event::v3::Request::new(
            room_id("!a/b:hs.example").unwrap(),
            OwnedTransactionId::from("t1"),
            &content,
        )
        .unwrap();
        let http: http::Request<Vec<u8>> = request
            .try_into_http_request(
                &client.base,
                SendAccessToken::IfRequired(&client.token),
                Cow::Borrowed(&client.versions),
            )
            .unwrap();
        assert_eq!(
            http.uri().to_string(),
            "https://hs.example/_matrix/client/v3/rooms/!a%2Fb:hs.example/send/m.room.message/t1"
        );
        let body: serde_json::Value = serde_json::from_slice(http.body()).unwrap();
        assert_eq!(body["format"], "org.matrix.custom.html");
        assert_eq!(body["formatted_body"], "<b>hi</b>");
        let creds = Credentials::AccessToken("secret-token".into());
        assert!(!format!("{creds:?}").contains("secret"));
    }

    #[test]
    fn an_edit_carries_the_new_content_and_the_replace_relation() {
        let message = Message {
            body: "new".into(),
            html: "<i>new</i>".into(),
        };
        let content = message
            .content()
            .make_replacement(ReplacementMetadata::new(event_id("$old").unwrap(), None));
        let json = serde_json::to_value(&content).unwrap();
        assert_eq!(json["m.relates_to"]["rel_type"], "m.replace");
        assert_eq!(json["m.relates_to"]["event_id"], "$old");
        assert_eq!(json["m.new_content"]["formatted_body"], "<i>new</i>");
        assert_eq!(json["body"], "* new");
    }
}
