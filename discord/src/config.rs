//! The `[discord]` section of the bot's configuration. The token is never part of it: it
//! comes only from `DISCORD_TOKEN`.

use crate::shards::{ShardPlan, ShardRange};
use anyhow::Result;
use serde::Deserialize;

#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// Another base URL for Discord's API (a loopback fake in tests); empty for Discord.
    pub api_base: String,
    /// Where `discord.com` resolves (`host:port`, a loopback fake over HTTPS in tests);
    /// empty for Discord. Unlike `api_base` this keeps serenity's rate limiter on.
    pub api_address: String,
    /// A PEM file of a CA to trust beside the system's (the fake's test CA).
    pub api_ca: String,
    /// Requests per second the bot's token may send, the whole fleet together; 0 = Discord's
    /// 50. Each process keeps under its shards' share of it.
    pub global_limit: u32,
    /// How long a running table's edit waits for its picture before it goes without it (the
    /// picture follows with a later edit), in milliseconds; 0 = 200. A slow machine may raise
    /// it so that edits carry their pictures.
    pub table_draw_wait_ms: u64,
    /// Register commands in this server only (instant, for development); 0 = globally.
    pub development_guild: u64,
    /// The gateway shards this process connects, e.g. `"0-3"` or `"2"`; empty = all of
    /// them. A fleet of processes splits the shards and shares one Postgres database.
    pub shards: String,
    /// How many shards the fleet has; 0 = Discord's recommendation (`GET /gateway/bot`).
    pub shard_total: u32,
    /// The web table opens as this application's Activity (`web.activity_client_id` is
    /// set): the "Launch" entry point command is registered and answered by launching it.
    #[serde(skip)]
    pub activity: bool,
}

impl DiscordConfig {
    /// The shards this process connects when the settings say without asking Discord
    /// (`shard_total` set), refused on SQLite (`database_url`) if other processes must
    /// serve the rest.
    pub fn shard_plan_if_known(&self, database_url: &str) -> Result<Option<ShardPlan>> {
        if !self.shards.trim().is_empty() {
            ShardRange::parse(&self.shards)?;
        }
        if self.shard_total == 0 {
            return Ok(None);
        }
        let plan = ShardPlan::new(&self.shards, self.shard_total)?;
        plan.refuse_on_sqlite(database_url)?;
        Ok(Some(plan))
    }
}
