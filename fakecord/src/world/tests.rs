use super::*;

const ALICE: u64 = 11;
const CHANNEL: u64 = 5;

fn world() -> World {
    let mut w = World::new("ws://127.0.0.1:1/gateway".into());
    w.users.insert(
        ALICE,
        SimUser {
            id: ALICE,
            name: "alice".into(),
            locale: "cs".into(),
            dms_open: false,
        },
    );
    w.channels.insert(
        CHANNEL,
        Channel {
            id: CHANNEL,
            guild: Some(1),
            dm_with: None,
            parent: None,
            name: "games".into(),
        },
    );
    w
}

fn click(w: &mut World) -> (u64, String) {
    let id = w.interact(IxKind::Command, ALICE, CHANNEL, json!({}), None);
    (id, w.interactions[&id].token.clone())
}

fn post(w: &mut World, method: &str, path: &str, body: Value) -> Request {
    w.handle(method, path, body, Instant::now())
}

#[test]
fn an_answer_after_three_seconds_is_an_unknown_interaction() {
    let mut w = world();
    let (id, token) = click(&mut w);
    w.age_offset = Duration::from_millis(3001);
    let r = post(
        &mut w,
        "POST",
        &format!("interactions/{id}/{token}/callback"),
        json!({ "type": 5 }),
    );
    assert_eq!(r.status, 404);
    assert_eq!(r.response["code"], CODE_UNKNOWN_INTERACTION);
    assert!(w.interactions[&id].expired);
}

#[test]
fn a_second_first_response_is_refused_and_follow_ups_fill_the_deferred_reply() {
    let mut w = world();
    let (id, token) = click(&mut w);
    let defer = json!({ "type": 5, "data": { "flags": EPHEMERAL } });
    let cb = format!("interactions/{id}/{token}/callback");
    assert_eq!(post(&mut w, "POST", &cb, defer.clone()).status, 204);
    let again = post(&mut w, "POST", &cb, defer);
    assert_eq!(
        (again.status, again.response["code"].clone()),
        (400, json!(CODE_ALREADY_ACKNOWLEDGED))
    );
    let hook = format!("webhooks/{}/{token}", w.app);
    let first = post(&mut w, "POST", &hook, json!({ "content": "one" }));
    let second = post(
        &mut w,
        "POST",
        &hook,
        json!({ "content": "two", "flags": EPHEMERAL }),
    );
    assert_eq!(
        first.audience,
        Audience::Ephemeral(ALICE),
        "the defer's visibility wins"
    );
    assert_eq!(
        first.response["id"],
        json!(w.interactions[&id].original.unwrap().to_string())
    );
    assert_ne!(second.response["id"], first.response["id"]);
}

#[test]
fn a_token_older_than_fifteen_minutes_no_longer_edits() {
    let mut w = world();
    let (id, token) = click(&mut w);
    post(
        &mut w,
        "POST",
        &format!("interactions/{id}/{token}/callback"),
        json!({ "type": 4, "data": { "content": "hi" } }),
    );
    w.age_offset = TOKEN_LIFE + Duration::from_secs(1);
    let hook = format!("webhooks/{}/{token}/messages/@original", w.app);
    let r = post(&mut w, "PATCH", &hook, json!({ "content": "late" }));
    assert_eq!(
        (r.status, r.response["code"].clone()),
        (401, json!(CODE_INVALID_WEBHOOK_TOKEN))
    );
}

#[test]
fn a_dm_to_a_user_with_closed_dms_is_forbidden_with_50007() {
    let mut w = world();
    let dm = post(
        &mut w,
        "POST",
        "users/@me/channels",
        json!({ "recipient_id": ALICE.to_string() }),
    );
    let channel = dm.response["id"].as_str().unwrap().to_owned();
    let r = post(
        &mut w,
        "POST",
        &format!("channels/{channel}/messages"),
        json!({ "content": "your turn" }),
    );
    assert_eq!(
        (r.status, r.response["code"].clone()),
        (403, json!(CODE_DMS_CLOSED))
    );
}

#[test]
fn an_oversized_embed_and_a_deleted_message_get_discords_errors() {
    let mut w = world();
    let too_long = json!({ "embeds": [{ "title": "x".repeat(257) }] });
    let r = post(
        &mut w,
        "POST",
        &format!("channels/{CHANNEL}/messages"),
        too_long,
    );
    assert_eq!(r.status, 400);
    assert_eq!(r.response["code"], CODE_INVALID_FORM_BODY);
    assert!(r
        .response
        .pointer("/errors/embeds/0/title/_errors")
        .is_some());
    let ok = post(
        &mut w,
        "POST",
        &format!("channels/{CHANNEL}/messages"),
        json!({ "content": "t" }),
    );
    let mid = ok.response["id"].as_str().unwrap().to_owned();
    post(
        &mut w,
        "DELETE",
        &format!("channels/{CHANNEL}/messages/{mid}"),
        Value::Null,
    );
    let r = post(
        &mut w,
        "PATCH",
        &format!("channels/{CHANNEL}/messages/{mid}"),
        json!({ "content": "t2" }),
    );
    assert_eq!(
        (r.status, r.response["code"].clone()),
        (404, json!(CODE_UNKNOWN_MESSAGE))
    );
}

fn png(bytes: &[u8]) -> Vec<Upload> {
    vec![Upload {
        index: 0,
        filename: "table.png".into(),
        content_type: "image/png".into(),
        bytes: std::sync::Arc::new(bytes.to_vec()),
    }]
}

#[test]
fn a_table_embed_carries_its_picture_and_each_edit_replaces_it() {
    let mut w = world();
    let embed = json!({ "embeds": [{ "title": "Claim", "image": { "url": "attachment://table.png" } }],
        "attachments": [{ "id": 0, "filename": "table.png" }] });
    let path = format!("channels/{CHANNEL}/messages");
    let without = post(&mut w, "POST", &path, embed.clone());
    assert_eq!(without.status, 400, "the file was not sent");
    assert_eq!(without.response["code"], CODE_INVALID_FORM_BODY);
    assert!(without
        .response
        .pointer("/errors/embeds/0/image/url/_errors")
        .is_some());
    let r = w.handle_with_files("POST", &path, embed.clone(), png(b"first"), Instant::now());
    assert_eq!(r.status, 200);
    assert_eq!(r.files.len(), 1, "the request keeps its files");
    assert_eq!(r.response["attachments"][0]["filename"], "table.png");
    let mid: u64 = r.response["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(w.messages[&mid].attachments[0].bytes.as_slice(), b"first");
    let edit = format!("channels/{CHANNEL}/messages/{mid}");
    let r = w.handle_with_files("PATCH", &edit, embed, png(b"second"), Instant::now());
    assert_eq!(r.status, 200);
    let m = &w.messages[&mid];
    assert_eq!(m.attachments.len(), 1, "replaced, not added");
    assert_eq!(m.attachments[0].bytes.as_slice(), b"second");
    // An edit without an attachments list keeps the picture the embed shows.
    let text_only =
        json!({ "embeds": [{ "title": "Claim", "image": { "url": "attachment://table.png" } }] });
    assert_eq!(post(&mut w, "PATCH", &edit, text_only).status, 200);
    assert_eq!(w.messages[&mid].attachments.len(), 1);
    // Dropping the file while the embed still shows it is refused.
    let dropped =
        json!({ "embeds": [{ "image": { "url": "attachment://table.png" } }], "attachments": [] });
    assert_eq!(post(&mut w, "PATCH", &edit, dropped).status, 400);
    let none = json!({ "embeds": [{ "title": "no picture" }], "attachments": [] });
    assert_eq!(post(&mut w, "PATCH", &edit, none).status, 200);
    assert!(w.messages[&mid].attachments.is_empty());
}

#[test]
fn launch_activity_puts_the_user_in_the_channels_instance_which_the_app_can_read() {
    let mut w = world();
    let (id, token) = click(&mut w);
    let cb = format!("interactions/{id}/{token}/callback");
    assert_eq!(post(&mut w, "POST", &cb, json!({ "type": 12 })).status, 204);
    let instance = w.activities[0].id.clone();
    let path = format!("applications/{}/activity-instances/{instance}", w.app);
    let r = post(&mut w, "GET", &path, Value::Null);
    assert_eq!(r.status, 200);
    assert_eq!(
        r.response["location"]["channel_id"],
        json!(CHANNEL.to_string())
    );
    assert_eq!(r.response["location"]["guild_id"], json!("1"));
    assert_eq!(r.response["location"]["kind"], json!("gc"));
    assert_eq!(r.response["users"], json!([ALICE.to_string()]));
    // Another launch in the same channel joins the same instance.
    assert_eq!(w.launch_activity(12, CHANNEL), instance);
    assert_eq!(w.activities.len(), 1);
    let forged = format!("applications/{}/activity-instances/i-0-forged", w.app);
    let unknown = post(&mut w, "GET", &forged, Value::Null);
    assert_eq!(unknown.status, 404);
    let other_app = post(
        &mut w,
        "GET",
        &format!("applications/1/activity-instances/{instance}"),
        Value::Null,
    );
    assert_eq!(other_app.status, 404);
}

/// Discord's edit table: "the `IS_COMPONENTS_V2` flag can only be set"; a V2 message's
/// edit is checked as V2 even without `flags`.
#[test]
fn the_components_v2_flag_cannot_be_removed_by_an_edit() {
    let mut w = world();
    let v2 = json!({ "flags": 1 << 15, "components": [{ "type": 10, "content": "table" }] });
    let r = post(&mut w, "POST", &format!("channels/{CHANNEL}/messages"), v2);
    assert_eq!(r.status, 200, "{}", r.response);
    let mid = r.response["id"].as_str().unwrap().to_owned();
    let path = format!("channels/{CHANNEL}/messages/{mid}");
    let removed = post(
        &mut w,
        "PATCH",
        &path,
        json!({ "flags": 0, "content": "plain" }),
    );
    assert_eq!(removed.status, 400);
    assert_eq!(
        removed.response.pointer("/errors/flags/_errors/0/code"),
        Some(&json!("MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG"))
    );
    let content = post(&mut w, "PATCH", &path, json!({ "content": "plain" }));
    assert_eq!(content.status, 400, "a V2 message takes no content");
    let kept = post(
        &mut w,
        "PATCH",
        &path,
        json!({ "components": [{ "type": 10, "content": "table, later" }] }),
    );
    assert_eq!(kept.status, 200, "{}", kept.response);
    // A legacy message may take the flag.
    let r = post(
        &mut w,
        "POST",
        &format!("channels/{CHANNEL}/messages"),
        json!({ "content": "x" }),
    );
    let legacy = r.response["id"].as_str().unwrap().to_owned();
    let set = post(
        &mut w,
        "PATCH",
        &format!("channels/{CHANNEL}/messages/{legacy}"),
        json!({ "flags": 1 << 15, "content": null, "components": [{ "type": 10, "content": "now V2" }] }),
    );
    assert_eq!(set.status, 200, "{}", set.response);
}

#[test]
fn a_media_gallery_may_show_only_a_file_the_message_carries() {
    let mut w = world();
    let gallery = |name: &str| json!({ "flags": 1 << 15, "components": [{ "type": 12, "items": [{ "media": { "url": format!("attachment://{name}") } }] }] });
    let path = format!("channels/{CHANNEL}/messages");
    let missing = w.handle_with_files(
        "POST",
        &path,
        gallery("hand.png"),
        png(b"x"),
        Instant::now(),
    );
    assert_eq!(missing.status, 400);
    assert_eq!(
        missing
            .response
            .pointer("/errors/components/0/items/0/media/url/_errors/0/code"),
        Some(&json!("ATTACHMENT_NOT_FOUND"))
    );
    let carried = w.handle_with_files(
        "POST",
        &path,
        gallery("table.png"),
        png(b"x"),
        Instant::now(),
    );
    assert_eq!(carried.status, 200, "{}", carried.response);
}

/// A deferred ephemeral reply becomes a V2 hand panel through Edit Original only: the
/// follow-up that would fill its placeholder may not carry the flag (the interaction
/// response's flags, receiving-and-responding). Once filled, the panel is ephemeral and V2,
/// and a later ephemeral V2 follow-up is a message of its own.
#[test]
fn a_deferred_reply_becomes_components_v2_through_edit_original_only() {
    let mut w = world();
    let (id, token) = click(&mut w);
    let cb = format!("interactions/{id}/{token}/callback");
    let defer = json!({ "type": 5, "data": { "flags": EPHEMERAL } });
    assert_eq!(post(&mut w, "POST", &cb, defer).status, 204);
    let panel = json!({ "flags": 1 << 15, "components": [{ "type": 10, "content": "### Hand" }] });
    let hook = format!("webhooks/{}/{token}", w.app);
    let refused = post(&mut w, "POST", &hook, panel.clone());
    assert_eq!(refused.status, 400, "{}", refused.response);
    let original = format!("{hook}/messages/@original");
    let filled = post(&mut w, "PATCH", &original, panel.clone());
    assert_eq!(filled.status, 200, "{}", filled.response);
    assert_eq!(filled.audience, Audience::Ephemeral(ALICE));
    let mid = w.interactions[&id].original.unwrap();
    assert_eq!(w.messages[&mid].flags & (1 << 15), 1 << 15);
    let mut own = panel;
    own["flags"] = json!((1 << 15) | EPHEMERAL);
    let next = post(&mut w, "POST", &hook, own);
    assert_eq!(next.status, 200, "{}", next.response);
    assert_eq!(next.audience, Audience::Ephemeral(ALICE));
    assert_ne!(next.response["id"], json!(mid.to_string()));
}
