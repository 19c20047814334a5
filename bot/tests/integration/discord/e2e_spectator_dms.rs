//! A spectator whose DMs are closed is dropped from the game's spectators at Discord's first
//! refusal (403 / 50007), instead of costing a refused request on every move for ever. The
//! spectator here was recorded but never got a table (the bot stopped between the two), and
//! closed their DMs meanwhile: each move would otherwise try to send them one.

use crate::loopback;
use vliv_bot::service::UserId;

use fakecord::{Audience, World};
use loopback::*;

/// The refused DMs to `user` so far.
fn refused_dms(world: &World, user: u64) -> usize {
    world
        .requests
        .iter()
        .filter(|r| r.status == 403 && r.audience == Audience::Dm(user))
        .filter(|r| r.response["code"] == 50007)
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_with_closed_dms_is_dropped_after_the_first_refusal() {
    let mut scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    scene.kill();
    let service = scene.db.service().await;
    service
        .watch(game, UserId(DAVE))
        .await
        .expect("Dave watches");
    scene.fake.close_dms(DAVE);
    scene.restart().await;

    for n in 0..6 {
        scene.play_one(game, [ALICE, BOB], n).await;
    }
    // The last move's spectator update is made after its panel was answered.
    scene
        .fake
        .wait("the spectator's first refusal", STEP, |w| {
            (refused_dms(w, DAVE) >= 1).then_some(())
        })
        .await;
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    assert_eq!(
        refused_dms(&scene.fake.world(), DAVE),
        1,
        "one refused DM, not one per move"
    );
    let service = scene.db.service().await;
    assert!(
        service.spectators(game).await.unwrap().is_empty(),
        "Dave watches no more"
    );
}
