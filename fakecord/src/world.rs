//! The simulated Discord: users, guilds, channels, messages and interactions, and the REST
//! API over them. Everything the bot asks is answered here from this state, with Discord's
//! status codes and error shapes; the HTTP and websocket plumbing lives in `server.rs`.

use std::{
    collections::{BTreeMap, HashMap},
    time::{Duration, Instant},
};

use serde_json::{json, Value};
use tokio::sync::mpsc::UnboundedSender;

use crate::{
    attachments::{self, Attachment, Upload},
    limits::{self, Refused},
    payload, ratelimit,
    validate::{self, Use},
};

/// Discord drops an interaction not answered within 3 s (code 10062 afterwards).
pub const FIRST_RESPONSE: Duration = Duration::from_secs(3);
/// An interaction token works for follow-ups and edits for 15 minutes.
pub const TOKEN_LIFE: Duration = Duration::from_secs(15 * 60);
/// `flags` bit of an ephemeral message.
pub const EPHEMERAL: u64 = 64;
/// `flags` bit of a deferred "is thinking…" placeholder.
const LOADING: u64 = 128;

pub const CODE_UNKNOWN_CHANNEL: u64 = 10003;
pub const CODE_UNKNOWN_MESSAGE: u64 = 10008;
pub const CODE_UNKNOWN_WEBHOOK: u64 = 10015;
pub const CODE_UNKNOWN_INTERACTION: u64 = 10062;
pub const CODE_ALREADY_ACKNOWLEDGED: u64 = 40060;
pub const CODE_INVALID_WEBHOOK_TOKEN: u64 = 50027;
pub const CODE_DMS_CLOSED: u64 = 50007;
pub const CODE_MISSING_PERMISSIONS: u64 = 50013;
pub const CODE_INVALID_FORM_BODY: u64 = 50035;

/// A simulated person.
#[derive(Clone, Debug)]
pub struct SimUser {
    pub id: u64,
    pub name: String,
    /// Discord's locale of their client, e.g. `en-US` or `cs`.
    pub locale: String,
    /// `false`: a DM to them is refused with 403 / 50007.
    pub dms_open: bool,
}

#[derive(Clone, Debug)]
pub struct Channel {
    pub id: u64,
    pub guild: Option<u64>,
    /// For a DM channel: the user on the other end.
    pub dm_with: Option<u64>,
    /// For a thread: the channel it was opened from.
    pub parent: Option<u64>,
    pub name: String,
}

/// Who can see a message or a request body: the secret checks of the tests read this.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Not a message (registration, a defer without content, a delete).
    Nobody,
    /// Everyone in the channel.
    Channel(u64),
    /// The one user of a DM channel.
    Dm(u64),
    /// An ephemeral interaction message: only this user.
    Ephemeral(u64),
}

#[derive(Clone, Debug)]
pub struct Message {
    pub id: u64,
    pub channel: u64,
    pub guild: Option<u64>,
    pub content: String,
    pub embeds: Value,
    pub components: Value,
    pub flags: u64,
    pub audience: Audience,
    /// The interaction whose response or follow-up this is.
    pub interaction: Option<u64>,
    pub edits: u32,
    pub deleted: bool,
    /// The files it carries (a table picture), replaced or kept by each edit.
    pub attachments: Vec<Attachment>,
}

impl Message {
    pub fn json(&self, author: Value) -> Value {
        payload::message(&payload::MessageFields {
            id: self.id,
            channel: self.channel,
            guild: self.guild,
            author,
            content: &self.content,
            embeds: &self.embeds,
            components: &self.components,
            flags: self.flags,
            edited: self.edits > 0,
            attachments: &self.attachments,
        })
    }

    /// Every custom id on the message with its component type, row by row.
    pub fn custom_ids(&self) -> Vec<String> {
        let mut out = Vec::new();
        for row in self.components.as_array().into_iter().flatten() {
            for c in row["components"].as_array().into_iter().flatten() {
                if let Some(id) = c["custom_id"].as_str() {
                    out.push(id.to_owned());
                }
            }
        }
        out
    }

    /// All visible text: content, embed titles, descriptions, fields, footers, labels.
    pub fn text(&self) -> String {
        let mut out = self.content.clone();
        collect_strings(&self.embeds, &mut out);
        collect_strings(&self.components, &mut out);
        out
    }
}

fn collect_strings(v: &Value, out: &mut String) {
    match v {
        Value::String(s) => {
            out.push('\n');
            out.push_str(s);
        }
        Value::Array(a) => a.iter().for_each(|x| collect_strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| collect_strings(x, out)),
        _ => {}
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IxKind {
    Command = 2,
    Component = 3,
    Autocomplete = 4,
}

#[derive(Clone, Debug)]
pub struct Interaction {
    pub id: u64,
    pub token: String,
    pub kind: IxKind,
    pub user: u64,
    pub channel: u64,
    pub guild: Option<u64>,
    /// When the fake dispatched it: the 3 s and 15 min clocks start here.
    pub sent_at: Instant,
    /// The first response's callback type and when it arrived.
    pub first_response: Option<(u8, Instant)>,
    /// The first response or follow-up with visible content, and when.
    pub answered_at: Option<Instant>,
    /// A component's message.
    pub message: Option<u64>,
    /// The message `@original` means: the response's own, or a component's message.
    pub original: Option<u64>,
    /// A deferred placeholder the first follow-up fills.
    pub placeholder: Option<u64>,
    /// Too late: Discord told the user "This interaction failed".
    pub expired: bool,
    pub autocomplete: Option<Value>,
    /// The message that shows the latest answer (a reply, a follow-up, an edited panel).
    pub last_message: Option<u64>,
    /// Woken whenever this interaction is answered or its messages change.
    pub notify: std::sync::Arc<tokio::sync::Notify>,
}

/// One REST call as the bot made it, and the fake's answer.
#[derive(Clone, Debug)]
pub struct Request {
    pub seq: u64,
    pub at: Instant,
    pub method: String,
    pub path: String,
    pub body: Value,
    pub status: u16,
    pub response: Value,
    /// Who could see this body's text.
    pub audience: Audience,
    /// The interaction it answers (callbacks, follow-ups, edits).
    pub interaction: Option<u64>,
    /// The files of a multipart body.
    pub files: Vec<Upload>,
}

pub struct World {
    pub app: u64,
    pub bot: u64,
    next_id: u64,
    pub users: HashMap<u64, SimUser>,
    /// guild → (user → permissions).
    pub members: HashMap<u64, HashMap<u64, u64>>,
    pub channels: HashMap<u64, Channel>,
    pub messages: BTreeMap<u64, Message>,
    pub interactions: HashMap<u64, Interaction>,
    tokens: HashMap<String, u64>,
    /// The commands of the last registration, with their ids.
    pub commands: Vec<Value>,
    pub requests: Vec<Request>,
    /// Every gateway frame sent, in order.
    pub frames: Vec<Value>,
    /// READYs sent (one per IDENTIFY), and in which of them commands were registered.
    pub sessions: u64,
    pub registered_in: u64,
    /// The live gateway sessions, one per shard (see `gateway.rs`).
    pub gateway: crate::gateway::Shards,
    seq: u64,
    pub gateway_url: String,
    /// Added to every interaction's age: lets a test reach the token's 15 minutes.
    pub age_offset: Duration,
    /// Requests to hold unanswered until the test releases them (a kill mid-request).
    pub(crate) holds: Vec<Hold>,
    /// Keep every request in `requests` (tests); a long bench turns it off to save memory.
    pub recording: bool,
    /// Channels where the bot lacks Send Messages: a post is 403 / 50013.
    pub muted: std::collections::HashSet<u64>,
    /// The bot token the fake accepts: a REST request that sends another one is answered
    /// 401 as Discord does. `None` accepts any token.
    pub bot_token: Option<String>,
    /// REST requests refused with 401 for their token (Discord counts them as invalid).
    pub unauthorized: u64,
    /// The files of the request being handled.
    uploads: Vec<Upload>,
    /// Discord's rate limits and what they counted.
    pub rate: ratelimit::Limiter,
}

/// The first request matching `method` and containing `path` waits on `release`.
pub(crate) struct Hold {
    pub id: u64,
    pub method: String,
    pub path: String,
    pub release: std::sync::Arc<tokio::sync::Semaphore>,
    /// The held request's sequence number, once one arrived.
    pub caught: Option<u64>,
}

type Reply = (u16, Value, Audience, Option<u64>);

impl World {
    pub fn new(gateway_url: String) -> World {
        World {
            app: 700_000_000_000_000_001,
            bot: 700_000_000_000_000_001,
            next_id: 800_000_000_000_000_000,
            users: HashMap::new(),
            members: HashMap::new(),
            channels: HashMap::new(),
            messages: BTreeMap::new(),
            interactions: HashMap::new(),
            tokens: HashMap::new(),
            bot_token: None,
            unauthorized: 0,
            commands: Vec::new(),
            requests: Vec::new(),
            frames: Vec::new(),
            sessions: 0,
            registered_in: 0,
            gateway: Default::default(),
            seq: 0,
            gateway_url,
            age_offset: Duration::ZERO,
            holds: Vec::new(),
            recording: true,
            uploads: Vec::new(),
            muted: Default::default(),
            rate: ratelimit::Limiter::new(ratelimit::RateLimits::discord()),
        }
    }

    /// The release of a hold this request is caught by, if any (each holds one request).
    pub(crate) fn catch(
        &mut self,
        req: &Request,
    ) -> Option<std::sync::Arc<tokio::sync::Semaphore>> {
        let h = self
            .holds
            .iter_mut()
            .find(|h| h.caught.is_none() && h.method == req.method && req.path.contains(&h.path))?;
        h.caught = Some(req.seq);
        Some(h.release.clone())
    }

    /// Whether hold `id` caught a request yet.
    pub fn held(&self, id: u64) -> bool {
        self.holds.iter().any(|h| h.id == id && h.caught.is_some())
    }

    pub fn snowflake(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    pub fn bot_user(&self) -> Value {
        payload::user(self.bot, "Vliv", true)
    }

    pub fn user_json(&self, id: u64) -> Value {
        let name = self.users.get(&id).map_or("someone", |u| u.name.as_str());
        payload::user(id, name, false)
    }

    /// Sends a dispatch on the live gateway connection, if any (a dead bot misses it, as
    /// it would miss Discord's).
    pub fn dispatch(&mut self, t: &str, d: Value) {
        let frame = self.gateway.send(None, t, d, &mut self.seq);
        self.frames.push(frame);
    }

    /// A client identified on connection `conn` with the IDENTIFY's `shard`: it gets READY
    /// and a fresh session, or the refusal to close the connection with.
    pub(crate) fn identified(
        &mut self,
        conn: u64,
        tx: UnboundedSender<String>,
        shard: &Value,
    ) -> Result<(), crate::gateway::Refusal> {
        let (id, total) = self.gateway.identify(conn, tx, shard)?;
        self.sessions += 1;
        let mut ready = payload::ready(
            self.bot_user(),
            self.app,
            &format!("session-{}", self.sessions),
            &self.gateway_url,
        );
        ready["shard"] = serde_json::json!([id, total]);
        let frame = self.gateway.send(Some(id), "READY", ready, &mut self.seq);
        self.frames.push(frame);
        Ok(())
    }

    pub(crate) fn disconnected(&mut self, conn: u64) {
        self.gateway.disconnected(conn);
    }

    /// Connected, identified, and commands registered in this session: poise dispatches
    /// interactions only after its setup (the registration) finished.
    pub fn ready(&self) -> bool {
        self.gateway.any_live() && self.sessions > 0 && self.registered_in == self.sessions
    }

    pub fn command_id(&self, name: &str) -> Option<u64> {
        self.commands
            .iter()
            .find(|c| c["name"] == name)
            .and_then(|c| c["id"].as_str()?.parse().ok())
    }

    fn age(&self, ix: &Interaction, now: Instant) -> Duration {
        now.duration_since(ix.sent_at) + self.age_offset
    }

    /// Creates an interaction and dispatches it.
    pub fn interact(
        &mut self,
        kind: IxKind,
        user: u64,
        channel: u64,
        data: Value,
        message: Option<u64>,
    ) -> u64 {
        let id = self.snowflake();
        let token = format!("tok-{id}-{}", self.sessions);
        let ch = self.channels.get(&channel).cloned();
        let guild = ch.as_ref().and_then(|c| c.guild);
        let permissions = guild
            .and_then(|g| self.members.get(&g)?.get(&user).copied())
            .unwrap_or(0);
        let locale = self
            .users
            .get(&user)
            .map_or_else(|| "en-US".to_owned(), |u| u.locale.clone());
        let origin = payload::Origin {
            id,
            app: self.app,
            token: token.clone(),
            channel,
            guild,
            user: self.user_json(user),
            permissions,
            locale,
            parent: ch.as_ref().and_then(|c| c.parent),
        };
        let message_json = message.and_then(|m| {
            let bot = self.bot_user();
            self.messages.get(&m).map(|m| m.json(bot))
        });
        let body = payload::interaction(&origin, kind as u8, data, message_json);
        self.interactions.insert(
            id,
            Interaction {
                id,
                token: token.clone(),
                kind,
                user,
                channel,
                guild,
                sent_at: Instant::now(),
                first_response: None,
                answered_at: None,
                message,
                original: None,
                placeholder: None,
                expired: false,
                autocomplete: None,
                last_message: None,
                notify: Default::default(),
            },
        );
        self.tokens.insert(token, id);
        self.dispatch("INTERACTION_CREATE", body);
        id
    }

    /// Answers one REST call; `path` is what follows `/api/v10/`, without the query.
    pub fn handle(&mut self, method: &str, path: &str, body: Value, now: Instant) -> Request {
        self.handle_with_files(method, path, body, Vec::new(), now)
    }

    /// A request with a multipart body: `body` is its `payload_json`, `files` its files.
    pub fn handle_with_files(
        &mut self,
        method: &str,
        path: &str,
        body: Value,
        files: Vec<Upload>,
        now: Instant,
    ) -> Request {
        let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
        self.uploads = files;
        let (status, response, audience, interaction) = self.route(method, &segs, &body, now);
        let files = std::mem::take(&mut self.uploads);
        Request {
            seq: self.requests.len() as u64,
            at: now,
            method: method.to_owned(),
            path: path.to_owned(),
            body,
            status,
            response,
            audience,
            interaction,
            files,
        }
    }

    /// Discord's checks of a message body: its limits, and that every file it lists was sent
    /// and every `attachment://` it shows is carried (`editing`: the message it edits).
    fn check_body(&mut self, body: &Value, editing: Option<u64>, usage: Use) -> Option<Refused> {
        if let Err(refused) = limits::check_message_as(body, usage, !self.uploads.is_empty()) {
            return Some(refused);
        }
        let existing = editing
            .and_then(|m| self.messages.get(&m))
            .map(|m| m.attachments.clone())
            .unwrap_or_default();
        attachments::resolve(body, &self.uploads, &existing, || 0)
            .err()
            .map(Refused::Invalid)
    }

    /// The attachments a message carries after `body` (checked by [`Self::check_body`]).
    fn carried(&mut self, body: &Value, existing: &[Attachment]) -> Vec<Attachment> {
        let uploads = std::mem::take(&mut self.uploads);
        let carried = attachments::resolve(body, &uploads, existing, || self.snowflake())
            .unwrap_or_else(|_| existing.to_vec());
        self.uploads = uploads;
        carried
    }

    fn route(&mut self, method: &str, segs: &[&str], body: &Value, now: Instant) -> Reply {
        let none = Audience::Nobody;
        match (method, segs) {
            ("GET", ["gateway"]) => (200, json!({ "url": self.gateway_url }), none, None),
            ("GET", ["gateway", "bot"]) => (
                200,
                json!({ "url": self.gateway_url, "shards": self.gateway.recommended, "session_start_limit":
                    { "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1 } }),
                none,
                None,
            ),
            ("GET", ["oauth2", "applications", "@me"]) => {
                let owner = payload::user(1, "owner", false);
                (200, payload::application(self.app, owner), none, None)
            }
            ("GET", ["users", "@me"]) => (200, self.bot_user(), none, None),
            ("PUT", ["applications", _, "commands"])
            | ("PUT", ["applications", _, "guilds", _, "commands"]) => self.register(segs, body),
            ("POST", ["interactions", id, token, "callback"]) => {
                self.callback(id, token, body, now)
            }
            ("POST", ["webhooks", _, token]) => self.followup(token, body, now),
            ("PATCH", ["webhooks", _, token, "messages", which]) => {
                self.edit_webhook(token, which, body, now)
            }
            ("DELETE", ["webhooks", _, token, "messages", which]) => {
                match self.webhook_message(token, which, now) {
                    Ok((ix, mid)) => {
                        if let Some(m) = self.messages.get_mut(&mid) {
                            m.deleted = true;
                        }
                        (204, Value::Null, none, Some(ix))
                    }
                    Err(e) => e,
                }
            }
            ("POST", ["users", "@me", "channels"]) => self.open_dm(body),
            ("POST", ["channels", c, "messages"]) => self.post_message(c, body),
            ("PATCH", ["channels", c, "messages", m]) => self.edit_message(c, m, body),
            ("DELETE", ["channels", c, "messages", m]) => {
                let (c, m) = (num(c), num(m));
                match self.messages.get_mut(&m) {
                    Some(msg) if msg.channel == c && !msg.deleted => {
                        msg.deleted = true;
                        (204, Value::Null, none, None)
                    }
                    _ => not_found(CODE_UNKNOWN_MESSAGE, "Unknown Message"),
                }
            }
            ("GET", ["channels", c, "messages", m]) => {
                let bot = self.bot_user();
                match self.messages.get(&num(m)) {
                    Some(msg) if msg.channel == num(c) && !msg.deleted => {
                        (200, msg.json(bot), none, None)
                    }
                    _ => not_found(CODE_UNKNOWN_MESSAGE, "Unknown Message"),
                }
            }
            ("POST", ["channels", c, "threads"]) => self.open_thread(c, body),
            ("GET", ["channels", c]) => match self.channels.get(&num(c)) {
                Some(ch) => (200, self.channel_json(ch), none, None),
                None => not_found(CODE_UNKNOWN_CHANNEL, "Unknown Channel"),
            },
            _ => (404, payload::error(0, "404: Not Found", None), none, None),
        }
    }

    fn channel_json(&self, ch: &Channel) -> Value {
        match ch.dm_with {
            Some(u) => payload::dm_channel(ch.id, self.user_json(u)),
            None => payload::guild_channel(ch.id, ch.guild.unwrap_or(0), &ch.name, ch.parent),
        }
    }

    fn register(&mut self, segs: &[&str], body: &Value) -> Reply {
        if let Some(errors) = validate::check_commands(body) {
            return invalid_form(errors);
        }
        let mut out = Vec::new();
        for cmd in body.as_array().into_iter().flatten() {
            let name = cmd["name"].as_str().unwrap_or_default();
            // The same name keeps its id across registrations, as on Discord.
            let id = match self.command_id(name) {
                Some(id) => id,
                None => self.snowflake(),
            };
            let mut c = cmd.clone();
            c["id"] = id.to_string().into();
            c["type"] = cmd.get("type").cloned().unwrap_or(1.into());
            c["application_id"] = self.app.to_string().into();
            c["version"] = "1".into();
            if let ["applications", _, "guilds", g, "commands"] = segs {
                c["guild_id"] = (*g).into();
            }
            c["default_member_permissions"] = cmd
                .get("default_member_permissions")
                .cloned()
                .unwrap_or(Value::Null);
            out.push(c);
        }
        self.commands = out.clone();
        self.registered_in = self.sessions;
        (200, Value::Array(out), Audience::Nobody, None)
    }

    fn interaction_by_token(&self, token: &str) -> Option<u64> {
        self.tokens.get(token).copied()
    }

    fn store_message(
        &mut self,
        channel: u64,
        body: &Value,
        audience: Audience,
        interaction: Option<u64>,
    ) -> u64 {
        let id = self.snowflake();
        let guild = self.channels.get(&channel).and_then(|c| c.guild);
        let flags = body["flags"].as_u64().unwrap_or(0);
        let attachments = self.carried(body, &[]);
        self.messages.insert(
            id,
            Message {
                id,
                channel,
                guild,
                content: body["content"].as_str().unwrap_or_default().to_owned(),
                embeds: body.get("embeds").cloned().unwrap_or(json!([])),
                components: body.get("components").cloned().unwrap_or(json!([])),
                flags,
                audience,
                interaction,
                edits: 0,
                deleted: false,
                attachments,
            },
        );
        id
    }

    fn apply_edit(&mut self, mid: u64, body: &Value) {
        let existing = self
            .messages
            .get(&mid)
            .map(|m| m.attachments.clone())
            .unwrap_or_default();
        let attachments = self.carried(body, &existing);
        if let Some(m) = self.messages.get_mut(&mid) {
            m.attachments = attachments;
            if let Some(c) = body.get("content") {
                m.content = c.as_str().unwrap_or_default().to_owned();
            }
            if let Some(e) = body.get("embeds") {
                m.embeds = e.clone();
            }
            if let Some(c) = body.get("components") {
                m.components = c.clone();
            }
            m.flags &= !LOADING;
            m.edits += 1;
        }
    }

    fn message_reply(&self, mid: u64, audience: Audience, ix: Option<u64>) -> Reply {
        let bot = self.bot_user();
        let m = &self.messages[&mid];
        (200, m.json(bot), audience, ix)
    }

    fn callback(&mut self, id: &str, token: &str, body: &Value, now: Instant) -> Reply {
        let id = num(id);
        let Some(ix) = self.interactions.get(&id).cloned() else {
            return not_found(CODE_UNKNOWN_INTERACTION, "Unknown interaction");
        };
        if ix.token != token || ix.expired || self.age(&ix, now) > FIRST_RESPONSE {
            if let Some(i) = self.interactions.get_mut(&id) {
                i.expired = true;
            }
            return not_found(CODE_UNKNOWN_INTERACTION, "Unknown interaction");
        }
        if ix.first_response.is_some() {
            return (
                400,
                payload::error(
                    CODE_ALREADY_ACKNOWLEDGED,
                    "Interaction has already been acknowledged.",
                    None,
                ),
                Audience::Nobody,
                Some(id),
            );
        }
        if let Some(errors) = validate::check_callback(body, ix.kind as u8) {
            return invalid_form(errors);
        }
        let kind = body["type"].as_u64().unwrap_or(0) as u8;
        let data = body.get("data").cloned().unwrap_or(json!({}));
        let editing = if kind == 7 { ix.message } else { None };
        let usage = if kind == 4 {
            Use::Interaction
        } else {
            Use::Edit
        };
        if let Some(refused) = self.check_body(&data, editing, usage) {
            return refusal(refused, Some("data"));
        }
        let flags = data["flags"].as_u64().unwrap_or(0);
        let audience = if flags & EPHEMERAL != 0 {
            Audience::Ephemeral(ix.user)
        } else {
            Audience::Channel(ix.channel)
        };
        let mut answered = false;
        let (original, placeholder, audience) = match kind {
            4 => {
                answered = true;
                let m = self.store_message(ix.channel, &data, audience, Some(id));
                (Some(m), None, audience)
            }
            5 => {
                let mut d = data.clone();
                d["flags"] = (flags | LOADING).into();
                let m = self.store_message(ix.channel, &d, audience, Some(id));
                (Some(m), Some(m), Audience::Nobody)
            }
            6 => (ix.message, None, Audience::Nobody),
            7 => {
                answered = true;
                let Some(m) = ix.message else {
                    return bad_request("Cannot update a message without a component");
                };
                self.apply_edit(m, &data);
                let aud = self.messages[&m].audience;
                (Some(m), None, aud)
            }
            8 => {
                answered = true;
                if let Some(i) = self.interactions.get_mut(&id) {
                    i.autocomplete = Some(data["choices"].clone());
                }
                (None, None, Audience::Nobody)
            }
            _ => return bad_request("Unsupported interaction response type"),
        };
        let i = self.interactions.get_mut(&id).expect("looked up above");
        i.first_response = Some((kind, now));
        i.original = original;
        i.placeholder = placeholder;
        if answered {
            i.answered_at = Some(now);
            i.last_message = original;
        }
        i.notify.notify_waiters();
        (204, Value::Null, audience, Some(id))
    }

    /// The interaction behind a webhook token, if it may still be used.
    fn live_token(&self, token: &str, now: Instant) -> Result<u64, Reply> {
        let Some(id) = self.interaction_by_token(token) else {
            return Err(not_found(CODE_UNKNOWN_WEBHOOK, "Unknown Webhook"));
        };
        let ix = &self.interactions[&id];
        if self.age(ix, now) > TOKEN_LIFE {
            return Err((
                401,
                payload::error(CODE_INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token", None),
                Audience::Nobody,
                Some(id),
            ));
        }
        if ix.first_response.is_none() {
            // Discord knows the webhook only once the interaction was acknowledged.
            return Err(not_found(CODE_UNKNOWN_WEBHOOK, "Unknown Webhook"));
        }
        Ok(id)
    }

    fn followup(&mut self, token: &str, body: &Value, now: Instant) -> Reply {
        let id = match self.live_token(token, now) {
            Ok(id) => id,
            Err(e) => return e,
        };
        let placeholder = self.interactions[&id].placeholder;
        if let Some(refused) = self.check_body(body, placeholder, Use::Interaction) {
            return refusal(refused, None);
        }
        let ix = self.interactions[&id].clone();
        // The first follow-up after a deferred reply fills the "thinking…" placeholder and
        // keeps its visibility; later ones are new messages.
        let (mid, audience) = match ix.placeholder {
            Some(p) => {
                let aud = self.messages[&p].audience;
                let aud = match aud {
                    Audience::Nobody => Audience::Channel(ix.channel),
                    a => a,
                };
                if let Some(m) = self.messages.get_mut(&p) {
                    m.audience = aud;
                }
                self.apply_edit(p, body);
                (p, aud)
            }
            None => {
                let flags = body["flags"].as_u64().unwrap_or(0);
                let aud = if flags & EPHEMERAL != 0 {
                    Audience::Ephemeral(ix.user)
                } else {
                    Audience::Channel(ix.channel)
                };
                (self.store_message(ix.channel, body, aud, Some(id)), aud)
            }
        };
        // A public note after an ephemeral answer (a turn ping) is not what the clicking
        // user was answered: their answer stays the ephemeral message.
        let shown_privately = ix
            .last_message
            .and_then(|m| self.messages.get(&m))
            .is_some_and(|m| matches!(m.audience, Audience::Ephemeral(_)));
        let i = self.interactions.get_mut(&id).expect("live token");
        i.placeholder = None;
        i.answered_at.get_or_insert(now);
        if !(shown_privately && matches!(audience, Audience::Channel(_))) {
            i.last_message = Some(mid);
        }
        i.notify.notify_waiters();
        self.message_reply(mid, audience, Some(id))
    }

    fn webhook_message(&self, token: &str, which: &str, now: Instant) -> Result<(u64, u64), Reply> {
        let id = self.live_token(token, now)?;
        let ix = &self.interactions[&id];
        // Discord lets a token reach its own messages only.
        let mid = match which {
            "@original" => ix.original,
            m => Some(num(m)).filter(|m| {
                self.messages
                    .get(m)
                    .is_some_and(|m| m.interaction == Some(id))
            }),
        };
        match mid.filter(|m| self.messages.get(m).is_some_and(|m| !m.deleted)) {
            Some(m) => Ok((id, m)),
            None => Err(not_found(CODE_UNKNOWN_MESSAGE, "Unknown Message")),
        }
    }

    fn edit_webhook(&mut self, token: &str, which: &str, body: &Value, now: Instant) -> Reply {
        let (id, mid) = match self.webhook_message(token, which, now) {
            Ok(x) => x,
            Err(e) => return e,
        };
        if let Some(refused) = self.check_body(body, Some(mid), Use::Edit) {
            return refusal(refused, None);
        }
        let ix = self.interactions[&id].clone();
        if ix.placeholder == Some(mid) {
            let aud = match self.messages[&mid].audience {
                Audience::Nobody => Audience::Channel(ix.channel),
                a => a,
            };
            if let Some(m) = self.messages.get_mut(&mid) {
                m.audience = aud;
            }
            if let Some(i) = self.interactions.get_mut(&id) {
                i.placeholder = None;
            }
        }
        self.apply_edit(mid, body);
        if let Some(i) = self.interactions.get_mut(&id) {
            i.answered_at.get_or_insert(now);
            i.last_message = Some(mid);
            i.notify.notify_waiters();
        }
        let aud = self.messages[&mid].audience;
        self.message_reply(mid, aud, Some(id))
    }

    fn open_dm(&mut self, body: &Value) -> Reply {
        let user = body["recipient_id"]
            .as_str()
            .map(num)
            .or_else(|| body["recipient_id"].as_u64())
            .unwrap_or(0);
        if !self.users.contains_key(&user) {
            return bad_request("Unknown recipient");
        }
        let existing = self
            .channels
            .values()
            .find(|c| c.dm_with == Some(user))
            .map(|c| c.id);
        let id = match existing {
            Some(id) => id,
            None => {
                let id = self.snowflake();
                self.channels.insert(
                    id,
                    Channel {
                        id,
                        guild: None,
                        dm_with: Some(user),
                        parent: None,
                        name: String::new(),
                    },
                );
                id
            }
        };
        let ch = self.channels[&id].clone();
        (200, self.channel_json(&ch), Audience::Nobody, None)
    }

    fn post_message(&mut self, channel: &str, body: &Value) -> Reply {
        let c = num(channel);
        let Some(ch) = self.channels.get(&c).cloned() else {
            return not_found(CODE_UNKNOWN_CHANNEL, "Unknown Channel");
        };
        let audience = match ch.dm_with {
            Some(u) => {
                if !self.users.get(&u).is_some_and(|u| u.dms_open) {
                    return (
                        403,
                        payload::error(CODE_DMS_CLOSED, "Cannot send messages to this user", None),
                        Audience::Dm(u),
                        None,
                    );
                }
                Audience::Dm(u)
            }
            None if self.muted.contains(&c) => {
                return (
                    403,
                    payload::error(CODE_MISSING_PERMISSIONS, "Missing Permissions", None),
                    Audience::Channel(c),
                    None,
                );
            }
            None => Audience::Channel(c),
        };
        if let Some(refused) = self.check_body(body, None, Use::Create) {
            return refusal(refused, None);
        }
        let mid = self.store_message(c, body, audience, None);
        self.message_reply(mid, audience, None)
    }

    fn edit_message(&mut self, channel: &str, message: &str, body: &Value) -> Reply {
        let (c, m) = (num(channel), num(message));
        match self.messages.get(&m) {
            Some(msg) if msg.channel == c && !msg.deleted && msg.interaction.is_none() => {}
            _ => return not_found(CODE_UNKNOWN_MESSAGE, "Unknown Message"),
        }
        if let Some(refused) = self.check_body(body, Some(m), Use::Edit) {
            return refusal(refused, None);
        }
        self.apply_edit(m, body);
        let aud = self.messages[&m].audience;
        self.message_reply(m, aud, None)
    }

    fn open_thread(&mut self, parent: &str, body: &Value) -> Reply {
        let p = num(parent);
        let Some(ch) = self.channels.get(&p).cloned() else {
            return not_found(CODE_UNKNOWN_CHANNEL, "Unknown Channel");
        };
        let id = self.snowflake();
        let thread = Channel {
            id,
            guild: ch.guild,
            dm_with: None,
            parent: Some(p),
            name: body["name"].as_str().unwrap_or_default().to_owned(),
        };
        let json = self.channel_json(&thread);
        self.channels.insert(id, thread);
        (201, json, Audience::Nobody, None)
    }
}

fn num(s: &str) -> u64 {
    s.parse().unwrap_or(0)
}

fn not_found(code: u64, message: &str) -> Reply {
    (
        404,
        payload::error(code, message, None),
        Audience::Nobody,
        None,
    )
}

fn bad_request(message: &str) -> Reply {
    (
        400,
        payload::error(0, message, None),
        Audience::Nobody,
        None,
    )
}

/// A refused message body; `under`: the field holding it (a callback's `data`).
fn refusal(refused: Refused, under: Option<&str>) -> Reply {
    match (refused, under) {
        (Refused::Empty, _) => (
            400,
            payload::error(
                validate::CODE_EMPTY_MESSAGE,
                "Cannot send an empty message",
                None,
            ),
            Audience::Nobody,
            None,
        ),
        (Refused::Invalid(errors), Some(field)) => invalid_form(json!({ field: errors })),
        (Refused::Invalid(errors), None) => invalid_form(errors),
    }
}

fn invalid_form(errors: Value) -> Reply {
    (
        400,
        payload::error(CODE_INVALID_FORM_BODY, "Invalid Form Body", Some(errors)),
        Audience::Nobody,
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALICE: u64 = 11;
    const CHANNEL: u64 = 5;

    fn world() -> World {
        let mut w = World::new("ws://127.0.0.1:1/gateway".into());
        w.users.insert(
            ALICE,
            SimUser {
                id: ALICE,
                name: "alice".into(),
                locale: "cs".into(),
                dms_open: false,
            },
        );
        w.channels.insert(
            CHANNEL,
            Channel {
                id: CHANNEL,
                guild: Some(1),
                dm_with: None,
                parent: None,
                name: "games".into(),
            },
        );
        w
    }

    fn click(w: &mut World) -> (u64, String) {
        let id = w.interact(IxKind::Command, ALICE, CHANNEL, json!({}), None);
        (id, w.interactions[&id].token.clone())
    }

    fn post(w: &mut World, method: &str, path: &str, body: Value) -> Request {
        w.handle(method, path, body, Instant::now())
    }

    #[test]
    fn an_answer_after_three_seconds_is_an_unknown_interaction() {
        let mut w = world();
        let (id, token) = click(&mut w);
        w.age_offset = Duration::from_millis(3001);
        let r = post(
            &mut w,
            "POST",
            &format!("interactions/{id}/{token}/callback"),
            json!({ "type": 5 }),
        );
        assert_eq!(r.status, 404);
        assert_eq!(r.response["code"], CODE_UNKNOWN_INTERACTION);
        assert!(w.interactions[&id].expired);
    }

    #[test]
    fn a_second_first_response_is_refused_and_follow_ups_fill_the_deferred_reply() {
        let mut w = world();
        let (id, token) = click(&mut w);
        let defer = json!({ "type": 5, "data": { "flags": EPHEMERAL } });
        let cb = format!("interactions/{id}/{token}/callback");
        assert_eq!(post(&mut w, "POST", &cb, defer.clone()).status, 204);
        let again = post(&mut w, "POST", &cb, defer);
        assert_eq!(
            (again.status, again.response["code"].clone()),
            (400, json!(CODE_ALREADY_ACKNOWLEDGED))
        );
        let hook = format!("webhooks/{}/{token}", w.app);
        let first = post(&mut w, "POST", &hook, json!({ "content": "one" }));
        let second = post(
            &mut w,
            "POST",
            &hook,
            json!({ "content": "two", "flags": EPHEMERAL }),
        );
        assert_eq!(
            first.audience,
            Audience::Ephemeral(ALICE),
            "the defer's visibility wins"
        );
        assert_eq!(
            first.response["id"],
            json!(w.interactions[&id].original.unwrap().to_string())
        );
        assert_ne!(second.response["id"], first.response["id"]);
    }

    #[test]
    fn a_token_older_than_fifteen_minutes_no_longer_edits() {
        let mut w = world();
        let (id, token) = click(&mut w);
        post(
            &mut w,
            "POST",
            &format!("interactions/{id}/{token}/callback"),
            json!({ "type": 4, "data": { "content": "hi" } }),
        );
        w.age_offset = TOKEN_LIFE + Duration::from_secs(1);
        let hook = format!("webhooks/{}/{token}/messages/@original", w.app);
        let r = post(&mut w, "PATCH", &hook, json!({ "content": "late" }));
        assert_eq!(
            (r.status, r.response["code"].clone()),
            (401, json!(CODE_INVALID_WEBHOOK_TOKEN))
        );
    }

    #[test]
    fn a_dm_to_a_user_with_closed_dms_is_forbidden_with_50007() {
        let mut w = world();
        let dm = post(
            &mut w,
            "POST",
            "users/@me/channels",
            json!({ "recipient_id": ALICE.to_string() }),
        );
        let channel = dm.response["id"].as_str().unwrap().to_owned();
        let r = post(
            &mut w,
            "POST",
            &format!("channels/{channel}/messages"),
            json!({ "content": "your turn" }),
        );
        assert_eq!(
            (r.status, r.response["code"].clone()),
            (403, json!(CODE_DMS_CLOSED))
        );
    }

    #[test]
    fn an_oversized_embed_and_a_deleted_message_get_discords_errors() {
        let mut w = world();
        let too_long = json!({ "embeds": [{ "title": "x".repeat(257) }] });
        let r = post(
            &mut w,
            "POST",
            &format!("channels/{CHANNEL}/messages"),
            too_long,
        );
        assert_eq!(r.status, 400);
        assert_eq!(r.response["code"], CODE_INVALID_FORM_BODY);
        assert!(r
            .response
            .pointer("/errors/embeds/0/title/_errors")
            .is_some());
        let ok = post(
            &mut w,
            "POST",
            &format!("channels/{CHANNEL}/messages"),
            json!({ "content": "t" }),
        );
        let mid = ok.response["id"].as_str().unwrap().to_owned();
        post(
            &mut w,
            "DELETE",
            &format!("channels/{CHANNEL}/messages/{mid}"),
            Value::Null,
        );
        let r = post(
            &mut w,
            "PATCH",
            &format!("channels/{CHANNEL}/messages/{mid}"),
            json!({ "content": "t2" }),
        );
        assert_eq!(
            (r.status, r.response["code"].clone()),
            (404, json!(CODE_UNKNOWN_MESSAGE))
        );
    }

    fn png(bytes: &[u8]) -> Vec<Upload> {
        vec![Upload {
            index: 0,
            filename: "table.png".into(),
            content_type: "image/png".into(),
            bytes: std::sync::Arc::new(bytes.to_vec()),
        }]
    }

    #[test]
    fn a_table_embed_carries_its_picture_and_each_edit_replaces_it() {
        let mut w = world();
        let embed = json!({ "embeds": [{ "title": "Claim", "image": { "url": "attachment://table.png" } }],
            "attachments": [{ "id": 0, "filename": "table.png" }] });
        let path = format!("channels/{CHANNEL}/messages");
        let without = post(&mut w, "POST", &path, embed.clone());
        assert_eq!(without.status, 400, "the file was not sent");
        assert_eq!(without.response["code"], CODE_INVALID_FORM_BODY);
        assert!(without
            .response
            .pointer("/errors/embeds/0/image/url/_errors")
            .is_some());
        let r = w.handle_with_files("POST", &path, embed.clone(), png(b"first"), Instant::now());
        assert_eq!(r.status, 200);
        assert_eq!(r.files.len(), 1, "the request keeps its files");
        assert_eq!(r.response["attachments"][0]["filename"], "table.png");
        let mid: u64 = r.response["id"].as_str().unwrap().parse().unwrap();
        assert_eq!(w.messages[&mid].attachments[0].bytes.as_slice(), b"first");
        let edit = format!("channels/{CHANNEL}/messages/{mid}");
        let r = w.handle_with_files("PATCH", &edit, embed, png(b"second"), Instant::now());
        assert_eq!(r.status, 200);
        let m = &w.messages[&mid];
        assert_eq!(m.attachments.len(), 1, "replaced, not added");
        assert_eq!(m.attachments[0].bytes.as_slice(), b"second");
        // An edit without an attachments list keeps the picture the embed shows.
        let text_only = json!({ "embeds": [{ "title": "Claim", "image": { "url": "attachment://table.png" } }] });
        assert_eq!(post(&mut w, "PATCH", &edit, text_only).status, 200);
        assert_eq!(w.messages[&mid].attachments.len(), 1);
        // Dropping the file while the embed still shows it is refused.
        let dropped = json!({ "embeds": [{ "image": { "url": "attachment://table.png" } }], "attachments": [] });
        assert_eq!(post(&mut w, "PATCH", &edit, dropped).status, 400);
        let none = json!({ "embeds": [{ "title": "no picture" }], "attachments": [] });
        assert_eq!(post(&mut w, "PATCH", &edit, none).status, 200);
        assert!(w.messages[&mid].attachments.is_empty());
    }
}
