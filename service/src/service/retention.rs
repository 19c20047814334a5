//! Retention: a server keeps its ended games for ever (the default) or deletes them a
//! number of days after they ended (`/vliv-admin retention`); and what its games take up.

use super::{Caller, GuildId, Service, ServiceError, ServiceResult};
use crate::store::StorageUse;

/// Games deleted in one transaction: a large backlog goes in short steps.
const DELETE_BATCH: u32 = 500;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// How long a command read from an event stream (Matrix's `/sync`) is remembered. The
/// stream position is stored after each batch, so a command comes again only if the bot
/// stopped before its batch's position was stored: a week covers that many times over.
const INBOX_KEEP_MS: i64 = 7 * DAY_MS;

impl Service {
    /// What a server's games take up: admins only.
    pub async fn storage_use(&self, guild: GuildId, caller: Caller) -> ServiceResult<StorageUse> {
        if !caller.is_admin {
            return Err(ServiceError::NotAdmin);
        }
        Ok(self.store.storage_use(guild).await?)
    }

    /// Deletes the ended games every server with a retention period no longer keeps (their
    /// results and ratings stay), and the inbox's commands past their window; returns how
    /// many games were deleted.
    pub async fn sweep_retention(&self) -> ServiceResult<u64> {
        let now = self.now_ms();
        let pruned = self.store.delete_inbox_before(now - INBOX_KEEP_MS).await?;
        if pruned > 0 {
            tracing::info!(commands = pruned, "old inbox entries deleted");
        }
        let mut deleted = 0;
        for (guild, cfg) in self.store.guild_configs().await? {
            if cfg.retention_days == 0 {
                continue;
            }
            let before = now - cfg.retention_days as i64 * DAY_MS;
            loop {
                let ids = self
                    .store
                    .delete_ended_before(guild, before, DELETE_BATCH)
                    .await?;
                deleted += ids.len() as u64;
                if !ids.is_empty() {
                    tracing::info!(%guild, games = ids.len(), "ended games deleted (retention)");
                }
                if ids.len() < DELETE_BATCH as usize {
                    break;
                }
            }
        }
        Ok(deleted)
    }
}
