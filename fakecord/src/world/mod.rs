//! The simulated Discord: users, guilds, channels, messages and interactions, and the REST
//! API over them. Everything the bot asks is answered here from this state, with Discord's
//! status codes and error shapes; the HTTP and websocket plumbing lives in `server.rs`.
//! `model.rs` holds the things simulated, `routes.rs` the REST API's dispatch,
//! `interactions.rs` interactions and their tokens, `messages.rs` messages and channels.

use std::{
    collections::{BTreeMap, HashMap},
    time::{Duration, Instant},
};

use serde_json::{json, Value};
use tokio::sync::mpsc::UnboundedSender;

use crate::{
    attachments::{self, Attachment, Upload},
    gateway::{Frame, Written},
    limits::{self, Refused},
    payload,
    permissions::{self, Verdict},
    ratelimit,
    validate::{self, Use},
};

mod activities;
pub use activities::ActivityInstance;
#[cfg(test)]
mod install_tests;
mod installs;
mod interactions;
mod messages;
mod model;
mod needs;
#[cfg(test)]
mod permission_tests;
mod routes;
#[cfg(test)]
mod tests;

pub use model::{
    Audience, Channel, Interaction, IxKind, Message, PrivateChannel, Request, SimUser,
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
/// "This interaction has hit the maximum number of follow up messages"
/// (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
pub const CODE_MAX_FOLLOWUPS: u64 = 40094;
/// "Missing access" (same table).
pub const CODE_MISSING_ACCESS: u64 = permissions::CODE_MISSING_ACCESS;
/// Follow-ups an interaction of an app installed only to the user may create: "Apps are
/// limited to 5 followup messages per interaction if it was initiated from a user-installed
/// app and isn't installed in the server (meaning the authorizing integration owners object
/// only contains USER_INSTALL)"
/// (https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message).
pub const USER_INSTALL_FOLLOWUPS: u32 = 5;

/// Interaction context types
/// (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-interaction-context-types):
/// within servers, DMs with the app's bot user, and group DMs and DMs other than the bot's.
pub const CONTEXT_GUILD: u8 = 0;
pub const CONTEXT_BOT_DM: u8 = 1;
pub const CONTEXT_PRIVATE_CHANNEL: u8 = 2;
/// Application integration types: installed to a server, installed to a user.
pub const GUILD_INSTALL: u8 = 0;
pub const USER_INSTALL: u8 = 1;
pub const CODE_INVALID_WEBHOOK_TOKEN: u64 = 50027;
pub const CODE_DMS_CLOSED: u64 = 50007;
pub const CODE_MISSING_PERMISSIONS: u64 = 50013;
pub const CODE_INVALID_FORM_BODY: u64 = 50035;

pub struct World {
    pub app: u64,
    pub bot: u64,
    next_id: u64,
    pub users: HashMap<u64, SimUser>,
    /// guild → (user → permissions).
    pub members: HashMap<u64, HashMap<u64, u64>>,
    pub channels: HashMap<u64, Channel>,
    /// DMs between users and group DMs (their `Channel` has no guild and no `dm_with`).
    pub private: HashMap<u64, PrivateChannel>,
    /// Users who installed the app to their account (USER_INSTALL).
    pub user_installs: std::collections::HashSet<u64>,
    pub messages: BTreeMap<u64, Message>,
    pub interactions: HashMap<u64, Interaction>,
    tokens: HashMap<String, u64>,
    /// The commands of the last registration, with their ids.
    pub commands: Vec<Value>,
    pub requests: Vec<Request>,
    /// Every gateway frame sent, in order (while `recording`).
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
    /// How far the simulated clock was moved on ([`crate::Fake::advance`]): an interaction
    /// sent before is older by the difference, one sent after is not.
    pub clock: Duration,
    /// Requests to hold unanswered until the test releases them (a kill mid-request).
    pub(crate) holds: Vec<Hold>,
    /// Keep every request in `requests` and every frame in `frames` (tests); a long bench
    /// turns it off to save memory.
    pub recording: bool,
    /// The bot's roles and the channels' overwrites: what it may do where.
    pub grants: permissions::Grants,
    /// Messages posted or edited without Embed Links: Discord took them and hid their
    /// embeds (ids, in order).
    pub embeds_hidden: Vec<u64>,
    /// The bot token the fake accepts: a REST request that sends another one is answered
    /// 401 as Discord does. `None` accepts any token.
    pub bot_token: Option<String>,
    /// REST requests refused with 401 for their token (Discord counts them as invalid).
    pub unauthorized: u64,
    /// The files of the request being handled.
    uploads: Vec<Upload>,
    /// Discord's rate limits and what they counted.
    pub rate: ratelimit::Limiter,
    /// The application's running Activities (see `activities.rs`).
    pub activities: Vec<ActivityInstance>,
}

/// The first request matching `method` and containing `path` waits on `release`.
/// In a hold's path, the token of the next interaction a user starts (`Fake::hold_next`).
pub const NEXT_TOKEN: &str = "{token}";

pub(crate) struct Hold {
    pub id: u64,
    pub method: String,
    pub path: String,
    pub release: std::sync::Arc<tokio::sync::Semaphore>,
    /// Only a request without files (not a picture sent after its message's text).
    pub text_only: bool,
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
            private: HashMap::new(),
            user_installs: Default::default(),
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
            clock: Duration::ZERO,
            holds: Vec::new(),
            recording: true,
            uploads: Vec::new(),
            grants: permissions::Grants::new(),
            embeds_hidden: Vec::new(),
            rate: ratelimit::Limiter::new(ratelimit::RateLimits::discord()),
            activities: Vec::new(),
        }
    }

    /// The release of a hold this request is caught by, if any (each holds one request).
    pub(crate) fn catch(
        &mut self,
        req: &Request,
    ) -> Option<std::sync::Arc<tokio::sync::Semaphore>> {
        let h = self.holds.iter_mut().find(|h| {
            h.caught.is_none()
                && h.method == req.method
                && req.path.contains(&h.path)
                && (!h.text_only || req.files.is_empty())
        })?;
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
        self.dispatch_marked(t, d, None);
    }

    /// [`World::dispatch`], with `written` marked when the frame leaves for the bot.
    pub(crate) fn dispatch_marked(&mut self, t: &str, d: Value, written: Option<Written>) {
        let frame = self.gateway.send(None, t, d, &mut self.seq, written);
        if self.recording {
            self.frames.push(frame);
        }
    }

    /// A client identified on connection `conn` with the IDENTIFY's `shard`: it gets READY
    /// and a fresh session, or the refusal to close the connection with.
    pub(crate) fn identified(
        &mut self,
        conn: u64,
        tx: UnboundedSender<Frame>,
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
        let frame = self
            .gateway
            .send(Some(id), "READY", ready, &mut self.seq, None);
        if self.recording {
            self.frames.push(frame);
        }
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

    /// The bot's permissions in a guild channel or thread; `None` in a DM or an unknown
    /// channel.
    pub fn bot_permissions(&self, channel: u64) -> Option<u64> {
        let ch = self.channels.get(&channel)?;
        let guild = ch.guild?;
        Some(self.grants.in_channel(guild, channel, ch.parent))
    }

    pub fn command_id(&self, name: &str) -> Option<u64> {
        self.commands
            .iter()
            .find(|c| c["name"] == name)
            .and_then(|c| c["id"].as_str()?.parse().ok())
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

/// A request the bot's permissions do not cover, answered as Discord answers it: 403 with
/// 50001 Missing Access or 50013 Missing Permissions; `None` if allowed.
fn forbidden(verdict: Verdict, audience: Audience) -> Option<Reply> {
    let (code, message) = match verdict {
        Verdict::Allowed => return None,
        Verdict::MissingAccess => (permissions::CODE_MISSING_ACCESS, "Missing Access"),
        Verdict::Missing(_) => (CODE_MISSING_PERMISSIONS, "Missing Permissions"),
    };
    Some((403, payload::error(code, message, None), audience, None))
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
