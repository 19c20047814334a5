//! Issue 16, items 1 and 2: a database that fails after a player's move was committed
//! never freezes the game, and one failing game never holds up another's deadlines. The
//! failures are injected through the store's test hook (`Store::faults`), on SQLite and on
//! Postgres (see `common`).

use crate::common;
use crate::common::proxy;
use vliv_bot::service::{GuildId, UserId};

use std::sync::Arc;

use common::{captured_log::CapturedLog, *};
use vliv_bot::service::{
    AiBudget, Caller, Clock, DeadlineKind, Fired, GameId, ManualClock, OpenLobby, Report,
    SeatHolder, Service, ServiceError, Status,
};
use vliv_engine::{Actor, Level};

async fn moves(service: &Service, game: GameId) -> usize {
    service.store().moves(game).await.unwrap().len()
}

async fn has_automatic_deadline(service: &Service, game: GameId) -> bool {
    service
        .store()
        .deadlines(game)
        .await
        .unwrap()
        .iter()
        .any(|d| d.kind == DeadlineKind::Automatic)
}

/// The game moved on by itself: the sweeps made the AI's moves (one thought per sweep),
/// the game replays, and nothing automatic is left waiting.
async fn sweep_moves_it_on(service: &Service, game: GameId, backend: &str) -> Report {
    let mut last = None;
    for _ in 0..200 {
        let fired = service.fire_due().await.unwrap();
        let Some(report) = fired.into_iter().find_map(|f| match f {
            Fired::Moved { report } if report.game.id == game => Some(report),
            _ => None,
        }) else {
            break;
        };
        assert!(!report.applied.is_empty(), "{backend}: the AI moved");
        assert!(!report.stalled, "{backend}");
        last = Some(report);
    }
    let report = last.unwrap_or_else(|| panic!("{backend}: the sweep did not move game {game}"));
    let rec = service.game(game).await.unwrap();
    assert_eq!(service.verify(&rec).await.unwrap(), Ok(()));
    assert!(!has_automatic_deadline(service, game).await, "{backend}");
    Report {
        game: rec,
        ..report
    }
}

#[tokio::test]
async fn a_failure_after_a_players_move_reports_it_applied_and_the_ai_moves_later() {
    for db in backends().await {
        let service = db.service().await;
        let game = against_ai(&service, 1, 5).await;
        until_ai_answers_alice(&service, game).await;
        let before = moves(&service, game).await;
        let (_, menu) = pending_user(&service, game).await.unwrap();
        // Alice's move commits; the AI's reply does not.
        service.store().faults().fail_writes_after(1, 1);
        let report = service
            .play(UserId(ALICE), menu.click(menu.menu.choices[0].id))
            .await
            .expect("the player's move was applied: no error");
        assert!(
            report.stalled,
            "{}: the report says the AI is late",
            db.backend
        );
        assert_eq!(report.applied.len(), 1, "{}", db.backend);
        assert_eq!(moves(&service, game).await, before + 1, "{}", db.backend);
        assert_eq!(service.store().faults().injected(), 1);
        assert!(
            has_automatic_deadline(&service, game).await,
            "{}",
            db.backend
        );
        assert!(
            pending_user(&service, game).await.is_none(),
            "nobody is asked"
        );

        // The database is back: the scheduler's sweep moves the AI without a restart.
        let report = sweep_moves_it_on(&service, game, db.backend).await;
        assert!(moves(&service, report.game.id).await > before + 1);
        assert!(
            report.game.status == Status::Finished || pending_user(&service, game).await.is_some(),
            "{}: Alice is asked again",
            db.backend
        );
    }
}

#[tokio::test]
async fn a_bot_restarted_after_the_failure_makes_the_ai_move() {
    for db in backends().await {
        let service = db.service().await;
        let game = against_ai(&service, 1, 8).await;
        until_ai_answers_alice(&service, game).await;
        let (_, menu) = pending_user(&service, game).await.unwrap();
        service.store().faults().fail_writes_after(1, 1);
        let report = service
            .play(UserId(ALICE), menu.click(menu.menu.choices[0].id))
            .await
            .unwrap();
        assert!(report.stalled);
        drop(service);

        let service = db.service().await;
        let recovery = service.recover().await.unwrap();
        assert_eq!(recovery.resumed.len(), 1);
        sweep_moves_it_on(&service, game, db.backend).await;
        assert!(service.fire_due().await.unwrap().is_empty(), "moved once");
    }
}

/// A lobby of two `easy` AI seats, opened by Alice.
async fn all_ai_lobby(service: &Service, seed: u64) -> vliv_bot::service::GameRecord {
    let ai = SeatHolder::Ai {
        forfeited_by: None,
        level: Level::Easy,
    };
    service
        .open(OpenLobby {
            seats: vec![ai; 2],
            ..lobby(1, ALICE, seed)
        })
        .await
        .unwrap()
}

#[tokio::test]
async fn a_failure_after_the_start_lets_an_all_ai_game_finish_by_itself() {
    for db in backends().await {
        let service = db.service().await;
        let rec = all_ai_lobby(&service, 13).await;
        service.store().faults().fail_writes_after(1, 1);
        let report = service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        assert!(
            report.stalled && report.applied.is_empty(),
            "{}",
            db.backend
        );
        assert_eq!(report.game.status, Status::Running);
        assert!(has_automatic_deadline(&service, rec.id).await);
        let report = sweep_moves_it_on(&service, rec.id, db.backend).await;
        assert_eq!(report.game.status, Status::Finished, "{}", db.backend);
    }
}

/// The AI's last move ends the game, and the read of the finished game that follows fails
/// (a finished game leaves the cache, so that read asks the database): the move is still
/// reported, or its table would never show the result (the chaos run's "game 8", once).
#[tokio::test]
async fn a_failure_right_after_the_ais_final_move_still_reports_it() {
    for db in backends().await {
        // The bot's own store: it caches the games it serves.
        let store = vliv_bot::store::Store::connect(&db.url)
            .await
            .unwrap()
            .with_game_cache(true);
        let service = Service::new(store, Arc::new(db.clock.clone()))
            .with_ai_budget(AiBudget::Iterations(20), true);
        let rec = all_ai_lobby(&service, 17).await;
        service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        // Running, the game is read from the cache; once finished, from the database.
        service.store().faults().fail_reads_of(rec.id);
        let mut reported = 0;
        let mut last = None;
        for _ in 0..500 {
            let fired = service.fire_due().await.unwrap();
            let Some(report) = fired.into_iter().find_map(|f| match f {
                Fired::Moved { report } => Some(report),
                _ => None,
            }) else {
                break;
            };
            reported += report.applied.len();
            last = Some(report);
        }
        assert!(
            service.store().faults().injected() >= 1,
            "{}: the read after the final move failed",
            db.backend
        );
        let last = last.expect("the AI moved");
        assert_eq!(
            last.game.status,
            Status::Finished,
            "{}: the final move was reported",
            db.backend
        );
        assert!(
            !last.stalled,
            "{}: a finished game has no automatic moves to be late",
            db.backend
        );
        service.store().faults().heal();
        assert_eq!(reported, moves(&service, rec.id).await, "{}", db.backend);
        assert!(
            service.fire_due().await.unwrap().is_empty(),
            "{}: nothing fires again",
            db.backend
        );
    }
}

#[tokio::test]
async fn a_failure_after_a_forfeit_lets_the_new_ai_seat_move_later() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 21).await;
        let (leaver, _) = pending_user(&service, game.id).await.unwrap();
        service.store().faults().fail_writes_after(1, 1);
        let report = service.leave(game.id, UserId(leaver), true).await.unwrap();
        assert!(report.stalled, "{}", db.backend);
        assert!(matches!(
            report.game.seats[game.seat_of(UserId(leaver)).unwrap() as usize],
            SeatHolder::Ai { .. }
        ));
        let report = sweep_moves_it_on(&service, game.id, db.backend).await;
        assert!(report
            .applied
            .iter()
            .any(|a| a.actor == Actor::Seat(game.seat_of(UserId(leaver)).unwrap())));
    }
}

#[tokio::test]
async fn a_failure_after_a_timeout_lets_the_ai_move_later() {
    for db in backends().await {
        let service = db.service().await;
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |c| {
                c.timeout_minutes = 5;
                Ok(())
            })
            .await
            .unwrap();
        let game = against_ai(&service, 1, 34).await;
        until_ai_answers_alice(&service, game).await;
        let before = moves(&service, game).await;
        db.clock.advance_minutes(6);
        // The timeout choice commits; the AI's reply does not.
        service.store().faults().fail_writes_after(1, 1);
        let fired = service.fire_due().await.unwrap();
        let [Fired::TimedOut { report, .. }] = &fired[..] else {
            panic!("{}: expected a timeout, got {fired:?}", db.backend);
        };
        assert!(
            report.stalled && report.applied.len() == 1,
            "{}",
            db.backend
        );
        assert_eq!(moves(&service, game).await, before + 1);
        sweep_moves_it_on(&service, game, db.backend).await;
    }
}

#[tokio::test]
async fn a_game_whose_deadline_fails_does_not_hold_up_the_others() {
    for db in backends().await {
        let service = db.service().await;
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |c| {
                c.timeout_minutes = 5;
                Ok(())
            })
            .await
            .unwrap();
        let first = started(&service, 1, 3).await.id;
        let failing = started(&service, 2, 4).await.id;
        let last = started(&service, 3, 5).await.id;
        db.clock.advance_minutes(6);
        service.store().faults().fail_game(failing);
        let log = CapturedLog::default();
        let fired = {
            let _logging = tracing::subscriber::set_default(log.subscriber(tracing::Level::INFO));
            service.fire_due().await.expect("the sweep itself succeeds")
        };
        // The operator can tell which game fails: its id is in the warning, no other's is.
        let warnings: Vec<String> = log
            .text()
            .lines()
            .filter(|l| l.contains("deadline failed"))
            .map(str::to_owned)
            .collect();
        assert_eq!(warnings.len(), 1, "{}: {warnings:?}", db.backend);
        assert!(
            warnings[0].contains(&format!("game={failing} "))
                && warnings[0].contains("WARN")
                && warnings[0].contains("wait_ms=1000"),
            "{}: {}",
            db.backend,
            warnings[0]
        );
        let timed_out: Vec<GameId> = fired
            .iter()
            .filter_map(|f| match f {
                Fired::TimedOut { report, .. } => Some(report.game.id),
                _ => None,
            })
            .collect();
        assert_eq!(timed_out, vec![first, last], "{}", db.backend);
        assert_eq!(service.store().faults().injected(), 1);

        // Backed off: the next sweeps leave it alone until its wait is over.
        assert!(service.fire_due().await.unwrap().is_empty());
        assert_eq!(service.store().faults().injected(), 1, "{}", db.backend);
        later(&db.clock, 1_100);
        assert!(service.fire_due().await.unwrap().is_empty());
        assert_eq!(service.store().faults().injected(), 2, "retried once");
        later(&db.clock, 1_100);
        assert!(service.fire_due().await.unwrap().is_empty());
        assert_eq!(service.store().faults().injected(), 2, "the wait doubled");

        service.store().faults().heal();
        later(&db.clock, 1_000);
        let fired = service.fire_due().await.unwrap();
        assert!(
            matches!(&fired[..], [Fired::TimedOut { report, .. }] if report.game.id == failing),
            "{}: {fired:?}",
            db.backend
        );
    }
}

/// Found by the chaos run: the connection died after a move's COMMIT reached Postgres but
/// before its answer came back, and the player was told nothing was applied.
#[tokio::test]
async fn a_commit_whose_answer_was_lost_is_reported_as_applied() {
    for db in backends()
        .await
        .into_iter()
        .filter(|db| db.backend == "postgres")
    {
        let (proxy, url) = proxy::Proxy::for_database(&db.url).await;
        let store = vliv_bot::store::Store::connect(&url).await.unwrap();
        let service = Service::new(store, Arc::new(db.clock.clone()))
            .with_ai_budget(AiBudget::Iterations(20), false);

        // A start (a game row's update).
        let rec = service.open(lobby(1, ALICE, 9)).await.unwrap();
        service.join(rec.id, UserId(BOB)).await.unwrap();
        proxy.cut_after_commits(1);
        let report = service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .expect("the start was applied: not reported as failed");
        assert_eq!(proxy.stats().commits_cut, 1);
        assert_eq!(service.game(rec.id).await.unwrap().status, Status::Running);
        assert_eq!(report.game.status, Status::Running);

        // A move (the row and the move appended).
        let (user, menu) = pending_user(&service, rec.id).await.unwrap();
        let click = menu.click(menu.menu.choices[0].id);
        proxy.cut_after_commits(1);
        let report = service
            .play(UserId(user), click)
            .await
            .expect("the move was applied: not reported as failed");
        assert_eq!(proxy.stats().commits_cut, 2);
        assert_eq!(report.applied.len(), 1);
        assert_eq!(moves(&service, rec.id).await, 1, "stored once");
        assert!(matches!(
            service.play(UserId(user), click).await,
            Err(ServiceError::AlreadyApplied)
        ));
    }
}

/// The SQL that only the move's one statement holds (`store/moves.rs`).
const MOVE_STATEMENT: &str = "WITH g AS (UPDATE games SET";

/// A started Claim game between Alice and Bob on Postgres, served with the game cache of
/// the bot's process (an accepted move is then one statement, committed on its own, not a
/// transaction) through a proxy that can cut its connections; `None` without Postgres.
struct CachedGame {
    db: Db,
    proxy: proxy::Proxy,
    service: Service,
    rec: vliv_bot::service::GameRecord,
    /// Who moves first, and their click on the first choice.
    user: u64,
    click: vliv_bot::service::Click,
}

async fn cached_game(seed: u64) -> Option<CachedGame> {
    let db = backends()
        .await
        .into_iter()
        .find(|db| db.backend == "postgres")?;
    let (proxy, url) = proxy::Proxy::for_database(&db.url).await;
    let store = vliv_bot::store::Store::connect(&url)
        .await
        .unwrap()
        .with_game_cache(true);
    let service = Service::new(store, Arc::new(db.clock.clone()))
        .with_ai_budget(AiBudget::Iterations(20), false);
    let rec = started(&service, 1, seed).await;
    let (user, menu) = pending_user(&service, rec.id).await.unwrap();
    let click = menu.click(menu.menu.choices[0].id);
    Some(CachedGame {
        db,
        proxy,
        service,
        rec,
        user,
        click,
    })
}

/// The one-statement move (the bot's process, Postgres): the statement reached the server
/// and committed, but the connection died before its answer came back. The player is told
/// it was applied, it is stored once, the same click again is "already applied", and the
/// next player's click works; a process without the cache reads the same game.
#[tokio::test]
async fn a_one_statement_move_whose_answer_was_lost_is_applied_once() {
    let Some(CachedGame {
        db,
        proxy,
        service,
        rec,
        user,
        click,
    }) = cached_game(9).await
    else {
        return; // no Postgres configured
    };
    proxy.cut_after_statements(MOVE_STATEMENT, 1);
    let report = service
        .play(UserId(user), click)
        .await
        .expect("the move was applied: not reported as failed");
    let stats = proxy.stats();
    assert_eq!(stats.statements_cut, 1, "the move's one statement was cut");
    assert_eq!(stats.commits_cut, 0, "no transaction was involved");
    assert_eq!(report.applied.len(), 1);
    assert_eq!(moves(&service, rec.id).await, 1, "stored once");
    assert!(matches!(
        service.play(UserId(user), click).await,
        Err(ServiceError::AlreadyApplied)
    ));

    // The next click is answered as usual, on the game as stored.
    let (next, menu) = pending_user(&service, rec.id).await.unwrap();
    assert_ne!(next, user, "the turn passed");
    let report = service
        .play(UserId(next), menu.click(menu.menu.choices[0].id))
        .await
        .expect("the next click works");
    assert_eq!(report.applied.len(), 1);
    assert_eq!(moves(&service, rec.id).await, 2);

    // Another process (no cache, straight to the database) sees the same game.
    let fresh = Service::new(
        vliv_bot::store::Store::connect(&db.url).await.unwrap(),
        Arc::new(db.clock.clone()),
    );
    let stored = fresh.game(rec.id).await.unwrap();
    assert_eq!(stored.version, report.game.version);
    assert_eq!(fresh.verify(&stored).await.unwrap(), Ok(()));
}

/// The one-statement move on connections that died before the statement got through:
/// nothing is applied, the player is told to try again (not that it was applied), and a
/// retry of the same click is applied once. (The pool does not test a connection before
/// use, so each dead pooled connection fails one request: at most the pool's size.)
#[tokio::test]
async fn a_one_statement_move_on_a_dead_connection_asks_for_a_retry() {
    let Some(CachedGame {
        db,
        proxy,
        service,
        rec,
        user,
        click,
    }) = cached_game(11).await
    else {
        return; // no Postgres configured
    };
    // Counted straight on the database, not through the cut connections.
    let direct = db.service().await;
    assert!(proxy.cut() > 0, "the pool holds connections to cut");
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    let mut retries = 0;
    let report = loop {
        match service.play(UserId(user), click).await {
            Ok(report) => break report,
            Err(e) => {
                // A write whose connection died is fenced off before the answer (it could
                // still reach the server): a conflict when the judged-again click met a
                // dead connection too.
                assert!(
                    matches!(e, ServiceError::Storage(_) | ServiceError::Conflict),
                    "a write that never reached the server is a retry: {e:?}"
                );
                assert_eq!(e.text().key, "err-retry", "the player reads: try again");
                assert_eq!(moves(&direct, rec.id).await, 0, "nothing was applied");
                retries += 1;
                assert!(retries <= 16, "the click never got through");
            }
        }
    };
    assert!(retries > 0, "the move met a dead connection first");
    assert_eq!(report.applied.len(), 1);
    assert_eq!(moves(&direct, rec.id).await, 1, "stored once");
    assert_eq!(proxy.stats().statements_cut, 0);
}

/// The one-statement move whose statement the server runs only after the bot heard its
/// connection die (its bytes still on the way, or its backend waiting for a CPU): whatever
/// the player is told must stay true once the server has run it. The bot fences the row
/// off before it answers (the late statement then finds a newer version and writes
/// nothing), and judges the click again: applied once, and said so.
#[tokio::test]
async fn a_move_the_server_runs_after_its_connection_died_is_told_truthfully_and_stored_once() {
    let Some(CachedGame {
        db,
        proxy,
        service,
        rec,
        user,
        click,
    }) = cached_game(13).await
    else {
        return; // no Postgres configured
    };
    let direct = db.service().await;
    proxy.delay_statements(MOVE_STATEMENT, 1, std::time::Duration::from_millis(1500));
    let told = service.play(UserId(user), click).await;
    // The held statement reaches the server, and runs.
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    assert_eq!(
        proxy.stats().statements_delayed,
        1,
        "the statement ran late"
    );
    let stored = direct
        .store()
        .move_at_counter(rec.id, Actor::Seat(click.seat), click.counter)
        .await
        .unwrap();
    match &told {
        Ok(report) => assert_eq!(report.applied.len(), 1),
        Err(e) => assert_eq!(
            stored,
            None,
            "the player was told {:?} ({e:?}), yet the move is stored",
            e.text().key
        ),
    }
    assert!(
        told.is_ok(),
        "the fenced click is judged again and applied: {told:?}"
    );
    assert_eq!(stored, Some(click.choice));
    assert_eq!(moves(&direct, rec.id).await, 1, "stored once");
    let game = direct.game(rec.id).await.unwrap();
    assert_eq!(
        direct.verify(&game).await.unwrap(),
        Ok(()),
        "the move log and the row agree"
    );
}

fn later(clock: &ManualClock, ms: i64) {
    clock.advance_to(clock.now_ms() + ms);
}
