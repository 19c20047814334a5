//! The defects seen against a real Synapse while the bot was killed and restarted under
//! play (issue 52, item 4): a turn hand sent twice after a kill between it and the
//! command's answer; commands queued while the bot was down run in room-id order; no
//! draining stop; a join answered "Player 2 joined."; a DM room whose other member could
//! bring in someone to read the hand.

use std::time::Duration;

use reqwest::Method;
use serde_json::json;

use super::matrix_e2e::{seat_order, started_claim, waiting_seat};
use crate::matrix_support::{
    game_in, homeserver, service, start_published, table_room, Bot, Seen, User, WAIT,
};

/// The bot's messages in `room` as `user` reads them.
async fn from_bot(user: &User, room: &str, bot: &str) -> Vec<Seen> {
    let all = user.messages(room).await;
    all.into_iter().filter(|m| m.sender == bot).collect()
}

fn done(answer: &[Seen]) -> bool {
    answer.len() == 1 && (answer[0].body == "Done." || answer[0].body == "Hotovo.")
}

/// A fault point aborts the bot right after the next player's turn hand went out, before
/// the move's answer: the restarted bot reads the move again, finds it applied and
/// publishes again, and the player still has the one hand.
#[tokio::test(flavor = "multi_thread")]
async fn a_kill_between_the_turn_hand_and_the_answer_sends_the_hand_once() {
    let Some(hs) = homeserver() else { return };
    let (mut bot, bot_user, mut alice, mut bob, room) = started_claim(&hs).await;
    let dms = [alice.accept_invite().await, bob.accept_invite().await];
    let service = service(&bot).await;
    let rec = game_in(&service, &room).await;
    let order = seat_order(&rec, &service, [(&alice, &dms[0]), (&bob, &dms[1])]).await;
    let first = waiting_seat(&service, &room).await;
    start_published(&service, &rec, first).await;
    let (next, next_dm) = order[1 - first as usize];
    let (mover, mover_dm) = order[first as usize];
    next.wait_for(next_dm, &bot_user.user_id, 0, |_| true).await;
    bot.kill();
    bot.set_env(vec![(
        "VLIV_TEST_FAULT".into(),
        "matrix-after-turn-hand".into(),
    )]);
    bot.restart();
    bot.ready().await;
    let before = from_bot(next, next_dm, &bot_user.user_id).await.len();
    let moves = service.store().moves(rec.id).await.unwrap().len();
    let event = mover.send(mover_dm, "1").await;
    let status = bot.exited(WAIT).await;
    assert!(
        !status.success(),
        "the fault point killed the bot: {status:?}"
    );
    assert!(bot.log().contains("dying at a test's fault point"));
    let sent = from_bot(next, next_dm, &bot_user.user_id).await;
    assert_eq!(
        sent.len(),
        before + 1,
        "the turn hand went out before the kill"
    );
    assert!(sent.last().unwrap().body.contains("Your turn"), "{sent:?}");
    let unanswered = mover
        .answers(mover_dm, &event, &bot_user.user_id, Duration::from_secs(1))
        .await;
    assert!(
        unanswered.is_empty(),
        "killed before the answer: {unanswered:?}"
    );

    bot.set_env(Vec::new());
    bot.restart();
    bot.ready().await;
    let answer = mover
        .answers(mover_dm, &event, &bot_user.user_id, WAIT)
        .await;
    assert!(done(&answer), "the move is answered once: {answer:?}");
    // The answer goes out after the publishing: the hand was sent again by then, if at all.
    let sent = from_bot(next, next_dm, &bot_user.user_id).await;
    assert_eq!(sent.len(), before + 1, "one turn hand: {sent:?}");
    let stored = service.store().moves(rec.id).await.unwrap().len();
    assert_eq!(stored, moves + 1, "the move was applied once");
}

/// While the bot is down the leader moves, then the follower answers in another room; the
/// restarted bot reads both in one batch, which lists rooms by id. They run in the order
/// they were sent: the rooms are picked so that the follower's sorts first, when any does
/// (in 1 of 6 cases none does, and room-id order would pass too: with the sort taken out,
/// this test failed in 2 of 3 runs).
#[tokio::test(flavor = "multi_thread")]
async fn commands_queued_while_down_run_in_the_order_they_were_sent_across_rooms() {
    let Some(hs) = homeserver() else { return };
    let (mut bot, bot_user, mut alice, mut bob, room) = started_claim(&hs).await;
    let dms = [alice.accept_invite().await, bob.accept_invite().await];
    let service = service(&bot).await;
    let rec = game_in(&service, &room).await;
    let order = seat_order(&rec, &service, [(&alice, &dms[0]), (&bob, &dms[1])]).await;
    let leader = waiting_seat(&service, &room).await as usize;
    start_published(&service, &rec, leader as u8).await;
    let (lead, lead_dm) = order[leader];
    let (follow, follow_dm) = order[1 - leader];
    bot.kill();
    let moves = service.store().moves(rec.id).await.unwrap().len();
    // (the leader's room, the follower's room): the first pair where the follower's sorts
    // before the leader's, so that room-id order would run the follower first.
    let pairs = [
        (lead_dm, follow_dm),
        (lead_dm, room.as_str()),
        (room.as_str(), follow_dm),
    ];
    let (lead_room, follow_room) = pairs
        .iter()
        .copied()
        .find(|(l, f)| f < l)
        .unwrap_or(pairs[0]);
    let say = |r: &str| match r == room {
        true => "!vliv play 1",
        false => "1",
    };
    let led = lead.send(lead_room, say(lead_room)).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    let followed = follow.send(follow_room, say(follow_room)).await;
    bot.restart();
    bot.ready().await;
    for (who, where_, event) in [(lead, lead_room, &led), (follow, follow_room, &followed)] {
        let answer = who.answers(where_, event, &bot_user.user_id, WAIT).await;
        assert!(done(&answer), "in {where_}: {answer:?}");
    }
    let stored = service.store().moves(rec.id).await.unwrap().len();
    assert_eq!(stored, moves + 2, "both moves applied");
}

/// SIGTERM while a move is in hand: the move is finished (applied and answered), nothing
/// read after the signal is started, the process exits with success, and what it left is
/// answered after the next start.
#[tokio::test(flavor = "multi_thread")]
async fn sigterm_finishes_the_command_in_hand_and_exits_with_success() {
    let Some(hs) = homeserver() else { return };
    let (mut bot, bot_user, mut alice, mut bob, room) = started_claim(&hs).await;
    let dms = [alice.accept_invite().await, bob.accept_invite().await];
    let service = service(&bot).await;
    let rec = game_in(&service, &room).await;
    let order = seat_order(&rec, &service, [(&alice, &dms[0]), (&bob, &dms[1])]).await;
    let first = waiting_seat(&service, &room).await;
    start_published(&service, &rec, first).await;
    let moves = service.store().moves(rec.id).await.unwrap().len();
    let taken = |log: &str| {
        log.lines()
            .filter(|l| l.contains(": command room=") && l.contains("play"))
            .count()
    };
    let plays = taken(&bot.log());
    let (mover, mover_dm) = order[first as usize];
    let event = mover.send(mover_dm, "1").await;
    let start = std::time::Instant::now();
    while taken(&bot.log()) == plays {
        assert!(start.elapsed() < WAIT, "the move was never taken");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    bot.terminate();
    let later = alice.send(&room, "!vliv status").await;
    let status = bot.exited(WAIT).await;
    assert!(status.success(), "a clean exit: {status:?}\n{}", bot.log());
    let log = bot.log();
    let stopping = log.find("SIGTERM: finishing").expect("the stop is logged");
    assert!(
        !log[stopping..]
            .lines()
            .any(|l| l.contains(": command room=")),
        "a command was started after the signal:\n{}",
        &log[stopping..]
    );
    let answer = mover
        .answers(mover_dm, &event, &bot_user.user_id, WAIT)
        .await;
    assert!(done(&answer), "the move in hand was finished: {answer:?}");
    let stored = service.store().moves(rec.id).await.unwrap().len();
    assert_eq!(stored, moves + 1);
    let unanswered = alice
        .answers(&room, &later, &bot_user.user_id, Duration::from_secs(1))
        .await;
    assert!(unanswered.is_empty(), "{unanswered:?}");
    bot.restart();
    bot.ready().await;
    let answer = alice.answers(&room, &later, &bot_user.user_id, WAIT).await;
    assert_eq!(answer.len(), 1, "answered after the restart: {answer:?}");
}

/// The join answer names the player as the room shows them; their DM room gives them no
/// power: they cannot invite a third person or raise their own level, an outsider cannot
/// join, and a newcomer would read only from their invitation on. On the homeserver's default room version (12 on
/// current Synapse, where a trusted private chat makes the invitee a creator).
#[tokio::test(flavor = "multi_thread")]
async fn a_join_names_the_player_and_their_direct_room_lets_nobody_else_in() {
    let Some(hs) = homeserver() else { return };
    let bot_user = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let mut bob = hs.register("bob").await;
    let carol = hs.register("carol").await;
    bob.set_display_name("Bob Dvořák").await;
    let bot = Bot::start(&hs, &bot_user);
    bot.ready().await;
    let room = table_room(&alice, &[&bob], &bot_user).await;
    alice
        .command(&room, "!vliv new claim", &bot_user.user_id)
        .await;
    let joined = bob.command(&room, "!vliv join", &bot_user.user_id).await;
    assert_eq!(joined.body, "Bob Dvořák joined.", "{joined:?}");
    alice.command(&room, "!vliv start", &bot_user.user_id).await;
    let dm = bob.accept_invite().await;
    bob.wait_for(&dm, &bot_user.user_id, 0, |_| true).await;

    let (_, capabilities) = bob
        .try_call(Method::GET, &["capabilities"], serde_json::Value::Null)
        .await;
    let default = capabilities["capabilities"]["m.room_versions"]["default"].clone();
    let created = bob.state(&dm, "m.room.create").await;
    assert_eq!(created["room_version"], default, "{created}");
    assert!(
        created["additional_creators"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "the player is no creator: {created}"
    );
    let (status, refused) = bob.invite(&dm, &carol.user_id).await;
    assert_eq!(status, 403, "the player invited someone: {refused}");
    let mut levels = bob.state(&dm, "m.room.power_levels").await;
    levels["users"][&bob.user_id] = json!(100);
    levels["invite"] = json!(0);
    let (status, refused) = bob
        .try_call(
            Method::PUT,
            &["rooms", &dm, "state", "m.room.power_levels", ""],
            levels,
        )
        .await;
    assert_eq!(status, 403, "the player raised their power: {refused}");
    let (status, _) = carol
        .try_call(Method::POST, &["join", &dm], json!({}))
        .await;
    assert_eq!(status, 403, "an outsider joined the DM room");
    let history = bob.state(&dm, "m.room.history_visibility").await;
    // One reads from their invitation on: the hands before it stay unread by anyone new.
    assert_eq!(history["history_visibility"], "invited");
    let guests = bob.state(&dm, "m.room.guest_access").await;
    assert_eq!(guests["guest_access"], "forbidden");
    println!("DM room version {default}");
}
