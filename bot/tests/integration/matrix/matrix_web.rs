//! `!vliv web` against the real Synapse: the link comes in the asker's direct room, never in
//! the game's room, and opens their own table on the web table `vliv run` serves.

use crate::matrix_support;

use matrix_support::{homeserver, table_room, Bot};

#[tokio::test(flavor = "multi_thread")]
async fn the_web_link_comes_privately_and_opens_the_askers_table() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let mut alice = hs.register("alice").await;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let bind = format!("127.0.0.1:{port}");
    let bot = Bot::start_with(
        &hs,
        &vliv,
        vec![
            ("VLIV_WEB_BIND".into(), bind.clone()),
            (
                "VLIV_WEB_SECRET".into(),
                "a test key of the web table, 32+ bytes long".into(),
            ),
        ],
    );
    bot.ready().await;
    let room = table_room(&alice, &[], &vliv).await;
    let bot_id = vliv.user_id.as_str();
    alice.command(&room, "!vliv new claim", bot_id).await;
    alice.command(&room, "!vliv ai", bot_id).await;
    alice.command(&room, "!vliv start", bot_id).await;
    let alice_dm = alice.accept_invite().await;
    let said = alice.command(&room, "!vliv web", bot_id).await;
    assert!(said.body.contains("direct messages"), "{said:?}");
    let prefix = format!("http://{bind}/t/");
    let sent = alice
        .wait_for(&alice_dm, bot_id, 0, |m| m.body.contains(&prefix))
        .await;
    let url = sent
        .body
        .split_whitespace()
        .find(|w| w.starts_with(&prefix))
        .expect("the link")
        .to_owned();
    let public = alice.messages(&room).await;
    assert!(
        public.iter().all(|m| !m.body.contains(&prefix)),
        "no link in the game's room"
    );
    let view: serde_json::Value = reqwest::get(format!("{url}/view.json"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(view["seat"], 0, "{view}");
    assert!(view["hand"].is_object(), "{view}");
}
