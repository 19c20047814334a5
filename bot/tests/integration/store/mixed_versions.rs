//! A fleet in a rolling upgrade, or rolled back: a process of the older release keeps
//! running beside a database and games the newer release already wrote. It starts on a
//! database migrated past what it knows (migrations only add), and a running game last
//! written under newer rules is left for the newer release: neither frozen nor moved,
//! with a polite refusal to a player who tries. On SQLite and Postgres.

use crate::common;
use vliv_bot::service::UserId;

use std::sync::Arc;

use common::*;
use sqlx::AnyPool;
use vliv_bot::{
    service::{Service, ServiceError, Status},
    store::Store,
};
use vliv_engine::Lang;

async fn service_on(db: &Db) -> Service {
    let store = Store::connect(&db.url).await.expect("the store opens");
    Service::new(store, Arc::new(db.clock.clone()))
}

/// What a newer release's migration leaves: a column this release does not know and a
/// row in sqlx's ledger for a version it has never seen.
async fn migrate_as_a_newer_release(pool: &AnyPool) {
    sqlx::query("ALTER TABLE games ADD COLUMN note_of_a_newer_release TEXT")
        .execute(pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (9001, 'a newer release', TRUE, $1, 1)",
    )
    .bind(vec![0u8; 48])
    .execute(pool)
    .await
    .unwrap();
}

#[tokio::test]
async fn an_older_release_starts_on_a_database_a_newer_one_migrated_and_plays() {
    for db in backends().await {
        let newer = service_on(&db).await;
        let game = started(&newer, 300, 5).await.id;
        migrate_as_a_newer_release(newer.store().pool()).await;

        // The older release starts on it (before: "migration 9001 was previously applied
        // but is missing in the resolved migrations", and no start).
        let older = Store::connect(&db.url).await;
        assert!(older.is_ok(), "{}: {:?}", db.backend, older.err());
        let older = Service::new(older.unwrap(), Arc::new(db.clock.clone()));
        let moved = step(&older, game, 0).await.expect("a pending choice");
        assert!(moved.is_ok(), "{}: {moved:?}", db.backend);
        assert_eq!(older.store().moves(game).await.unwrap().len(), 1);
        let fresh = started(&older, 301, 6).await;
        assert_eq!(fresh.status, Status::Running, "{}", db.backend);
    }
}

#[tokio::test]
async fn a_game_a_newer_release_wrote_is_left_to_it_not_frozen() {
    for db in backends().await {
        let newer = service_on(&db).await;
        let game = started(&newer, 310, 7).await;
        step(&newer, game.id, 0).await.unwrap().unwrap();
        let (user, _) = pending_user(&newer, game.id)
            .await
            .expect("a player to move");
        // The newer release upgraded the game's rules (its snapshot is theirs now).
        sqlx::query("UPDATE games SET rules_version = rules_version + 1 WHERE id = $1")
            .bind(game.id)
            .execute(newer.store().pool())
            .await
            .unwrap();
        let before = newer.store().moves(game.id).await.unwrap();

        let older = service_on(&db).await;
        let recovery = older.recover().await.expect("the start checks the games");
        assert_eq!(recovery.newer, vec![game.id], "{}", db.backend);
        assert!(recovery.frozen.is_empty(), "{}", db.backend);
        assert!(
            recovery.resumed.iter().all(|r| r.id != game.id),
            "{}",
            db.backend
        );
        let stored = older.store().game(game.id).await.unwrap().unwrap();
        assert_eq!(stored.status, Status::Running, "{}", db.backend);

        // A player who clicks meanwhile is told to wait; nothing is written.
        let tried = match older.pending_menus(game.id, UserId(user)).await {
            Ok(menus) if !menus.is_empty() => older
                .play(UserId(user), menus[0].click(menus[0].menu.choices[0].id))
                .await
                .map(|_| ()),
            other => other.map(|_| ()),
        };
        assert!(
            matches!(tried, Err(ServiceError::NewerRelease { .. })),
            "{}: {tried:?}",
            db.backend
        );
        let refusal = ServiceError::NewerRelease {
            stored: 2,
            current: 1,
        };
        let text = vliv_bot::i18n::tr(Lang::En, &refusal.text(), &|s| Lang::En.seat_name(s));
        assert!(text.contains("newer version"), "{text}");
        assert_eq!(older.store().moves(game.id).await.unwrap(), before);

        // The newer release is back (its rules are this binary's again, in the test):
        // the game resumes where it stood.
        sqlx::query("UPDATE games SET rules_version = rules_version - 1 WHERE id = $1")
            .bind(game.id)
            .execute(older.store().pool())
            .await
            .unwrap();
        let again = service_on(&db).await.recover().await.unwrap();
        assert!(
            again.resumed.iter().any(|r| r.id == game.id),
            "{}",
            db.backend
        );
        assert!(again.newer.is_empty(), "{}", db.backend);
    }
}
