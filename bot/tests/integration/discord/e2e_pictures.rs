//! End to end (issue 19): the table message carries the table as a PNG attachment that the
//! embed shows, replaced as the game moves; "My hand" carries the player's hand; a server
//! that turns pictures off gets text only. Since issue 22 a picture follows its text (a
//! panel's by a second edit, a running table's at most every few seconds), so the tests
//! wait for it; a finished game's table shows the final picture.

use crate::loopback;

use fakecord::{Audience, Message};
use loopback::*;
use serde_json::json;
use vliv_bot::service::GameId;

fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

/// The table's picture: decoded (header and every row inflated), its size and bytes.
fn table_picture(table: &Message) -> Vec<u8> {
    assert_eq!(table.attachments.len(), 1, "one picture on the table");
    let a = &table.attachments[0];
    assert_eq!(a.filename, "table.png");
    assert_eq!(
        layout::picture(&table.embeds, &table.components).as_deref(),
        Some("attachment://table.png"),
        "the embed shows the attached picture"
    );
    let (w, h) = png_size(&a.bytes);
    assert_eq!(w, 900);
    assert!(h >= 200, "{w}×{h}");
    a.bytes.to_vec()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_carries_a_picture_that_changes_after_a_move() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    let before = scene
        .fake
        .wait("a picture on the running table", STEP, |w| {
            table_in(w, game).filter(|t| !t.attachments.is_empty())
        })
        .await;
    let first = table_picture(&before);

    let panel = scene.hand(ALICE, game).await;
    assert_eq!(panel.audience, Audience::Ephemeral(ALICE));
    let panel = scene
        .fake
        .wait("the hand's picture on My hand", STEP, |w| {
            let m = w.messages.get(&panel.id)?;
            m.attachments
                .iter()
                .any(|a| a.filename == "hand.png")
                .then(|| m.clone())
        })
        .await;
    let hand = panel.attachments.iter().find(|a| a.filename == "hand.png");
    png_size(&hand.expect("My hand carries the hand's picture").bytes);
    assert_eq!(
        layout::picture(&panel.embeds, &panel.components).as_deref(),
        Some("attachment://hand.png")
    );

    scene.play_one(game, [ALICE, BOB], 0).await;
    let after = scene
        .fake
        .wait("the table's picture after the move", STEP, |w| {
            table_in(w, game).filter(|t| {
                t.edits > before.edits && t.attachments.iter().any(|a| *a.bytes != first)
            })
        })
        .await;
    assert_eq!(after.id, before.id, "the same table message, edited");
    let second = table_picture(&after);
    assert_ne!(first, second, "the picture shows the move");

    // Every picture the bot uploaded went with a request Discord accepted.
    let uploads: Vec<_> = scene
        .fake
        .requests()
        .into_iter()
        .filter(|r| !r.files.is_empty())
        .collect();
    assert!(uploads.len() >= 3, "table, hand and the edited table");
    assert!(uploads.iter().all(|r| r.status < 400), "{uploads:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_table_shows_the_final_picture() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    scene.play_to_end(game, [ALICE, BOB]).await;
    let service = scene.db.service().await;
    let rec = service.game(game).await.expect("the game is stored");
    assert!(
        !rec.status.is_active(),
        "the game is over: {:?}",
        rec.status
    );
    let state = service.live(&rec).expect("its final state");
    let scene_of_table = vliv_bot::render::table_scene(state.as_ref());
    let expected = vliv_pictures::draw(&scene_of_table, rec.lang, &|s| rec.lang.seat_name(s))
        .expect("drawn")
        .png;
    // Moves made fast keep the older picture a few seconds; the final one is not held back.
    let table = scene
        .fake
        .wait("the final picture on the table", STEP, |w| {
            table_in(w, game).filter(|t| t.attachments.iter().any(|a| *a.bytes == expected))
        })
        .await;
    assert!(!table.custom_ids().contains(&format!("vh:{game}")));
    table_picture(&table);
}

/// The message `id` once it carries a hand picture.
async fn with_hand_picture(scene: &Scene, id: u64) -> Message {
    scene
        .fake
        .wait("the hand's picture on the panel", STEP, |w| {
            let m = w.messages.get(&id)?;
            m.attachments
                .iter()
                .any(|a| a.filename == "hand.png")
                .then(|| m.clone())
        })
        .await
}

/// A Claim game whose two players look at their panels, each with its hand's picture:
/// (game, the mover, the mover's panel, the follower's panel).
async fn panels_with_pictures(scene: &Scene) -> (GameId, u64, Message, Message) {
    let game = scene.started_claim().await;
    let (mover, panel) = scene.mover(game, [ALICE, BOB]).await;
    let other = if mover == ALICE { BOB } else { ALICE };
    let theirs = scene.hand(other, game).await;
    let theirs = with_hand_picture(scene, theirs.id).await;
    let panel = with_hand_picture(scene, panel.id).await;
    (game, mover, panel, theirs)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panel_gets_a_new_hand_picture_only_when_the_hand_changed() {
    let scene = Scene::start(Db::sqlite()).await;
    // The player who follows looks at their panel; their hand's picture arrives on it.
    let (_, mover, panel, theirs) = panels_with_pictures(&scene).await;
    let picture = theirs.attachments[0].clone();
    // The lead leaves the follower's hand as it was: their panel is told it is their turn
    // (a text edit) and keeps its picture, uploaded again never.
    let ix = scene.choose(mover, &panel, 0);
    scene
        .fake
        .answer_where(ix, STEP, |m| m.edits > panel.edits)
        .await;
    let told = scene
        .fake
        .wait("the follower's panel told of their turn", STEP, |w| {
            w.messages
                .get(&theirs.id)
                .filter(|m| m.edits > theirs.edits)
                .cloned()
        })
        .await;
    // The mover's hand changed: their panel gets its new picture after the text.
    let old = panel.attachments[0].bytes.clone();
    scene
        .fake
        .wait("the mover's new hand picture", STEP, |w| {
            let m = w.messages.get(&panel.id)?;
            m.attachments
                .iter()
                .any(|a| a.filename == "hand.png" && a.bytes != old)
                .then_some(())
        })
        .await;
    let now = scene.fake.world().messages[&theirs.id].clone();
    assert_ne!(told.text(), theirs.text(), "the text says it is their turn");
    assert_eq!(now.attachments, vec![picture], "the same file, kept");
    assert_eq!(
        layout::picture(&now.embeds, &now.components).as_deref(),
        Some("attachment://hand.png")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_pictures_off_the_table_and_the_hand_are_text_only() {
    let scene = Scene::start(Db::sqlite()).await;
    let answer = scene
        .run(CAROL, "vliv-admin pictures", &[("on", json!(false))])
        .await;
    assert!(answer.text().contains("pictures: no"), "{}", answer.text());
    let game = scene.started_claim().await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    let table = scene.table(game);
    assert!(table.attachments.is_empty(), "no picture on the table");
    assert_eq!(layout::picture(&table.embeds, &table.components), None);
    let panel = scene.hand(ALICE, game).await;
    assert!(panel.attachments.is_empty(), "no picture on My hand");
    assert!(
        scene.fake.requests().iter().all(|r| r.files.is_empty()),
        "nothing was uploaded"
    );
}

/// Pictures turned off in a running game: the next edits of a panel and of the table take
/// off the pictures they carried (a text edit that removes the files, not one that keeps
/// them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pictures_turned_off_mid_game_leave_the_panels_and_the_table() {
    let scene = Scene::start(Db::sqlite()).await;
    let (game, mover, panel, theirs) = panels_with_pictures(&scene).await;
    let answer = scene
        .run(CAROL, "vliv-admin pictures", &[("on", json!(false))])
        .await;
    assert!(answer.text().contains("pictures: no"), "{}", answer.text());
    let ix = scene.choose(mover, &panel, 0);
    scene
        .fake
        .answer_where(ix, STEP, |m| m.edits > panel.edits)
        .await;
    for (id, whose) in [(panel.id, "the mover's"), (theirs.id, "the follower's")] {
        let now = scene
            .fake
            .wait("the panel without its picture", STEP, |w| {
                let m = w.messages.get(&id)?;
                m.attachments.is_empty().then(|| m.clone())
            })
            .await;
        assert!(
            layout::picture(&now.embeds, &now.components).is_none(),
            "{whose} panel shows no picture: {} {}",
            now.embeds,
            now.components
        );
    }
    let table = scene
        .fake
        .wait("the table without its picture", STEP, |w| {
            let t = table_in(w, game)?;
            t.attachments.is_empty().then_some(t)
        })
        .await;
    assert_eq!(layout::picture(&table.embeds, &table.components), None);
}
