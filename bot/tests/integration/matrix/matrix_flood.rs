//! One sender must not stall every room (issue 50, item 6): a flood of commands is cut to
//! the sender's budget as it is read, the sender told once to wait, a burst of statuses
//! posts the table once, and another room's command is answered soon (after the flooder's
//! first few, not the whole burst); invitations are bounded per inviter and in all, and declined
//! with a reason.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::Value;

use crate::matrix_support::{homeserver, table_room, Bot, Seen, User, WAIT};

#[tokio::test(flavor = "multi_thread")]
async fn eighty_statuses_at_once_are_cut_to_the_budget_and_another_room_is_answered() {
    let Some(hs) = homeserver() else { return };
    let bot_user = hs.register("vliv").await;
    let mallory = hs.register("mallory").await;
    let alice = hs.register("alice").await;
    let bot_id = bot_user.user_id.as_str();
    let bot = Bot::start(&hs, &bot_user);
    bot.ready().await;
    let spam = table_room(&mallory, &[], &bot_user).await;
    mallory.command(&spam, "!vliv new claim", bot_id).await;
    mallory.command(&spam, "!vliv ai", bot_id).await;
    mallory.command(&spam, "!vliv start", bot_id).await;
    let other = table_room(&alice, &[], &bot_user).await;
    // One status (the table posted again, with a fresh picture) alone.
    let alone = Instant::now();
    mallory.command(&spam, "!vliv status", bot_id).await;
    let one = alone.elapsed();

    let sends = (0..80).map(|_| mallory.send(&spam, "!vliv status"));
    let flood: Vec<String> = futures::future::join_all(sends).await;
    let asked = Instant::now();
    let probe = alice.send(&other, "!vliv help").await;
    let answer = alice.answers(&other, &probe, bot_id, WAIT).await;
    let took = asked.elapsed();
    assert_eq!(answer.len(), 1, "{answer:?}");
    // What the flood got, once the budgeted part is worked through.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let replies: Vec<Seen> = mallory
        .messages(&spam)
        .await
        .into_iter()
        .filter(|m| m.sender == bot_id && m.reply_to.as_ref().is_some_and(|r| flood.contains(r)))
        .collect();
    let waits = replies
        .iter()
        .filter(|m| m.body.starts_with("Please wait"))
        .count();
    let done = replies.iter().filter(|m| m.body == "Done.").count();
    let above = replies
        .iter()
        .filter(|m| m.body.starts_with("The table was posted a moment ago"))
        .count();
    println!(
        "one status alone: {one:?}; with 80 at once, another room answered after {took:?}; \
         of the 80, {done} posted the table again, {above} were told it is just above, \
         {waits} told to wait"
    );
    assert_eq!(waits, 1, "told once: {replies:?}");
    assert!(
        done + above <= 30,
        "{} statuses of a flood were run",
        done + above
    );
    // Within seconds the table is posted again once; the rest of the burst is told where it is.
    assert!(
        done <= 2,
        "{done} statuses posted the table again: {replies:?}"
    );
    assert!(
        above >= 10,
        "{above} statuses were told the table is just above"
    );
    // The other room's command runs after the flooder's first few (the batch is shared
    // fairly between senders), and those cost one picture at most.
    let bound = one * 3 + Duration::from_secs(2);
    assert!(
        took < bound,
        "another room waited {took:?}; one status takes {one:?}, the bound is {bound:?}"
    );
}

/// The member state of `who` in `room` as `reader` sees it (null when there is none).
async fn membership(reader: &User, room: &str, who: &str) -> Value {
    let path = ["rooms", room, "state", "m.room.member", who];
    reader.try_call(Method::GET, &path, Value::Null).await.1
}

/// Waits until the bot's membership of `room` is `want`; its member content.
async fn bot_becomes(reader: &User, room: &str, bot: &str, want: &str) -> Value {
    let start = Instant::now();
    loop {
        let member = membership(reader, room, bot).await;
        if member["membership"] == want {
            return member;
        }
        assert!(start.elapsed() < WAIT, "the bot is {member} in {room}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn invitations_beyond_an_inviters_share_or_the_bots_rooms_are_declined_with_a_reason() {
    let Some(hs) = homeserver() else { return };
    let bot_user = hs.register("vliv").await;
    let mallory = hs.register("mallory").await;
    let alice = hs.register("alice").await;
    let bob = hs.register("bob").await;
    let bot_id = bot_user.user_id.as_str();
    let caps = vec![
        ("VLIV_MATRIX_ROOMS_PER_INVITER".into(), "2".into()),
        ("VLIV_MATRIX_MAX_ROOMS".into(), "3".into()),
    ];
    let bot = Bot::start_with(&hs, &bot_user, caps);
    bot.ready().await;
    for _ in 0..2 {
        table_room(&mallory, &[], &bot_user).await;
    }
    let third = mallory.create_room(&[bot_id]).await;
    let declined = bot_becomes(&mallory, &third, bot_id, "leave").await;
    assert_eq!(
        declined["reason"],
        "Vliv already plays in 2 rooms you invited it to, the most one person may invite it to."
    );
    // Another user's invitation is taken: the bot's third room, its last.
    table_room(&alice, &[], &bot_user).await;
    let full = bob.create_room(&[bot_id]).await;
    let declined = bot_becomes(&bob, &full, bot_id, "leave").await;
    assert_eq!(
        declined["reason"],
        "Vliv is in as many rooms as it may be in, so it cannot join another now."
    );
    assert!(bot.log().contains("an invitation declined: over a cap"));
}
