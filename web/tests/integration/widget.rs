//! The table as a Matrix room widget against the real Synapse of `.ci/synapse.sh`: a
//! harness page plays Element's parent frame (the widget API's `capabilities` request,
//! then the widget's `get_openid` answered with a token Synapse gave the user); the bot
//! checks the token at Synapse's federation `openid/userinfo` endpoint and opens that
//! user's own table in the room's game, a spectator's for a user with no seat. A forged
//! token is refused with a clear message, in the browser and over HTTP.

use serde_json::{json, Value};
use vliv_engine::Lang;
use vliv_service::service::{Caller, GuildId, OpenLobby, Platform, SeatHolder};
use vliv_web::WidgetLogin;

use vliv_browser::{browser_with, data_page, driver, encode, in_frame, LOOPBACK_FRAMES};

use crate::{accessibility::no_serious_violation, framed::own_table_in_frame, support::Table};

/// Synapse's address and registration secret, or `None` (with a notice) outside CI.
fn homeserver() -> Option<(String, String)> {
    match (
        std::env::var("VLIV_TEST_MATRIX_URL"),
        std::env::var("VLIV_TEST_MATRIX_SECRET"),
    ) {
        (Ok(url), Ok(secret)) => Some((url, secret)),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("CI=true but VLIV_TEST_MATRIX_URL is not set: the widget test must run")
        }
        _ => {
            eprintln!(
                "notice: VLIV_TEST_MATRIX_URL is not set, so the widget test was skipped \
                 (eval \"$(bash .ci/synapse.sh start)\" starts a loopback Synapse)"
            );
            None
        }
    }
}

/// A new Synapse user by the shared secret: (user id, access token).
async fn register(url: &str, secret: &str, name: &str) -> (String, String) {
    let http = reqwest::Client::new();
    let endpoint = format!("{url}/_synapse/admin/v1/register");
    let nonce: Value = http
        .get(&endpoint)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let nonce = nonce["nonce"].as_str().unwrap().to_owned();
    let username = format!("{name}{:08x}", rand::random::<u32>());
    let password = format!("pw-{:016x}", rand::random::<u64>());
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY, secret.as_bytes());
    let signed = format!("{nonce}\0{username}\0{password}\0notadmin");
    let mac: String = ring::hmac::sign(&key, signed.as_bytes())
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let answer: Value = http
        .post(&endpoint)
        .json(&json!({
            "nonce": nonce, "username": username, "password": password,
            "admin": false, "mac": mac,
        }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    (
        answer["user_id"].as_str().expect("registered").to_owned(),
        answer["access_token"].as_str().unwrap().to_owned(),
    )
}

/// An OpenID token for `user`, as Element asks Synapse for one for a widget.
async fn openid_token(url: &str, user: &str, token: &str) -> Value {
    let answer = reqwest::Client::new()
        .post(format!(
            "{url}/_matrix/client/v3/user/{user}/openid/request_token"
        ))
        .bearer_auth(token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert!(answer.status().is_success(), "{:?}", answer.status());
    answer.json().await.unwrap()
}

/// A page playing Element: it frames the widget, asks its capabilities, and answers its
/// `get_openid` with `credentials`.
fn harness(table: &Table, room: &str, credentials: &Value) -> String {
    let widget = format!(
        "{}/widget?room={}&widgetId=vliv-1",
        table.base,
        encode(room)
    );
    let script = format!(
        r#"const frame = document.getElementById("app");
frame.addEventListener("load", function () {{
  frame.contentWindow.postMessage({{ api: "toWidget", widgetId: "vliv-1", requestId: "cap-" + Date.now(),
    action: "capabilities", data: {{}} }}, "*");
}});
window.addEventListener("message", function (e) {{
  const m = e.data || {{}};
  window.seen.push(m.api + ":" + m.action + (m.response ? ":answered" : ""));
  if (m.api === "fromWidget" && m.action === "get_openid" && !m.response) {{
    window.asked = m;
    const response = Object.assign({{ state: "allowed" }}, {credentials});
    e.source.postMessage(Object.assign({{}}, m, {{ response: response }}), "*");
  }}
}});"#
    );
    data_page(&widget, &script)
}

/// The view's JSON of the table at `path` (a reader's `/t/…`).
async fn view_at(table: &Table, path: &str) -> Value {
    reqwest::get(format!("{}{path}/view.json", table.base))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

async fn post_token(table: &Table, room: &str, token: &str, server: &str) -> (u16, Value) {
    let answer = reqwest::Client::new()
        .post(format!("{}/widget/session", table.base))
        .json(&json!({ "access_token": token, "matrix_server_name": server, "room_id": room }))
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    (status, answer.json().await.unwrap_or_default())
}

const REFUSED: &str =
    "Your homeserver did not confirm who you are. Close the widget and open it again.";

#[tokio::test]
async fn the_widget_opens_the_matrix_users_own_table_and_refuses_a_forged_token() {
    let Some((url, secret)) = homeserver() else {
        return;
    };
    let Some(driver) = driver().await else {
        return;
    };
    let table = Table::start_as_widget(WidgetLogin {
        homeserver: url.clone(),
        server_name: "localhost".into(),
    })
    .await;
    let (alice_id, alice_token) = register(&url, &secret, "alice").await;
    let (bob_id, bob_token) = register(&url, &secret, "bob").await;
    let (carol_id, carol_token) = register(&url, &secret, "carol").await;
    // A Claim game between Alice and Bob in a room (a room is its own server on Matrix).
    let room_id = format!("!widget{:08x}:localhost", rand::random::<u32>());
    let service = &table.service;
    let room = service.identity(Platform::Matrix, &room_id).await.unwrap();
    let alice = service.identity(Platform::Matrix, &alice_id).await.unwrap();
    let bob = service.identity(Platform::Matrix, &bob_id).await.unwrap();
    let rec = service
        .open(OpenLobby {
            guild: GuildId::of_room(room),
            channel: room,
            parent: None,
            kind: "claim".into(),
            host: alice,
            seats: vec![SeatHolder::User(alice)],
            options: Default::default(),
            seed: Some(31),
            lang: Lang::En,
        })
        .await
        .unwrap();
    service.join(rec.id, bob).await.unwrap();
    let rec = service
        .start(rec.id, Caller::user(alice))
        .await
        .unwrap()
        .game;
    let page = browser_with(&driver, "widget", &[LOOPBACK_FRAMES]).await;
    // Alice's token, asked of Synapse as Element asks it: her own table.
    let credentials = openid_token(&url, &alice_id, &alice_token).await;
    assert_eq!(credentials["matrix_server_name"], json!("localhost"));
    let path = own_table_in_frame(
        &page,
        &harness(&table, &room_id, &credentials),
        rec.version,
        "the widget's table",
    )
    .await;
    // The widget spoke the widget API: it answered the capabilities, then asked a token.
    let asked = page.execute("return window.asked;", vec![]).await.unwrap();
    assert_eq!(asked["api"], json!("fromWidget"));
    assert_eq!(asked["widgetId"], json!("vliv-1"));
    let seen = page.execute("return window.seen;", vec![]).await.unwrap();
    assert!(
        seen.as_array()
            .unwrap()
            .contains(&json!("toWidget:capabilities:answered")),
        "{seen}"
    );
    let view = view_at(&table, &path).await;
    assert_eq!(view["seat"], json!(rec.seat_of(alice)), "{view}");
    assert!(view["hand"].is_object(), "{view}");
    // Bob's token opens Bob's seat; Carol, in the room with no seat, gets the public view.
    let bob_credentials = openid_token(&url, &bob_id, &bob_token).await;
    let token = bob_credentials["access_token"].as_str().unwrap();
    let (status, body) = post_token(&table, &room_id, token, "localhost").await;
    assert_eq!(status, 200, "{body}");
    let view = view_at(&table, body["path"].as_str().unwrap()).await;
    assert_eq!(view["seat"], json!(rec.seat_of(bob)), "{view}");
    let carol_credentials = openid_token(&url, &carol_id, &carol_token).await;
    let token = carol_credentials["access_token"].as_str().unwrap();
    let (status, body) = post_token(&table, &room_id, token, "localhost").await;
    assert_eq!(status, 200, "{body}");
    let view = view_at(&table, body["path"].as_str().unwrap()).await;
    assert_eq!(view["seat"], json!(null), "a spectator: {view}");
    assert!(view["hand"].is_null(), "{view}");
    // A forged token, in the browser: the widget says so and opens no table.
    let forged = json!({ "access_token": "forged-token", "token_type": "Bearer",
        "matrix_server_name": "localhost", "expires_in": 3600 });
    page.goto(&harness(&table, &room_id, &forged))
        .await
        .unwrap();
    let said = in_frame(
        &page,
        "const p = document.querySelector('#widget [role=status]'); return p && !p.textContent.startsWith('Asking') ? p.textContent : '';",
    )
    .await;
    assert_eq!(said, json!(REFUSED));
    no_serious_violation(&page, "the widget's refusal").await;
    // Over HTTP: forged, a real token said to be another server's (the bot never asks a
    // server the page names), and the Matrix user's own client token (not an OpenID one).
    let (status, body) = post_token(&table, &room_id, "forged-token", "localhost").await;
    assert_eq!((status, &body["error"]), (403, &json!(REFUSED)));
    let fresh = openid_token(&url, &alice_id, &alice_token).await;
    let fresh = fresh["access_token"].as_str().unwrap();
    let (status, _) = post_token(&table, &room_id, fresh, "evil.example").await;
    assert_eq!(status, 403);
    let (status, _) = post_token(&table, &room_id, &alice_token, "localhost").await;
    assert_eq!(status, 403, "a client access token is no OpenID token");
    // A room with no game.
    let (status, body) = post_token(&table, "!nothing:localhost", fresh, "localhost").await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(body["error"], json!("There is no game in this room yet."));
    page.close().await.unwrap();
}
