//! Issue 50: a restarted process checks (and resumes) only the games of the platforms and
//! shards it serves: another process owns the others, and a Matrix-only process cannot
//! publish a Discord game. On SQLite and Postgres (shards: Postgres only, as a fleet is).

use crate::common;
use vliv_bot::service::{GuildId, UserId};

use std::sync::Arc;

use common::*;
use vliv_bot::{
    service::{Caller, Service},
    shards::{self, ShardPlan},
    store::{Platform, Store},
};

/// Matrix's channels are mapped ids from 2^63 up (stored as negative numbers).
const MATRIX_CHANNEL: u64 = (1 << 63) + 77;

#[tokio::test]
async fn a_restart_checks_only_the_games_of_its_platforms() {
    for db in backends().await {
        let service = db.service().await;
        let discord = started(&service, 6_001, 1).await.id;
        let matrix = started(&service, MATRIX_CHANNEL, 2).await.id;

        let only_matrix = db.service().await;
        let recovery = only_matrix.recover_for(&[Platform::Matrix]).await.unwrap();
        let resumed: Vec<_> = recovery.resumed.iter().map(|g| g.id).collect();
        assert_eq!(resumed, vec![matrix], "{}", db.backend);
        assert_eq!(
            only_matrix.stalled_games(),
            vec![matrix],
            "{}: a Matrix-only process leaves Discord's games alone",
            db.backend
        );

        let both = db.service().await;
        let recovery = both.recover().await.unwrap();
        let mut resumed: Vec<_> = recovery.resumed.iter().map(|g| g.id).collect();
        resumed.sort();
        assert_eq!(resumed, vec![discord, matrix], "{}", db.backend);
    }
}

/// Discord puts a server on shard `(guild_id >> 22) % total`.
#[tokio::test]
async fn a_restart_of_one_shard_checks_only_that_shards_games() {
    for db in backends().await {
        if db.backend == "sqlite" {
            // SQLite serves one process only: no fleet, no shards.
            continue;
        }
        // The games are opened by shard 0's process, whose Discord front end gives each
        // its server's slot.
        let opener = Store::connect(&db.url)
            .await
            .unwrap()
            .with_places(shards::places(ShardPlan::new("0", 2).unwrap()));
        let service = Service::new(opener, Arc::new(db.clock.clone()));
        let mut on_shard = [Vec::new(), Vec::new()];
        for i in 0..4u64 {
            let guild = i << 22; // shard i % 2 of 2
            let mut open = lobby(7_000 + i, ALICE, i);
            open.guild = GuildId(guild);
            let rec = service.open(open).await.unwrap();
            service.join(rec.id, UserId(BOB)).await.unwrap();
            service
                .start(rec.id, Caller::user(UserId(ALICE)))
                .await
                .unwrap();
            on_shard[(i % 2) as usize].push(rec.id);
        }
        let store = Store::connect(&db.url)
            .await
            .unwrap()
            .with_places(shards::places(ShardPlan::new("1", 2).unwrap()));
        let shard_one = Service::new(store, Arc::new(db.clock.clone()));
        let recovery = shard_one.recover_for(&[Platform::Discord]).await.unwrap();
        let resumed: Vec<_> = recovery.resumed.iter().map(|g| g.id).collect();
        assert_eq!(resumed, on_shard[1], "{}", db.backend);
    }
}
