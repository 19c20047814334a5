//! AI seats with a level (issue 15, the bot's half): the lobby seats them at a level, a
//! seat handed over on a forfeit plays at the server's level, old stored seats still load,
//! and an AI move is a stored move like any other (the same seed gives the same game).

use crate::common;
use vliv_bot::service::{GuildId, UserId};

use std::sync::Arc;

use common::*;
use vliv_bot::{
    service::{AiBudget, Caller, DeadlineKind, Fired, SeatHolder, Service, Status},
    store::Store,
};
use vliv_engine::Level;

#[tokio::test]
async fn the_lobby_seats_an_ai_at_the_chosen_level_and_the_store_keeps_it() {
    for db in backends().await {
        let service = db.service().await;
        let rec = service.open(lobby(1, ALICE, 2)).await.unwrap();
        service
            .add_ai(rec.id, Caller::user(UserId(ALICE)), Level::Hard)
            .await
            .unwrap();
        let stored = db.service().await.game(rec.id).await.unwrap();
        assert_eq!(
            stored.seats[1],
            SeatHolder::Ai {
                forfeited_by: None,
                level: Level::Hard
            },
            "{}",
            db.backend
        );
    }
}

#[tokio::test]
async fn a_forfeited_seat_plays_at_the_level_the_server_admin_set() {
    for db in backends().await {
        let service = db.service().await;
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |c| {
                c.takeover_level = Level::Easy;
                Ok(())
            })
            .await
            .unwrap();
        let game = started(&service, 1, 6).await;
        let report = service.leave(game.id, UserId(BOB), true).await.unwrap();
        let seat = game.seat_of(UserId(BOB)).unwrap() as usize;
        assert_eq!(
            report.game.seats[seat],
            SeatHolder::Ai {
                forfeited_by: Some(UserId(BOB)),
                level: Level::Easy
            },
            "{}",
            db.backend
        );
    }
}

#[test]
fn a_seat_stored_before_levels_existed_loads_at_normal() {
    let old: Vec<SeatHolder> =
        serde_json::from_str(r#"[{"user":11},{"ai":{"forfeited_by":null}}]"#).unwrap();
    assert_eq!(
        old[1],
        SeatHolder::Ai {
            forfeited_by: None,
            level: Level::Normal
        }
    );
}

#[tokio::test]
async fn the_same_seed_and_clicks_give_the_same_ai_moves_in_another_database() {
    let mut logs = Vec::new();
    for db in backends().await {
        let service = db.service().await;
        let rec = service.open(lobby(1, ALICE, 77)).await.unwrap();
        service
            .add_ai(rec.id, Caller::user(UserId(ALICE)), Level::Normal)
            .await
            .unwrap();
        service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        let mut i = 0;
        while let Some(r) = step(&service, rec.id, i).await {
            r.unwrap();
            i += 1;
        }
        let done = service.game(rec.id).await.unwrap();
        assert_eq!(done.status, Status::Finished);
        assert_eq!(service.verify(&done).await.unwrap(), Ok(()));
        let moves: Vec<_> = service
            .store()
            .moves(rec.id)
            .await
            .unwrap()
            .into_iter()
            .map(|m| (m.actor, m.choice))
            .collect();
        logs.push(moves);
    }
    // A second run on a fresh SQLite database: the AI thinks the same thoughts.
    let db = backends().await.remove(0);
    let service = db.service().await;
    let rec = service.open(lobby(1, ALICE, 77)).await.unwrap();
    service
        .add_ai(rec.id, Caller::user(UserId(ALICE)), Level::Normal)
        .await
        .unwrap();
    service
        .start(rec.id, Caller::user(UserId(ALICE)))
        .await
        .unwrap();
    let mut i = 0;
    while let Some(r) = step(&service, rec.id, i).await {
        r.unwrap();
        i += 1;
    }
    let again: Vec<_> = service
        .store()
        .moves(rec.id)
        .await
        .unwrap()
        .into_iter()
        .map(|m| (m.actor, m.choice))
        .collect();
    for log in &logs {
        assert_eq!(log, &again);
    }
}

/// The bot's service: AI seats think in the deadline sweep, off the player's request.
async fn deferring(db: &Db) -> Service {
    let store = Store::connect(&db.url).await.unwrap();
    Service::new(store, Arc::new(db.clock.clone())).with_ai_budget(AiBudget::Iterations(20), true)
}

#[tokio::test]
async fn the_ai_thinks_after_the_players_move_is_answered_and_after_a_restart() {
    for db in backends().await {
        let service = deferring(&db).await;
        let game = against_ai(&service, 1, 5).await;
        // The start may leave the AI to think first.
        service.fire_due().await.unwrap();
        until_ai_answers_alice(&service, game).await;
        let before = service.store().moves(game).await.unwrap().len();
        let (_, menu) = pending_user(&service, game).await.unwrap();
        let report = service
            .play(UserId(ALICE), menu.click(menu.menu.choices[0].id))
            .await
            .unwrap();
        assert_eq!(report.applied.len(), 1, "{}: only Alice's move", db.backend);
        assert!(!report.stalled);
        let deadlines = service.store().deadlines(game).await.unwrap();
        assert!(
            deadlines.iter().any(|d| d.kind == DeadlineKind::Automatic),
            "{}: the AI's turn is stored",
            db.backend
        );

        // The bot is killed while the AI thinks: the restarted one thinks again.
        drop(service);
        let service = deferring(&db).await;
        service.recover().await.unwrap();
        let fired = service.fire_due().await.unwrap();
        let moved = fired
            .iter()
            .find_map(|f| match f {
                Fired::Moved { report } if report.game.id == game => Some(report),
                _ => None,
            })
            .expect("the AI moved after the restart");
        assert_eq!(
            moved.applied.len(),
            1,
            "{}: one thought per sweep",
            db.backend
        );
        assert_eq!(
            service.store().moves(game).await.unwrap().len(),
            before + 2,
            "{}: Alice's move and the AI's, each once",
            db.backend
        );
        assert_eq!(service.verify(&moved.game).await.unwrap(), Ok(()));
    }
}
