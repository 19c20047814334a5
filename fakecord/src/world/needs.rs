//! The permissions each REST call the bot made needed on Discord: a test sums them over a
//! game and compares the sum with what the bot's invite asks for. The rules are those
//! `permissions.rs` enforces; interaction responses and follow-ups go through the
//! interaction's webhook and need no channel permission.

use super::*;
use permissions::{
    ATTACH_FILES, CREATE_PUBLIC_THREADS, EMBED_LINKS, READ_MESSAGE_HISTORY, SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS, VIEW_CHANNEL,
};

impl World {
    /// What `req` needed in the guild channel it reached (0 in a DM, for a webhook or an
    /// interaction callback).
    pub fn needed(&self, req: &Request) -> u64 {
        let segs: Vec<&str> = req.path.trim_matches('/').split('/').collect();
        let ["channels", c, rest @ ..] = segs.as_slice() else {
            return 0;
        };
        let Some(ch) = self.channels.get(&num(c)).filter(|ch| ch.guild.is_some()) else {
            return 0;
        };
        let embeds = req.body["embeds"].as_array().is_some_and(|e| !e.is_empty());
        let shown = match embeds {
            true => EMBED_LINKS,
            false => 0,
        } | match req.files.is_empty() {
            true => 0,
            false => ATTACH_FILES,
        };
        let send = match ch.parent {
            Some(_) => SEND_MESSAGES_IN_THREADS,
            None => SEND_MESSAGES,
        };
        VIEW_CHANNEL
            | match (req.method.as_str(), rest) {
                ("POST", ["messages"]) => send | shown,
                ("PATCH", ["messages", _]) => shown,
                ("GET", ["messages", _]) => READ_MESSAGE_HISTORY,
                ("POST", ["threads"]) => CREATE_PUBLIC_THREADS,
                _ => 0,
            }
    }
}
