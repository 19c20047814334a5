//! Issue 50: a process restarts while the others play. Its start-up check of the stored
//! games meets moves committed meanwhile by another process: those games are read again,
//! never frozen, and the start never fails because of them; and it checks only the games
//! of the platforms (and shards) it serves. On SQLite and Postgres.

use crate::common;

use std::{
    sync::{
        atomic::{AtomicBool, AtomicUsize, Ordering},
        Arc,
    },
    time::Duration,
};

use common::*;
use vliv_bot::service::{GameLimits, Status};

/// Running games another process keeps playing.
const GAMES: u64 = 24;
const RESTARTS: usize = 10;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_during_play_succeeds_under_concurrent_commits() {
    for db in backends().await {
        // One host runs them all: the cap on a host's running games is not what is tested.
        let limits = GameLimits {
            running_per_host: GAMES as u32,
            ..GameLimits::default()
        };
        let playing = Arc::new(db.service().await.with_game_limits(limits));
        let mut games = Vec::new();
        for i in 0..GAMES {
            games.push(started(&playing, 5_000 + i, 100 + i).await.id);
        }
        // The other process: one move after another, round the games, until told to stop.
        let stop = Arc::new(AtomicBool::new(false));
        let moves = Arc::new(AtomicUsize::new(0));
        let writer = {
            let (playing, stop, moves, games) =
                (playing.clone(), stop.clone(), moves.clone(), games.clone());
            tokio::spawn(async move {
                let mut n = 0usize;
                while !stop.load(Ordering::SeqCst) {
                    let game = games[n % games.len()];
                    n += 1;
                    if let Some(Ok(_)) = step(&playing, game, n).await {
                        moves.fetch_add(1, Ordering::SeqCst);
                    }
                }
            })
        };
        let mut failed = Vec::new();
        for attempt in 0..RESTARTS {
            // The restarted process: a new service over the same database.
            let restarted = db.service().await;
            let before = moves.load(Ordering::SeqCst);
            match restarted.recover().await {
                Ok(recovery) if recovery.frozen.is_empty() => {}
                Ok(recovery) => failed.push(format!(
                    "restart {attempt}: froze {:?}",
                    recovery
                        .frozen
                        .iter()
                        .map(|(g, r)| (g.id, r.clone()))
                        .collect::<Vec<_>>()
                )),
                Err(e) => failed.push(format!("restart {attempt}: {e}")),
            }
            // Each restart really met commits.
            while moves.load(Ordering::SeqCst) == before {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
        stop.store(true, Ordering::SeqCst);
        writer.await.unwrap();
        assert!(
            failed.is_empty(),
            "{}: {} of {RESTARTS} restarts failed: {failed:#?}",
            db.backend,
            failed.len()
        );
        for game in games {
            let status = playing.game(game).await.unwrap().status;
            assert!(
                matches!(status, Status::Running | Status::Finished),
                "{}: game {game} is {status:?}",
                db.backend
            );
        }
        // The games still replay: a later start resumes every running one.
        let later = db.service().await.recover().await.unwrap();
        assert!(later.frozen.is_empty(), "{}", db.backend);
    }
}
