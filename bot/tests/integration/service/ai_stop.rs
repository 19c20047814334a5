//! A search whose game changes meanwhile is stopped at once (issue 15): the engine's `stop`
//! flag is raised by the change, the worker is free again within moments instead of at the
//! end of its budget, and the stale thought is never stored.

use crate::common;
use vliv_bot::service::UserId;

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use common::*;
use vliv_bot::{
    service::{AiBudget, Caller, Fired, Service, Status},
    store::Store,
};

/// A search that would run for hours: only the stop flag can end it in time.
const ENDLESS: u32 = u32::MAX;

/// Long enough after the search started that it is well under way.
const THINKING: Duration = Duration::from_millis(300);

/// What "at once" means on a loaded test machine: far below any search budget.
const PROMPTLY: Duration = Duration::from_secs(2);

async fn endless_thinker(db: &Db) -> Arc<Service> {
    let store = Store::connect(&db.url).await.unwrap();
    Arc::new(
        Service::new(store, Arc::new(db.clock.clone()))
            .with_ai_budget(AiBudget::Iterations(ENDLESS), true),
    )
}

async fn until_searching(service: &Service) {
    let started = Instant::now();
    while service.searches_running() == 0 {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the AI never started thinking"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn a_search_whose_game_ended_stops_at_once_and_moves_nothing() {
    for db in backends().await {
        let service = endless_thinker(&db).await;
        let game = against_ai(&service, 1, 5).await;
        until_ai_answers_alice(&service, game).await;
        let (_, menu) = pending_user(&service, game).await.unwrap();
        service
            .play(UserId(ALICE), menu.click(menu.menu.choices[0].id))
            .await
            .unwrap();
        let before = service.game(game).await.unwrap();
        let moves_before = service.store().moves(game).await.unwrap().len();

        // The sweep thinks about the AI's answer, off the game's lock.
        let sweep = tokio::spawn({
            let service = service.clone();
            async move { service.fire_due().await }
        });
        until_searching(&service).await;
        tokio::time::sleep(THINKING).await;
        assert_eq!(
            service.searches_running(),
            1,
            "{}: still thinking",
            db.backend
        );

        // Alice abandons the game while the AI thinks.
        let abandoned = Instant::now();
        service
            .abandon(game, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        let fired = tokio::time::timeout(PROMPTLY, sweep)
            .await
            .unwrap_or_else(|_| {
                panic!(
                    "{}: the search went on after its game ended ({:?})",
                    db.backend,
                    abandoned.elapsed()
                )
            })
            .unwrap()
            .unwrap();
        assert_eq!(service.searches_running(), 0, "{}", db.backend);
        assert!(
            !fired
                .iter()
                .any(|f| matches!(f, Fired::Moved { report } if !report.applied.is_empty())),
            "{}: the stale thought was played: {fired:?}",
            db.backend
        );
        let after = service.game(game).await.unwrap();
        assert_eq!(after.status, Status::Abandoned, "{}", db.backend);
        assert_eq!(
            service.store().moves(game).await.unwrap().len(),
            moves_before,
            "{}: no AI move was stored",
            db.backend
        );
        assert!(after.version > before.version);
    }
}
