//! The REST API's dispatch: a call's method and path to the handler that answers it.

use super::*;

impl World {
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
        if status < 400 && !files.is_empty() {
            self.rate.counts.uploads += 1;
        }
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

    pub(super) fn route(
        &mut self,
        method: &str,
        segs: &[&str],
        body: &Value,
        now: Instant,
    ) -> Reply {
        let none = Audience::Nobody;
        match (method, segs) {
            ("GET", ["gateway"]) => (200, json!({ "url": self.gateway_url }), none, None),
            ("GET", ["gateway", "bot"]) => (
                200,
                json!({ "url": self.gateway_url, "shards": self.gateway.recommended, "session_start_limit":
                    { "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": self.gateway.max_concurrency } }),
                none,
                None,
            ),
            ("GET", ["oauth2", "applications", "@me"]) => {
                let owner = payload::user(1, "owner", false);
                (200, payload::application(self.app, owner), none, None)
            }
            ("GET", ["users", "@me"]) => (200, self.bot_user(), none, None),
            ("GET", ["applications", app, "activity-instances", instance]) => {
                self.activity_instance(app, instance)
            }
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
            // A DM between users or a group DM: the bot is no member, and an app installed
            // to a user is "limited to using commands" there
            // (https://discord.com/developers/docs/quick-start/getting-started): its token
            // reaches no message of the channel, only its interactions' tokens do.
            (_, ["channels", c, ..]) if self.private.contains_key(&num(c)) => {
                self.beyond_bot(num(c)).expect("a private channel")
            }
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
                if let Some(perms) = self.bot_permissions(num(c)) {
                    if let Some(reply) = forbidden(permissions::read_message(perms), none) {
                        return reply;
                    }
                }
                let bot = self.bot_user();
                match self.messages.get(&num(m)) {
                    Some(msg) if msg.channel == num(c) && !msg.deleted => {
                        (200, msg.json(bot), none, None)
                    }
                    _ => not_found(CODE_UNKNOWN_MESSAGE, "Unknown Message"),
                }
            }
            ("POST", ["channels", c, "threads"]) => self.open_thread(c, body),
            // Get Channel: a guild channel the bot cannot see is 50001 Missing Access.
            ("GET", ["channels", c])
                if self
                    .bot_permissions(num(c))
                    .is_some_and(|p| p & permissions::VIEW_CHANNEL == 0) =>
            {
                forbidden(Verdict::MissingAccess, none).expect("refused")
            }
            ("GET", ["channels", c]) => match self.channels.get(&num(c)) {
                Some(ch) => (200, self.channel_json(ch), none, None),
                None => not_found(CODE_UNKNOWN_CHANNEL, "Unknown Channel"),
            },
            _ => (404, payload::error(0, "404: Not Found", None), none, None),
        }
    }

    pub(super) fn channel_json(&self, ch: &Channel) -> Value {
        if let Some(p) = self.private.get(&ch.id) {
            let users: Vec<Value> = p.recipients.iter().map(|&u| self.user_json(u)).collect();
            return json!({ "id": ch.id.to_string(), "type": p.kind, "recipients": users,
                           "last_message_id": null });
        }
        match ch.dm_with {
            Some(u) => payload::dm_channel(ch.id, self.user_json(u)),
            None => payload::guild_channel(ch.id, ch.guild.unwrap_or(0), &ch.name, ch.parent),
        }
    }

    pub(super) fn register(&mut self, segs: &[&str], body: &Value) -> Reply {
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
}
