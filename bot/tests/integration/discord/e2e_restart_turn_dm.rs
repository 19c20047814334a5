//! A turn DM and a kill: the bot is SIGKILLed after a move was stored and before the next
//! player's DM went out, and the restarted bot sends that DM, once; a DM that went out before
//! the kill is not sent again. On SQLite, and on Postgres when `VLIV_TEST_POSTGRES_URL` is
//! set. A file of its own, so it does not run beside `e2e_restart.rs`'s timing-sensitive
//! SIGKILL test on CI's two cores.

use crate::loopback;
use vliv_bot::service::UserId;

use std::time::Duration;

use fakecord::{Audience, World};
use loopback::*;
use vliv_bot::service::{GameId, Service};

/// What the restarted bot logs once it has sent the turn DMs a kill lost.
const OWED_SENT: &str = "turn DMs a kill lost sent at start";

/// The databases to run on: SQLite, and Postgres if a test server is configured.
async fn databases() -> Vec<Db> {
    let mut out = vec![Db::sqlite()];
    match Db::postgres().await {
        Some(db) => out.push(db),
        None => eprintln!("notice: VLIV_TEST_POSTGRES_URL is not set, so SQLite only"),
    }
    out
}

/// The DMs Discord took for `user`.
fn dms_to(w: &World, user: u64) -> Vec<String> {
    w.requests
        .iter()
        .filter(|r| r.method == "POST" && r.audience == Audience::Dm(user) && r.status == 200)
        .map(|r| strings(&r.body))
        .collect()
}

/// The player to move and the other one, read from the database: opening a panel to find
/// out would make the other player one who looks at the game (no DM for them).
async fn mover_and_waiting(service: &Service, game: GameId) -> (u64, u64) {
    for (user, other) in [(ALICE, BOB), (BOB, ALICE)] {
        if !service
            .pending_menus(game, UserId(user))
            .await
            .unwrap()
            .is_empty()
        {
            return (user, other);
        }
    }
    panic!("nobody is to move in game {game}");
}

/// A started Claim game whose start has been announced (its DM to the first mover went
/// out), with the mover's panel open: (game, mover, the player whose turn comes next).
async fn started(scene: &Scene) -> (GameId, u64, u64) {
    let game = scene.started_claim().await;
    let service = scene.db.service().await;
    let (mover, waiting) = mover_and_waiting(&service, game).await;
    scene
        .fake
        .wait("the start's turn DM", STEP, |w| {
            (!dms_to(w, mover).is_empty()).then_some(())
        })
        .await;
    (game, mover, waiting)
}

/// `user`'s seat and the moves the game has stored.
async fn seat_and_moves(service: &Service, game: GameId, user: u64) -> (u8, i64) {
    let rec = service.game(game).await.unwrap();
    let moves = rec.moves_stored() as i64;
    (rec.seat_of(UserId(user)).expect("a seated player"), moves)
}

/// The restarted bot has done what a start does about lost turn DMs.
async fn owed_dms_handled(scene: &Scene) {
    let deadline = tokio::time::Instant::now() + START;
    while !scene
        .bot
        .as_ref()
        .is_some_and(|b| b.log().contains(OWED_SENT))
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the restarted bot never logged `{OWED_SENT}`"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The mover leads (the turn passes to the other player); the bot is killed while it edits
/// the table, after the move was stored and before the turn's ping and DM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_dm_lost_in_a_kill_is_sent_once_after_the_restart() {
    for db in databases().await {
        let mut scene = Scene::start(db).await;
        let (game, mover, waiting) = started(&scene).await;
        let panel = scene.hand(mover, game).await;
        let table = scene.table(game).id;
        let held = scene.fake.hold("PATCH", &format!("/messages/{table}"));
        let before = dms_to(&scene.fake.world(), waiting).len();
        let ix = scene.choose(mover, &panel, 0);
        // Answered on the mover's panel: the move is stored.
        scene
            .fake
            .answer_where(ix, STEP, |m| m.id == panel.id && m.edits > panel.edits)
            .await;
        scene.fake.wait_held(held, STEP).await;
        scene.kill();
        scene.fake.release(held);
        assert_eq!(
            dms_to(&scene.fake.world(), waiting).len(),
            before,
            "the turn's DM went out before the kill"
        );
        let service = scene.db.service().await;
        let (now_moving, _) = mover_and_waiting(&service, game).await;
        assert_eq!(now_moving, waiting, "the lead passed the turn");

        scene.restart().await;
        let dm = scene
            .fake
            .wait("the lost turn DM", STEP, |w| {
                dms_to(w, waiting).get(before).cloned()
            })
            .await;
        assert!(dm.contains("Your turn in Claim"), "{dm}");
        owed_dms_handled(&scene).await;
        let (to_waiting, to_mover) = {
            let w = scene.fake.world();
            (dms_to(&w, waiting).len(), dms_to(&w, mover).len())
        };
        assert_eq!(to_waiting, before + 1, "one DM, not two");
        assert_eq!(to_mover, 1, "the mover waits: no DM");
        // Recorded: the next start sends it no more.
        let notice = seat_and_moves(&service, game, waiting).await;
        let notices = service.store().turn_notices(game).await.unwrap();
        assert!(notices.contains(&notice), "{notices:?} lacks {notice:?}");
    }
}

/// The turn's DM went out and was recorded before the kill: the restarted bot sends none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_dm_sent_before_a_kill_is_not_sent_again_after_the_restart() {
    for db in databases().await {
        let mut scene = Scene::start(db).await;
        let (game, mover, waiting) = started(&scene).await;
        let panel = scene.hand(mover, game).await;
        let before = dms_to(&scene.fake.world(), waiting).len();
        let ix = scene.choose(mover, &panel, 0);
        scene
            .fake
            .answer_where(ix, STEP, |m| m.id == panel.id && m.edits > panel.edits)
            .await;
        scene
            .fake
            .wait("the turn's DM", STEP, |w| {
                (dms_to(w, waiting).len() > before).then_some(())
            })
            .await;
        // Its record follows the DM at once.
        let service = scene.db.service().await;
        let notice = seat_and_moves(&service, game, waiting).await;
        let deadline = tokio::time::Instant::now() + STEP;
        while !service
            .store()
            .turn_notices(game)
            .await
            .unwrap()
            .contains(&notice)
        {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the DM was never recorded"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }

        scene.restart().await;
        owed_dms_handled(&scene).await;
        let w = scene.fake.world();
        assert_eq!(dms_to(&w, waiting).len(), before + 1, "no second DM");
        assert_eq!(dms_to(&w, mover).len(), 1, "the mover waits: no DM");
    }
}
