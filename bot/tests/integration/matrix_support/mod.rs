//! The Matrix end-to-end tests' set-up: the loopback Synapse that `.ci/synapse.sh` starts
//! (its URL and registration secret in `VLIV_TEST_MATRIX_URL` / `VLIV_TEST_MATRIX_SECRET`),
//! users registered by the shared secret, players driven by plain client-server API calls,
//! and the real `vliv run` binary as the bot, started and SIGKILLed by the test.

#![allow(dead_code)]

pub mod e2ee;
pub mod leaks;
pub mod process;
pub mod rooms;
mod store;

pub use store::{game_in, internal, internal_room, service, start_published};

use std::{
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use reqwest::{Method, Url};

/// The longest a test waits for the bot or the homeserver (generous: the machine is shared
/// and a loaded Synapse answers slowly).
pub const WAIT: Duration = Duration::from_secs(90);
use serde_json::{json, Value};

/// The homeserver, or `None` (with a notice) when it is not running outside CI.
pub fn homeserver() -> Option<Homeserver> {
    match (
        std::env::var("VLIV_TEST_MATRIX_URL"),
        std::env::var("VLIV_TEST_MATRIX_SECRET"),
    ) {
        (Ok(url), Ok(secret)) => Some(Homeserver { url, secret }),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("CI=true but VLIV_TEST_MATRIX_URL is not set: the Matrix tests must run")
        }
        _ => {
            eprintln!(
                "notice: VLIV_TEST_MATRIX_URL is not set, so the Matrix end-to-end tests were \
                 skipped (eval \"$(bash .ci/synapse.sh start)\" starts a loopback Synapse)"
            );
            None
        }
    }
}

#[derive(Clone)]
pub struct Homeserver {
    pub url: String,
    secret: String,
}

impl Homeserver {
    /// A new user by the shared secret (Synapse's admin registration: an HMAC-SHA1 of
    /// nonce, name, password and admin flag). Names get a random suffix: the tests share
    /// the server.
    pub async fn register(&self, name: &str) -> User {
        let http = reqwest::Client::new();
        let endpoint = format!("{}/_synapse/admin/v1/register", self.url);
        let nonce: Value = http
            .get(&endpoint)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let nonce = nonce["nonce"].as_str().unwrap().to_owned();
        let username = format!("{name}{:08x}", rand::random::<u32>());
        let password = format!("pw-{:016x}", rand::random::<u64>());
        let key = ring::hmac::Key::new(
            ring::hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY,
            self.secret.as_bytes(),
        );
        let signed = format!("{nonce}\0{username}\0{password}\0notadmin");
        let mac: String = ring::hmac::sign(&key, signed.as_bytes())
            .as_ref()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let answer: Value = http
            .post(&endpoint)
            .json(&json!({
                "nonce": nonce, "username": username, "password": password,
                "admin": false, "mac": mac,
            }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        User {
            http,
            base: Url::parse(&self.url).unwrap(),
            user_id: answer["user_id"].as_str().expect("registered").to_owned(),
            token: answer["access_token"].as_str().unwrap().to_owned(),
            since: None,
        }
    }
}

/// One account driven through the client-server API.
pub struct User {
    http: reqwest::Client,
    base: Url,
    pub user_id: String,
    pub token: String,
    since: Option<String>,
}

/// A message as a room member reads it.
#[derive(Clone, Debug)]
pub struct Seen {
    pub event_id: String,
    pub sender: String,
    pub body: String,
    pub html: String,
    /// The event it answers (`m.in_reply_to`) or edits (`m.replace`).
    pub reply_to: Option<String>,
    pub replaces: Option<String>,
    pub ts: i64,
    /// `m.text`, `m.image`, … (empty once redacted).
    pub msgtype: String,
    /// An image's `mxc://` URI.
    pub url: Option<String>,
    /// It was taken back (its content is gone).
    pub redacted: bool,
}

impl User {
    async fn call(
        &self,
        method: Method,
        path: &[&str],
        query: &[(&str, &str)],
        body: Option<Value>,
    ) -> Value {
        let mut url = self.base.clone();
        url.path_segments_mut()
            .unwrap()
            .pop_if_empty()
            .extend(["_matrix", "client", "v3"])
            .extend(path);
        url.query_pairs_mut().extend_pairs(query);
        let mut request = self.http.request(method, url).bearer_auth(&self.token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status();
        let value: Value = response.json().await.unwrap_or(Value::Null);
        assert!(status.is_success(), "{path:?} answered {status}: {value}");
        value
    }

    /// The device this user's access token belongs to.
    pub async fn device_id(&self) -> String {
        let me = self
            .call(Method::GET, &["account", "whoami"], &[], None)
            .await;
        me["device_id"].as_str().expect("a device").to_owned()
    }

    /// A public (unencrypted) room with `invite`d users, its creator the only moderator.
    pub async fn create_room(&self, invite: &[&str]) -> String {
        let created = self
            .call(
                Method::POST,
                &["createRoom"],
                &[],
                Some(json!({"preset": "public_chat", "invite": invite})),
            )
            .await;
        created["room_id"].as_str().unwrap().to_owned()
    }

    /// A private room with end-to-end encryption switched on, `invite`d users in it.
    pub async fn create_encrypted_room(&self, invite: &[&str]) -> String {
        let created = self
            .call(
                Method::POST,
                &["createRoom"],
                &[],
                Some(json!({
                    "preset": "private_chat",
                    "invite": invite,
                    "initial_state": [{
                        "type": "m.room.encryption",
                        "state_key": "",
                        "content": {"algorithm": "m.megolm.v1.aes-sha2"},
                    }],
                })),
            )
            .await;
        created["room_id"].as_str().unwrap().to_owned()
    }

    pub async fn join(&self, room: &str) {
        self.call(Method::POST, &["join", room], &[], Some(json!({})))
            .await;
    }

    pub async fn send(&self, room: &str, text: &str) -> String {
        let txn = format!("t{:016x}", rand::random::<u64>());
        let sent = self
            .call(
                Method::PUT,
                &["rooms", room, "send", "m.room.message", &txn],
                &[],
                Some(json!({"msgtype": "m.text", "body": text})),
            )
            .await;
        sent["event_id"].as_str().unwrap().to_owned()
    }

    /// Every message of a room, oldest first.
    pub async fn messages(&self, room: &str) -> Vec<Seen> {
        self.raw_events(room)
            .await
            .iter()
            .filter_map(seen)
            .collect()
    }

    /// Every event of a room as the homeserver gives it, oldest first.
    pub async fn raw_events(&self, room: &str) -> Vec<Value> {
        let mut out = Vec::new();
        let mut from: Option<String> = None;
        loop {
            let mut query = vec![("dir", "b"), ("limit", "500")];
            if let Some(f) = &from {
                query.push(("from", f.as_str()));
            }
            let page = self
                .call(Method::GET, &["rooms", room, "messages"], &query, None)
                .await;
            let chunk = page["chunk"].as_array().cloned().unwrap_or_default();
            let empty = chunk.is_empty();
            out.extend(chunk);
            match page["end"].as_str() {
                Some(end) if !empty => from = Some(end.to_owned()),
                _ => break,
            }
        }
        out.reverse();
        out
    }

    /// The bytes behind an `mxc://` URI (authenticated media).
    pub async fn download(&self, mxc: &str) -> Vec<u8> {
        let path = mxc.strip_prefix("mxc://").expect("an mxc URI");
        let (server, media) = path.split_once('/').expect("mxc://server/id");
        let mut url = self.base.clone();
        url.path_segments_mut().unwrap().pop_if_empty().extend([
            "_matrix", "client", "v1", "media", "download", server, media,
        ]);
        let response = self
            .http
            .get(url)
            .bearer_auth(&self.token)
            .send()
            .await
            .unwrap();
        assert!(
            response.status().is_success(),
            "download: {}",
            response.status()
        );
        response.bytes().await.unwrap().to_vec()
    }

    /// The bot's answers to `event`, waiting up to `limit` for the first.
    pub async fn answers(&self, room: &str, event: &str, bot: &str, limit: Duration) -> Vec<Seen> {
        let start = Instant::now();
        loop {
            let found: Vec<Seen> = self
                .messages(room)
                .await
                .into_iter()
                .filter(|m| m.sender == bot && m.reply_to.as_deref() == Some(event))
                .collect();
            if !found.is_empty() || start.elapsed() > limit {
                return found;
            }
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
    }

    /// Sends a command and waits for its one answer.
    pub async fn command(&self, room: &str, text: &str, bot: &str) -> Seen {
        let event = self.send(room, text).await;
        let answers = self.answers(room, &event, bot, WAIT).await;
        assert_eq!(
            answers.len(),
            1,
            "`{text}` from {} answered {answers:?}",
            self.user_id
        );
        answers.into_iter().next().unwrap()
    }

    /// Joins every room the user is invited to; returns them.
    pub async fn accept_invites(&mut self) -> Vec<String> {
        let mut query = vec![("timeout", "0")];
        let since = self.since.clone();
        if let Some(s) = &since {
            query.push(("since", s.as_str()));
        }
        let batch = self.call(Method::GET, &["sync"], &query, None).await;
        self.since = batch["next_batch"].as_str().map(str::to_owned);
        let rooms: Vec<String> = batch["rooms"]["invite"]
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default();
        for room in &rooms {
            self.join(room).await;
        }
        rooms
    }

    /// Waits for an invitation and joins it (the bot's DM room).
    pub async fn accept_invite(&mut self) -> String {
        let start = Instant::now();
        loop {
            if let Some(room) = self.accept_invites().await.into_iter().next() {
                return room;
            }
            assert!(start.elapsed() < WAIT, "no invitation for {}", self.user_id);
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Waits until the bot's newest message in `room` (after `after` of them) satisfies `ok`.
    pub async fn wait_for(
        &self,
        room: &str,
        bot: &str,
        after: usize,
        ok: impl Fn(&Seen) -> bool,
    ) -> Seen {
        let start = Instant::now();
        loop {
            let from_bot: Vec<Seen> = self
                .messages(room)
                .await
                .into_iter()
                .filter(|m| m.sender == bot)
                .collect();
            if let Some(m) = from_bot.iter().skip(after).find(|m| ok(m)) {
                return m.clone();
            }
            assert!(
                start.elapsed() < WAIT,
                "nothing as expected in {room} after {after} messages; last: {:?}",
                from_bot.last()
            );
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
    }
}

/// An `m.room.message` event as a member reads it; `None` for any other event.
pub fn seen(e: &Value) -> Option<Seen> {
    if e["type"] != "m.room.message" {
        return None;
    }
    let c = &e["content"];
    Some(Seen {
        event_id: e["event_id"].as_str().unwrap_or_default().into(),
        sender: e["sender"].as_str().unwrap_or_default().into(),
        body: c["body"].as_str().unwrap_or_default().into(),
        html: c["formatted_body"].as_str().unwrap_or_default().into(),
        reply_to: c["m.relates_to"]["m.in_reply_to"]["event_id"]
            .as_str()
            .map(str::to_owned),
        replaces: (c["m.relates_to"]["rel_type"] == "m.replace").then(|| {
            c["m.relates_to"]["event_id"]
                .as_str()
                .unwrap_or_default()
                .into()
        }),
        ts: e["origin_server_ts"].as_i64().unwrap_or_default(),
        msgtype: c["msgtype"].as_str().unwrap_or_default().into(),
        url: c["url"].as_str().map(str::to_owned),
        redacted: e["unsigned"]["redacted_because"].is_object(),
    })
}

/// The real `vliv run` process on Matrix only.
pub struct Bot {
    child: Option<Child>,
    log: PathBuf,
    dir: tempfile::TempDir,
    homeserver: String,
    user_id: String,
    token: String,
    pub database_url: String,
    /// More environment for the process (a Discord side beside Matrix, the AI's budget).
    extra_env: Vec<(String, String)>,
}

impl Bot {
    pub fn start(hs: &Homeserver, bot: &User) -> Bot {
        Bot::start_with(hs, bot, Vec::new())
    }

    pub fn start_with(hs: &Homeserver, bot: &User, extra_env: Vec<(String, String)>) -> Bot {
        let dir = tempfile::tempdir().expect("a temp dir");
        let database_url = format!("sqlite://{}", dir.path().join("vliv.db").display());
        let mut b = Bot {
            child: None,
            log: dir.path().join("bot.log"),
            dir,
            homeserver: hs.url.clone(),
            user_id: bot.user_id.clone(),
            token: bot.token.clone(),
            database_url,
            extra_env,
        };
        b.restart();
        b
    }

    /// A second process of a fleet on the same account and the same database as `other`.
    pub fn start_beside(hs: &Homeserver, bot: &User, other: &Bot) -> Bot {
        let dir = tempfile::tempdir().expect("a temp dir");
        let mut b = Bot {
            child: None,
            log: dir.path().join("bot.log"),
            dir,
            homeserver: hs.url.clone(),
            user_id: bot.user_id.clone(),
            token: bot.token.clone(),
            database_url: other.database_url.clone(),
            extra_env: other.extra_env.clone(),
        };
        b.restart();
        b
    }

    /// Starts the process (again), appending to the same log. A running one is killed
    /// first: a dropped `Child` is not, and two tests that restarted a live bot left it
    /// running past the whole suite.
    pub fn restart(&mut self) {
        self.kill();
        let out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .expect("a log file");
        let err = out.try_clone().expect("a log file handle");
        let mut command = Command::new(env!("CARGO_BIN_EXE_vliv"));
        command.env_remove("DISCORD_TOKEN");
        let child = command
            .arg("run")
            .current_dir(self.dir.path())
            .env("VLIV_MATRIX_HOMESERVER", &self.homeserver)
            .env("VLIV_MATRIX_USER_ID", &self.user_id)
            .env("MATRIX_ACCESS_TOKEN", &self.token)
            .env("VLIV_DATABASE_URL", &self.database_url)
            .env("VLIV_LOG", "info")
            .env("VLIV_REMINDER_MINUTES", "0")
            .env("VLIV_AI_ITERATIONS", "30")
            // After the defaults: a test may change one (the AI's budget).
            .envs(self.extra_env.iter().cloned())
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .expect("the vliv binary starts");
        self.child = Some(child);
    }

    /// SIGKILL: no shutdown code runs.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits until the bot has synced once (it logs in, then reads the rooms).
    pub async fn ready(&self) {
        let start = Instant::now();
        while !self.log().contains("Matrix accepted the login") {
            assert!(
                start.elapsed() < WAIT,
                "the bot did not log in:\n{}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let log = self.log();
            let tail: Vec<&str> = log.lines().rev().take(60).collect();
            eprintln!("--- bot log (newest first) ---\n{}", tail.join("\n"));
        }
        self.kill();
    }
}

/// One player's room with the bot: the set-up of the tests that need no second player.
pub struct Solo {
    pub bot_user: User,
    pub alice: User,
    pub bot: Bot,
    pub room: String,
}

/// Registers the bot and alice, starts the bot (with `env` beside the defaults) and makes
/// alice's room with it.
pub async fn solo(hs: &Homeserver, env: Vec<(String, String)>) -> Solo {
    let bot_user = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bot = Bot::start_with(hs, &bot_user, env);
    bot.ready().await;
    let room = table_room(&alice, &[], &bot_user).await;
    Solo {
        bot_user,
        alice,
        bot,
        room,
    }
}

/// A room of `host` with the bot and `guests` in it, the bot joined.
pub async fn table_room(host: &User, guests: &[&User], bot: &User) -> String {
    let mut invite: Vec<&str> = guests.iter().map(|g| g.user_id.as_str()).collect();
    invite.push(&bot.user_id);
    let room = host.create_room(&invite).await;
    for g in guests {
        g.join(&room).await;
    }
    // The bot joins on invitation: its first answer proves it reads the room.
    let start = std::time::Instant::now();
    loop {
        let event = host.send(&room, "!vliv help").await;
        if !host
            .answers(&room, &event, &bot.user_id, Duration::from_secs(3))
            .await
            .is_empty()
        {
            return room;
        }
        assert!(start.elapsed() < WAIT, "the bot never answered in the room");
    }
}
