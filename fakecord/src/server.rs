//! The HTTP side: every `/api/v10/...` call goes to [`World::handle`] and is recorded; the
//! gateway websocket at `/gateway` speaks HELLO, IDENTIFY → READY, heartbeats, and sends the
//! dispatches the world queues.

use std::{
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex,
    },
    time::Instant,
};

use axum::{
    body::Bytes,
    extract::{
        ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade},
        State,
    },
    http::{HeaderMap, HeaderValue, Method, StatusCode, Uri},
    response::{IntoResponse, Response},
    routing::{any, get, post},
    Router,
};
use serde_json::Value;
use tokio::sync::{mpsc, Notify};

use crate::{
    attachments::{self, Refused},
    gateway::{Frame, INVALID_SESSION_TOO_SOON},
    oauth::Grants,
    payload,
    world::World,
};

/// How often the client should heartbeat (Discord's usual figure).
const HEARTBEAT_MS: u64 = 41_250;

pub struct Shared {
    pub world: Mutex<World>,
    /// OAuth2's codes and tokens (an Activity's login), apart from the bot's world.
    oauth: Mutex<Grants>,
    /// Woken on every request and every gateway event, for the tests' waits.
    pub changed: Notify,
    next_conn: AtomicU64,
}

impl Shared {
    pub fn new(world: World) -> Shared {
        Shared {
            world: Mutex::new(world),
            oauth: Mutex::default(),
            changed: Notify::new(),
            next_conn: AtomicU64::new(1),
        }
    }

    pub fn lock(&self) -> std::sync::MutexGuard<'_, World> {
        self.world.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn oauth(&self) -> std::sync::MutexGuard<'_, Grants> {
        self.oauth.lock().unwrap_or_else(|p| p.into_inner())
    }
}

pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/gateway", get(gateway))
        .route("/api/v10/oauth2/token", post(token))
        .route("/api/v10/users/@me", get(me))
        .route("/api/v10/{*rest}", any(rest))
        .with_state(shared)
}

async fn rest(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Some(refused) = unauthorized(&shared, &headers) {
        return refused;
    }
    let now = Instant::now();
    let path = uri.path().trim_start_matches("/api/v10/").to_owned();
    let verdict = shared.lock().rate.admit(method.as_str(), &path, now);
    if let Some(body) = verdict.refused {
        shared.lock().rate.answered(429, now);
        shared.changed.notify_waiters();
        let mut refused = (
            StatusCode::TOO_MANY_REQUESTS,
            [("content-type", "application/json")],
            body.to_string(),
        )
            .into_response();
        with_headers(&mut refused, verdict.headers);
        return refused;
    }
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let (body, files): (Value, _) = if content_type.starts_with("multipart/form-data") {
        match attachments::parse_multipart(content_type, &body) {
            Ok(parsed) => parsed,
            Err(Refused::TooLarge) => {
                let error = payload::error(
                    attachments::CODE_TOO_LARGE,
                    "Request entity too large",
                    None,
                );
                return (
                    StatusCode::PAYLOAD_TOO_LARGE,
                    [("content-type", "application/json")],
                    error.to_string(),
                )
                    .into_response();
            }
            Err(Refused::Malformed(why)) => {
                let error = payload::error(
                    50109,
                    &format!("The request body contains invalid form data: {why}"),
                    None,
                );
                return (
                    StatusCode::BAD_REQUEST,
                    [("content-type", "application/json")],
                    error.to_string(),
                )
                    .into_response();
            }
        }
    } else if body.is_empty() {
        (Value::Null, Vec::new())
    } else {
        let json = serde_json::from_slice(&body)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into_owned()));
        (json, Vec::new())
    };
    let (req, hold) = {
        let mut w = shared.lock();
        let mut req = w.handle_with_files(method.as_str(), &path, body, files, now);
        req.seq = w.requests.len() as u64;
        let hold = w.catch(&req);
        w.rate.answered(req.status, now);
        if w.recording {
            w.requests.push(req.clone());
        }
        (req, hold)
    };
    shared.changed.notify_waiters();
    if let Some(release) = hold {
        // The state changed already; only the answer waits (the bot is mid-request).
        let _ = release.acquire().await;
    }
    let status = StatusCode::from_u16(req.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut answer = if req.response.is_null() {
        status.into_response()
    } else {
        (
            status,
            [("content-type", "application/json")],
            req.response.to_string(),
        )
            .into_response()
    };
    with_headers(&mut answer, verdict.headers);
    answer
}

fn with_headers(response: &mut Response, headers: Vec<(&'static str, String)>) {
    for (name, value) in headers {
        if let Ok(v) = HeaderValue::from_str(&value) {
            response.headers_mut().insert(name, v);
        }
    }
}

/// Discord's answer to a bot token it does not know: 401 with `{"message", "code": 0}`.
/// Interaction callbacks and webhooks are authorized by their own token and pass.
fn json_answer(status: u16, body: Value) -> Response {
    (
        StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST),
        [("content-type", "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// `POST /oauth2/token` (see `oauth.rs`): a form body, the client by Basic or in the form.
async fn token(State(shared): State<Arc<Shared>>, headers: HeaderMap, body: Bytes) -> Response {
    let form: std::collections::HashMap<String, String> =
        form_urlencoded(&String::from_utf8_lossy(&body));
    let basic = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Basic "))
        .and_then(|b| base64_decode(b.trim()))
        .and_then(|pair| {
            let (id, secret) = pair.split_once(':')?;
            Some((id.to_owned(), secret.to_owned()))
        });
    let app = shared.lock().app;
    let (status, answer) = shared.oauth().exchange(app, &form, basic, Instant::now());
    json_answer(status, answer)
}

/// `GET /users/@me`: with a Bearer token, the user it stands for; with the bot's token, the
/// bot (as every other REST call).
async fn me(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let bearer = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_owned);
    let Some(bearer) = bearer else {
        return rest(State(shared), method, uri, headers, body).await;
    };
    let user = shared.oauth().user_of(bearer.trim(), Instant::now());
    match user {
        Some(user) => json_answer(200, shared.lock().user_json(user)),
        None => json_answer(
            401,
            serde_json::json!({"message": "401: Unauthorized", "code": 0}),
        ),
    }
}

/// A form body's fields (`a=1&b=x%20y`).
fn form_urlencoded(body: &str) -> std::collections::HashMap<String, String> {
    let decode = |s: &str| {
        let s = s.replace('+', " ");
        let bytes = s.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            match (bytes[i], bytes.get(i + 1..i + 3)) {
                (b'%', Some(hex)) => match u8::from_str_radix(&String::from_utf8_lossy(hex), 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 3;
                    }
                    Err(_) => {
                        out.push(b'%');
                        i += 1;
                    }
                },
                (b, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    body.split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| match pair.split_once('=') {
            Some((k, v)) => (decode(k), decode(v)),
            None => (decode(pair), String::new()),
        })
        .collect()
}

/// Standard base64 (HTTP Basic's credentials).
fn base64_decode(s: &str) -> Option<String> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for c in s.bytes().filter(|&c| c != b'=') {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        bits = (bits << 6) | v;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
        }
    }
    String::from_utf8(out).ok()
}

fn unauthorized(shared: &Shared, headers: &HeaderMap) -> Option<Response> {
    let mut w = shared.lock();
    let expected = w.bot_token.as_deref()?;
    let sent = headers.get("authorization")?.to_str().unwrap_or_default();
    (sent != format!("Bot {expected}")).then(|| {
        w.unauthorized += 1;
        w.rate.answered(401, Instant::now());
        (
            StatusCode::UNAUTHORIZED,
            [("content-type", "application/json")],
            r#"{"message": "401: Unauthorized", "code": 0}"#,
        )
            .into_response()
    })
}

async fn gateway(State(shared): State<Arc<Shared>>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| serve_gateway(shared, socket))
}

async fn serve_gateway(shared: Arc<Shared>, mut socket: WebSocket) {
    let conn = shared.next_conn.fetch_add(1, Ordering::SeqCst);
    let (tx, mut rx) = mpsc::unbounded_channel::<Frame>();
    if socket
        .send(WsMessage::Text(
            payload::hello(HEARTBEAT_MS).to_string().into(),
        ))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(msg)) = incoming else { break };
                let text = match msg {
                    WsMessage::Text(t) => t.to_string(),
                    // After the client's Close, keep reading so the handshake completes.
                    WsMessage::Close(_) => continue,
                    _ => continue,
                };
                let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                match frame["op"].as_u64() {
                    Some(1) => {
                        let ack = payload::heartbeat_ack().to_string();
                        if socket.send(WsMessage::Text(ack.into())).await.is_err() {
                            break;
                        }
                    }
                    Some(2) => {
                        let verdict = shared.lock().identified(conn, tx.clone(), &frame["d"]["shard"]);
                        shared.changed.notify_waiters();
                        if let Err(refusal) = verdict {
                            if refusal.code == INVALID_SESSION_TOO_SOON {
                                // The session stays open: the client identifies again later.
                                let no = payload::invalid_session().to_string();
                                if socket.send(WsMessage::Text(no.into())).await.is_err() {
                                    break;
                                }
                                continue;
                            }
                            let close = CloseFrame { code: refusal.code, reason: refusal.reason.into() };
                            let _ = socket.send(WsMessage::Close(Some(close))).await;
                            break;
                        }
                    }
                    Some(6) => {
                        // No resumes: the client identifies afresh and gets a new READY.
                        let no = payload::invalid_session().to_string();
                        if socket.send(WsMessage::Text(no.into())).await.is_err() {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            outgoing = rx.recv() => {
                let Some(Frame { text, written }) = outgoing else { break };
                if socket.send(WsMessage::Text(text.into())).await.is_err() {
                    break;
                }
                if let Some(written) = written {
                    let _ = written.set(Instant::now());
                }
            }
        }
    }
    shared.lock().disconnected(conn);
    shared.changed.notify_waiters();
}
