//! Issue 50: a panic in one game's fire or publish path takes down neither the sweep nor
//! the other games: their timeouts still happen and are published, and the failing game is
//! tried again later. The panics are injected through the store's test hook
//! (`Faults::panic_on_writes_of`) and a front end that panics on one game. On SQLite and
//! Postgres.

use crate::common;

use std::sync::{Arc, Mutex};

use common::*;
use futures::future::BoxFuture;
use vliv_bot::{
    dispatch::{Dispatcher, Error, FrontEnd},
    service::{Fired, GameId, GameRecord, HeldNotice, Platform, Recovery, Service, ThinkingNotice},
};

fn timed_out(fired: &[Fired]) -> Vec<GameId> {
    let mut games: Vec<GameId> = fired
        .iter()
        .filter(|f| matches!(f, Fired::TimedOut { .. }))
        .map(|f| f.game().id)
        .collect();
    games.sort_unstable();
    games
}

/// Three running games whose timeouts (48 hours by default) are due.
async fn three_games_due(db: &Db, service: &Service) -> [GameId; 3] {
    let mut games = [0; 3];
    for (i, g) in games.iter_mut().enumerate() {
        *g = started(service, 300 + i as u64, 40 + i as u64).await.id;
    }
    db.clock.advance_minutes(48 * 60 + 1);
    games
}

#[tokio::test]
async fn a_panic_in_one_games_deadline_leaves_the_others_served() {
    for db in backends().await {
        let service = db.service().await;
        let [a, b, c] = three_games_due(&db, &service).await;
        service.store().faults().panic_on_writes_of(b);

        let fired = service.fire_due().await.expect("the sweep goes on");
        assert_eq!(timed_out(&fired), vec![a, c], "{}", db.backend);

        // Fixed (here: healed), the game is served again after its back-off.
        service.store().faults().heal();
        db.clock.advance_secs(120);
        let fired = service.fire_due().await.unwrap();
        assert_eq!(timed_out(&fired), vec![b], "{}", db.backend);
    }
}

/// A front end that records what it published and panics on one game's.
struct Panicky {
    panics_on: GameId,
    published: Mutex<Vec<GameId>>,
}

impl FrontEnd for Panicky {
    fn platform(&self) -> Platform {
        Platform::Discord
    }
    fn recovered(&self, _: Recovery) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
    fn fired(&self, fired: Fired) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            let game = fired.game().id;
            assert_ne!(game, self.panics_on, "a bug in publishing this game");
            self.published.lock().unwrap().push(game);
        })
    }
    fn lobby_closed(&self, _: GameRecord) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
    fn held_notice(&self, _: GameRecord, _: HeldNotice) -> BoxFuture<'_, Result<(), Error>> {
        Box::pin(async { Ok(()) })
    }
    fn vacation_over(&self, _: GameRecord) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
    fn late_table(&self, _: GameRecord) -> BoxFuture<'_, Result<(), Error>> {
        Box::pin(async { Ok(()) })
    }
    fn may_pass(&self, _: &Error) -> bool {
        false
    }
    fn thinking(&self, _: ThinkingNotice) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }

    fn publish(
        &self,
        _: vliv_bot::app::Plan,
    ) -> BoxFuture<'_, Result<(), vliv_bot::dispatch::Error>> {
        Box::pin(async { Ok(()) })
    }
}

#[tokio::test]
async fn a_panic_publishing_one_game_leaves_the_others_published() {
    for db in backends().await {
        let service = Arc::new(db.service().await);
        let [a, b, c] = three_games_due(&db, &service).await;
        let front = Arc::new(Panicky {
            panics_on: a,
            published: Mutex::default(),
        });
        let dispatcher = Dispatcher::new(service.clone(), Recovery::default());
        dispatcher.register(front.clone());
        dispatcher.sweep().await;
        let mut published = front.published.lock().unwrap().clone();
        published.sort_unstable();
        assert_eq!(published, vec![b, c], "{}", db.backend);

        // The sweep still serves: the next reminders (12 hours after the timeout moves).
        db.clock.advance_minutes(12 * 60 + 1);
        dispatcher.sweep().await;
        let after = front.published.lock().unwrap().len();
        assert!(
            after > 2,
            "{}: nothing published after the panic",
            db.backend
        );
    }
}
