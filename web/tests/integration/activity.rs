//! The table as a Discord Activity: the page under a harness playing Discord's client in
//! the parent frame (the Embedded App SDK's postMessage handshake, READY, AUTHORIZE), the
//! code exchanged at the loopback Discord's OAuth2 endpoint, the Activity's instance read
//! from the loopback Discord, the player's own table shown; a wrong or replayed code
//! refused, and a page claiming another channel than its instance's refused.

use std::time::Duration;
use vliv_service::service::UserId;

use fakecord::Fake;
use serde_json::{json, Value};
use vliv_browser::{browser_with, data_page, driver, encode, in_frame, LOOPBACK_FRAMES};
use vliv_web::ActivityLogin;

use crate::{
    accessibility::no_serious_violation,
    framed::own_table_in_frame,
    support::{Table, ALICE, BOB, GUILD},
};

const CHANNEL: u64 = 620;
const OTHER: u64 = 621;

/// A page playing Discord's client: it frames the Activity with Discord's query parameters
/// and answers the SDK's handshake with READY and its AUTHORIZE with `code`.
fn harness(table: &Table, code: &str, instance: &str, channel: u64) -> String {
    let activity = format!(
        "{}/activity?frame_id=frame-1&instance_id={}&platform=desktop&guild_id={GUILD}&channel_id={channel}",
        table.base,
        encode(instance)
    );
    let script = format!(
        r#"window.addEventListener("message", function (e) {{
  const [op, data] = e.data;
  const app = document.getElementById("app").contentWindow;
  window.seen.push(op === 0 ? "HANDSHAKE" : data.cmd);
  if (op === 0) {{
    window.handshake = data;
    app.postMessage([1, {{ cmd: "DISPATCH", evt: "READY", nonce: null,
      data: {{ v: 1, config: {{ api_endpoint: "//discord.com/api", environment: "production" }} }} }}], "*");
  }} else if (op === 1 && data.cmd === "AUTHORIZE") {{
    window.authorize = data.args;
    app.postMessage([1, {{ cmd: "AUTHORIZE", evt: null, nonce: data.nonce, data: {{ code: "{code}" }} }}], "*");
  }}
}});"#
    );
    data_page(&activity, &script)
}

async fn post_code(table: &Table, code: &str, instance: &str, channel: u64) -> (u16, Value) {
    let answer = reqwest::Client::new()
        .post(format!("{}/activity/session", table.base))
        .json(&json!({ "code": code, "instance_id": instance,
            "guild_id": GUILD.to_string(), "channel_id": channel.to_string() }))
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    (status, answer.json().await.unwrap_or_default())
}

#[tokio::test]
async fn the_activity_opens_the_players_own_table_and_refuses_a_wrong_or_replayed_code() {
    let Some(driver) = driver().await else {
        return;
    };
    let discord = Fake::start().await;
    discord.add_user(ALICE, "alice", "en-US");
    discord.add_channel(GUILD, CHANNEL, "games");
    discord.add_channel(GUILD, OTHER, "elsewhere");
    discord.world().bot_token = Some("the-bot-token".into());
    let (client_id, client_secret) = discord.oauth_client();
    let table = Table::start_as_activity(ActivityLogin {
        client_id: client_id.clone(),
        client_secret,
        api: format!("{}/api/v10", discord.api_base()),
        bot_token: "the-bot-token".into(),
    })
    .await;
    // Alice presses the channel's "Launch": Discord makes the Activity's instance.
    let instance = discord.launch_activity(ALICE, CHANNEL);
    let game = table.claim_against_ai(CHANNEL, 21).await;
    let rec = table.service.game(game).await.unwrap();
    let page = browser_with(&driver, "activity", &[LOOPBACK_FRAMES]).await;
    let code = discord.authorize_code(ALICE);
    let path = own_table_in_frame(
        &page,
        &harness(&table, &code, &instance, CHANNEL),
        rec.version,
        "the activity's table",
    )
    .await;
    // The SDK spoke Discord's protocol: the handshake named the app, then authorized.
    let handshake = page
        .execute("return window.handshake;", vec![])
        .await
        .unwrap();
    assert_eq!(handshake["client_id"], json!(client_id));
    assert_eq!(handshake["frame_id"], json!("frame-1"));
    let authorize = page
        .execute("return window.authorize;", vec![])
        .await
        .unwrap();
    assert_eq!(authorize["scope"], json!(["identify"]));
    assert_eq!(authorize["response_type"], json!("code"));
    // The table shown is Alice's own.
    let view: Value = reqwest::get(format!("{}{path}/view.json", table.base))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(view["seat"], json!(rec.seat_of(UserId(ALICE))), "{view}");
    assert!(view["hand"].is_object(), "{view}");
    // Discord told the table Alice's public name, which pages listing players show.
    let names = table.service.display_names(&[UserId(ALICE)]).await.unwrap();
    assert_eq!(names.get(&UserId(ALICE)).map(String::as_str), Some("alice"));
    // The code again: Discord refuses it, and so does the table.
    let (status, body) = post_code(&table, &code, &instance, CHANNEL).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["error"],
        json!("Discord did not confirm who you are. Close the activity and launch it again.")
    );
    // A wrong code, in the browser: the page says so and opens no table.
    page.goto(&harness(&table, "not-a-code", &instance, CHANNEL))
        .await
        .unwrap();
    let said = in_frame(
        &page,
        "const p = document.querySelector('#activity [role=status]'); return p && !p.textContent.startsWith('Connecting') ? p.textContent : '';",
    )
    .await;
    assert_eq!(
        said,
        json!("Discord did not confirm who you are. Close the activity and launch it again.")
    );
    no_serious_violation(&page, "the activity's refusal").await;
    // A good code and the instance, but the page claims another channel: refused, the
    // channel is the instance's, as Discord tells it.
    let (status, body) = post_code(&table, &discord.authorize_code(ALICE), &instance, OTHER).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["error"],
        json!("This activity was not launched in that channel. Close it and launch it again in the channel with the game.")
    );
    // An instance Discord does not know, and one Alice is not in.
    let (status, _) = post_code(
        &table,
        &discord.authorize_code(ALICE),
        "i-1-forged",
        CHANNEL,
    )
    .await;
    assert_eq!(status, 403);
    discord.add_user(BOB, "bob", "en-US");
    let bobs = discord.launch_activity(BOB, OTHER);
    let (status, _) = post_code(&table, &discord.authorize_code(ALICE), &bobs, OTHER).await;
    assert_eq!(status, 403, "Alice is not in Bob's Activity");
    // A good code in a channel without a game: the application layer's refusal.
    let (status, body) = post_code(&table, &discord.authorize_code(BOB), &bobs, OTHER).await;
    assert_eq!(status, 404, "{body}");
    assert!(
        body["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{body}"
    );
    // A code older than 10 minutes.
    let late = discord.authorize_code(ALICE);
    discord.age_codes(Duration::from_secs(10 * 60 + 1));
    assert_eq!(post_code(&table, &late, &instance, CHANNEL).await.0, 403);
    page.close().await.unwrap();
}
