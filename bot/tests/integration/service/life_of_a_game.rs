//! A game's life through the service: lobby, moves, restarts, deadlines, forfeits and
//! endings, AI seats.

use super::*;
use vliv_bot::service::{ChannelId, GuildId, UserId};

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
        let history = service
            .history(GuildId(GUILD), ChannelId(1), 10)
            .await
            .unwrap();
        assert_eq!(history.len(), 1);
        assert!(service.active(ChannelId(1)).await.is_err());
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
        // Moved just before: its table may not show the last move yet.
        assert_eq!(recovery.moved_lately, vec![game.id], "{}", db.backend);
        assert_eq!(fingerprint(&second, game.id).await, before);
        let menu_after = pending_user(&second, game.id).await.unwrap();
        assert_eq!(menu_after.0, menu_before.0);
        assert_eq!(menu_after.1.counter, menu_before.1.counter);
        assert_eq!(menu_after.1.menu, menu_before.1.menu);
        // A click from a panel rendered before the restart still works.
        let click = menu_before.1.click(menu_before.1.menu.choices[0].id);
        second.play(UserId(menu_before.0), click).await.unwrap();
        let mut i = 0;
        while let Some(r) = step(&second, game.id, i).await {
            r.unwrap();
            i += 1;
        }
        let rec = second.game(game.id).await.unwrap();
        assert_eq!(rec.status, Status::Finished);
        assert_eq!(second.store().moves(game.id).await.unwrap().len(), 52);
        assert_eq!(second.verify(&rec).await.unwrap(), Ok(()));
        drop(second);

        // A start soon after the end offers its table for an update (the last process may
        // have died before it showed the result); a start much later does not.
        let third = db.service().await;
        let recovery = third.recover().await.unwrap();
        assert!(recovery.resumed.is_empty(), "{}", db.backend);
        let ended: Vec<_> = recovery.ended.iter().map(|r| r.id).collect();
        assert_eq!(ended, vec![game.id], "{}", db.backend);
        db.clock.advance_minutes(11);
        let recovery = third.recover().await.unwrap();
        assert!(recovery.ended.is_empty(), "{}", db.backend);
    }
}

#[tokio::test]
async fn a_deadline_of_a_waiting_game_fires_after_a_restart() {
    for db in backends().await {
        let service = db.service().await;
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |c| {
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
        let seat = game.seat_of(UserId(waiting)).unwrap();
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
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |c| {
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
            service.leave(game.id, UserId(BOB), false).await,
            Err(ServiceError::ConfirmForfeit)
        ));
        assert_eq!(fingerprint(&service, game.id).await, before);
        let report = service.leave(game.id, UserId(BOB), true).await.unwrap();
        let bob_seat = game.seat_of(UserId(BOB)).unwrap();
        assert_eq!(
            report.game.seats[bob_seat as usize],
            SeatHolder::Ai {
                forfeited_by: Some(UserId(BOB)),
                level: Level::Normal,
            }
        );
        // Only Alice is ever asked from now on; the AI answers for Bob's seat at once.
        let mut i = 0;
        while let Some((user, menu)) = pending_user(&service, game.id).await {
            assert_eq!(user, ALICE);
            service
                .play(UserId(user), menu.click(menu.menu.choices[0].id))
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
        let rec = service.concede(game.id, UserId(ALICE)).await.unwrap();
        assert_eq!(rec.status, Status::Finished);
        let alice = game.seat_of(UserId(ALICE)).unwrap() as usize;
        let outcome = rec.outcome.unwrap();
        assert_eq!(outcome.places[alice], 2);
        assert_eq!(outcome.places[1 - alice], 1);
        assert!(service.store().deadlines(game.id).await.unwrap().is_empty());
        assert!(matches!(
            service.concede(game.id, UserId(ALICE)).await,
            Err(ServiceError::GameOver)
        ));

        assert!(matches!(
            service.rematch(game.id, UserId(CAROL), None).await,
            Err(ServiceError::NotAPlayer)
        ));
        let rematch = service.rematch(game.id, UserId(BOB), None).await.unwrap();
        let again = rematch.lobby;
        assert_eq!(again.status, Status::Lobby);
        assert_eq!(again.host, UserId(BOB));
        // Alice is asked, not seated: she joins if she wants to play again.
        assert_eq!(again.seats, vec![SeatHolder::User(UserId(BOB))]);
        assert_eq!(rematch.invited, vec![UserId(ALICE)]);
        assert_eq!(again.channel, game.channel);
        service.join(again.id, UserId(ALICE)).await.unwrap();
        assert!(service
            .start(again.id, Caller::user(UserId(BOB)))
            .await
            .is_ok());
    }
}

#[tokio::test]
async fn a_draw_needs_every_player_and_a_move_withdraws_the_offer() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let offer = service.offer_draw(game.id, UserId(ALICE)).await.unwrap();
        assert!(!offer.agreed);
        step(&service, game.id, 0).await.unwrap().unwrap();
        assert!(service.game(game.id).await.unwrap().draw_offers.is_empty());
        assert!(
            !service
                .offer_draw(game.id, UserId(BOB))
                .await
                .unwrap()
                .agreed
        );
        let offer = service.offer_draw(game.id, UserId(ALICE)).await.unwrap();
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
            .add_ai(rec.id, Caller::user(UserId(ALICE)), Level::Normal)
            .await
            .unwrap();
        let started = service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
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

#[tokio::test]
async fn leaving_a_lobby_frees_the_seat_and_passes_the_host_on() {
    for db in backends().await {
        let service = db.service().await;
        let rec = service.open(lobby(1, ALICE, 5)).await.unwrap();
        service.join(rec.id, UserId(BOB)).await.unwrap();
        let left = service
            .leave(rec.id, UserId(ALICE), false)
            .await
            .unwrap()
            .game;
        assert_eq!(left.seats, vec![SeatHolder::User(UserId(BOB))]);
        assert_eq!(left.host, UserId(BOB));
        assert_eq!(left.status, Status::Lobby);
        assert!(matches!(
            service.leave(rec.id, UserId(ALICE), false).await,
            Err(ServiceError::NotAPlayer)
        ));
        let closed = service
            .leave(rec.id, UserId(BOB), false)
            .await
            .unwrap()
            .game;
        assert_eq!(closed.status, Status::Abandoned, "an empty lobby closes");
        assert!(service.open(lobby(1, CAROL, 5)).await.is_ok());
    }
}

/// Only a game that moved shortly before a start is offered for a table edit: a table is
/// behind only if the last process died between a move's commit and its edit.
#[tokio::test]
async fn a_start_lists_as_moved_lately_only_the_running_games_that_moved_shortly_before() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let recovery = service.recover().await.unwrap();
        assert_eq!(
            recovery.moved_lately,
            vec![game.id],
            "not moved yet: {}",
            db.backend
        );
        step(&service, game.id, 0).await.unwrap().unwrap();
        db.clock.advance_minutes(11);
        let recovery = service.recover().await.unwrap();
        assert_eq!(recovery.resumed.len(), 1, "{}", db.backend);
        assert!(recovery.moved_lately.is_empty(), "{}", db.backend);
        step(&service, game.id, 0).await.unwrap().unwrap();
        let recovery = service.recover().await.unwrap();
        assert_eq!(recovery.moved_lately, vec![game.id], "{}", db.backend);
    }
}

/// A turn DM is owed to the player whose turn it is until one is recorded for the game's
/// last move; a record of an earlier move (a slower sender) neither counts nor replaces it.
#[tokio::test]
async fn a_turn_dm_is_owed_until_one_is_recorded_for_the_last_move() {
    for db in backends().await {
        let service = db.service().await;
        let start = started(&service, 1, 5).await;
        let (user, menu) = pending_user(&service, start.id).await.unwrap();
        let owed = service.turn_notices_owed(&start).await.unwrap();
        assert_eq!(owed, vec![(menu.seat, UserId(user))], "{}", db.backend);
        service.turn_notice_sent(&start, menu.seat).await.unwrap();
        let owed = service.turn_notices_owed(&start).await.unwrap();
        assert!(owed.is_empty(), "{}", db.backend);
        // The lead passes the turn: the other player is owed theirs.
        let moved = step(&service, start.id, 0).await.unwrap().unwrap();
        let (next, menu) = pending_user(&service, start.id).await.unwrap();
        assert_ne!(next, user, "{}", db.backend);
        let owed = service.turn_notices_owed(&moved).await.unwrap();
        assert_eq!(owed, vec![(menu.seat, UserId(next))], "{}", db.backend);
        service.turn_notice_sent(&moved, menu.seat).await.unwrap();
        service.turn_notice_sent(&start, menu.seat).await.unwrap();
        let owed = service.turn_notices_owed(&moved).await.unwrap();
        assert!(owed.is_empty(), "{}", db.backend);
        // An ended game owes nothing, and retention deletes it with its records.
        let ended = service.concede(start.id, UserId(BOB)).await.unwrap();
        assert!(service.turn_notices_owed(&ended).await.unwrap().is_empty());
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |cfg| {
                cfg.retention_days = 1;
                Ok(())
            })
            .await
            .unwrap();
        db.clock.advance_minutes(60 * 24 * 2);
        assert_eq!(
            service.sweep_retention().await.unwrap(),
            1,
            "{}",
            db.backend
        );
        let records = service.store().turn_notices(start.id).await.unwrap();
        assert!(records.is_empty(), "{}", db.backend);
    }
}
