//! What the database guarantees: a failed write applies nothing, a stored game of changed
//! rules is frozen, one active game per channel.

use super::*;
use vliv_bot::service::{ChannelId, GuildId, UserId};

#[tokio::test]
async fn a_database_error_during_a_move_applies_nothing_and_asks_to_retry() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let (user, menu) = pending_user(&service, game.id).await.unwrap();
        let before = fingerprint(&service, game.id).await;
        let pool = service.store().pool().clone();
        // The game row is written first in the transaction, then the move fails.
        sqlx::query("ALTER TABLE moves RENAME TO moves_away")
            .execute(&pool)
            .await
            .unwrap();
        let click = menu.click(menu.menu.choices[0].id);
        let err = service.play(UserId(user), click).await.unwrap_err();
        assert!(err.is_transient(), "{err:?}");
        assert_eq!(err.text().key, "err-retry");
        sqlx::query("ALTER TABLE moves_away RENAME TO moves")
            .execute(&pool)
            .await
            .unwrap();
        assert_eq!(
            fingerprint(&service, game.id).await,
            before,
            "{}",
            db.backend
        );
        // The retry goes through, once.
        service.play(UserId(user), click).await.unwrap();
        assert!(matches!(
            service.play(UserId(user), click).await,
            Err(ServiceError::AlreadyApplied)
        ));
        let rec = service.game(game.id).await.unwrap();
        assert_eq!(service.verify(&rec).await.unwrap(), Ok(()));
    }
}

#[tokio::test]
async fn a_stored_game_whose_rules_version_changed_is_frozen_at_start() {
    for db in backends().await {
        let service = db.service().await;
        let changed = started(&service, 1, 5).await;
        let tampered = started(&service, 2, 6).await;
        let fine = started(&service, 3, 7).await;
        step(&service, tampered.id, 0).await.unwrap().unwrap();
        let pool = service.store().pool().clone();
        // Rules older than any this release replays (a newer version is left to its release:
        // `store::mixed_versions`).
        sqlx::query("UPDATE games SET rules_version = 0 WHERE id = $1")
            .bind(changed.id)
            .execute(&pool)
            .await
            .unwrap();
        // A snapshot that its moves do not reproduce (as if the rules changed silently).
        let other = service
            .game(fine.id)
            .await
            .unwrap()
            .snapshot
            .unwrap()
            .to_string();
        sqlx::query("UPDATE games SET snapshot = $1 WHERE id = $2")
            .bind(other)
            .bind(tampered.id)
            .execute(&pool)
            .await
            .unwrap();
        let (user, menu) = pending_user(&service, fine.id).await.unwrap();
        let before = fingerprint(&service, changed.id).await;
        let alice_seat = changed.seat_of(UserId(ALICE)).unwrap();
        let err = service
            .play(
                UserId(ALICE),
                vliv_bot::service::Click {
                    game: changed.id,
                    seat: alice_seat,
                    counter: 0,
                    choice: ChoiceId(0),
                },
            )
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                ServiceError::RulesChanged {
                    stored: 0,
                    current: 1
                }
            ),
            "{err:?}"
        );
        assert_eq!(fingerprint(&service, changed.id).await, before);
        drop(service);

        let service = db.service().await;
        let recovery = service.recover().await.unwrap();
        let frozen: Vec<_> = recovery
            .frozen
            .iter()
            .map(|(g, r)| (g.id, r.clone()))
            .collect();
        assert_eq!(
            frozen,
            vec![
                (
                    changed.id,
                    FreezeReason::RulesChanged {
                        stored: 0,
                        current: 1
                    }
                ),
                (tampered.id, FreezeReason::Diverged { at_move: 1 }),
            ],
            "{}",
            db.backend
        );
        assert_eq!(recovery.resumed.len(), 1);
        let rec = service.game(changed.id).await.unwrap();
        assert_eq!(rec.status, Status::Frozen);
        service
            .play(UserId(user), menu.click(menu.menu.choices[0].id))
            .await
            .expect("the game that verified plays on");
        let err = service
            .concede(changed.id, UserId(ALICE))
            .await
            .unwrap_err();
        assert!(matches!(err, ServiceError::Frozen));
        // A frozen channel is free for a new game.
        assert!(service.open(lobby(1, ALICE, 8)).await.is_ok());
    }
}

#[tokio::test]
async fn the_database_itself_keeps_one_active_game_per_channel() {
    for db in backends().await {
        let service = db.service().await;
        let first = service.open(lobby(1, ALICE, 5)).await.unwrap();
        // Past the service's own check, as a second bot process racing for the channel would.
        let row = vliv_bot::store::NewGame {
            guild: GuildId(GUILD),
            channel: ChannelId(1),
            kind: "claim".into(),
            rules_version: 1,
            host: UserId(BOB),
            seats: vec![SeatHolder::User(UserId(BOB))],
            options: Default::default(),
            seed: 1,
            lang: vliv_engine::Lang::En,
            created_at: 0,
            expires_at: None,
        };
        let err = service.store().insert_game(&row).await.unwrap_err();
        assert!(
            matches!(err, vliv_bot::store::StoreError::ChannelBusy),
            "{}: {err:?}",
            db.backend
        );
        service
            .abandon(first.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        assert!(service.store().insert_game(&row).await.is_ok());
    }
}
