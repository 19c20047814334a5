//! The fake refuses interaction callbacks and slash command registrations Discord would
//! refuse: callback types per interaction type and their `data` (autocomplete choices,
//! modals with text inputs), and command names, descriptions, options, choices and
//! localizations.

use std::time::Instant;

use fakecord::{
    validate::{allowed_callbacks, check_callback, check_commands, LOCALES},
    Channel, IxKind, SimUser, World,
};
use serde_json::{json, Value};

const CHANNEL: u64 = 5;
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

/// Answers a fresh interaction of `kind` with `body`: (status, code, errors).
fn answer(kind: IxKind, body: Value) -> (u16, Value, Value) {
    let mut w = world();
    let message = w.handle(
        "POST",
        &format!("channels/{CHANNEL}/messages"),
        json!({ "content": "table" }),
        Instant::now(),
    );
    let mid = message.response["id"].as_str().and_then(|s| s.parse().ok());
    let id = w.interact(kind, ALICE, CHANNEL, json!({}), mid);
    let token = w.interactions[&id].token.clone();
    let r = w.handle(
        "POST",
        &format!("interactions/{id}/{token}/callback"),
        body,
        Instant::now(),
    );
    (
        r.status,
        r.response["code"].clone(),
        r.response["errors"].clone(),
    )
}

fn refused_at(kind: IxKind, body: Value, pointer: &str) {
    let (status, code, errors) = answer(kind, body.clone());
    assert_eq!((status, code), (400, json!(50035)), "{body}");
    assert!(
        errors.pointer(pointer).is_some(),
        "{pointer} not named in {errors:#}"
    );
}

fn accepted(kind: IxKind, body: Value) {
    let (status, code, errors) = answer(kind, body.clone());
    assert!(status < 300, "{body}: {status} {code} {errors:#}");
}

#[test]
fn each_interaction_type_takes_only_its_callback_types() {
    let reply = json!({ "type": 4, "data": { "content": "hi", "flags": 64 } });
    accepted(IxKind::Command, reply.clone());
    accepted(IxKind::Component, reply.clone());
    refused_at(IxKind::Autocomplete, reply, "/type/_errors");
    // Deferred update and message update only answer a component.
    for kind in [6, 7] {
        refused_at(
            IxKind::Command,
            json!({ "type": kind, "data": {} }),
            "/type/_errors",
        );
    }
    accepted(IxKind::Component, json!({ "type": 6 }));
    accepted(
        IxKind::Component,
        json!({ "type": 7, "data": { "content": "edited" } }),
    );
    // Choices answer autocomplete only; PONG and unknown types nothing here.
    refused_at(
        IxKind::Command,
        json!({ "type": 8, "data": { "choices": [] } }),
        "/type/_errors",
    );
    for kind in [0, 1, 3, 11, 13] {
        refused_at(IxKind::Component, json!({ "type": kind }), "/type/_errors");
    }
    refused_at(IxKind::Command, json!({ "data": {} }), "/type/_errors");
    assert_eq!(allowed_callbacks(4), [8]);
}

#[test]
fn a_reply_needs_data_and_a_deferral_takes_only_its_flags() {
    refused_at(IxKind::Command, json!({ "type": 4 }), "/data/_errors");
    let (status, code, _) = answer(IxKind::Command, json!({ "type": 4, "data": {} }));
    assert_eq!((status, code), (400, json!(50006)), "an empty reply");
    accepted(
        IxKind::Command,
        json!({ "type": 5, "data": { "flags": 64 } }),
    );
    refused_at(
        IxKind::Command,
        json!({ "type": 5, "data": { "flags": 2 } }),
        "/data/flags/_errors",
    );
    // The reply's message data is checked as a message, under `data`.
    refused_at(
        IxKind::Command,
        json!({ "type": 4, "data": { "content": "x", "components": [{ "type": 2, "style": 1, "label": "x", "custom_id": "x" }] } }),
        "/data/components/0/type/_errors",
    );
}

#[test]
fn autocomplete_choices_are_at_most_twenty_five_named_one_to_a_hundred() {
    let choice = |name: &str, value: Value| json!({ "name": name, "value": value });
    let with = |choices: Vec<Value>| json!({ "type": 8, "data": { "choices": choices } });
    accepted(
        IxKind::Autocomplete,
        with(vec![choice("Claim", json!("claim"))]),
    );
    accepted(IxKind::Autocomplete, with(vec![choice("Three", json!(3))]));
    accepted(IxKind::Autocomplete, with(vec![]));
    refused_at(
        IxKind::Autocomplete,
        with(vec![choice("a", json!("a")); 26]),
        "/data/choices/_errors",
    );
    refused_at(
        IxKind::Autocomplete,
        with(vec![choice("", json!("a"))]),
        "/data/choices/0/name/_errors",
    );
    refused_at(
        IxKind::Autocomplete,
        with(vec![choice("a", json!("v".repeat(101)))]),
        "/data/choices/0/value/_errors",
    );
    refused_at(
        IxKind::Autocomplete,
        with(vec![json!({ "name": "a" })]),
        "/data/choices/0/value/_errors",
    );
    refused_at(
        IxKind::Autocomplete,
        with(vec![
            json!({ "name": "a", "value": "a", "name_localizations": { "cz": "a" } }),
        ]),
        "/data/choices/0/name_localizations/cz/_errors",
    );
}

#[test]
fn a_modal_has_a_title_and_rows_of_one_text_input_each() {
    let input = json!({ "type": 4, "custom_id": "why", "style": 1, "label": "Why?" });
    let modal = |components: Value| json!({ "type": 9, "data": { "custom_id": "m", "title": "Report", "components": components } });
    let good = modal(json!([{ "type": 1, "components": [input] }]));
    assert_eq!(check_callback(&good, 2), None);
    let errors = |body: &Value| check_callback(body, 2).expect("refused");
    let mut bad_style = input.clone();
    bad_style["style"] = 3.into();
    assert!(
        errors(&modal(json!([{ "type": 1, "components": [bad_style] }])))
            .pointer("/data/components/0/components/0/style/_errors")
            .is_some()
    );
    let mut long_label = input.clone();
    long_label["label"] = "l".repeat(46).into();
    assert!(
        errors(&modal(json!([{ "type": 1, "components": [long_label] }])))
            .pointer("/data/components/0/components/0/label/_errors")
            .is_some()
    );
    let mut lengths = input.clone();
    lengths["min_length"] = 10.into();
    lengths["max_length"] = 5.into();
    assert!(
        errors(&modal(json!([{ "type": 1, "components": [lengths] }])))
            .pointer("/data/components/0/components/0/min_length/_errors")
            .is_some()
    );
    let button = json!({ "type": 2, "style": 1, "label": "x", "custom_id": "x" });
    assert!(
        errors(&modal(json!([{ "type": 1, "components": [button] }])))
            .pointer("/data/components/0/components/0/type/_errors")
            .is_some()
    );
    assert!(errors(&modal(json!([])))
        .pointer("/data/components/_errors")
        .is_some());
    let untitled = json!({ "type": 9, "data": { "custom_id": "m", "components": [] } });
    assert!(errors(&untitled).pointer("/data/title/_errors").is_some());
    // A modal cannot answer a modal submit or an autocomplete.
    assert!(check_callback(&good, 5).is_some());
    assert!(check_callback(&good, 4).is_some());
}

fn command(name: &str, options: Value) -> Value {
    json!({ "name": name, "type": 1, "description": "A command", "options": options })
}

fn option(name: &str, kind: u64, required: bool) -> Value {
    json!({ "name": name, "type": kind, "description": "An option", "required": required })
}

/// Registers `body` in a fresh world: (status, errors).
fn register(body: Value) -> (u16, Value) {
    let mut w = world();
    let r = w.handle("PUT", "applications/1/commands", body, Instant::now());
    (r.status, r.response["errors"].clone())
}

fn refused_command(body: Value, pointer: &str) {
    let (status, errors) = register(body.clone());
    assert_eq!(status, 400, "{body}");
    assert!(
        errors.pointer(pointer).is_some(),
        "{pointer} not named in {errors:#}"
    );
}

#[test]
fn command_names_are_one_to_thirty_two_lowercase_letters_digits_dashes() {
    for good in [
        "game",
        "vliv-admin",
        "hrát",
        "úroveň-ai",
        "a_1",
        &"x".repeat(32),
    ] {
        let (status, errors) = register(json!([command(good, json!([]))]));
        assert_eq!(status, 200, "{good}: {errors:#}");
    }
    for bad in ["", "Game", "two words", "game!", "HRÁT", &"x".repeat(33)] {
        refused_command(json!([command(bad, json!([]))]), "/0/name/_errors");
    }
    refused_command(
        json!([command("game", json!([])), command("game", json!([]))]),
        "/1/name/_errors",
    );
    // Localized names follow the same rule, under Discord locales only.
    let mut c = command("game", json!([]));
    c["name_localizations"] = json!({ "cs": "Hra" });
    refused_command(json!([c.clone()]), "/0/name_localizations/cs/_errors");
    c["name_localizations"] = json!({ "cz": "hra" });
    refused_command(json!([c]), "/0/name_localizations/cz/_errors");
    assert!(LOCALES.contains(&"cs") && LOCALES.contains(&"en-US") && !LOCALES.contains(&"en"));
}

#[test]
fn descriptions_are_one_to_a_hundred_in_every_locale() {
    let mut c = command("game", json!([]));
    c["description"] = "".into();
    refused_command(json!([c.clone()]), "/0/description/_errors");
    c["description"] = "d".repeat(101).into();
    refused_command(json!([c.clone()]), "/0/description/_errors");
    c["description"] = "Play".into();
    c["description_localizations"] = json!({ "cs": "h".repeat(101) });
    refused_command(json!([c]), "/0/description_localizations/cs/_errors");
    let mut o = option("game", 3, true);
    o.as_object_mut().unwrap().remove("description");
    refused_command(
        json!([command("play", json!([o]))]),
        "/0/options/0/description/_errors",
    );
}

#[test]
fn options_are_at_most_twenty_five_required_first_named_uniquely() {
    let many: Vec<Value> = (0..26)
        .map(|i| option(&format!("card{i}"), 3, false))
        .collect();
    refused_command(json!([command("score", json!(many))]), "/0/options/_errors");
    refused_command(
        json!([command(
            "play",
            json!([option("a", 3, false), option("b", 3, true)])
        )]),
        "/0/options/1/required/_errors",
    );
    refused_command(
        json!([command(
            "play",
            json!([option("a", 3, true), option("a", 4, false)])
        )]),
        "/0/options/1/name/_errors",
    );
    refused_command(
        json!([command("play", json!([option("a", 12, true)]))]),
        "/0/options/0/type/_errors",
    );
    let (status, errors) = register(json!([command(
        "play",
        json!([option("a", 3, true), option("b", 5, false)])
    )]));
    assert_eq!(status, 200, "{errors:#}");
}

#[test]
fn subcommands_nest_two_levels_and_never_beside_value_options() {
    let sub = |name: &str, options: Value| json!({ "name": name, "type": 1, "description": "A subcommand", "options": options });
    let group = |name: &str, options: Value| json!({ "name": name, "type": 2, "description": "A group", "options": options });
    let (status, errors) = register(json!([command(
        "vliv",
        json!([
            sub("back", json!([])),
            group("admin", json!([sub("show", json!([]))]))
        ])
    )]));
    assert_eq!(status, 200, "{errors:#}");
    refused_command(
        json!([command(
            "vliv",
            json!([sub("back", json!([])), option("days", 4, false)])
        )]),
        "/0/options/_errors",
    );
    refused_command(
        json!([command(
            "vliv",
            json!([group("a", json!([group("b", json!([]))]))])
        )]),
        "/0/options/0/options/0/type/_errors",
    );
    refused_command(
        json!([command(
            "vliv",
            json!([sub("a", json!([sub("b", json!([]))]))])
        )]),
        "/0/options/0/options/0/type/_errors",
    );
}

#[test]
fn choices_are_at_most_twenty_five_of_the_options_type_and_not_with_autocomplete() {
    let choice = |name: &str, value: Value| json!({ "name": name, "value": value });
    let with = |kind: u64, choices: Vec<Value>| {
        let mut o = option("level", kind, true);
        o["choices"] = Value::Array(choices);
        json!([command("ai", json!([o]))])
    };
    let (status, errors) = register(with(3, vec![choice("easy", json!("easy"))]));
    assert_eq!(status, 200, "{errors:#}");
    refused_command(
        with(3, vec![choice("a", json!("a")); 26]),
        "/0/options/0/choices/_errors",
    );
    refused_command(
        with(4, vec![choice("a", json!("a"))]),
        "/0/options/0/choices/0/value/_errors",
    );
    refused_command(
        with(5, vec![choice("a", json!(true))]),
        "/0/options/0/choices/_errors",
    );
    refused_command(
        with(3, vec![choice("", json!("a"))]),
        "/0/options/0/choices/0/name/_errors",
    );
    let mut localized = choice("the game's timeout choice", json!("0"));
    localized["name_localizations"] = json!({ "cs": "volba hry při vypršení času", "xx": "a" });
    refused_command(
        with(3, vec![localized]),
        "/0/options/0/choices/0/name_localizations/xx/_errors",
    );
    let mut auto = option("game", 3, true);
    auto["autocomplete"] = true.into();
    auto["choices"] = json!([choice("claim", json!("claim"))]);
    refused_command(
        json!([command("new", json!([auto]))]),
        "/0/options/0/autocomplete/_errors",
    );
    let mut bounds = option("minutes", 4, true);
    bounds["min_value"] = 10.into();
    bounds["max_value"] = 1.into();
    refused_command(
        json!([command("timeout", json!([bounds]))]),
        "/0/options/0/min_value/_errors",
    );
    let mut types = option("days", 4, true);
    types["channel_types"] = json!([0]);
    refused_command(
        json!([command("retention", json!([types]))]),
        "/0/options/0/channel_types/_errors",
    );
}

#[test]
fn check_commands_takes_a_list() {
    assert!(check_commands(&json!({ "name": "game" })).is_some());
    assert_eq!(check_commands(&json!([])), None);
}

#[test]
fn an_empty_channel_types_list_is_taken_on_any_option() {
    let mut o = option("days", 4, true);
    o["channel_types"] = json!([]);
    let (status, errors) = register(json!([command("retention", json!([o]))]));
    assert_eq!(status, 200, "{errors:#}");
}
