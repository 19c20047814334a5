//! Issue 50: a commit whose answer was lost while another process wrote the game. The
//! stored version then matches the one this process sent, but the write is the other
//! process's: this process must not take its own move as stored (a phantom move, whose
//! snapshot disagrees with the move log and freezes the game at the next start).
//! Postgres only: the connections are cut by a proxy.

use crate::common;
use crate::common::proxy;
use vliv_bot::service::UserId;

use std::sync::Arc;

use common::*;
use vliv_bot::{
    service::{AiBudget, Service, ServiceError},
    store::Store,
};

/// The SQL that only the move's one statement holds (`store/moves.rs`).
const MOVE_STATEMENT: &str = "WITH g AS (UPDATE games SET";

#[tokio::test]
async fn a_lost_answer_while_another_process_moved_leaves_no_phantom_move() {
    for db in backends()
        .await
        .into_iter()
        .filter(|db| db.backend == "postgres")
    {
        // This process, the only writer as far as it knows (it trusts its cache), through
        // a proxy that can cut its connections.
        let (proxy, url) = proxy::Proxy::for_database(&db.url).await;
        let store = Store::connect(&url).await.unwrap().with_game_cache(true);
        let here = Service::new(store, Arc::new(db.clock.clone()))
            .with_ai_budget(AiBudget::Iterations(20), false);
        // Another process, straight to the database.
        let there = db.service().await;

        let game = started(&here, 1, 9).await.id;
        let (user, menu) = pending_user(&here, game).await.unwrap();
        assert!(menu.menu.choices.len() >= 2, "two choices to tell apart");
        let theirs = menu.menu.choices[1].id;
        let mine = menu.menu.choices[0].id;
        there.play(UserId(user), menu.click(theirs)).await.unwrap();

        // This process's click (another choice, on the game it cached) reaches the server,
        // which refuses it (the version moved on), and the answer is lost on the way back.
        proxy.cut_after_statements(MOVE_STATEMENT, 1);
        let mut retries = 0;
        let answer = loop {
            match here.play(UserId(user), menu.click(mine)).await {
                Err(ServiceError::Storage(_)) if retries < 16 => retries += 1,
                other => break other,
            }
        };
        assert_eq!(
            proxy.stats().statements_cut,
            1,
            "the move's answer was lost"
        );
        assert!(
            answer.is_err(),
            "the other process's move is stored, not this one: {answer:?}"
        );
        let stored = there.store().moves(game).await.unwrap();
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].choice, theirs);

        // This process serves the game as stored, and its next move keeps the snapshot in
        // step with the move log: a restart freezes nothing.
        let served = here.game(game).await.unwrap();
        let fresh = db.service().await.game(game).await.unwrap();
        assert_eq!(served.version, fresh.version);
        assert_eq!(served.snapshot, fresh.snapshot);
        if let Some(next) = step(&here, game, 0).await {
            next.unwrap();
        }
        let recovery = db.service().await.recover().await.unwrap();
        assert!(
            recovery.frozen.is_empty(),
            "frozen: {:?}",
            recovery.frozen.iter().map(|(_, r)| r).collect::<Vec<_>>()
        );
    }
}
