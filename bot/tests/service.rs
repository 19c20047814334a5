//! The session service without Discord, on SQLite and on a real Postgres (see `common`).

mod common;

use common::*;
use vliv_bot::service::{
    Caller, Clock, ComponentAction, Ending, Fired, FreezeReason, SeatHolder, ServiceError, Status,
    TimeoutAction,
};
use vliv_engine::{ChoiceId, Level};

#[tokio::test]
async fn a_whole_claim_game_by_two_users_replays_to_its_snapshot_after_every_move() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 7).await;
        let mut moves = 0;
        while let Some(result) = step(&service, game.id, moves * 7).await {
            let rec = result.unwrap_or_else(|e| panic!("{}: {e}", db.backend));
            moves += 1;
            assert_eq!(
                service.verify(&rec).await.unwrap(),
                Ok(()),
                "{} move {moves}",
                db.backend
            );
        }
        let rec = service.game(game.id).await.unwrap();
        assert_eq!(rec.status, Status::Finished, "{}", db.backend);
        assert_eq!(rec.ending, Some(Ending::Played));
        assert_eq!(moves, 52, "26 tricks of two cards each");
        assert_eq!(service.store().moves(game.id).await.unwrap().len(), 52);
        assert_eq!(rec.counters, vec![26, 26, 0]);
        let outcome = rec.outcome.expect("a finished game keeps its outcome");
        assert_eq!(outcome.places.len(), 2);
        // Finished games stay queryable.
        let history = service.history(GUILD, 1, 10).await.unwrap();
        assert_eq!(history.len(), 1);
        assert!(service.active(1).await.is_err());
    }
}

#[tokio::test]
async fn a_service_rebuilt_mid_game_continues_with_nothing_lost() {
    for db in backends().await {
        let first = db.service().await;
        let game = started(&first, 1, 21).await;
        for i in 0..17 {
            step(&first, game.id, i).await.unwrap().unwrap();
        }
        let before = fingerprint(&first, game.id).await;
        let menu_before = pending_user(&first, game.id).await.unwrap();
        drop(first);

        let second = db.service().await;
        let recovery = second.recover().await.unwrap();
        assert_eq!(recovery.resumed.len(), 1, "{}", db.backend);
        assert!(recovery.frozen.is_empty());
        assert_eq!(fingerprint(&second, game.id).await, before);
        let menu_after = pending_user(&second, game.id).await.unwrap();
        assert_eq!(menu_after.0, menu_before.0);
        assert_eq!(menu_after.1.counter, menu_before.1.counter);
        assert_eq!(menu_after.1.menu, menu_before.1.menu);
        // A click from a panel rendered before the restart still works.
        let click = menu_before.1.click(menu_before.1.menu.choices[0].id);
        second.play(menu_before.0, click).await.unwrap();
        let mut i = 0;
        while let Some(r) = step(&second, game.id, i).await {
            r.unwrap();
            i += 1;
        }
        let rec = second.game(game.id).await.unwrap();
        assert_eq!(rec.status, Status::Finished);
        assert_eq!(second.store().moves(game.id).await.unwrap().len(), 52);
        assert_eq!(second.verify(&rec).await.unwrap(), Ok(()));
    }
}

#[tokio::test]
async fn a_deadline_of_a_waiting_game_fires_after_a_restart() {
    for db in backends().await {
        let service = db.service().await;
        service
            .configure(GUILD, Caller::admin(ALICE), |c| {
                c.reminder_minutes = 10;
                c.timeout_minutes = 30;
                Ok(())
            })
            .await
            .unwrap();
        let game = started(&service, 1, 3).await;
        let (waiting, _) = pending_user(&service, game.id).await.unwrap();
        assert!(
            service.fire_due().await.unwrap().is_empty(),
            "nothing due yet"
        );
        drop(service);

        db.clock.advance_minutes(11);
        let service = db.service().await;
        service.recover().await.unwrap();
        let fired = service.fire_due().await.unwrap();
        assert!(
            matches!(&fired[..], [Fired::Reminder { game: g, seats }] if g.id == game.id && seats.len() == 1),
            "{}: {fired:?}",
            db.backend
        );
        let seat = game.seat_of(waiting).unwrap();
        drop(service);

        db.clock.advance_minutes(20);
        let service = db.service().await;
        let before = service.game(game.id).await.unwrap();
        let fired = service.fire_due().await.unwrap();
        let [Fired::TimedOut { report, seats }] = &fired[..] else {
            panic!("{}: expected a timeout, got {fired:?}", db.backend);
        };
        assert_eq!(seats, &vec![seat]);
        assert_eq!(
            report.applied.len(),
            1,
            "the game's timeout choice was applied"
        );
        assert_eq!(
            report.game.counters[seat as usize],
            before.counters[seat as usize] + 1
        );
        assert_eq!(service.verify(&report.game).await.unwrap(), Ok(()));
        // The next player's clock starts now.
        let deadlines = service.store().deadlines(game.id).await.unwrap();
        assert_eq!(deadlines.len(), 2);
        assert!(deadlines.iter().all(|d| d.due_ms > db.clock.now_ms()));
    }
}

#[tokio::test]
async fn a_timeout_abandons_the_game_when_the_server_says_so() {
    for db in backends().await {
        let service = db.service().await;
        service
            .configure(GUILD, Caller::admin(ALICE), |c| {
                c.timeout_minutes = 5;
                c.timeout_action = TimeoutAction::Abandon;
                Ok(())
            })
            .await
            .unwrap();
        let game = started(&service, 1, 3).await;
        db.clock.advance_minutes(6);
        let fired = service.fire_due().await.unwrap();
        assert!(
            matches!(&fired[..], [Fired::Abandoned { game: g, .. }] if g.status == Status::Abandoned)
        );
        assert!(service.store().deadlines(game.id).await.unwrap().is_empty());
        assert!(service.fire_due().await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn leaving_a_running_game_is_a_confirmed_forfeit_and_the_random_player_sits_down() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let before = fingerprint(&service, game.id).await;
        assert!(matches!(
            service.leave(game.id, BOB, false).await,
            Err(ServiceError::ConfirmForfeit)
        ));
        assert_eq!(fingerprint(&service, game.id).await, before);
        let report = service.leave(game.id, BOB, true).await.unwrap();
        let bob_seat = game.seat_of(BOB).unwrap();
        assert_eq!(
            report.game.seats[bob_seat as usize],
            SeatHolder::Ai {
                forfeited_by: Some(BOB),
                level: Level::Normal,
            }
        );
        // Only Alice is ever asked from now on; the AI answers for Bob's seat at once.
        let mut i = 0;
        while let Some((user, menu)) = pending_user(&service, game.id).await {
            assert_eq!(user, ALICE);
            service
                .play(user, menu.click(menu.menu.choices[0].id))
                .await
                .unwrap();
            i += 1;
        }
        assert!(i > 0);
        let rec = service.game(game.id).await.unwrap();
        assert_eq!(rec.status, Status::Finished, "{}", db.backend);
        assert_eq!(service.verify(&rec).await.unwrap(), Ok(()));
    }
}

#[tokio::test]
async fn concede_ends_the_game_with_the_conceder_last_and_a_rematch_reopens_the_table() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        step(&service, game.id, 0).await.unwrap().unwrap();
        let rec = service.concede(game.id, ALICE).await.unwrap();
        assert_eq!(rec.status, Status::Finished);
        let alice = game.seat_of(ALICE).unwrap() as usize;
        let outcome = rec.outcome.unwrap();
        assert_eq!(outcome.places[alice], 2);
        assert_eq!(outcome.places[1 - alice], 1);
        assert!(service.store().deadlines(game.id).await.unwrap().is_empty());
        assert!(matches!(
            service.concede(game.id, ALICE).await,
            Err(ServiceError::GameOver)
        ));

        assert!(matches!(
            service.rematch(game.id, CAROL, None).await,
            Err(ServiceError::NotAPlayer)
        ));
        let rematch = service.rematch(game.id, BOB, None).await.unwrap();
        let again = rematch.lobby;
        assert_eq!(again.status, Status::Lobby);
        assert_eq!(again.host, BOB);
        // Alice is asked, not seated: she joins if she wants to play again.
        assert_eq!(again.seats, vec![SeatHolder::User(BOB)]);
        assert_eq!(rematch.invited, vec![ALICE]);
        assert_eq!(again.channel, game.channel);
        service.join(again.id, ALICE).await.unwrap();
        assert!(service.start(again.id, Caller::user(BOB)).await.is_ok());
    }
}

#[tokio::test]
async fn a_draw_needs_every_player_and_a_move_withdraws_the_offer() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let offer = service.offer_draw(game.id, ALICE).await.unwrap();
        assert!(!offer.agreed);
        step(&service, game.id, 0).await.unwrap().unwrap();
        assert!(service.game(game.id).await.unwrap().draw_offers.is_empty());
        assert!(!service.offer_draw(game.id, BOB).await.unwrap().agreed);
        let offer = service.offer_draw(game.id, ALICE).await.unwrap();
        assert!(offer.agreed);
        assert_eq!(offer.game.ending, Some(Ending::DrawAgreed));
        assert!(offer.game.outcome.unwrap().is_draw());
    }
}

#[tokio::test]
async fn ai_seats_move_by_themselves() {
    for db in backends().await {
        let service = db.service().await;
        let rec = service.open(lobby(1, ALICE, 9)).await.unwrap();
        service
            .add_ai(rec.id, Caller::user(ALICE), Level::Normal)
            .await
            .unwrap();
        let started = service.start(rec.id, Caller::user(ALICE)).await.unwrap();
        assert_eq!(started.game.status, Status::Running);
        let mut i = 0;
        while let Some(r) = step(&service, rec.id, i).await {
            r.unwrap();
            i += 1;
        }
        assert_eq!(i, 26, "Alice played her 26 cards, the AI the rest");
        let rec = service.game(rec.id).await.unwrap();
        assert_eq!(rec.status, Status::Finished);
        assert_eq!(service.verify(&rec).await.unwrap(), Ok(()));
    }
}

// ---- bad input: a clear error and no state change ----

#[tokio::test]
async fn a_move_by_a_non_player_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let (_, menu) = pending_user(&service, game.id).await.unwrap();
        let before = fingerprint(&service, game.id).await;
        let err = service
            .play(CAROL, menu.click(menu.menu.choices[0].id))
            .await
            .unwrap_err();
        assert!(matches!(err, ServiceError::NotAPlayer));
        assert_eq!(err.text().key, "err-not-a-player");
        assert_eq!(fingerprint(&service, game.id).await, before);
    }
}

#[tokio::test]
async fn a_move_out_of_turn_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let (user, menu) = pending_user(&service, game.id).await.unwrap();
        let other = if user == ALICE { BOB } else { ALICE };
        let seat = game.seat_of(other).unwrap();
        let before = fingerprint(&service, game.id).await;
        let click = vliv_bot::service::Click {
            game: game.id,
            seat,
            counter: 0,
            choice: menu.menu.choices[0].id,
        };
        let err = service.play(other, click).await.unwrap_err();
        assert!(matches!(err, ServiceError::NotYourTurn), "{err:?}");
        assert_eq!(fingerprint(&service, game.id).await, before);
    }
}

#[tokio::test]
async fn the_same_click_twice_is_applied_once() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let (user, menu) = pending_user(&service, game.id).await.unwrap();
        let click = menu.click(menu.menu.choices[0].id);
        service.play(user, click).await.unwrap();
        let after_first = fingerprint(&service, game.id).await;
        let err = service.play(user, click).await.unwrap_err();
        assert!(matches!(err, ServiceError::AlreadyApplied), "{err:?}");
        assert_eq!(err.text().key, "err-already-applied");
        assert_eq!(fingerprint(&service, game.id).await, after_first);
    }
}

#[tokio::test]
async fn a_stale_click_is_no_longer_current() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let (user, menu) = pending_user(&service, game.id).await.unwrap();
        assert!(menu.menu.choices.len() > 1);
        service
            .play(user, menu.click(menu.menu.choices[0].id))
            .await
            .unwrap();
        // The same old panel, another card: that decision was already made.
        let stale = menu.click(menu.menu.choices[1].id);
        let before = fingerprint(&service, game.id).await;
        let err = service.play(user, stale).await.unwrap_err();
        assert!(matches!(err, ServiceError::Stale), "{err:?}");
        assert_eq!(err.text().key, "err-stale");
        assert_eq!(fingerprint(&service, game.id).await, before);
    }
}

#[tokio::test]
async fn a_malformed_custom_id_is_refused_before_reaching_the_game() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let before = fingerprint(&service, game.id).await;
        for bad in [
            format!("vm:{}:0:0", game.id),
            format!("vm:{}:0:x:3", game.id),
            "??".into(),
        ] {
            let err = bad.parse::<ComponentAction>().unwrap_err();
            assert!(matches!(err, ServiceError::MalformedId));
            assert_eq!(err.text().key, "err-malformed-id");
        }
        // A well-formed id naming a seat that does not exist.
        let click = vliv_bot::service::Click {
            game: game.id,
            seat: 9,
            counter: 0,
            choice: ChoiceId(0),
        };
        assert!(matches!(
            service.play(ALICE, click).await,
            Err(ServiceError::NotAPlayer)
        ));
        assert_eq!(fingerprint(&service, game.id).await, before);
    }
}

#[tokio::test]
async fn joining_a_full_or_running_game_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let rec = service.open(lobby(1, ALICE, 5)).await.unwrap();
        service.join(rec.id, BOB).await.unwrap();
        let before = fingerprint(&service, rec.id).await;
        assert!(matches!(
            service.join(rec.id, CAROL).await,
            Err(ServiceError::LobbyFull)
        ));
        assert!(matches!(
            service.join(rec.id, BOB).await,
            Err(ServiceError::AlreadySeated)
        ));
        assert!(matches!(
            service
                .add_ai(rec.id, Caller::user(ALICE), Level::Normal)
                .await,
            Err(ServiceError::LobbyFull)
        ));
        assert_eq!(fingerprint(&service, rec.id).await, before);
        service.start(rec.id, Caller::user(ALICE)).await.unwrap();
        let before = fingerprint(&service, rec.id).await;
        let err = service.join(rec.id, CAROL).await.unwrap_err();
        assert!(matches!(err, ServiceError::NotInLobby));
        assert_eq!(fingerprint(&service, rec.id).await, before);
    }
}

#[tokio::test]
async fn starting_with_too_few_players_or_by_a_guest_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let rec = service.open(lobby(1, ALICE, 5)).await.unwrap();
        let before = fingerprint(&service, rec.id).await;
        let err = service
            .start(rec.id, Caller::user(ALICE))
            .await
            .unwrap_err();
        assert!(
            matches!(err, ServiceError::TooFewPlayers { min: 2, got: 1 }),
            "{err:?}"
        );
        service.join(rec.id, BOB).await.unwrap();
        assert!(matches!(
            service.start(rec.id, Caller::user(BOB)).await,
            Err(ServiceError::NotHost)
        ));
        assert_eq!(fingerprint(&service, rec.id).await.1, before.1);
        assert_eq!(service.game(rec.id).await.unwrap().status, Status::Lobby);
    }
}

#[tokio::test]
async fn a_second_game_in_a_busy_channel_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let first = service.open(lobby(1, ALICE, 5)).await.unwrap();
        let err = service.open(lobby(1, BOB, 6)).await.unwrap_err();
        assert!(matches!(err, ServiceError::ChannelBusy));
        assert_eq!(service.active(1).await.unwrap().id, first.id);
        // Another channel (or thread) is free, and a player may sit in many games.
        let second = service.open(lobby(2, ALICE, 6)).await.unwrap();
        assert_ne!(second.id, first.id);
        assert_eq!(service.my_games(GUILD, ALICE).await.unwrap().len(), 2);
    }
}

#[tokio::test]
async fn an_admin_command_by_a_non_admin_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let before = service.guild_config(GUILD).await.unwrap();
        let err = service
            .configure(GUILD, Caller::user(ALICE), |c| {
                c.thread_mode = true;
                Ok(())
            })
            .await
            .unwrap_err();
        assert!(matches!(err, ServiceError::NotAdmin));
        assert_eq!(err.text().key, "err-not-admin");
        assert_eq!(service.guild_config(GUILD).await.unwrap(), before);
        // Abandoning is for the host or an admin.
        let rec = service.open(lobby(1, ALICE, 5)).await.unwrap();
        service.join(rec.id, BOB).await.unwrap();
        assert!(matches!(
            service.abandon(rec.id, Caller::user(BOB)).await,
            Err(ServiceError::NotHost)
        ));
        let done = service.abandon(rec.id, Caller::admin(CAROL)).await.unwrap();
        assert_eq!(done.status, Status::Abandoned);
    }
}

#[tokio::test]
async fn a_game_disabled_by_the_server_or_a_channel_not_allowed_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        service
            .configure(GUILD, Caller::admin(ALICE), |c| {
                c.enabled_games = Some(vec![]);
                Ok(())
            })
            .await
            .unwrap();
        let err = service.open(lobby(1, ALICE, 5)).await.unwrap_err();
        assert!(matches!(err, ServiceError::GameDisabled(ref g) if g == "claim"));
        assert!(service.active(1).await.is_err());
        service
            .configure(GUILD, Caller::admin(ALICE), |c| {
                c.enabled_games = None;
                c.channels = vec![2];
                Ok(())
            })
            .await
            .unwrap();
        assert!(matches!(
            service.open(lobby(1, ALICE, 5)).await,
            Err(ServiceError::ChannelNotAllowed)
        ));
        assert!(service.open(lobby(2, ALICE, 5)).await.is_ok());
        let mut bad = lobby(3, ALICE, 5);
        bad.kind = "chess".into();
        assert!(matches!(
            service.open(bad).await,
            Err(ServiceError::UnknownGame(_))
        ));
    }
}

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
        let err = service.play(user, click).await.unwrap_err();
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
        service.play(user, click).await.unwrap();
        assert!(matches!(
            service.play(user, click).await,
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
        sqlx::query("UPDATE games SET rules_version = 999 WHERE id = $1")
            .bind(changed.id)
            .execute(&pool)
            .await
            .unwrap();
        // A snapshot that its moves do not reproduce (as if the rules changed silently).
        let other = service.game(fine.id).await.unwrap().snapshot.unwrap();
        sqlx::query("UPDATE games SET snapshot = $1 WHERE id = $2")
            .bind(other)
            .bind(tampered.id)
            .execute(&pool)
            .await
            .unwrap();
        let (user, menu) = pending_user(&service, fine.id).await.unwrap();
        let before = fingerprint(&service, changed.id).await;
        let alice_seat = changed.seat_of(ALICE).unwrap();
        let err = service
            .play(
                ALICE,
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
                    stored: 999,
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
                        stored: 999,
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
            .play(user, menu.click(menu.menu.choices[0].id))
            .await
            .expect("the game that verified plays on");
        let err = service.concede(changed.id, ALICE).await.unwrap_err();
        assert!(matches!(err, ServiceError::Frozen));
        // A frozen channel is free for a new game.
        assert!(service.open(lobby(1, ALICE, 8)).await.is_ok());
    }
}

#[tokio::test]
async fn leaving_a_lobby_frees_the_seat_and_passes_the_host_on() {
    for db in backends().await {
        let service = db.service().await;
        let rec = service.open(lobby(1, ALICE, 5)).await.unwrap();
        service.join(rec.id, BOB).await.unwrap();
        let left = service.leave(rec.id, ALICE, false).await.unwrap().game;
        assert_eq!(left.seats, vec![SeatHolder::User(BOB)]);
        assert_eq!(left.host, BOB);
        assert_eq!(left.status, Status::Lobby);
        assert!(matches!(
            service.leave(rec.id, ALICE, false).await,
            Err(ServiceError::NotAPlayer)
        ));
        let closed = service.leave(rec.id, BOB, false).await.unwrap().game;
        assert_eq!(closed.status, Status::Abandoned, "an empty lobby closes");
        assert!(service.open(lobby(1, CAROL, 5)).await.is_ok());
    }
}

#[tokio::test]
async fn the_database_itself_keeps_one_active_game_per_channel() {
    for db in backends().await {
        let service = db.service().await;
        let first = service.open(lobby(1, ALICE, 5)).await.unwrap();
        // Past the service's own check, as a second bot process racing for the channel would.
        let row = vliv_bot::store::NewGame {
            guild: GUILD,
            channel: 1,
            kind: "claim".into(),
            rules_version: 1,
            host: BOB,
            seats: vec![SeatHolder::User(BOB)],
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
            .abandon(first.id, Caller::user(ALICE))
            .await
            .unwrap();
        assert!(service.store().insert_game(&row).await.is_ok());
    }
}

#[test]
fn both_backends_have_the_same_migration_versions() {
    let names = |dir: &str| {
        let mut v: Vec<String> = std::fs::read_dir(format!(
            "{}/../migrations/{dir}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
        v.sort();
        v
    };
    assert_eq!(names("sqlite"), names("postgres"));
    assert!(!names("sqlite").is_empty());
}
