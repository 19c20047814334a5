//! One `vliv run` serving Discord and Matrix at once on one database (issue 21): the
//! loopback Discord fake and the real Synapse, a command answered on each side; a Matrix
//! game's timeout, fired by the process's one sweep (which the Discord side alone ran
//! before), reaches its room once, without a command.
//! And a Matrix homeserver configured without its secret stops the bot with a clear
//! message.

use crate::matrix_support;

use std::time::{Duration, Instant};

use fakecord::Fake;
use matrix_support::{homeserver, Bot, WAIT};

#[tokio::test(flavor = "multi_thread")]
async fn one_process_serves_discord_and_matrix_together() {
    let Some(hs) = homeserver() else { return };
    let fake = Fake::start().await;
    fake.world().bot_token = Some("discord-token".into());
    let bot_user = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bot = Bot::start_with(
        &hs,
        &bot_user,
        vec![
            ("DISCORD_TOKEN".into(), "discord-token".into()),
            ("VLIV_API_BASE".into(), fake.api_base()),
        ],
    );
    bot.ready().await;
    let start = Instant::now();
    while !bot.log().contains("Discord accepted the token") {
        assert!(
            start.elapsed() < WAIT,
            "Discord never connected:\n{}",
            bot.log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The Discord side registered its slash commands at the fake.
    let start = Instant::now();
    while !fake.requests().iter().any(|r| r.path.contains("/commands")) {
        assert!(
            start.elapsed() < WAIT,
            "no command registration:\n{}",
            bot.log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The Matrix side answers in a room meanwhile. The command is sent once the bot has
    // joined, and once: a repeated one would be answered "already has a game".
    let room = alice.create_room(&[&bot_user.user_id]).await;
    matrix_support::e2ee::wait_joined(&alice, &room, &bot_user.user_id).await;
    let event = alice.send(&room, "!vliv new claim").await;
    let answers = alice.answers(&room, &event, &bot_user.user_id, WAIT).await;
    let answer = answers
        .first()
        .unwrap_or_else(|| panic!("the Matrix side never answered:\n{}", bot.log()));
    assert!(answer.body.contains("lobby"), "{answer:?}");
    assert!(
        !bot.log().contains(&bot_user.token),
        "the Matrix token is in the log"
    );
    assert!(
        !bot.log().contains("discord-token"),
        "the Discord token is in the log"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_matrix_games_timeout_reaches_its_room_once_beside_discord() {
    let Some(hs) = homeserver() else { return };
    let fake = Fake::start().await;
    fake.world().bot_token = Some("discord-token".into());
    let bot_user = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bot = Bot::start_with(
        &hs,
        &bot_user,
        vec![
            ("DISCORD_TOKEN".into(), "discord-token".into()),
            ("VLIV_API_BASE".into(), fake.api_base()),
            // The shortest turn there is.
            ("VLIV_TIMEOUT_MINUTES".into(), "1".into()),
        ],
    );
    bot.ready().await;
    let start = Instant::now();
    while !bot.log().contains("Discord accepted the token") {
        assert!(
            start.elapsed() < WAIT,
            "Discord never connected:\n{}",
            bot.log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let vliv = bot_user.user_id.as_str();
    let room = alice.create_room(&[vliv]).await;
    matrix_support::e2ee::wait_joined(&alice, &room, vliv).await;
    let lobby = alice.command(&room, "!vliv new claim", vliv).await;
    assert!(lobby.body.contains("lobby"), "{lobby:?}");
    alice.command(&room, "!vliv ai", vliv).await;
    let started = alice.command(&room, "!vliv start", vliv).await;
    assert!(started.body.contains("started"), "{started:?}");
    let before = alice
        .messages(&room)
        .await
        .iter()
        .filter(|m| m.sender == vliv)
        .count();
    // Nobody sends anything more: the turn runs out, and the room hears of it.
    let said = alice
        .wait_for(&room, vliv, before, |m| m.body.contains("ran out of time"))
        .await;
    assert!(said.reply_to.is_none(), "said unasked: {said:?}");
    let log = bot.log();
    assert!(
        !log.contains("fired without its front end") && !log.contains("message was not posted"),
        "the deadline went astray:\n{log}"
    );
    // The table moved on with the timeout's choice: edited after it was said.
    alice
        .wait_for(&room, vliv, before, |m| {
            m.replaces.is_some() && m.ts >= said.ts
        })
        .await;
    // Said once: the next turn's minute has not run out yet, so a second line would be
    // the same timeout published twice.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let timeouts = alice
        .messages(&room)
        .await
        .into_iter()
        .filter(|m| m.sender == vliv && m.body.contains("ran out of time"))
        .count();
    assert_eq!(timeouts, 1, "the timeout was said {timeouts} times");
}

#[test]
fn a_homeserver_without_its_secret_stops_the_bot_with_a_message() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vliv"))
        .arg("run")
        .current_dir(dir.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_ACCESS_TOKEN")
        .env_remove("MATRIX_PASSWORD")
        .env("VLIV_MATRIX_HOMESERVER", "http://127.0.0.1:9")
        .env("VLIV_MATRIX_USER_ID", "@vliv:localhost")
        .output()
        .expect("the vliv binary runs");
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("MATRIX_ACCESS_TOKEN"), "{text}");
}
