//! Where the app is installed and where its commands are offered: Discord's installation
//! contexts (a server, a user's account) and interaction contexts (a server, a DM with the
//! bot, another DM or a group DM), as
//! https://discord.com/developers/docs/interactions/application-commands#contexts describes.

use super::*;

impl World {
    /// The interaction context of a channel: GUILD, BOT_DM or PRIVATE_CHANNEL.
    pub fn context_of(&self, channel: u64) -> u8 {
        match self.channels.get(&channel) {
            Some(c) if c.guild.is_some() => CONTEXT_GUILD,
            _ if self.private.contains_key(&channel) => CONTEXT_PRIVATE_CHANNEL,
            _ => CONTEXT_BOT_DM,
        }
    }

    /// `authorizing_integration_owners` of an interaction `user` starts in `channel`; for a
    /// click, `message` is the message clicked. "If the key is GUILD_INSTALL ("0"), the value
    /// will be the guild ID if the interaction is triggered from a server; … "0" if … from a
    /// DM with the app's bot user. If the key is USER_INSTALL ("1"), the value will be the ID
    /// of the authorizing user"
    /// (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-authorizing-integration-owners-object).
    /// On a message an interaction of a user install left, the authorizing user is the one
    /// whose command made it, not the one who clicks ("it can be used to tell the difference
    /// between the authorizing user and the user that triggered an interaction (like a
    /// message component)", same page).
    pub(super) fn owners(&self, user: u64, channel: u64, message: Option<u64>) -> Value {
        let mut owners = serde_json::Map::new();
        let authorizer = message
            .and_then(|m| self.messages.get(&m)?.interaction)
            .and_then(|ix| self.interactions.get(&ix))
            .filter(|ix| ix.owners.get("1").is_some())
            .map(|ix| ix.owners["1"].clone());
        match self.context_of(channel) {
            CONTEXT_GUILD => {
                let guild = self.channels[&channel].guild.unwrap_or(0);
                owners.insert("0".into(), guild.to_string().into());
            }
            CONTEXT_BOT_DM => {
                owners.insert("0".into(), "0".into());
            }
            _ => {}
        }
        match authorizer {
            Some(a) => {
                owners.insert("1".into(), a);
            }
            None if self.user_installs.contains(&user) => {
                owners.insert("1".into(), user.to_string().into());
            }
            None => {}
        }
        Value::Object(owners)
    }

    /// Why Discord would not offer command `name` to `user` in `channel`, if it would not: its
    /// `contexts` leave the place out, or no installation it supports reaches there. "The
    /// PRIVATE_CHANNEL interaction context is only meaningful for commands installed to a
    /// user (when the command's integration_types includes USER_INSTALL)"
    /// (https://discord.com/developers/docs/interactions/application-commands#interaction-contexts).
    pub fn not_offered(&self, name: &str, user: u64, channel: u64) -> Option<String> {
        let cmd = self.commands.iter().find(|c| c["name"] == name)?;
        let context = self.context_of(channel);
        let listed = |field: &str, default: &[u8]| -> Vec<u8> {
            match cmd[field].as_array() {
                Some(a) => a
                    .iter()
                    .filter_map(|v| v.as_u64())
                    .map(|v| v as u8)
                    .collect(),
                None => default.to_vec(),
            }
        };
        // `contexts` null or absent: every context; the deprecated `dm_permission: false`
        // leaves the bot's DMs out.
        let mut contexts = listed("contexts", &[0, 1, 2]);
        if cmd["contexts"].is_null() && cmd["dm_permission"] == false {
            contexts.retain(|&c| c != CONTEXT_BOT_DM);
        }
        // `integration_types` defaults to the app's configured contexts; the fake's app is
        // configured for server installs only unless a command says otherwise.
        let installs = listed("integration_types", &[GUILD_INSTALL]);
        if !contexts.contains(&context) {
            return Some(format!(
                "/{name} lists contexts {contexts:?}, not {context}"
            ));
        }
        let by_user = installs.contains(&USER_INSTALL) && self.user_installs.contains(&user);
        let by_server = installs.contains(&GUILD_INSTALL) && context != CONTEXT_PRIVATE_CHANNEL;
        if !(by_user || by_server) {
            return Some(format!(
                "/{name} (integration types {installs:?}) is not installed where user {user} is (context {context})"
            ));
        }
        None
    }

    /// A channel the bot's own token cannot reach (a DM between users, a group DM): Discord
    /// answers 403 / 50001 Missing Access.
    pub(super) fn beyond_bot(&self, channel: u64) -> Option<Reply> {
        self.private.contains_key(&channel).then(|| {
            (
                403,
                payload::error(CODE_MISSING_ACCESS, "Missing Access", None),
                Audience::Nobody,
                None,
            )
        })
    }
}

/// `app_permissions` outside any server, fixed by the context: "`app_permissions` includes
/// `ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE` permissions for (G)DMs with other users,
/// and additionally includes `USE_EXTERNAL_EMOJIS` for DMs with the app's bot user"
/// (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-interaction-structure).
/// Nothing else: no Send Messages, so the bot's own token posts nothing there either.
pub(super) fn outside_servers(context: u8) -> u64 {
    use crate::permissions::{ATTACH_FILES, EMBED_LINKS, MENTION_EVERYONE, USE_EXTERNAL_EMOJIS};
    let in_any_dm = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE;
    match context {
        CONTEXT_BOT_DM => in_any_dm | USE_EXTERNAL_EMOJIS,
        _ => in_any_dm,
    }
}
