//! Interactions: creating them, their first response within 3 s, and what their tokens
//! reach for 15 minutes (follow-ups, edits and deletes of their own messages).

use super::*;

impl World {
    pub(super) fn age(&self, ix: &Interaction, now: Instant) -> Duration {
        now.duration_since(ix.sent_at) + self.age_offset + (self.clock - ix.clock_at)
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
        let context = self.context_of(channel);
        let owners = self.owners(user, channel, message);
        let origin = payload::Origin {
            context,
            owners: owners.clone(),
            private: self.private.get(&channel).map(|p| p.kind),
            id,
            app: self.app,
            token: token.clone(),
            channel,
            guild,
            user: self.user_json(user),
            permissions,
            locale,
            parent: ch.as_ref().and_then(|c| c.parent),
            // What the bot may do here, which Discord sends with every interaction.
            app_permissions: self
                .bot_permissions(channel)
                .unwrap_or_else(|| super::installs::outside_servers(context)),
        };
        let message_json = message.and_then(|m| {
            let bot = self.bot_user();
            self.messages.get(&m).map(|m| m.json(bot))
        });
        let body = payload::interaction(&origin, kind as u8, data, message_json);
        let written = Written::default();
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
                clock_at: self.clock,
                written_at: written.clone(),
                first_response: None,
                answered_at: None,
                message,
                original: None,
                placeholder: None,
                expired: false,
                token_dead: false,
                autocomplete: None,
                context,
                owners,
                followups: 0,
                last_message: None,
                notify: Default::default(),
            },
        );
        // Holds waiting for this interaction's token (`Fake::hold_next`) now know it.
        for h in self
            .holds
            .iter_mut()
            .filter(|h| h.path.contains(NEXT_TOKEN))
        {
            h.path = h.path.replace(NEXT_TOKEN, &token);
        }
        self.tokens.insert(token, id);
        self.dispatch_marked("INTERACTION_CREATE", body, Some(written));
        id
    }

    pub(super) fn interaction_by_token(&self, token: &str) -> Option<u64> {
        self.tokens.get(token).copied()
    }

    pub(super) fn callback(&mut self, id: &str, token: &str, body: &Value, now: Instant) -> Reply {
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
            12 => {
                // LAUNCH_ACTIVITY: the user is in the channel's Activity (see activities.rs).
                self.launch_activity(ix.user, ix.channel);
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
    pub(super) fn live_token(&self, token: &str, now: Instant) -> Result<u64, Reply> {
        let Some(id) = self.interaction_by_token(token) else {
            return Err(not_found(CODE_UNKNOWN_WEBHOOK, "Unknown Webhook"));
        };
        let ix = &self.interactions[&id];
        if ix.token_dead || self.age(ix, now) > TOKEN_LIFE {
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

    pub(super) fn followup(&mut self, token: &str, body: &Value, now: Instant) -> Reply {
        let id = match self.live_token(token, now) {
            Ok(id) => id,
            Err(e) => return e,
        };
        let ix = &self.interactions[&id];
        let user_install_only = ix.owners.get("0").is_none() && ix.owners.get("1").is_some();
        if user_install_only && ix.followups >= USER_INSTALL_FOLLOWUPS {
            return (
                400,
                payload::error(
                    CODE_MAX_FOLLOWUPS,
                    "This interaction has hit the maximum number of follow up messages",
                    None,
                ),
                Audience::Nobody,
                Some(id),
            );
        }
        let placeholder = ix.placeholder;
        // "If you'd like to create a component based message with `IS_COMPONENTS_V2` you
        // must do that with the edit original response endpoint, not this one" (the
        // interaction response object's flags, receiving-and-responding): a follow-up that
        // would fill a deferred reply's placeholder cannot make it a V2 message.
        if placeholder.is_some() && validate::is_v2(body) {
            return bad_request("IS_COMPONENTS_V2 on a deferred response goes through Edit Original Interaction Response");
        }
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
        // A public note after an ephemeral answer (a turn ping, the table), or after a click on
        // an ephemeral panel, is not what the clicking user was answered: their answer stays
        // the ephemeral message.
        let shown_privately = ix
            .last_message
            .or(ix.original)
            .and_then(|m| self.messages.get(&m))
            .is_some_and(|m| matches!(m.audience, Audience::Ephemeral(_)));
        let i = self.interactions.get_mut(&id).expect("live token");
        i.placeholder = None;
        i.followups += 1;
        // Nor is it the moment they were answered.
        if !(shown_privately && matches!(audience, Audience::Channel(_))) {
            i.answered_at.get_or_insert(now);
            i.last_message = Some(mid);
        }
        i.notify.notify_waiters();
        self.message_reply(mid, audience, Some(id))
    }

    pub(super) fn webhook_message(
        &self,
        token: &str,
        which: &str,
        now: Instant,
    ) -> Result<(u64, u64), Reply> {
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

    pub(super) fn edit_webhook(
        &mut self,
        token: &str,
        which: &str,
        body: &Value,
        now: Instant,
    ) -> Reply {
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
        // As for a follow-up: a public message edited after an ephemeral answer (the table)
        // is not what the clicking user was answered.
        let shown_privately = ix
            .last_message
            .or(ix.original)
            .and_then(|m| self.messages.get(&m))
            .is_some_and(|m| matches!(m.audience, Audience::Ephemeral(_)));
        let public = matches!(self.messages[&mid].audience, Audience::Channel(_));
        if let Some(i) = self.interactions.get_mut(&id) {
            if !(shown_privately && public) {
                i.answered_at.get_or_insert(now);
                i.last_message = Some(mid);
            }
            i.notify.notify_waiters();
        }
        let aud = self.messages[&mid].audience;
        self.message_reply(mid, aud, Some(id))
    }
}
