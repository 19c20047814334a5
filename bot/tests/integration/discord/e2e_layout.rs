//! Issue 51 item 4: a server admin chooses the layout. On Components V2 the running game's
//! table becomes one V2 message (text displays, the buttons) that the loopback Discord
//! accepted, the game goes on through it, and a hand panel opened then is an ephemeral V2
//! message; back on the classic layout, the V2 table (which Discord will not turn back
//! into an embed) is posted anew as an embed and the V2 one deleted, a new panel is an
//! embed, with no refused request.

use crate::loopback;

use fakecord::{validate::IS_COMPONENTS_V2, Audience};
use loopback::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_switches_the_table_to_components_v2_and_back_mid_game() {
    // The classic layout is the default unless the run says otherwise.
    let scene = Scene::start_with(Db::sqlite(), vec![("VLIV_LAYOUT", Some("embed"))]).await;
    let game = scene.started_claim().await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    assert_eq!(
        scene.table(game).flags & IS_COMPONENTS_V2,
        0,
        "an embed first"
    );

    // The second choice is Components V2.
    let set = scene
        .run(CAROL, "vliv-admin layout", &[("layout", json!(1))])
        .await;
    assert_eq!(set.audience, Audience::Ephemeral(CAROL));
    assert!(set.text().contains("new (Components V2)"), "{set:?}");
    scene.play_one(game, [ALICE, BOB], 0).await;
    let table = scene
        .fake
        .wait("the table as V2", STEP, |w| {
            table_in(w, game).filter(|t| t.flags & IS_COMPONENTS_V2 != 0)
        })
        .await;
    assert!(table.embeds.as_array().is_none_or(|e| e.is_empty()));
    assert!(layout::title(&json!({ "components": table.components })).is_some());
    assert!(table.custom_ids().contains(&format!("vh:{game}")));
    // A new hand panel is V2 too, and ephemeral: its title, its choices.
    let panel = scene.hand(ALICE, game).await;
    assert_ne!(panel.flags & IS_COMPONENTS_V2, 0, "{panel:?}");
    assert_eq!(panel.audience, Audience::Ephemeral(ALICE));
    assert!(panel.embeds.as_array().is_none_or(|e| e.is_empty()));
    assert!(layout::title(&json!({ "components": panel.components })).is_some());

    // Back to the classic layout: the V2 table is replaced, not edited in vain.
    let v2_table = table.id;
    scene
        .run(CAROL, "vliv-admin layout", &[("layout", json!(0))])
        .await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    let table = scene
        .fake
        .wait("the table as an embed again", STEP, |w| {
            table_in(w, game).filter(|t| t.flags & IS_COMPONENTS_V2 == 0)
        })
        .await;
    assert_ne!(table.id, v2_table, "a new message");
    // A panel opened now is an embed again.
    let panel = scene.hand(ALICE, game).await;
    assert_eq!(panel.flags & IS_COMPONENTS_V2, 0, "{panel:?}");
    assert!(panel.embeds.as_array().is_some_and(|e| !e.is_empty()));
    scene
        .fake
        .wait("the V2 table deleted", STEP, |w| {
            w.messages[&v2_table].deleted.then_some(())
        })
        .await;
    let w = scene.fake.world();
    let refused: Vec<String> = w
        .requests
        .iter()
        .filter(|r| r.status == 400)
        .map(|r| format!("{} {} -> {}", r.method, r.path, r.response))
        .collect();
    assert!(refused.is_empty(), "{refused:?}");
}

/// After a restart the process no longer knows which tables are V2: the embed edit of one
/// is refused (a 400), and the table is then replaced all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_a_v2_table_back_on_embeds_is_replaced_after_a_refused_edit() {
    let mut scene =
        Scene::start_with(Db::sqlite(), vec![("VLIV_LAYOUT", Some("components_v2"))]).await;
    let game = scene.started_claim().await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    let v2_table = scene
        .fake
        .wait("the table as V2", STEP, |w| {
            table_in(w, game).filter(|t| t.flags & IS_COMPONENTS_V2 != 0)
        })
        .await
        .id;
    scene.restart().await;
    scene
        .run(CAROL, "vliv-admin layout", &[("layout", json!(0))])
        .await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    let table = scene
        .fake
        .wait("the table as an embed", STEP, |w| {
            table_in(w, game).filter(|t| t.flags & IS_COMPONENTS_V2 == 0)
        })
        .await;
    assert_ne!(table.id, v2_table);
    scene
        .fake
        .wait("the V2 table deleted", STEP, |w| {
            w.messages[&v2_table].deleted.then_some(())
        })
        .await;
    let refused = scene
        .fake
        .requests()
        .iter()
        .filter(|r| r.status == 400)
        .count();
    assert!(
        refused <= 2,
        "the token's edit and the channel's, at most: {refused}"
    );
}
