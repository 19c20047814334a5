//! What the fake simulates: people, channels, messages, interactions, and the REST calls
//! the bot made.

use std::time::Instant;

use serde_json::Value;

use crate::{
    attachments::{Attachment, Upload},
    payload,
};

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

/// A conversation the bot is not a member of: a DM between two users (Discord's channel
/// type 1) or a group DM (type 3). An app reaches it only when one of its users installed
/// the app to their account, and only through interactions: "Apps installed to a user
/// context are visible across all of the user's servers, DMs, and GDMs—however, they're
/// limited to using commands"
/// (https://discord.com/developers/docs/quick-start/getting-started, "Installation contexts").
#[derive(Clone, Debug)]
pub struct PrivateChannel {
    /// 1 (DM) or 3 (GROUP_DM).
    pub kind: u8,
    pub recipients: Vec<u64>,
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
    /// The simulated clock's advance ([`crate::Fake::advance`]) when it was dispatched.
    pub clock_at: std::time::Duration,
    /// When the fake's gateway task wrote its frame to the bot's socket.
    pub written_at: crate::gateway::Written,
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
    /// Its token's 15 minutes are over (a test's shortcut, [`crate::Fake::expire_tokens`]).
    pub token_dead: bool,
    pub autocomplete: Option<Value>,
    /// Discord's interaction context type: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL.
    pub context: u8,
    /// `authorizing_integration_owners`: `{"0": guild or "0", "1": user}`.
    pub owners: Value,
    /// Follow-ups created with its token (Create Followup Message).
    pub followups: u32,
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
