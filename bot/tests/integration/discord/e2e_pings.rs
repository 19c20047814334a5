//! Turn pings while players play (issue 22's request budget): a player who clicked a panel
//! of the game within the last minute sees their turn on that panel, which the bot edits;
//! the channel is not pinged for them. A player who has not opened a panel yet is pinged
//! (and sent a DM) as before.

use crate::loopback;

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

/// A move clicked on a panel shows the next player their turn on the panel they keep, at
/// once: not after the table's edit, which comes at most once a second per game. Here the
/// table's edit is held at the fake, and the waiting panel is edited all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_waiting_players_panel_shows_their_turn_before_the_table_does() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    let (alice, bob) = (scene.hand(ALICE, game).await, scene.hand(BOB, game).await);
    let (mover, panel, waiting, theirs) = match options(&alice).is_empty() {
        true => (BOB, bob, ALICE, alice),
        false => (ALICE, alice, BOB, bob),
    };
    assert!(
        options(&theirs).is_empty(),
        "Claim's first trick has one leader"
    );
    let table = scene.table(game);
    let table_edits = table.edits;
    let table = table.id;
    let held = scene.fake.hold("PATCH", &format!("messages/{table}"));
    let ix = scene.choose(mover, &panel, 0);
    scene
        .fake
        .answer_where(ix, STEP, |m| m.id == panel.id && m.edits > panel.edits)
        .await;
    // The follower's turn, on the panel they opened before the lead, the table still held.
    let shown = scene
        .fake
        .wait("the follower's turn on their panel", STEP, |w| {
            let m = w.messages.get(&theirs.id)?;
            let table_edited = w.messages.get(&table)?.edits > table_edits;
            (m.edits > theirs.edits && !options(m).is_empty()).then(|| (m.clone(), table_edited))
        })
        .await;
    let (shown, table_edited) = shown;
    assert_eq!(shown.audience, Audience::Ephemeral(waiting));
    assert!(
        !table_edited,
        "the panel showed the turn before the table did"
    );
    // The table's edit comes all the same, once let through.
    scene.fake.wait_held(held, STEP).await;
    scene.fake.release(held);
    // The follower answers on that panel, without opening "My hand" again.
    let ix = scene.choose(waiting, &shown, 0);
    scene
        .fake
        .answer_where(ix, STEP, |m| m.id == shown.id && m.edits > shown.edits)
        .await;
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

/// A start is answered while the first mover's turn DM still waits for its DM channel:
/// DM channels open one at a time for the whole bot, and behind a thousand starts the
/// answer came after the click's token had died (issue 22). Here the fake holds the DM
/// channel's opening; without the answer's time limit the start is never answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_is_answered_while_its_turn_dm_waits_for_a_dm_channel() {
    start_while_the_dm_channel_waits(false).await;
}

/// The same for `/game start`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_start_is_answered_while_its_turn_dm_waits_for_a_dm_channel() {
    start_while_the_dm_channel_waits(true).await;
}

async fn start_while_the_dm_channel_waits(by_command: bool) {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.new_claim(ALICE).await;
    scene.click_table(BOB, game, "vj").await;
    let held = scene.fake.hold("POST", "users/@me/channels");
    let answer = match by_command {
        true => scene.run(ALICE, "game start", &[]).await,
        false => scene.click_table(ALICE, game, "vs").await,
    };
    assert_eq!(answer.content, "Done.");
    // The answer came while the DM waited, not after it.
    scene.fake.wait_held(held, STEP).await;
    let dms = |w: &fakecord::World| {
        w.messages
            .values()
            .filter(|m| matches!(m.audience, Audience::Dm(_)))
            .count()
    };
    assert_eq!(
        dms(&scene.fake.world()),
        0,
        "no DM before its channel opens"
    );
    scene.fake.release(held);
    scene
        .fake
        .wait("the first mover's turn DM", STEP, |w| {
            (dms(w) == 1).then_some(())
        })
        .await;
}
