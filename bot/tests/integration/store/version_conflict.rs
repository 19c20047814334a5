//! Issue 22: a game that another writer moved meanwhile (a fleet's other process) is read
//! again and the click answered on the stored game, never written over, on SQLite and
//! Postgres.

use crate::common;
use vliv_bot::service::UserId;

use std::sync::Arc;

use common::*;
use vliv_bot::{
    service::{Service, ServiceError},
    store::Store,
};

async fn cached_service(db: &Db) -> Service {
    let store = Store::connect(&db.url)
        .await
        .expect("the store opens")
        .with_game_cache(true);
    Service::new(store, Arc::new(db.clock.clone()))
}

#[tokio::test]
async fn a_game_moved_by_another_writer_is_read_again_never_overwritten() {
    for db in backends().await {
        // Two processes, each sure it is the only writer, so each trusts its cache.
        let here = cached_service(&db).await;
        let there = cached_service(&db).await;
        let game = started(&here, 200, 11).await.id;
        step(&here, game, 0).await.unwrap().unwrap();
        let (user, menu) = pending_user(&here, game).await.unwrap();
        // `there` caches the game as it is now.
        there.game(game).await.unwrap();
        let first = menu.click(menu.menu.choices[0].id);
        here.play(UserId(user), first).await.unwrap();
        let stored = here.store().moves(game).await.unwrap();
        let version = here.game(game).await.unwrap().version;

        // The same click at `there`: its cached game still waits for it; the write meets
        // the newer version, the game is read again and the click is found applied.
        let again = there.play(UserId(user), first).await;
        assert!(
            matches!(again, Err(ServiceError::AlreadyApplied)),
            "{}: {again:?}",
            db.backend
        );
        // Another choice for the same turn is out of date, not a second move.
        if let Some(other) = menu.menu.choices.get(1) {
            let other = there.play(UserId(user), menu.click(other.id)).await;
            assert!(
                matches!(other, Err(ServiceError::Stale)),
                "{}: {other:?}",
                db.backend
            );
        }
        assert_eq!(
            here.store().moves(game).await.unwrap(),
            stored,
            "{}",
            db.backend
        );
        let fresh = cached_service(&db).await;
        assert_eq!(fresh.game(game).await.unwrap().version, version);
        // And `there` now serves the stored game.
        assert_eq!(there.game(game).await.unwrap().version, version);
    }
}
