//! Quiet hours end to end (issue 23), through the loopback Discord: both players set their
//! zone (found by autocomplete, in Czech too) and quiet hours that end a minute or two from
//! now; the game starts in them, so nobody is pinged or sent a DM; the bot is restarted in
//! the quiet time; when it ends the player to move gets exactly one ping and one DM. The
//! table shows when the time to move ends as a Discord timestamp.
//!
//! The quiet hours are real minutes of the wall clock: this test waits up to two minutes.

use crate::loopback;
use vliv_bot::service::UserId;

use std::time::{Duration, Instant};

use fakecord::{Audience, Request};
use jiff::{tz::TimeZone, Timestamp};
use loopback::*;
use serde_json::json;
use vliv_engine::Actor;

/// How long after its end a held notice may take to arrive (the scheduler's sweep, a busy
/// machine).
const DELIVERY: Duration = Duration::from_secs(60);

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

fn turn_dms(requests: &[Request], user: u64) -> Vec<&Request> {
    requests
        .iter()
        .filter(|r| r.method == "POST" && r.audience == Audience::Dm(user) && r.status == 200)
        .collect()
}

fn pings(requests: &[Request], user: u64) -> Vec<&Request> {
    let mention = format!("<@{user}>, your turn");
    requests
        .iter()
        .filter(|r| {
            r.method == "POST"
                && r.path == format!("channels/{CHANNEL}/messages")
                && r.body["content"]
                    .as_str()
                    .is_some_and(|c| c.contains(&mention))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_in_quiet_hours_gets_one_ping_and_one_dm_when_they_end() {
    let mut scene = Scene::start(Db::sqlite()).await;
    // The zone's autocomplete in Czech and in English.
    for (user, typed, shown) in [
        (EVA, "praha", "Evropa/Praha (Europe/Prague)"),
        (ALICE, "prague", "Europe/Prague"),
    ] {
        let ix = scene
            .fake
            .autocomplete(user, CHANNEL, "vliv settings", "timezone", typed);
        let choices = scene
            .fake
            .wait("zone suggestions", STEP, |w| {
                w.interactions[&ix].autocomplete.clone()
            })
            .await;
        assert!(choices.to_string().contains(shown), "{choices}");
        assert!(
            choices.to_string().contains("\"Europe/Prague\""),
            "{choices}"
        );
    }

    let (quiet, quiet_end_ms) = quiet_hours_ending_soon();
    let quiet_end = Instant::now()
        + Duration::from_millis((quiet_end_ms - Timestamp::now().as_millisecond()) as u64);
    for user in [ALICE, BOB] {
        let answer = scene
            .run(
                user,
                "vliv settings",
                &[
                    ("timezone", json!("Europe/Prague")),
                    ("quiet", json!(quiet)),
                ],
            )
            .await;
        assert!(
            answer.content.contains("Time zone: Europe/Prague"),
            "{}",
            answer.content
        );
        assert!(
            answer.content.contains("quiet hours: "),
            "{}",
            answer.content
        );
    }

    let game = scene.started_claim().await;
    let service = scene.db.service().await;
    let rec = service.game(game).await.unwrap();
    let state = service.live(&rec).unwrap();
    let Actor::Seat(seat) = state.pending()[0].actor else {
        panic!("a seat moves first");
    };
    let mover = rec.seats[seat as usize].user().unwrap();

    // The table shows the end of the time to move in each reader's zone.
    let table = scene.table(game).text();
    assert!(table.contains("Time to move ends <t:"), "{table}");
    assert!(table.contains(":R>"), "{table}");

    // Nobody is pinged or sent a DM during the quiet hours; a restart keeps the notice.
    tokio::time::sleep(Duration::from_secs(2)).await;
    scene.restart().await;
    assert!(
        Instant::now() < quiet_end,
        "the machine took the whole quiet time to start a game; nothing was shown"
    );
    let requests = scene.fake.requests();
    for user in [ALICE, BOB] {
        assert!(
            turn_dms(&requests, user).is_empty(),
            "a DM to {user} in quiet hours"
        );
        assert!(
            pings(&requests, user).is_empty(),
            "a ping of {user} in quiet hours"
        );
    }

    // Once the quiet hours end: one ping and one DM for the player to move.
    scene
        .fake
        .wait(
            "the held DM",
            quiet_end.saturating_duration_since(Instant::now()) + DELIVERY,
            |w| (!turn_dms(&w.requests, mover.0).is_empty()).then_some(()),
        )
        .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let requests = scene.fake.requests();
    let dms = turn_dms(&requests, mover.0);
    let mover_pings = pings(&requests, mover.0);
    assert_eq!(dms.len(), 1, "one DM");
    assert_eq!(mover_pings.len(), 1, "one ping");
    // (Instants and the wall clock may differ by a little.)
    let slack = Duration::from_millis(500);
    assert!(dms[0].at + slack >= quiet_end && mover_pings[0].at + slack >= quiet_end);
    let other = if mover == UserId(ALICE) { BOB } else { ALICE };
    assert!(turn_dms(&requests, other).is_empty());
    assert!(pings(&requests, other).is_empty());
    let log = scene.bot.as_ref().unwrap().log();
    assert!(!log.contains(TOKEN), "the token is never logged");
}
