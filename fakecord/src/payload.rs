//! The JSON objects the fake sends, with the fields serenity's model types require
//! (`shared/design/discord-loopback.md`): a missing field turns a dispatch into serenity's
//! `Event::Unknown` and the bot silently never answers, so every builder lives here and the
//! bot's schema test deserializes what they produce.

use serde_json::{json, Value};

/// Every timestamp the fake reports; serenity only parses it.
pub const TIMESTAMP: &str = "2026-01-01T12:00:00.000000+00:00";

/// A simulated user as Discord describes them.
pub fn user(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "discriminator": "0",
        "global_name": name,
        "avatar": null,
        "bot": bot,
        "public_flags": 0,
    })
}

/// A guild member as an interaction carries it: `permissions` are the member's effective
/// permissions in the channel, which poise checks for `required_permissions`.
pub fn member(user: Value, permissions: u64) -> Value {
    json!({
        "user": user,
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": TIMESTAMP,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": permissions.to_string(),
    })
}

pub fn hello(heartbeat_ms: u64) -> Value {
    json!({ "op": 10, "d": { "heartbeat_interval": heartbeat_ms } })
}

pub fn heartbeat_ack() -> Value {
    json!({ "op": 11 })
}

/// Tells a client that tried to RESUME to identify afresh.
pub fn invalid_session() -> Value {
    json!({ "op": 9, "d": false })
}

pub fn dispatch(seq: u64, t: &str, d: Value) -> Value {
    json!({ "op": 0, "s": seq, "t": t, "d": d })
}

/// READY: the application id here must be the one the command registration uses.
pub fn ready(bot: Value, app: u64, session: &str, gateway_url: &str) -> Value {
    json!({
        "v": 10,
        "user": bot,
        "guilds": [],
        "session_id": session,
        "resume_gateway_url": gateway_url,
        "application": { "id": app.to_string(), "flags": 0 },
    })
}

/// `GET /oauth2/applications/@me`: poise reads the owners from it.
pub fn application(app: u64, owner: Value) -> Value {
    json!({
        "id": app.to_string(),
        "name": "Vliv",
        "icon": null,
        "description": "",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": owner,
        "verify_key": "00",
        "team": null,
        "flags": 0,
    })
}

/// A message as the REST API returns it and as a component interaction carries it.
pub struct MessageFields<'a> {
    pub id: u64,
    pub channel: u64,
    pub guild: Option<u64>,
    pub author: Value,
    pub content: &'a str,
    pub embeds: &'a Value,
    pub components: &'a Value,
    pub flags: u64,
    pub edited: bool,
    pub attachments: &'a [crate::attachments::Attachment],
}

pub fn message(m: &MessageFields<'_>) -> Value {
    let mut v = json!({
        "id": m.id.to_string(),
        "channel_id": m.channel.to_string(),
        "author": m.author,
        "content": m.content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": if m.edited { Value::from(TIMESTAMP) } else { Value::Null },
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": m.attachments.iter().map(|a| a.json()).collect::<Vec<_>>(),
        "embeds": m.embeds,
        "components": m.components,
        "pinned": false,
        "type": 0,
        "flags": m.flags,
    });
    if let Some(g) = m.guild {
        v["guild_id"] = g.to_string().into();
    }
    v
}

/// `POST /users/@me/channels`: a DM channel (type 1) with its one recipient.
pub fn dm_channel(id: u64, recipient: Value) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "last_message_id": null,
        "recipients": [recipient],
    })
}

/// A guild text channel or a public thread (type 11) opened from `parent`.
pub fn guild_channel(id: u64, guild: u64, name: &str, parent: Option<u64>) -> Value {
    json!({
        "id": id.to_string(),
        "guild_id": guild.to_string(),
        "type": if parent.is_some() { 11 } else { 0 },
        "name": name,
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "parent_id": parent.map(|p| p.to_string()),
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "thread_metadata": parent.map(|_| json!({
            "archived": false,
            "auto_archive_duration": 1440,
            "archive_timestamp": TIMESTAMP,
            "locked": false,
        })),
    })
}

/// Where an interaction happens and who starts it.
pub struct Origin {
    pub id: u64,
    pub app: u64,
    pub token: String,
    pub channel: u64,
    pub guild: Option<u64>,
    pub user: Value,
    pub permissions: u64,
    pub locale: String,
    /// For a thread: the channel it was opened from (Discord sends its type and parent).
    pub parent: Option<u64>,
    /// The bot's permissions in the channel (Discord's `app_permissions`).
    pub app_permissions: u64,
    /// The interaction context type: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL.
    pub context: u8,
    /// `authorizing_integration_owners`.
    pub owners: Value,
    /// In a DM between users or a group DM: its channel type (1 or 3).
    pub private: Option<u8>,
}

/// INTERACTION_CREATE: `kind` 2 (command), 3 (component), 4 (autocomplete).
pub fn interaction(o: &Origin, kind: u8, data: Value, message: Option<Value>) -> Value {
    let mut v = json!({
        "id": o.id.to_string(),
        "application_id": o.app.to_string(),
        "type": kind,
        "token": o.token,
        "version": 1,
        "channel_id": o.channel.to_string(),
        "channel": {
            "id": o.channel.to_string(),
            "type": match (o.guild, o.parent) {
                (None, _) => o.private.unwrap_or(1),
                (Some(_), None) => 0,
                _ => 11,
            },
            "parent_id": o.parent.map(|p| p.to_string()),
        },
        "locale": o.locale,
        "app_permissions": o.app_permissions.to_string(),
        "entitlements": [],
        "authorizing_integration_owners": o.owners,
        "context": o.context,
        "attachment_size_limit": 10_485_760,
        "data": data,
    });
    match o.guild {
        Some(g) => {
            v["guild_id"] = g.to_string().into();
            v["guild_locale"] = "en-US".into();
            v["member"] = member(o.user.clone(), o.permissions);
        }
        // Outside a server Discord sends the `user` and no `guild_id`.
        None => {
            v["user"] = o.user.clone();
        }
    }
    if let Some(m) = message {
        v["message"] = m;
    }
    v
}

/// Slash command data: the command's id and name, and its options as Discord nests them
/// (a subcommand is an option of type 1 holding the real options).
/// For autocomplete, the option being typed carries `"focused": true`.
pub fn command_data(id: u64, name: &str, options: Value) -> Value {
    json!({ "id": id.to_string(), "name": name, "type": 1, "options": options })
}

pub fn component_data(custom_id: &str, component_type: u8, values: &[String]) -> Value {
    let mut v = json!({ "custom_id": custom_id, "component_type": component_type });
    if component_type == 3 {
        v["values"] = json!(values);
    }
    v
}

/// Discord's error body: `{code, message}` plus `errors` for an invalid form body.
pub fn error(code: u64, message: &str, errors: Option<Value>) -> Value {
    let mut v = json!({ "code": code, "message": message });
    if let Some(e) = errors {
        v["errors"] = e;
    }
    v
}
