//! Turn pings while players play (issue 22's request budget): a player who clicked a panel
//! of the game within the last minute sees their turn on that panel, which the bot edits;
//! the channel is not pinged for them. A player who has not opened a panel yet is pinged
//! (and sent a DM) as before.

mod loopback;

use fakecord::{Audience, Request};
use loopback::*;

/// The turn pings naming `user` (in the channel or as a follow-up), in request order.
fn pings(requests: &[Request], user: u64) -> Vec<usize> {
    let mention = format!("<@{user}>, your turn");
    requests
        .iter()
        .enumerate()
        .filter(|(_, r)| {
            r.method == "POST"
                && !matches!(r.audience, Audience::Dm(_))
                && r.body["content"]
                    .as_str()
                    .is_some_and(|c| c.contains(&mention))
        })
        .map(|(i, _)| i)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_clicking_their_panels_are_not_pinged_each_turn() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    // Both open their panels; from then on every turn shows on a panel clicked moments ago.
    scene.hand(ALICE, game).await;
    scene.hand(BOB, game).await;
    let since = scene.fake.requests().len();
    let marks = scene.play_to_end(game, [ALICE, BOB]).await;
    assert_eq!(marks.len(), 52, "a Claim game has 52 moves");
    result_on_table(&scene, game).await;
    let requests = scene.fake.requests();
    for user in [ALICE, BOB] {
        let later: Vec<usize> = pings(&requests[since..], user);
        assert!(
            later.is_empty(),
            "{} pings of {user} after they opened a panel",
            later.len(),
        );
    }
    // Both players' turns were shown on their panels instead: every move was answered there.
    let panel_edits = requests
        .iter()
        .filter(|r| r.method == "PATCH" && r.path.starts_with("webhooks/"))
        .count();
    assert!(panel_edits >= 52, "{panel_edits} panel and table edits");
}

/// Waits for the finished game's table (no "My hand" button).
async fn result_on_table(scene: &Scene, game: vliv_bot::service::GameId) {
    scene
        .fake
        .wait("the result on the table", STEP, |w| {
            let t = table_in(w, game)?;
            (!t.custom_ids().contains(&format!("vh:{game}"))).then_some(())
        })
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_never_opened_a_panel_is_pinged() {
    let scene = Scene::start(Db::sqlite()).await;
    scene.started_claim().await;
    // Nobody has opened a panel yet: the player to move is pinged (the wait fails the test
    // if no ping comes).
    scene
        .fake
        .wait("a ping naming the player to move", STEP, |w| {
            let named = pings(&w.requests, ALICE).len() + pings(&w.requests, BOB).len();
            (named == 1).then_some(())
        })
        .await;
}
