//! A loopback fake of Discord for end-to-end tests of the Vliv bot: the REST API under
//! `/api/v10` and the gateway websocket on one 127.0.0.1 port. The real bot binary is pointed
//! at it with `VLIV_API_BASE`; tests then act as simulated users ("alice runs /game new
//! claim", "bob clicks Join") and read what Discord would show and what the bot sent.
//!
//! It simulates guilds, channels, threads, members with permissions and locales, DM channels
//! (closed DMs answer 403 / 50007), messages that are edited and deleted, and interactions
//! (slash commands, autocomplete, components) with Discord's 3 s first-response deadline and
//! 15-minute token life; message bodies are checked against Discord's limits (400 / 50035).
//! Multipart bodies with files (`payload_json` + `files[n]`) are taken as Discord takes them:
//! messages keep their attachments, within Discord's size limits, and an embed may show only
//! a file the message carries (see `attachments.rs`).
//! Every request is recorded with who could see it.
//!
//! Not shipped in the bot: only its tests and the bench use it.

mod activity_login;
mod attachments;
pub mod gateway;
mod limits;
pub mod oauth;
pub mod payload;
pub mod permissions;
pub mod ratelimit;
mod server;
mod tls;
pub mod validate;
mod waits;
mod world;

use std::{
    net::SocketAddr,
    sync::{Arc, MutexGuard},
    time::{Duration, Instant},
};

use axum::serve::ListenerExt as _;
use serde_json::{json, Value};

pub use attachments::{Attachment, Upload, MAX_FILES, MAX_UPLOAD_BYTES};
pub use limits::check_message;
pub use permissions::{Overwrite, Target};
pub use ratelimit::{Class, Counts, RateLimits, Refusal, Window};
pub use world::{
    Audience, Channel, Interaction, IxKind, Message, PrivateChannel, Request, SimUser, World,
    CODE_DMS_CLOSED, CODE_INVALID_WEBHOOK_TOKEN, CODE_MAX_FOLLOWUPS, CODE_MISSING_ACCESS,
    CONTEXT_BOT_DM, CONTEXT_GUILD, CONTEXT_PRIVATE_CHANNEL, EPHEMERAL, FIRST_RESPONSE,
    GUILD_INSTALL, NEXT_TOKEN, TOKEN_LIFE, USER_INSTALL, USER_INSTALL_FOLLOWUPS,
};

use server::Shared;

/// A running fake. Dropping it stops the server.
pub struct Fake {
    shared: Arc<Shared>,
    addr: SocketAddr,
    server: tokio::task::JoinHandle<()>,
    /// The same REST API over HTTPS as `discord.com` (see `tls.rs`).
    tls_addr: SocketAddr,
    tls_server: tokio::task::JoinHandle<()>,
    ca_pem: String,
    handshakes: Arc<std::sync::atomic::AtomicU64>,
}

impl Drop for Fake {
    fn drop(&mut self) {
        self.server.abort();
        self.tls_server.abort();
    }
}

/// A permission set of an ordinary member (view, send, read history).
pub const MEMBER: u64 = 1024 | 2048 | 65536;
/// Discord's Manage Server bit.
pub const MANAGE_GUILD: u64 = 1 << 5;

impl Fake {
    /// Starts a fake on 127.0.0.1 and a free port, inside the current tokio runtime.
    pub async fn start() -> Fake {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port");
        let addr = listener.local_addr().expect("a bound address");
        let shared = Arc::new(Shared::new(World::new(format!("ws://{addr}/gateway"))));
        let app = server::router(shared.clone());
        // Nagle's algorithm off, as on the HTTPS side: with it, a gateway frame written while
        // the last one was unacknowledged waited for the bot's delayed ACK, up to 40 ms
        // (issue 22: the live bench's first-response p99 sat at 40-50 ms at any load).
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        let ca = tls::TestCa::new();
        let tls_tcp = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port");
        let tls_addr = tls_tcp.local_addr().expect("a bound address");
        let handshakes = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let tls_listener = tls::TlsListener::new(tls_tcp, &ca, handshakes.clone());
        let tls_app = server::router(shared.clone());
        let tls_server = tokio::spawn(async move {
            let _ = axum::serve(tls_listener, tls_app).await;
        });
        Fake {
            shared,
            addr,
            server,
            tls_addr,
            tls_server,
            ca_pem: ca.pem,
            handshakes,
        }
    }

    /// The environment that points the bot's production HTTP path at this fake: its client
    /// resolves `discord.com` to the fake's HTTPS port and trusts the test CA, whose PEM is
    /// written into `dir`; serenity's rate limiter stays on. The gateway stays plain `ws://`.
    pub fn bot_env(&self, dir: &std::path::Path) -> Vec<(&'static str, String)> {
        let ca = dir.join("fakecord-ca.pem");
        std::fs::write(&ca, &self.ca_pem).expect("the test CA is written");
        vec![
            ("VLIV_API_ADDRESS", self.tls_addr.to_string()),
            ("VLIV_API_CA", ca.display().to_string()),
        ]
    }

    /// The HTTPS port's address (`discord.com` resolves here) and the test CA in PEM.
    pub fn tls_address(&self) -> SocketAddr {
        self.tls_addr
    }

    /// TLS connections the HTTPS side has set up so far.
    pub fn tls_handshakes(&self) -> u64 {
        self.handshakes.load(std::sync::atomic::Ordering::Relaxed)
    }

    pub fn ca_pem(&self) -> &str {
        &self.ca_pem
    }

    /// Replaces the rate limits (tests tighten them; the bench may switch them off).
    pub fn set_rate_limits(&self, limits: RateLimits) {
        self.world().rate = ratelimit::Limiter::new(limits);
    }

    /// Requests admitted so far by class, and 429s answered.
    pub fn rate_counts(&self) -> Counts {
        self.world().rate.counts.clone()
    }

    /// Every 429 answered so far.
    pub fn refusals(&self) -> Vec<Refusal> {
        self.world().rate.refusals.clone()
    }

    /// Invalid requests (401, 403, 429) answered so far.
    pub fn invalid_requests(&self) -> u64 {
        self.world().rate.invalid_total
    }

    /// What the bot's `VLIV_API_BASE` must be.
    pub fn api_base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The simulated world, for reading and for setting it up. Do not hold it across an
    /// `.await`.
    pub fn world(&self) -> MutexGuard<'_, World> {
        self.shared.lock()
    }

    pub fn add_user(&self, id: u64, name: &str, locale: &str) {
        self.world().users.insert(
            id,
            SimUser {
                id,
                name: name.into(),
                locale: locale.into(),
                dms_open: true,
            },
        );
    }

    /// The user does not accept DMs from server members: Discord answers 403 / 50007.
    pub fn close_dms(&self, user: u64) {
        if let Some(u) = self.world().users.get_mut(&user) {
            u.dms_open = false;
        }
    }

    /// The bot loses Send Messages in a channel (an overwrite for it as a member): its posts
    /// there answer 403 / 50013.
    pub fn mute_bot_in(&self, channel: u64) {
        self.add_overwrite(channel, Target::Bot, 0, permissions::SEND_MESSAGES);
    }

    /// The bot's role in `guild` has `bot_role` (an invite's `permissions=` integer) and
    /// @everyone has `everyone`.
    pub fn set_bot_roles(&self, guild: u64, everyone: u64, bot_role: u64) {
        self.world()
            .grants
            .roles
            .insert(guild, (everyone, bot_role));
    }

    /// What a guild nobody set gives the bot's role (by default the invite's permissions).
    pub fn set_default_bot_role(&self, bot_role: u64) {
        self.world().grants.default_bot_role = bot_role;
    }

    /// A permission overwrite on `channel` (a thread uses its parent's).
    pub fn add_overwrite(&self, channel: u64, target: Target, allow: u64, deny: u64) {
        self.world()
            .grants
            .overwrites
            .entry(channel)
            .or_default()
            .push(Overwrite {
                target,
                allow,
                deny,
            });
    }

    /// Removes every overwrite of `channel`.
    pub fn clear_overwrites(&self, channel: u64) {
        self.world().grants.overwrites.remove(&channel);
    }

    /// A guild text channel; `members` with their permissions in it.
    pub fn add_channel(&self, guild: u64, channel: u64, name: &str) {
        self.world().channels.insert(
            channel,
            Channel {
                id: channel,
                guild: Some(guild),
                dm_with: None,
                parent: None,
                name: name.into(),
            },
        );
    }

    /// `user` installs the app to their account (Discord's USER_INSTALL): the commands that
    /// support it follow them into their DMs and group DMs.
    pub fn install_for_user(&self, user: u64) {
        self.world().user_installs.insert(user);
    }

    /// A conversation without the bot: a DM between two users (`group` false, channel type
    /// 1) or a group DM (type 3) of `recipients`.
    pub fn add_private_channel(&self, channel: u64, group: bool, recipients: &[u64]) {
        let mut w = self.world();
        w.channels.insert(
            channel,
            Channel {
                id: channel,
                guild: None,
                dm_with: None,
                parent: None,
                name: String::new(),
            },
        );
        w.private.insert(
            channel,
            PrivateChannel {
                kind: if group { 3 } else { 1 },
                recipients: recipients.to_vec(),
            },
        );
    }

    pub fn add_member(&self, guild: u64, user: u64, permissions: u64) {
        self.world()
            .members
            .entry(guild)
            .or_default()
            .insert(user, permissions);
    }

    /// A user runs a slash command in a channel: `path` is the command and subcommands
    /// ("game new"), `options` the values of the last one (strings, integers, booleans, or
    /// `{"type": 7, "value": "…"}` for another option type).
    /// Panics if Discord would not offer the command there (see [`Fake::try_slash`]).
    pub fn slash(&self, user: u64, channel: u64, path: &str, options: &[(&str, Value)]) -> u64 {
        self.try_slash(user, channel, path, options)
            .unwrap_or_else(|why| panic!("Discord does not offer it: {why}"))
    }

    /// As [`Fake::slash`], or why Discord's client would not offer the command to this user
    /// in this channel (its `contexts` and `integration_types`, and where the app is
    /// installed): nothing is sent to the bot then.
    pub fn try_slash(
        &self,
        user: u64,
        channel: u64,
        path: &str,
        options: &[(&str, Value)],
    ) -> Result<u64, String> {
        let root = path.split_whitespace().next().unwrap_or_default();
        if let Some(why) = self.world().not_offered(root, user, channel) {
            return Err(why);
        }
        let data = self.command_data(path, options, None);
        Ok(self
            .world()
            .interact(IxKind::Command, user, channel, data, None))
    }

    /// A user types in an option with autocomplete: `partial` is what they typed so far.
    pub fn autocomplete(
        &self,
        user: u64,
        channel: u64,
        path: &str,
        option: &str,
        partial: &str,
    ) -> u64 {
        let data = self.command_data(path, &[(option, json!(partial))], Some(option));
        self.world()
            .interact(IxKind::Autocomplete, user, channel, data, None)
    }

    /// Autocomplete with the other options already filled in: Discord sends the values
    /// typed so far with the focused one ("options … the focused option has `focused:
    /// true`", https://discord.com/developers/docs/interactions/application-commands#autocomplete).
    pub fn autocomplete_with(
        &self,
        user: u64,
        channel: u64,
        path: &str,
        filled: &[(&str, Value)],
        option: &str,
        partial: &str,
    ) -> u64 {
        let mut options = filled.to_vec();
        options.push((option, json!(partial)));
        let data = self.command_data(path, &options, Some(option));
        self.world()
            .interact(IxKind::Autocomplete, user, channel, data, None)
    }

    fn command_data(&self, path: &str, options: &[(&str, Value)], focused: Option<&str>) -> Value {
        let mut names: Vec<&str> = path.split_whitespace().collect();
        let root = names.remove(0);
        let mut opts: Vec<Value> = options
            .iter()
            .map(|(name, value)| {
                // `{"type": 7, "value": "…"}` gives the option type explicitly (a channel).
                if let (Some(kind), Some(v)) = (value.get("type"), value.get("value")) {
                    return json!({ "name": name, "type": kind, "value": v });
                }
                let kind = match value {
                    Value::Bool(_) => 5,
                    Value::Number(n) if n.is_f64() => 10,
                    Value::Number(_) => 4,
                    _ => 3,
                };
                let mut o = json!({ "name": name, "type": kind, "value": value });
                if focused == Some(*name) {
                    o["focused"] = true.into();
                }
                o
            })
            .collect();
        // Subcommands (type 1) and groups (type 2) wrap the options from the inside out.
        for (i, sub) in names.iter().enumerate().rev() {
            let kind = if i + 1 == names.len() { 1 } else { 2 };
            opts = vec![json!({ "name": sub, "type": kind, "options": opts })];
        }
        let w = self.world();
        let id = w
            .command_id(root)
            .unwrap_or_else(|| panic!("/{root} is not registered"));
        let mut data = payload::command_data(id, root, Value::Array(opts));
        // Discord resolves channel options (type 7) to channel objects beside the ids.
        let mut channels = serde_json::Map::new();
        for (_, value) in options {
            if value.get("type") == Some(&json!(7)) {
                let cid: u64 = value["value"].as_str().unwrap_or("0").parse().unwrap_or(0);
                if let Some(ch) = w.channels.get(&cid) {
                    channels.insert(
                        cid.to_string(),
                        json!({ "id": cid.to_string(), "name": ch.name, "type": 0,
                                "permissions": MEMBER.to_string() }),
                    );
                }
            }
        }
        if !channels.is_empty() {
            data["resolved"] = json!({ "channels": channels });
        }
        // …and user options (type 6) to user objects.
        let users: serde_json::Map<String, Value> = options
            .iter()
            .filter(|(_, value)| value.get("type") == Some(&json!(6)))
            .filter_map(|(_, value)| value["value"].as_str()?.parse::<u64>().ok())
            .map(|uid| (uid.to_string(), w.user_json(uid)))
            .collect();
        if !users.is_empty() {
            data["resolved"]["users"] = Value::Object(users);
        }
        data
    }

    /// A user clicks a button on a message.
    pub fn click(&self, user: u64, message: u64, custom_id: &str) -> u64 {
        let data = payload::component_data(custom_id, 2, &[]);
        let channel = self.channel_of(message);
        self.world()
            .interact(IxKind::Component, user, channel, data, Some(message))
    }

    /// A user picks `value` in a select menu on a message.
    pub fn select(&self, user: u64, message: u64, custom_id: &str, value: &str) -> u64 {
        let data = payload::component_data(custom_id, 3, &[value.to_owned()]);
        let channel = self.channel_of(message);
        self.world()
            .interact(IxKind::Component, user, channel, data, Some(message))
    }

    fn channel_of(&self, message: u64) -> u64 {
        self.world()
            .messages
            .get(&message)
            .map(|m| m.channel)
            .unwrap_or_else(|| panic!("no message {message}"))
    }

    /// A user (or a moderator) deletes a message in Discord's client.
    pub fn delete_message(&self, message: u64) {
        if let Some(m) = self.world().messages.get_mut(&message) {
            m.deleted = true;
        }
    }

    /// The simulated clock moves on by `by`: every interaction sent so far is `by` older
    /// (its token dead once 15 minutes are reached, as Discord's), those sent later are
    /// new. A gap between two moves without waiting for it.
    pub fn advance(&self, by: Duration) {
        self.world().clock += by;
    }

    /// Makes every interaction look `by` older: lets a test pass the 15-minute token life.
    pub fn age_interactions(&self, by: Duration) {
        self.world().age_offset += by;
    }

    /// The tokens of every interaction so far reach their 15 minutes: their follow-ups and
    /// webhook edits answer 401 from now on (interactions sent later are not touched).
    pub fn expire_tokens(&self) {
        for i in self.world().interactions.values_mut() {
            i.token_dead = true;
        }
    }

    /// Holds the answer to the next request with `method` whose path contains `path` until
    /// [`Fake::release`]: the bot is then provably in the middle of that request (a test
    /// kills it there). Returns the hold's id.
    pub fn hold(&self, method: &str, path: &str) -> u64 {
        self.hold_where(method, path, false)
    }

    /// As [`Fake::hold`], for a request without files only: a message's text, not the
    /// picture the bot sends after it by a later edit.
    pub fn hold_text(&self, method: &str, path: &str) -> u64 {
        self.hold_where(method, path, true)
    }

    /// As [`Fake::hold`] (or [`Fake::hold_text`] with `text_only`), where [`NEXT_TOKEN`] in
    /// `path` stands for the token of the next interaction a user starts: a hold set before a
    /// click that catches that click's own answer, not one still on its way from before.
    pub fn hold_next(&self, method: &str, path: &str, text_only: bool) -> u64 {
        assert!(path.contains(NEXT_TOKEN), "{path} names no {NEXT_TOKEN}");
        self.hold_where(method, path, text_only)
    }

    fn hold_where(&self, method: &str, path: &str, text_only: bool) -> u64 {
        let mut w = self.world();
        let id = w.snowflake();
        w.holds.push(world::Hold {
            id,
            method: method.into(),
            path: path.into(),
            release: Arc::new(tokio::sync::Semaphore::new(0)),
            text_only,
            caught: None,
        });
        id
    }

    /// Answers the request hold `id` caught (or lets it through, if none came yet).
    pub fn release(&self, id: u64) {
        let mut w = self.world();
        if let Some(h) = w.holds.iter_mut().find(|h| h.id == id) {
            h.release.add_permits(1);
            h.caught.get_or_insert(u64::MAX);
        }
    }

    /// A copy of every request recorded so far.
    pub fn requests(&self) -> Vec<Request> {
        self.world().requests.clone()
    }

    /// Interaction-received → first-response times of answered interactions, in the order
    /// they were sent; the bench's latency figures.
    pub fn response_times(&self) -> Vec<Duration> {
        let w = self.world();
        let mut v: Vec<(Instant, Duration)> = w
            .interactions
            .values()
            .filter_map(|i| Some((i.sent_at, i.first_response?.1.duration_since(i.sent_at))))
            .collect();
        v.sort();
        v.into_iter().map(|(_, d)| d).collect()
    }
}
