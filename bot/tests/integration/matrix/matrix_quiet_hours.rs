//! A Matrix player in quiet hours (issue 21 with issue 23), set with `!vliv me timezone`
//! and `!vliv me quiet`: their turn's hand is not sent to their DM room while they are
//! quiet; the notice is stored, and once the quiet hours end the dispatcher's sweep hands
//! it to the Matrix front end, which sends the hand with its menu, once. The quiet hours
//! are real minutes of the wall clock: this test waits up to two minutes.

use crate::matrix_support;

use std::time::{Duration, Instant};

use jiff::{tz::TimeZone, Timestamp};
use matrix_support::{game_in, homeserver, internal, service, solo, Solo, WAIT};

/// Quiet hours in Prague from an hour ago until a minute boundary 60–120 s from now, and
/// when they end.
fn quiet_hours_ending_soon() -> (String, i64) {
    let prague = TimeZone::get("Europe/Prague").unwrap();
    let now = Timestamp::now().as_millisecond();
    let end_ms = (now + 120_000).div_euclid(60_000) * 60_000;
    let local = |ms: i64| {
        let t = Timestamp::from_millisecond(ms)
            .unwrap()
            .to_zoned_datetime(prague.clone());
        format!("{:02}:{:02}", t.hour(), t.minute())
    };
    (
        format!("{}-{}", local(now - 3_600_000), local(end_ms)),
        end_ms,
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn a_notice_held_in_quiet_hours_reaches_the_matrix_player_when_they_end() {
    let Some(hs) = homeserver() else { return };
    let Solo {
        bot_user,
        mut alice,
        bot,
        room,
    } = solo(&hs, Vec::new()).await;
    let vliv = bot_user.user_id.as_str();
    alice.command(&room, "!vliv new claim", vliv).await;
    alice.command(&room, "!vliv ai", vliv).await;

    // Alice is quiet from now until a minute or two from now, set by her own commands.
    let db = service(&bot).await;
    let (quiet, quiet_end_ms) = quiet_hours_ending_soon();
    alice
        .command(&room, "!vliv me timezone Europe/Prague", vliv)
        .await;
    let set = alice
        .command(&room, &format!("!vliv me quiet {quiet}"), vliv)
        .await;
    let alice_id = internal(&db, &alice.user_id).await;
    let stored = db.player_time_settings(alice_id).await.unwrap().unwrap();
    assert_eq!(stored.zone, "Europe/Prague", "{set:?}");
    assert!(stored.quiet.is_some(), "{set:?}");
    let started = alice.command(&room, "!vliv start", vliv).await;
    assert!(started.body.contains("started"), "{started:?}");
    let game = game_in(&db, &room).await.id;

    // Her turn comes (at once, or after the AI's move): held, and no DM room made yet.
    let start = Instant::now();
    let held = loop {
        let held = db.held_notices(game).await.unwrap();
        if !held.is_empty() {
            break held;
        }
        assert!(start.elapsed() < WAIT, "no notice held:\n{}", bot.log());
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(held.len(), 1);
    assert_eq!(held[0].user, alice_id);
    assert!(
        Timestamp::now().as_millisecond() < quiet_end_ms,
        "the machine took the whole quiet time to start a game; nothing was shown"
    );
    assert!(
        alice.accept_invites().await.is_empty(),
        "a DM room for a player in quiet hours"
    );

    // The quiet hours end: her DM room is made and her hand with its menu arrives, once.
    let limit =
        Duration::from_millis((quiet_end_ms - Timestamp::now().as_millisecond()).max(0) as u64)
            + WAIT;
    let start = Instant::now();
    let dm = loop {
        if let Some(dm) = alice.accept_invites().await.into_iter().next() {
            break dm;
        }
        assert!(
            start.elapsed() < limit,
            "no DM after the quiet hours:\n{}",
            bot.log()
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    let turn = alice
        .wait_for(&dm, vliv, 0, |m| m.body.contains("Your turn"))
        .await;
    assert!(
        turn.ts >= quiet_end_ms - 1_000,
        "the hand came before the quiet hours ended"
    );
    assert!(db.held_notices(game).await.unwrap().is_empty());
    tokio::time::sleep(Duration::from_secs(3)).await;
    let turns = alice
        .messages(&dm)
        .await
        .into_iter()
        .filter(|m| m.sender == vliv && m.body.contains("Your turn"))
        .count();
    assert_eq!(turns, 1, "the held notice was delivered {turns} times");
}
