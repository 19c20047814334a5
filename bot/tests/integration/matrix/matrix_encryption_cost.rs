//! What end-to-end encryption costs the bot (issue 52), measured against the loopback
//! Synapse and printed; ignored by default (they take minutes and assert little). Run:
//!
//! ```sh
//! eval "$(bash .ci/synapse.sh start)"
//! cargo test -p vliv-bot --test integration matrix::matrix_encryption_cost -- --ignored --nocapture
//! ```
//!
//! A move's publication is timed by the bot itself: from reading the move's command to its
//! answer, which goes out after the table's edit, its picture and the next hands (the log's
//! `answered … ms=` line), over a whole Claim game in a plain room and one in an encrypted
//! room (encrypted DMs too). Memory is the process's resident size after it joined and
//! answered in 100 plain rooms, then in 100 encrypted ones.

use std::time::{Duration, Instant};

use super::matrix_e2e::{play_out, seat_order, started_claim};
use super::matrix_encrypted::encrypted_game;
use crate::matrix_support::{
    e2ee::{cross_signed, wait_joined, E2ee},
    game_in, homeserver,
    leaks::Deck,
    service, table_room, Bot,
};

/// The `ms` of every answered play in `log`.
fn play_times(log: &str) -> Vec<u64> {
    log.lines()
        .filter(|l| l.contains(" answered ") && l.contains("command=\"play\""))
        .filter_map(|l| {
            l.split("ms=")
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
        .collect()
}

/// (median, p99) of `times`, in milliseconds.
fn median_p99(mut times: Vec<u64>) -> (u64, u64) {
    assert!(!times.is_empty(), "no plays timed");
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99))
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement: run by command (see the file's header), prints the figures"]
async fn a_moves_publication_in_an_encrypted_room_against_a_plain_one() {
    let Some(hs) = homeserver() else { return };
    let (bot, bot_user, mut alice, mut bob, room) = started_claim(&hs).await;
    let dms = [alice.accept_invite().await, bob.accept_invite().await];
    let service = service(&bot).await;
    let rec = game_in(&service, &room).await;
    let order = seat_order(&rec, &service, [(&alice, &dms[0]), (&bob, &dms[1])]).await;
    play_out(&service, &room, &order, &bot_user, 200).await;
    let plain = play_times(&bot.log());
    drop(bot);
    let log = encrypted_game(&hs, "claim", &["alice", "bob"], Deck::claim(), None).await;
    let encrypted = play_times(&log);
    let (plain_n, encrypted_n) = (plain.len(), encrypted.len());
    let (pm, p99) = median_p99(plain);
    let (em, e99) = median_p99(encrypted);
    println!("a move's publication, Claim, loopback Synapse (debug build):");
    println!("  plain room:     median {pm} ms, p99 {p99} ms over {plain_n} moves");
    println!("  encrypted room: median {em} ms, p99 {e99} ms over {encrypted_n} moves");
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement: run by command (see the file's header), prints the figures"]
async fn the_bots_memory_with_a_hundred_encrypted_rooms() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bot_id = vliv.user_id.as_str();
    // One inviter brings the bot into all 200 rooms: above the default cap.
    let caps = vec![("VLIV_MATRIX_ROOMS_PER_INVITER".into(), "1000".into())];
    let bot = Bot::start_with(&hs, &vliv, caps);
    bot.ready().await;
    let mut phone = E2ee::new(&alice).await;
    let device = vliv.device_id().await;
    let start = Instant::now();
    while !cross_signed(&alice, bot_id, &device).await {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "never cross-signed"
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let at_start = bot.rss_kib();
    for _ in 0..100 {
        table_room(&alice, &[], &vliv).await;
    }
    let plain = bot.rss_kib();
    let began = Instant::now();
    for _ in 0..100 {
        let room = alice.create_encrypted_room(&[bot_id]).await;
        wait_joined(&alice, &room, bot_id).await;
        let help = phone.command(&alice, &room, "!vliv help", bot_id).await;
        assert_eq!(help.wire_type, "m.room.encrypted", "{help:?}");
    }
    let took = began.elapsed();
    let encrypted = bot.rss_kib();
    println!("the bot's resident memory (debug build):");
    println!("  after login:                    {} MiB", at_start / 1024);
    println!("  in 100 plain rooms:             {} MiB", plain / 1024);
    println!(
        "  and 100 encrypted rooms more:   {} MiB ({} KiB a room; 100 rooms joined and answered in {took:.0?})",
        encrypted / 1024,
        encrypted.saturating_sub(plain) / 100
    );
}
