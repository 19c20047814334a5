//! The fake refuses message bodies Discord would refuse: component types and shapes, button
//! styles with their custom id or url, select option counts and bounds, flags per endpoint,
//! allowed mentions, empty messages. Each rule is checked on the wire (`World::handle`),
//! with Discord's status, code and the field named in the `errors` tree.

use std::time::Instant;

use fakecord::{
    validate::{check_message_as, Refused, Use, CODE_EMPTY_MESSAGE},
    Channel, World,
};
use serde_json::{json, Value};

const CHANNEL: u64 = 5;

fn world() -> World {
    let mut w = World::new("ws://127.0.0.1:1/gateway".into());
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

/// Posts `body` to the channel; returns (status, Discord code, errors tree).
fn post(body: Value) -> (u16, Value, Value) {
    let mut w = world();
    let r = w.handle(
        "POST",
        &format!("channels/{CHANNEL}/messages"),
        body,
        Instant::now(),
    );
    (
        r.status,
        r.response["code"].clone(),
        r.response["errors"].clone(),
    )
}

/// The body is refused with 50035 and the errors tree names `pointer`.
fn refused_at(body: Value, pointer: &str) {
    let (status, code, errors) = post(body.clone());
    assert_eq!((status, code), (400, json!(50035)), "{body}");
    assert!(
        errors.pointer(pointer).is_some(),
        "{pointer} not named in {errors:#}"
    );
}

fn accepted(body: Value) {
    let (status, _, errors) = post(body.clone());
    assert_eq!(status, 200, "{body} refused: {errors:#}");
}

fn row(items: Vec<Value>) -> Value {
    json!({ "components": [{ "type": 1, "components": items }] })
}

fn button(style: u64) -> Value {
    json!({ "type": 2, "style": style, "label": "Play", "custom_id": "vm:1" })
}

#[test]
fn a_top_level_component_must_be_an_action_row() {
    refused_at(
        json!({ "components": [button(1)] }),
        "/components/0/type/_errors",
    );
    refused_at(
        json!({ "components": [{ "components": [button(1)] }] }),
        "/components/0/type/_errors",
    );
    accepted(row(vec![button(1)]));
}

#[test]
fn unknown_component_types_and_text_inputs_are_refused_in_messages() {
    for kind in [0, 1, 4, 9, 99] {
        let mut c = button(1);
        c["type"] = kind.into();
        refused_at(row(vec![c]), "/components/0/components/0/type/_errors");
    }
    refused_at(
        json!({ "components": [{ "type": 1, "components": [] }] }),
        "/components/0/components/_errors",
    );
}

#[test]
fn button_styles_one_to_six_with_custom_id_or_url_as_the_style_says() {
    for style in 1..=4 {
        accepted(row(vec![button(style)]));
    }
    for style in [0, 7] {
        refused_at(
            row(vec![button(style)]),
            "/components/0/components/0/style/_errors",
        );
    }
    let mut no_style = button(1);
    no_style.as_object_mut().unwrap().remove("style");
    refused_at(
        row(vec![no_style]),
        "/components/0/components/0/style/_errors",
    );
    // A link button has a url and no custom id; the others the other way round.
    let link = json!({ "type": 2, "style": 5, "label": "Rules", "url": "https://example.org" });
    accepted(row(vec![link.clone()]));
    let mut link_with_id = link.clone();
    link_with_id["custom_id"] = "x".into();
    refused_at(
        row(vec![link_with_id]),
        "/components/0/components/0/custom_id/_errors",
    );
    let mut link_without_url = link;
    link_without_url.as_object_mut().unwrap().remove("url");
    refused_at(
        row(vec![link_without_url]),
        "/components/0/components/0/url/_errors",
    );
    let mut without_id = button(1);
    without_id.as_object_mut().unwrap().remove("custom_id");
    refused_at(
        row(vec![without_id]),
        "/components/0/components/0/custom_id/_errors",
    );
    let mut with_url = button(2);
    with_url["url"] = "https://example.org".into();
    refused_at(
        row(vec![with_url]),
        "/components/0/components/0/url/_errors",
    );
    // Premium: an sku and nothing else.
    refused_at(
        row(vec![button(6)]),
        "/components/0/components/0/sku_id/_errors",
    );
    accepted(row(vec![json!({ "type": 2, "style": 6, "sku_id": "123" })]));
}

#[test]
fn a_button_shows_a_label_or_an_emoji_and_custom_ids_are_one_to_a_hundred_and_unique() {
    let mut bare = button(1);
    bare["label"] = "".into();
    refused_at(
        row(vec![bare.clone()]),
        "/components/0/components/0/label/_errors",
    );
    bare["emoji"] = json!({ "name": "🂡" });
    accepted(row(vec![bare]));
    let mut long = button(1);
    long["custom_id"] = "x".repeat(101).into();
    refused_at(
        row(vec![long]),
        "/components/0/components/0/custom_id/_errors",
    );
    let mut empty = button(1);
    empty["custom_id"] = "".into();
    refused_at(
        row(vec![empty]),
        "/components/0/components/0/custom_id/_errors",
    );
    refused_at(
        row(vec![button(1), button(2)]),
        "/components/0/components/1/custom_id/_errors",
    );
}

fn select(options: usize) -> Value {
    let opts: Vec<Value> = (0..options)
        .map(|i| json!({ "label": format!("Card {i}"), "value": i.to_string() }))
        .collect();
    json!({ "type": 3, "custom_id": "vM:1:0:3", "options": opts })
}

#[test]
fn a_string_select_has_one_to_twenty_five_options_with_labels_and_distinct_values() {
    accepted(row(vec![select(1)]));
    accepted(row(vec![select(25)]));
    refused_at(
        row(vec![select(0)]),
        "/components/0/components/0/options/_errors",
    );
    refused_at(
        row(vec![select(26)]),
        "/components/0/components/0/options/_errors",
    );
    let mut no_options = select(1);
    no_options.as_object_mut().unwrap().remove("options");
    refused_at(
        row(vec![no_options]),
        "/components/0/components/0/options/_errors",
    );
    let mut twice = select(2);
    twice["options"][1]["value"] = "0".into();
    refused_at(
        row(vec![twice]),
        "/components/0/components/0/options/1/value/_errors",
    );
    let mut unlabelled = select(2);
    unlabelled["options"][0]["label"] = "".into();
    refused_at(
        row(vec![unlabelled]),
        "/components/0/components/0/options/0/label/_errors",
    );
    let mut described = select(1);
    described["options"][0]["description"] = "d".repeat(101).into();
    refused_at(
        row(vec![described]),
        "/components/0/components/0/options/0/description/_errors",
    );
    // A select fills its row alone.
    refused_at(
        row(vec![select(2), button(1)]),
        "/components/0/components/_errors",
    );
}

#[test]
fn min_and_max_values_are_within_zero_to_twenty_five_and_the_options() {
    let with = |min: i64, max: i64, n: usize| {
        let mut s = select(n);
        s["min_values"] = min.into();
        s["max_values"] = max.into();
        row(vec![s])
    };
    accepted(with(0, 1, 3));
    accepted(with(2, 3, 3));
    refused_at(
        with(0, 0, 3),
        "/components/0/components/0/max_values/_errors",
    );
    refused_at(
        with(3, 2, 3),
        "/components/0/components/0/min_values/_errors",
    );
    refused_at(
        with(26, 26, 25),
        "/components/0/components/0/min_values/_errors",
    );
    refused_at(
        with(1, 4, 3),
        "/components/0/components/0/max_values/_errors",
    );
    // User, role, mentionable and channel selects take no options.
    accepted(row(vec![json!({ "type": 5, "custom_id": "u" })]));
    refused_at(
        row(vec![json!({ "type": 8, "custom_id": "c", "options": [] })]),
        "/components/0/components/0/options/_errors",
    );
}

#[test]
fn flags_are_those_discord_lets_each_endpoint_set() {
    // A channel message cannot be ephemeral; an interaction response can.
    refused_at(json!({ "content": "x", "flags": 64 }), "/flags/_errors");
    refused_at(
        json!({ "content": "x", "flags": 1 << 20 }),
        "/flags/_errors",
    );
    accepted(json!({ "content": "x", "flags": 4 | 4096 }));
    let body = json!({ "content": "x", "flags": 64 });
    assert_eq!(check_message_as(&body, Use::Interaction, false), Ok(()));
    assert!(matches!(
        check_message_as(
            &json!({ "content": "x", "flags": 2 }),
            Use::Interaction,
            false
        ),
        Err(Refused::Invalid(_))
    ));
    assert!(matches!(
        check_message_as(&json!({ "content": "x", "flags": "64" }), Use::Edit, false),
        Err(Refused::Invalid(_))
    ));
}

#[test]
fn allowed_mentions_parse_known_kinds_and_never_beside_their_id_lists() {
    accepted(json!({ "content": "x", "allowed_mentions": { "parse": [] } }));
    accepted(
        json!({ "content": "x", "allowed_mentions": { "users": ["600000000000000011"], "replied_user": false } }),
    );
    refused_at(
        json!({ "content": "x", "allowed_mentions": { "parse": ["channels"] } }),
        "/allowed_mentions/parse/0/_errors",
    );
    refused_at(
        json!({ "content": "x", "allowed_mentions": { "parse": ["users"], "users": ["1"] } }),
        "/allowed_mentions/users/_errors",
    );
    let many: Vec<String> = (0..101).map(|i| i.to_string()).collect();
    refused_at(
        json!({ "content": "x", "allowed_mentions": { "roles": many } }),
        "/allowed_mentions/roles/_errors",
    );
    refused_at(
        json!({ "content": "x", "allowed_mentions": { "users": ["bob"] } }),
        "/allowed_mentions/users/0/_errors",
    );
    refused_at(
        json!({ "content": "x", "allowed_mentions": "none" }),
        "/allowed_mentions/_errors",
    );
}

#[test]
fn a_new_message_must_show_something_but_an_edit_need_not() {
    for body in [json!({}), json!({ "content": "" }), json!({ "embeds": [] })] {
        let (status, code, _) = post(body.clone());
        assert_eq!((status, code), (400, json!(CODE_EMPTY_MESSAGE)), "{body}");
    }
    assert_eq!(
        check_message_as(&json!({ "components": [] }), Use::Edit, false),
        Ok(())
    );
    assert_eq!(
        check_message_as(&json!({}), Use::Interaction, true),
        Ok(()),
        "a file alone is a message"
    );
    assert_eq!(
        check_message_as(&json!({}), Use::Interaction, false),
        Err(Refused::Empty)
    );
}

#[test]
fn embed_enum_fields_and_required_parts_are_checked() {
    refused_at(
        json!({ "embeds": [{ "title": "t", "type": "video" }] }),
        "/embeds/0/type/_errors",
    );
    refused_at(
        json!({ "embeds": [{ "title": "t", "color": 0x1000000 }] }),
        "/embeds/0/color/_errors",
    );
    refused_at(
        json!({ "embeds": [{ "title": "t", "footer": {} }] }),
        "/embeds/0/footer/text/_errors",
    );
    refused_at(
        json!({ "embeds": [{ "title": "t", "fields": [{ "name": "n", "value": "v", "inline": "yes" }] }] }),
        "/embeds/0/fields/0/inline/_errors",
    );
    accepted(json!({ "embeds": [{ "type": "rich", "title": "t", "color": 0xFFFFFF }] }));
}
