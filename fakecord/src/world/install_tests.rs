//! User installs: where Discord offers a command, what an interaction outside a server
//! carries, and what the bot may not do in a DM between users or a group DM.

use super::*;

const ALICE: u64 = 11;
const BOB: u64 = 12;
const CAROL: u64 = 13;
const GROUP: u64 = 30;
const PAIR: u64 = 31;
const GUILD_CHANNEL: u64 = 5;
const BOT_DM: u64 = 6;

fn world() -> World {
    let mut w = World::new("ws://127.0.0.1:1/gateway".into());
    for (id, name) in [(ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")] {
        w.users.insert(
            id,
            SimUser {
                id,
                name: name.into(),
                locale: "en-US".into(),
                dms_open: true,
            },
        );
    }
    let channel = |id, guild, dm_with| Channel {
        id,
        guild,
        dm_with,
        parent: None,
        name: String::new(),
    };
    w.channels
        .insert(GUILD_CHANNEL, channel(GUILD_CHANNEL, Some(1), None));
    w.channels
        .insert(BOT_DM, channel(BOT_DM, None, Some(ALICE)));
    for (id, kind, who) in [
        (GROUP, 3, vec![ALICE, BOB, CAROL]),
        (PAIR, 1, vec![ALICE, BOB]),
    ] {
        w.channels.insert(id, channel(id, None, None));
        w.private.insert(
            id,
            PrivateChannel {
                kind,
                recipients: who,
            },
        );
    }
    // The bot's registration: one command for servers only, one also installable to users.
    let r = w.handle(
        "PUT",
        "applications/1/commands",
        json!([
            { "name": "admin", "description": "server only", "contexts": [0] },
            { "name": "game", "description": "anywhere", "integration_types": [0, 1],
              "contexts": [0, 1, 2] },
        ]),
        Instant::now(),
    );
    assert_eq!(r.status, 200, "{}", r.response);
    w
}

fn command(w: &mut World, user: u64, channel: u64) -> (u64, String, Value) {
    let id = w.interact(
        IxKind::Command,
        user,
        channel,
        json!({ "name": "game" }),
        None,
    );
    let frame = w
        .frames
        .last()
        .expect("the interaction was dispatched")
        .clone();
    (id, w.interactions[&id].token.clone(), frame["d"].clone())
}

fn call(w: &mut World, method: &str, path: &str, body: Value) -> Request {
    w.handle(method, path, body, Instant::now())
}

#[test]
fn commands_are_offered_only_where_their_contexts_and_installs_reach() {
    let mut w = world();
    // Not installed by alice: nothing of the app in a group DM.
    assert!(w.not_offered("game", ALICE, GROUP).is_some());
    w.user_installs.insert(ALICE);
    assert_eq!(w.not_offered("game", ALICE, GROUP), None);
    assert_eq!(w.not_offered("game", ALICE, PAIR), None);
    // Bob did not install it: the group DM offers him nothing.
    assert!(w.not_offered("game", BOB, GROUP).is_some());
    // A server-only command: in its server, never in a DM or a group DM.
    assert_eq!(w.not_offered("admin", ALICE, GUILD_CHANNEL), None);
    assert!(w.not_offered("admin", ALICE, BOT_DM).is_some());
    assert!(w.not_offered("admin", ALICE, GROUP).is_some());
    assert_eq!(w.context_of(GROUP), CONTEXT_PRIVATE_CHANNEL);
    assert_eq!(w.context_of(BOT_DM), CONTEXT_BOT_DM);
    assert_eq!(w.context_of(GUILD_CHANNEL), CONTEXT_GUILD);
}

#[test]
fn an_interaction_in_a_group_dm_names_its_context_and_its_authorizing_user() {
    let mut w = world();
    w.user_installs.insert(ALICE);
    let (_, _, d) = command(&mut w, ALICE, GROUP);
    assert!(d.get("guild_id").is_none(), "{d}");
    assert!(d.get("member").is_none(), "{d}");
    assert_eq!(d["user"]["id"], ALICE.to_string());
    assert_eq!(d["context"], CONTEXT_PRIVATE_CHANNEL);
    assert_eq!(d["channel"]["type"], 3);
    assert_eq!(
        d["authorizing_integration_owners"],
        json!({ "1": ALICE.to_string() })
    );
    // In a server, the server's install; in the bot's DM, "0".
    let (_, _, d) = command(&mut w, ALICE, GUILD_CHANNEL);
    assert_eq!(d["context"], CONTEXT_GUILD);
    assert_eq!(
        d["authorizing_integration_owners"],
        json!({ "0": "1", "1": ALICE.to_string() })
    );
    let (_, _, d) = command(&mut w, ALICE, BOT_DM);
    assert_eq!(d["context"], CONTEXT_BOT_DM);
    assert_eq!(d["authorizing_integration_owners"]["0"], "0");
    // In a DM between two users, channel type 1 and the private context.
    let (_, _, d) = command(&mut w, ALICE, PAIR);
    assert_eq!(
        (d["channel"]["type"].clone(), d["context"].clone()),
        (json!(1), json!(2))
    );
}

#[test]
fn app_permissions_outside_a_server_are_the_ones_discord_documents() {
    let mut w = world();
    w.user_installs.insert(ALICE);
    let bits = |d: &Value| -> u64 { d["app_permissions"].as_str().unwrap().parse().unwrap() };
    // Discord's own example of a user install's interaction in the bot's DM says "442368".
    let (_, _, d) = command(&mut w, ALICE, BOT_DM);
    assert_eq!(bits(&d), 442_368);
    // Between users (a DM or a group DM) the same but external emojis: no Send Messages.
    for place in [PAIR, GROUP] {
        let (_, _, d) = command(&mut w, ALICE, place);
        assert_eq!(
            bits(&d),
            permissions::ATTACH_FILES | permissions::EMBED_LINKS | permissions::MENTION_EVERYONE
        );
        assert_eq!(bits(&d) & permissions::SEND_MESSAGES, 0);
    }
}

#[test]
fn a_click_by_someone_else_keeps_the_authorizing_user_of_the_message() {
    let mut w = world();
    w.user_installs.insert(ALICE);
    let (id, token, _) = command(&mut w, ALICE, GROUP);
    let cb = format!("interactions/{id}/{token}/callback");
    let r = call(
        &mut w,
        "POST",
        &cb,
        json!({ "type": 4, "data": { "content": "table" } }),
    );
    assert_eq!(r.status, 204);
    let table = w.interactions[&id]
        .original
        .expect("the response's message");
    let click = w.interact(
        IxKind::Component,
        BOB,
        GROUP,
        json!({ "custom_id": "x", "component_type": 2 }),
        Some(table),
    );
    assert_eq!(
        w.interactions[&click].owners,
        json!({ "1": ALICE.to_string() })
    );
    assert_eq!(w.interactions[&click].context, CONTEXT_PRIVATE_CHANNEL);
}

#[test]
fn the_bot_token_reaches_nothing_in_a_group_dm_and_interaction_tokens_do() {
    let mut w = world();
    w.user_installs.insert(ALICE);
    let (id, token, _) = command(&mut w, ALICE, GROUP);
    // Its own token: 403 / 50001 for posting, reading and the channel itself.
    for (method, path) in [
        ("POST", format!("channels/{GROUP}/messages")),
        ("GET", format!("channels/{GROUP}")),
        ("GET", format!("channels/{GROUP}/messages/1")),
    ] {
        let r = call(&mut w, method, &path, json!({ "content": "hello" }));
        assert_eq!(
            (r.status, r.response["code"].clone()),
            (403, json!(CODE_MISSING_ACCESS)),
            "{method} {path}"
        );
    }
    // The interaction's response is shown to the group.
    let cb = format!("interactions/{id}/{token}/callback");
    let r = call(
        &mut w,
        "POST",
        &cb,
        json!({ "type": 4, "data": { "content": "table" } }),
    );
    assert_eq!((r.status, r.audience), (204, Audience::Channel(GROUP)));
    let table = w.interactions[&id].original.expect("the table");
    // …and is still not the bot's to edit with its own token.
    let r = call(
        &mut w,
        "PATCH",
        &format!("channels/{GROUP}/messages/{table}"),
        json!({ "content": "edited" }),
    );
    assert_eq!(
        (r.status, r.response["code"].clone()),
        (403, json!(CODE_MISSING_ACCESS))
    );
    // Through the token it is.
    let app = w.app;
    let r = call(
        &mut w,
        "PATCH",
        &format!("webhooks/{app}/{token}/messages/@original"),
        json!({ "content": "edited" }),
    );
    assert_eq!(r.status, 200);
    assert_eq!(w.messages[&table].content, "edited");
}

#[test]
fn a_user_install_gets_five_follow_ups_and_a_token_for_fifteen_minutes() {
    let mut w = world();
    w.user_installs.insert(ALICE);
    let (id, token, _) = command(&mut w, ALICE, GROUP);
    let cb = format!("interactions/{id}/{token}/callback");
    assert_eq!(
        call(
            &mut w,
            "POST",
            &cb,
            json!({ "type": 4, "data": { "content": "t" } })
        )
        .status,
        204
    );
    let hook = format!("webhooks/{}/{token}", w.app);
    for n in 0..USER_INSTALL_FOLLOWUPS {
        let r = call(
            &mut w,
            "POST",
            &hook,
            json!({ "content": format!("note {n}") }),
        );
        assert_eq!(r.status, 200, "follow-up {n}: {}", r.response);
    }
    let r = call(&mut w, "POST", &hook, json!({ "content": "one too many" }));
    assert_eq!(
        (r.status, r.response["code"].clone()),
        (400, json!(CODE_MAX_FOLLOWUPS))
    );
    // A server's install has no such limit.
    let (id, token, _) = command(&mut w, ALICE, GUILD_CHANNEL);
    let cb = format!("interactions/{id}/{token}/callback");
    assert_eq!(
        call(
            &mut w,
            "POST",
            &cb,
            json!({ "type": 4, "data": { "content": "t" } })
        )
        .status,
        204
    );
    let hook = format!("webhooks/{}/{token}", w.app);
    for n in 0..=USER_INSTALL_FOLLOWUPS {
        assert_eq!(
            call(&mut w, "POST", &hook, json!({ "content": format!("{n}") })).status,
            200
        );
    }
    // Fifteen minutes later the group DM's token is dead: 401 / 50027.
    let (id, token, _) = command(&mut w, ALICE, GROUP);
    let cb = format!("interactions/{id}/{token}/callback");
    assert_eq!(call(&mut w, "POST", &cb, json!({ "type": 5 })).status, 204);
    w.clock += TOKEN_LIFE + Duration::from_secs(1);
    let app = w.app;
    for (method, path) in [
        ("POST", format!("webhooks/{app}/{token}")),
        (
            "PATCH",
            format!("webhooks/{app}/{token}/messages/@original"),
        ),
    ] {
        let r = call(&mut w, method, &path, json!({ "content": "late" }));
        assert_eq!(
            (r.status, r.response["code"].clone()),
            (401, json!(CODE_INVALID_WEBHOOK_TOKEN)),
            "{method} {path}"
        );
    }
    // An interaction sent after the simulated clock moved on is new: its token works.
    let (id, token, _) = command(&mut w, ALICE, GROUP);
    let cb = format!("interactions/{id}/{token}/callback");
    assert_eq!(call(&mut w, "POST", &cb, json!({ "type": 5 })).status, 204);
    let r = call(
        &mut w,
        "POST",
        &format!("webhooks/{app}/{token}"),
        json!({ "content": "on time" }),
    );
    assert_eq!(r.status, 200, "{}", r.response);
}
