//! Messages and channels reached with the bot token: posts, edits, DM channels, threads,
//! and Discord's checks of a message body.

use super::*;

impl World {
    /// Discord's checks of a message body: its limits, and that every file it lists was sent
    /// and every `attachment://` it shows is carried (`editing`: the message it edits).
    pub(super) fn check_body(
        &mut self,
        body: &Value,
        editing: Option<u64>,
        usage: Use,
    ) -> Option<Refused> {
        let was_v2 = editing
            .and_then(|m| self.messages.get(&m))
            .is_some_and(|m| m.flags & validate::IS_COMPONENTS_V2 != 0);
        if was_v2 {
            if let Some(refused) = v2_flag_kept(body) {
                return Some(refused);
            }
        }
        // An edit of a V2 message that leaves `flags` out is still checked as one.
        let mut as_sent = std::borrow::Cow::Borrowed(body);
        if was_v2 && body.get("flags").is_none_or(Value::is_null) && body.is_object() {
            as_sent.to_mut()["flags"] = validate::IS_COMPONENTS_V2.into();
        }
        if let Err(refused) = limits::check_message_as(&as_sent, usage, !self.uploads.is_empty()) {
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
    pub(super) fn carried(&mut self, body: &Value, existing: &[Attachment]) -> Vec<Attachment> {
        let uploads = std::mem::take(&mut self.uploads);
        let carried = attachments::resolve(body, &uploads, existing, || self.snowflake())
            .unwrap_or_else(|_| existing.to_vec());
        self.uploads = uploads;
        carried
    }

    pub(super) fn store_message(
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

    pub(super) fn apply_edit(&mut self, mid: u64, body: &Value) {
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
            // The flag can be set by an edit, never removed (`v2_flag_kept`).
            m.flags |= body["flags"].as_u64().unwrap_or(0) & validate::IS_COMPONENTS_V2;
            m.edits += 1;
        }
    }

    pub(super) fn message_reply(&self, mid: u64, audience: Audience, ix: Option<u64>) -> Reply {
        let bot = self.bot_user();
        let m = &self.messages[&mid];
        (200, m.json(bot), audience, ix)
    }

    pub(super) fn open_dm(&mut self, body: &Value) -> Reply {
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

    pub(super) fn post_message(&mut self, channel: &str, body: &Value) -> Reply {
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
            None => Audience::Channel(c),
        };
        let perms = self.bot_permissions(c);
        if let Some(perms) = perms {
            let verdict =
                permissions::message(perms, ch.parent.is_some(), false, !self.uploads.is_empty());
            if let Some(reply) = forbidden(verdict, audience) {
                return reply;
            }
        }
        if let Some(refused) = self.check_body(body, None, Use::Create) {
            return refusal(refused, None);
        }
        let (body, hidden) = shown(perms, body);
        let mid = self.store_message(c, &body, audience, None);
        if hidden {
            self.embeds_hidden.push(mid);
        }
        self.message_reply(mid, audience, None)
    }

    pub(super) fn edit_message(&mut self, channel: &str, message: &str, body: &Value) -> Reply {
        let (c, m) = (num(channel), num(message));
        // The bot may edit its public messages, follow-ups included (once their token has
        // expired this is the only way), never an ephemeral one.
        match self.messages.get(&m) {
            Some(msg)
                if msg.channel == c
                    && !msg.deleted
                    && (msg.interaction.is_none() || msg.audience == Audience::Channel(c)) => {}
            _ => return not_found(CODE_UNKNOWN_MESSAGE, "Unknown Message"),
        }
        let perms = self.bot_permissions(c);
        if let Some(perms) = perms {
            let in_thread = self.channels.get(&c).is_some_and(|ch| ch.parent.is_some());
            let verdict = permissions::message(perms, in_thread, true, !self.uploads.is_empty());
            if let Some(reply) = forbidden(verdict, Audience::Channel(c)) {
                return reply;
            }
        }
        if let Some(refused) = self.check_body(body, Some(m), Use::Edit) {
            return refusal(refused, None);
        }
        let (body, hidden) = shown(perms, body);
        if hidden {
            self.embeds_hidden.push(m);
        }
        self.apply_edit(m, &body);
        let aud = self.messages[&m].audience;
        self.message_reply(m, aud, None)
    }

    pub(super) fn open_thread(&mut self, parent: &str, body: &Value) -> Reply {
        let p = num(parent);
        let Some(ch) = self.channels.get(&p).cloned() else {
            return not_found(CODE_UNKNOWN_CHANNEL, "Unknown Channel");
        };
        if let Some(perms) = self.bot_permissions(p) {
            if let Some(reply) = forbidden(permissions::thread(perms), Audience::Nobody) {
                return reply;
            }
        }
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

/// The body as Discord keeps it, and whether it hid its embeds: without Embed Links a
/// message is taken all the same, with its embeds left out.
fn shown(perms: Option<u64>, body: &Value) -> (Value, bool) {
    let has_embeds = body["embeds"].as_array().is_some_and(|e| !e.is_empty());
    if has_embeds && perms.is_some_and(|p| !permissions::shows_embeds(p)) {
        let mut body = body.clone();
        body["embeds"] = json!([]);
        return (body, true);
    }
    (body.clone(), false)
}

/// "The `IS_COMPONENTS_V2` flag can only be set" (the edit table of
/// https://discord.com/developers/docs/resources/message#edit-message): an edit of a V2
/// message whose `flags` lack it is refused.
fn v2_flag_kept(body: &Value) -> Option<Refused> {
    let flags = body.get("flags").and_then(Value::as_u64)?;
    (flags & validate::IS_COMPONENTS_V2 == 0).then(|| {
        Refused::Invalid(json!({ "flags": { "_errors": [{
            "code": "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
            "message": "The IS_COMPONENTS_V2 flag cannot be removed from a message",
        }] } }))
    })
}
