//! The web table beside Discord in one `vliv run`: `/game web` answers the asker alone with
//! their link, the link opens their hand and choices, and a move made on the page reaches
//! the channel's table through the same publishing as a click on Discord.

use crate::loopback;

use fakecord::Audience;
use loopback::*;
use serde_json::Value;

#[tokio::test]
async fn a_link_from_game_web_opens_the_players_table_and_the_channel_follows_its_moves() {
    let (scene, bind) = Scene::start_with_web(Db::sqlite(), Vec::new()).await;
    let game = scene.started_claim().await;
    let (mover, _) = scene.mover(game, [ALICE, BOB]).await;
    let url = scene.web_link(mover, bind).await;
    let view: Value = reqwest::get(format!("{url}/view.json"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(view["hand"].is_object(), "{view}");
    let decision = &view["decision"];
    assert!(decision.is_object(), "the mover has a choice: {view}");
    let before = scene.table(game).text();
    let form = format!(
        "seat={}&counter={}&choice={}",
        decision["seat"], decision["counter"], decision["choices"][0]["id"]
    );
    let posted = reqwest::Client::new()
        .post(format!("{url}/move"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form)
        .send()
        .await
        .unwrap();
    assert_eq!(posted.status().as_u16(), 200);
    scene
        .fake
        .wait("the channel's table after the web move", STEP, |w| {
            let table = table_in(w, game)?;
            (table.text() != before).then_some(())
        })
        .await;
    // Someone who does not play gets the public table's link.
    let spectator = scene.run(DAVE, "game web", &[]).await;
    assert_eq!(spectator.audience, Audience::Ephemeral(DAVE));
    assert!(
        spectator.content.contains("what everyone sees"),
        "{spectator:?}"
    );
}

/// The web table as the application's Activity: the bot registers the "Launch" entry point
/// (`PRIMARY_ENTRY_POINT`, handled by the app) with its commands, and a press of it in a
/// channel is answered with `LAUNCH_ACTIVITY`: Discord puts the player in the channel's
/// Activity instance, which the web table reads when the page logs in.
#[tokio::test]
async fn the_launch_entry_point_is_registered_and_answered_by_launching_the_activity() {
    let (scene, _) = Scene::start_with_web(
        Db::sqlite(),
        vec![
            ("VLIV_WEB_ACTIVITY_CLIENT_ID", Some("700000000000000001")),
            ("VLIV_DISCORD_CLIENT_SECRET", Some("fakecord-client-secret")),
        ],
    )
    .await;
    let entry = scene
        .fake
        .world()
        .commands
        .iter()
        .find(|c| c["type"] == 4)
        .cloned()
        .expect("the entry point is registered");
    assert_eq!(entry["handler"], 1, "handled by the app: {entry}");
    let ix = scene
        .fake
        .press_launch(ALICE, CHANNEL)
        .expect("Discord sends the press to the app");
    let answered = scene
        .fake
        .wait("the entry point's answer", STEP, |w| {
            w.interactions[&ix].first_response.map(|(kind, _)| kind)
        })
        .await;
    assert_eq!(answered, 12, "LAUNCH_ACTIVITY");
    let w = scene.fake.world();
    let instance = w
        .activities
        .iter()
        .find(|i| i.channel == CHANNEL)
        .expect("the channel's Activity runs");
    assert_eq!(instance.users, vec![ALICE]);
}
