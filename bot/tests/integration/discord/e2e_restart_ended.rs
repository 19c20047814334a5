//! A restart after a game ended while the bot was down (killed between the final move's
//! commit and the table's edit): the table shows the result. A file of its own, so it does
//! not run beside `e2e_restart.rs`'s timing-sensitive SIGKILL test on CI's two cores.

use crate::common::played_while_down;
use crate::loopback;
use vliv_bot::service::UserId;

use std::time::Duration;

use loopback::*;
use played_while_down::play_to_end_while_down;

/// The bot is killed after a game's final move was stored and before its table showed the
/// result (here: the last moves are made while it is down, straight in the database): the
/// restarted bot brings the finished game's table up to date.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_shows_the_result_of_a_game_that_ended_while_the_bot_was_down() {
    let mut scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    let before = scene.table(game);
    scene.kill();
    let service = scene.db.service().await;
    play_to_end_while_down(&service, game, &[UserId(ALICE), UserId(BOB)]).await;
    let rec = service.game(game).await.unwrap();
    assert_eq!(rec.status, vliv_bot::service::Status::Finished);
    assert!(
        !scene
            .table(game)
            .custom_ids()
            .contains(&format!("vr:{game}")),
        "the table does not show the result yet"
    );
    scene.restart().await;
    scene
        .fake
        .wait(
            "the finished game's table showing its result",
            Duration::from_secs(30),
            |w| {
                let t = table_in(w, game)?;
                (t.id == before.id && t.custom_ids().contains(&format!("vr:{game}"))).then_some(())
            },
        )
        .await;
}
