//! The fleet connects its shards in turn. Discord accepts one IDENTIFY per 5 seconds for the
//! whole bot (`max_concurrency` 1; developers/events/gateway.mdx, "Rate Limiting") and answers
//! one sooner with an Invalid Session; serenity spaces the shards of one process, but
//! processes started together would IDENTIFY at once. Each process takes the fleet's gateway
//! turn (a lock in the shared database) before its first IDENTIFY and hands it on 5 seconds
//! after its last shard is READY. Reconnections later are serenity's own, one shard at a time.

use std::time::Duration;

use tokio::sync::watch;
use vliv_service::{service::Service, store::FleetTurn};

/// Discord's window of one IDENTIFY.
const IDENTIFY_WINDOW: Duration = Duration::from_secs(5);
/// The most a turn is held beyond its shards' windows, should a shard never come READY.
const SPARE: Duration = Duration::from_secs(60);

/// Waits for the fleet's turn; without the database the shards connect anyway (Discord
/// then asks a colliding one to identify again, and serenity does).
pub async fn take(service: &Service) -> Option<FleetTurn> {
    match service.store().gateway_turn().await {
        Ok(turn) => Some(turn),
        Err(e) => {
            tracing::warn!(error = %e, "connecting without the fleet's gateway turn");
            None
        }
    }
}

/// Hands the turn on once `shards` READY events came (or their time is over), plus the
/// window of the last IDENTIFY.
pub fn release_when_ready(turn: Option<FleetTurn>, mut ready: watch::Receiver<u32>, shards: u32) {
    let Some(turn) = turn else { return };
    tokio::spawn(async move {
        let most = IDENTIFY_WINDOW * shards + SPARE;
        let all = tokio::time::timeout(most, ready.wait_for(|&n| n >= shards))
            .await
            .is_ok_and(|seen| seen.is_ok());
        if !all {
            tracing::warn!(
                shards,
                "not every shard came READY in time: handing the gateway turn on"
            );
        }
        tokio::time::sleep(IDENTIFY_WINDOW).await;
        turn.release().await;
        tracing::info!(shards, "the fleet's gateway turn handed on");
    });
}
