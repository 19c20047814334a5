//! Two processes of a fleet configured with one Matrix account, against the real Synapse:
//! only the holder of the account's lease reads and answers, so a command runs once (before,
//! both ran it: `!vliv ai` seated two AIs); when the holder is killed, the other takes over
//! from the stored stream position and answers the next command (with the device's keys
//! from the store they share).

use crate::matrix_support;

use std::time::{Duration, Instant};

use matrix_support::{game_in, homeserver, service, table_room, Bot};
use vliv_bot::service::SeatHolder;

/// The lease (30 s) runs out, the standby asks (every 10 s), then syncs.
const TAKEOVER: Duration = Duration::from_secs(75);

async fn ai_seats(bot: &Bot, room: &str) -> usize {
    let rec = game_in(&service(bot).await, room).await;
    rec.seats
        .iter()
        .filter(|s| matches!(s, SeatHolder::Ai { .. }))
        .count()
}

#[tokio::test(flavor = "multi_thread")]
async fn two_processes_on_one_account_run_each_command_once_and_one_takes_over() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    // One device (one access token) for both: its keys live in one store the two reach,
    // as on a shared volume (the operators' page on Matrix); each opens it only while it
    // holds the lease.
    let keys = tempfile::tempdir().expect("a folder for the keys");
    let store = keys.path().display().to_string();
    let mut first = Bot::start_with(&hs, &vliv, vec![("VLIV_MATRIX_CRYPTO_STORE".into(), store)]);
    first.ready().await;
    let second = Bot::start_beside(&hs, &vliv, &first);
    second.ready().await;
    let start = Instant::now();
    while !second.log().contains("stands by") {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the second process did not stand by:\n{}",
            second.log()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let room = table_room(&alice, &[], &vliv).await;
    let bot_id = vliv.user_id.as_str();
    alice
        .command(&room, "!vliv new fantasy-realms", bot_id)
        .await;
    alice.command(&room, "!vliv ai", bot_id).await;
    // Read and answered by one process only.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(ai_seats(&first, &room).await, 1, "one command, one AI");
    assert!(!second.log().contains("command="), "{}", second.log());

    // The holder dies; the standby takes over and answers what comes next.
    first.kill();
    let event = alice.send(&room, "!vliv ai").await;
    let answers = alice.answers(&room, &event, bot_id, TAKEOVER).await;
    assert_eq!(answers.len(), 1, "{answers:?}\n{}", second.log());
    assert!(second.log().contains("now reads the Matrix account"));
    assert_eq!(ai_seats(&second, &room).await, 2);
}
