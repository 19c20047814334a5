//! The fake's sharded gateway over real websockets, as a fleet of bot processes meets it:
//! `GET /gateway/bot` recommends the shards, each IDENTIFY names `[shard_id, shard_total]`,
//! a server's interactions reach only the session of its shard, a second IDENTIFY of a
//! live shard is closed with 4005, and one IDENTIFY in 5 s is allowed (Invalid Session, op 9,
//! for another one sooner).

use std::time::{Duration, Instant};

use fakecord::{
    gateway::{CLOSE_ALREADY_IDENTIFIED, IDENTIFY_WINDOW},
    Fake, IxKind, MEMBER,
};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::{connect_async, tungstenite::Message, MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// A server on shard 0 of 2 (its id >> 22 is even) and one on shard 1.
const GUILD_0: u64 = 500_000_000_000_000_001;
const GUILD_1: u64 = GUILD_0 + (1 << 22);
const CHANNEL_0: u64 = 500_000_000_000_000_010;
const CHANNEL_1: u64 = 500_000_000_000_000_020;
const ALICE: u64 = 600_000_000_000_000_011;

/// The next frame within a second: a JSON text, or a close code.
async fn next(ws: &mut Ws) -> Option<Result<Value, u16>> {
    let frame = tokio::time::timeout(Duration::from_secs(1), ws.next()).await;
    match frame.ok()??.ok()? {
        Message::Text(t) => Some(Ok(serde_json::from_str(&t).expect("JSON frames"))),
        Message::Close(c) => Some(Err(c.map_or(1005, |c| u16::from(c.code)))),
        _ => None,
    }
}

/// Connects, reads HELLO and identifies as `shard`; returns the answer to the IDENTIFY.
async fn identify(fake: &Fake, shard: [u32; 2]) -> (Ws, Option<Result<Value, u16>>) {
    let url = fake.world().gateway_url.clone();
    let (mut ws, _) = connect_async(url)
        .await
        .expect("the gateway accepts a websocket");
    let hello = next(&mut ws).await.expect("HELLO").expect("a frame");
    assert_eq!(hello["op"], 10);
    let identify = json!({ "op": 2, "d": {
        "token": "t", "intents": 1, "properties": {}, "shard": shard } });
    ws.send(Message::Text(identify.to_string().into()))
        .await
        .unwrap();
    let answer = next(&mut ws).await;
    (ws, answer)
}

/// Discord allows one IDENTIFY per 5 s (`max_concurrency` 1): wait out the window.
async fn window() {
    tokio::time::sleep(IDENTIFY_WINDOW + Duration::from_millis(100)).await;
}

/// The interactions a session received until now.
async fn interactions(ws: &mut Ws) -> Vec<Value> {
    let mut out = Vec::new();
    while let Some(Ok(frame)) = next(ws).await {
        if frame["t"] == "INTERACTION_CREATE" {
            out.push(frame["d"].clone());
        }
    }
    out
}

fn click_in(fake: &Fake, channel: u64) {
    let data = json!({ "custom_id": "vh:1", "component_type": 2 });
    fake.world()
        .interact(IxKind::Component, ALICE, channel, data, None);
}

#[tokio::test]
async fn gateway_bot_recommends_the_shards_and_each_servers_events_reach_its_shard() {
    let fake = Fake::start().await;
    fake.world().gateway.recommended = 2;
    let asked = fake
        .world()
        .handle("GET", "gateway/bot", Value::Null, Instant::now());
    assert_eq!(asked.response["shards"], 2);
    fake.add_user(ALICE, "alice", "en-US");
    fake.add_channel(GUILD_0, CHANNEL_0, "games");
    fake.add_channel(GUILD_1, CHANNEL_1, "games");
    fake.add_member(GUILD_0, ALICE, MEMBER);
    fake.add_member(GUILD_1, ALICE, MEMBER);

    let (mut zero, ready_0) = identify(&fake, [0, 2]).await;
    window().await;
    let (mut one, ready_1) = identify(&fake, [1, 2]).await;
    let ready_0 = ready_0.expect("READY").expect("a frame");
    let ready_1 = ready_1.expect("READY").expect("a frame");
    assert_eq!(
        (&ready_0["t"], &ready_0["d"]["shard"]),
        (&json!("READY"), &json!([0, 2]))
    );
    assert_eq!(ready_1["d"]["shard"], json!([1, 2]));
    assert_eq!(fake.world().gateway.live(), vec![0, 1]);

    click_in(&fake, CHANNEL_1);
    click_in(&fake, CHANNEL_0);
    click_in(&fake, CHANNEL_1);
    let on_1 = interactions(&mut one).await;
    let on_0 = interactions(&mut zero).await;
    let guilds = |got: &[Value]| -> Vec<String> {
        got.iter()
            .map(|d| d["guild_id"].as_str().unwrap_or_default().to_owned())
            .collect()
    };
    assert_eq!(guilds(&on_1), vec![GUILD_1.to_string(); 2]);
    assert_eq!(guilds(&on_0), vec![GUILD_0.to_string()]);
}

#[tokio::test]
async fn a_second_identify_of_a_live_shard_is_closed_with_4005_until_the_first_ends() {
    let fake = Fake::start().await;
    let (first, ready) = identify(&fake, [1, 2]).await;
    assert!(matches!(ready, Some(Ok(_))), "{ready:?}");
    let (_, refused) = identify(&fake, [1, 2]).await;
    assert_eq!(refused, Some(Err(CLOSE_ALREADY_IDENTIFIED)));
    assert_eq!(fake.world().gateway.refused.len(), 1);
    // Another shard of the same total is welcome; the first session's end frees shard 1.
    window().await;
    let (_zero, ready) = identify(&fake, [0, 2]).await;
    assert!(matches!(ready, Some(Ok(_))), "{ready:?}");
    drop(first);
    fake.wait("shard 1's session to end", Duration::from_secs(5), |w| {
        (w.gateway.live() == [0]).then_some(())
    })
    .await;
    window().await;
    let (_again, ready) = identify(&fake, [1, 2]).await;
    let ready = ready.expect("READY").expect("a frame");
    assert_eq!(ready["d"]["shard"], json!([1, 2]));
}

#[tokio::test]
async fn an_identify_within_five_seconds_of_another_gets_an_invalid_session_and_may_retry() {
    let fake = Fake::start().await;
    let (_zero, ready) = identify(&fake, [0, 2]).await;
    assert!(
        matches!(ready, Some(Ok(ref r)) if r["t"] == "READY"),
        "{ready:?}"
    );
    // Shard 1 at once, as a second process of a fleet started together would send it.
    let (mut one, answer) = identify(&fake, [1, 2]).await;
    let answer = answer.expect("an answer").expect("a frame, not a close");
    assert_eq!(answer, json!({ "op": 9, "d": false }));
    assert_eq!(fake.world().gateway.live(), vec![0]);
    // The connection stays open: the same socket identifies again once the window passed.
    window().await;
    let again = json!({ "op": 2, "d": {
        "token": "t", "intents": 1, "properties": {}, "shard": [1, 2] } });
    one.send(Message::Text(again.to_string().into()))
        .await
        .unwrap();
    let ready = next(&mut one).await.expect("READY").expect("a frame");
    assert_eq!(
        (&ready["t"], &ready["d"]["shard"]),
        (&json!("READY"), &json!([1, 2]))
    );
    assert_eq!(fake.world().gateway.live(), vec![0, 1]);
}

#[tokio::test]
async fn an_interactions_frame_is_marked_when_written_to_its_session_and_not_without_one() {
    let fake = Fake::start().await;
    fake.add_user(ALICE, "alice", "en-US");
    fake.add_channel(GUILD_0, CHANNEL_0, "games");
    fake.add_member(GUILD_0, ALICE, MEMBER);
    let data = json!({ "custom_id": "vh:1", "component_type": 2 });
    // No session: the frame never leaves, so it is never marked.
    let missed = fake
        .world()
        .interact(IxKind::Component, ALICE, CHANNEL_0, data.clone(), None);
    let (mut ws, ready) = identify(&fake, [0, 1]).await;
    assert!(matches!(ready, Some(Ok(_))), "{ready:?}");
    let id = fake
        .world()
        .interact(IxKind::Component, ALICE, CHANNEL_0, data, None);
    let got = interactions(&mut ws).await;
    assert_eq!(got.len(), 1);
    assert_eq!(got[0]["id"], id.to_string());
    let w = fake.world();
    let sent = &w.interactions[&id];
    let written = sent
        .written_at
        .get()
        .expect("marked once the socket took it");
    assert!(*written >= sent.sent_at);
    assert!(w.interactions[&missed].written_at.get().is_none());
}
