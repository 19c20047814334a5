//! The REST API under the bot's permissions: refusals with Discord's codes, embeds hidden
//! without Embed Links, and the computed bits in every interaction.

use super::*;
use crate::permissions::{Overwrite, Target, DEFAULT_BOT_ROLE};

const GUILD: u64 = 1;
const CHANNEL: u64 = 5;
const THREAD: u64 = 6;
const ALICE: u64 = 11;

fn world() -> World {
    let mut w = World::new("ws://127.0.0.1:1/gateway".into());
    w.users.insert(
        ALICE,
        SimUser {
            id: ALICE,
            name: "alice".into(),
            locale: "en-US".into(),
            dms_open: true,
        },
    );
    for (id, parent) in [(CHANNEL, None), (THREAD, Some(CHANNEL))] {
        w.channels.insert(
            id,
            Channel {
                id,
                guild: Some(GUILD),
                dm_with: None,
                parent,
                name: "games".into(),
            },
        );
    }
    w
}

fn deny(w: &mut World, target: Target, bits: u64) {
    w.grants
        .overwrites
        .entry(CHANNEL)
        .or_default()
        .push(Overwrite {
            target,
            allow: 0,
            deny: bits,
        });
}

fn post(w: &mut World, channel: u64, body: Value) -> Request {
    let path = format!("channels/{channel}/messages");
    w.handle("POST", &path, body, Instant::now())
}

fn table() -> Value {
    json!({ "content": "", "embeds": [{ "title": "Claim" }] })
}

#[test]
fn a_post_without_send_messages_is_50013_and_without_view_channel_50001() {
    let mut w = world();
    assert_eq!(post(&mut w, CHANNEL, table()).status, 200);
    deny(&mut w, Target::BotRole, permissions::SEND_MESSAGES);
    let r = post(&mut w, CHANNEL, table());
    assert_eq!((r.status, r.response["code"].as_u64()), (403, Some(50013)));
    // A thread reads Send Messages in Threads, which the bot still has.
    assert_eq!(post(&mut w, THREAD, table()).status, 200);
    deny(&mut w, Target::Everyone, permissions::VIEW_CHANNEL);
    for r in [
        post(&mut w, CHANNEL, table()),
        post(&mut w, THREAD, table()),
        w.handle(
            "GET",
            &format!("channels/{CHANNEL}"),
            Value::Null,
            Instant::now(),
        ),
    ] {
        assert_eq!(
            (r.status, r.response["code"].as_u64()),
            (403, Some(50001)),
            "{r:?}"
        );
    }
}

#[test]
fn without_embed_links_the_message_is_taken_and_its_embeds_hidden() {
    let mut w = world();
    deny(&mut w, Target::Bot, permissions::EMBED_LINKS);
    let r = post(
        &mut w,
        CHANNEL,
        json!({ "content": "hi", "embeds": [{ "title": "T" }] }),
    );
    assert_eq!(r.status, 200);
    let id: u64 = r.response["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(w.embeds_hidden, vec![id]);
    assert_eq!(w.messages[&id].embeds, json!([]));
    assert_eq!(
        w.needed(&r) & permissions::EMBED_LINKS,
        permissions::EMBED_LINKS
    );
}

#[test]
fn a_thread_needs_create_public_threads_and_interactions_carry_app_permissions() {
    let mut w = world();
    let ix = w.interact(IxKind::Command, ALICE, CHANNEL, json!({}), None);
    let sent = |w: &World| w.frames.last().unwrap()["d"]["app_permissions"].clone();
    assert_eq!(sent(&w), json!(DEFAULT_BOT_ROLE.to_string()));
    deny(&mut w, Target::BotRole, permissions::CREATE_PUBLIC_THREADS);
    let body = json!({ "name": "Claim", "type": 11 });
    let r = w.handle(
        "POST",
        &format!("channels/{CHANNEL}/threads"),
        body,
        Instant::now(),
    );
    assert_eq!((r.status, r.response["code"].as_u64()), (403, Some(50013)));
    w.interact(IxKind::Command, ALICE, THREAD, json!({}), None);
    let bits: u64 = sent(&w).as_str().unwrap().parse().unwrap();
    assert_eq!(bits, DEFAULT_BOT_ROLE & !permissions::CREATE_PUBLIC_THREADS);
    // Interaction responses need no channel permission.
    deny(&mut w, Target::Bot, permissions::VIEW_CHANNEL);
    let token = w.interactions[&ix].token.clone();
    let cb = format!("interactions/{ix}/{token}/callback");
    let r = w.handle(
        "POST",
        &cb,
        json!({ "type": 4, "data": { "content": "ok" } }),
        Instant::now(),
    );
    assert_eq!(r.status, 204, "{r:?}");
}
