//! Each of Discord's Components V2 refusals, one test each.

use serde_json::{json, Value};

use crate::limits::{check_message_as, Refused};
use crate::validate::Use;

const V2: u64 = 1 << 15;

fn text(s: &str) -> Value {
    json!({ "type": 10, "content": s })
}

fn button(id: &str) -> Value {
    json!({ "type": 2, "style": 1, "label": "Play", "custom_id": id })
}

fn body(components: Value) -> Value {
    json!({ "flags": V2, "components": components })
}

/// The `errors` tree of a refused body (`None`: accepted).
fn errors(body: &Value) -> Option<Value> {
    match check_message_as(body, Use::Create, false) {
        Ok(()) => None,
        Err(Refused::Invalid(e)) => Some(e),
        Err(Refused::Empty) => Some(json!("empty")),
    }
}

fn code_at(body: &Value, pointer: &str) -> String {
    let e = errors(body).expect("refused");
    e.pointer(&format!("{pointer}/_errors/0/code"))
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("no error at {pointer}: {e}"))
        .to_owned()
}

#[test]
fn a_table_as_a_container_with_a_gallery_and_rows_is_accepted() {
    let b = body(json!([{
        "type": 17,
        "accent_color": 0x1F8B4C,
        "components": [
            text("## Claim"),
            { "type": 9, "components": [text("alice"), text("3 cards")], "accessory": button("a") },
            { "type": 12, "items": [{ "media": { "url": "https://example.com/t.png" } }] },
            { "type": 14, "divider": true, "spacing": 1 },
            { "type": 1, "components": [button("b"), button("c")] },
        ],
    }, { "type": 1, "components": [button("d")] }]));
    assert_eq!(errors(&b), None);
}

#[test]
fn content_embeds_poll_and_stickers_are_refused_with_the_flag() {
    for (field, value) in [
        ("content", json!("hi")),
        ("embeds", json!([{ "title": "t" }])),
        ("poll", json!({ "question": { "text": "q" } })),
        ("sticker_ids", json!(["1"])),
    ] {
        let mut b = body(json!([text("x")]));
        b[field] = value;
        assert_eq!(
            code_at(&b, &format!("/{field}")),
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"
        );
    }
    // Reset to empty, as an edit must, they pass.
    let mut b = body(json!([text("x")]));
    b["content"] = Value::Null;
    b["embeds"] = json!([]);
    assert_eq!(errors(&b), None);
}

#[test]
fn a_v2_component_without_the_flag_is_refused() {
    let b = json!({ "components": [text("x")] });
    assert_eq!(code_at(&b, "/components/0/type"), "BASE_TYPE_CHOICES");
}

#[test]
fn a_thumbnail_or_a_button_alone_at_the_top_is_refused() {
    let b = body(json!([{ "type": 11, "media": { "url": "https://x/y.png" } }]));
    assert_eq!(code_at(&b, "/components/0/type"), "BASE_TYPE_CHOICES");
    let b = body(json!([button("a")]));
    assert_eq!(code_at(&b, "/components/0/type"), "BASE_TYPE_CHOICES");
}

#[test]
fn a_container_inside_a_container_is_refused() {
    let b =
        body(json!([{ "type": 17, "components": [{ "type": 17, "components": [text("x")] }] }]));
    assert_eq!(
        code_at(&b, "/components/0/components/0/type"),
        "BASE_TYPE_CHOICES"
    );
}

#[test]
fn a_section_holds_one_to_three_text_displays_and_a_thumbnail_or_button() {
    let four = body(
        json!([{ "type": 9, "components": [text("a"), text("b"), text("c"), text("d")], "accessory": button("x") }]),
    );
    assert_eq!(
        code_at(&four, "/components/0/components"),
        "BASE_TYPE_BAD_LENGTH"
    );
    let no_accessory = body(json!([{ "type": 9, "components": [text("a")] }]));
    assert_eq!(
        code_at(&no_accessory, "/components/0/accessory"),
        "BASE_TYPE_REQUIRED"
    );
    let gallery_inside = body(
        json!([{ "type": 9, "components": [{ "type": 12, "items": [] }], "accessory": button("x") }]),
    );
    assert_eq!(
        code_at(&gallery_inside, "/components/0/components/0/type"),
        "BASE_TYPE_CHOICES"
    );
    let select_accessory = body(
        json!([{ "type": 9, "components": [text("a")], "accessory": { "type": 3, "custom_id": "s", "options": [] } }]),
    );
    assert_eq!(
        code_at(&select_accessory, "/components/0/accessory/type"),
        "BASE_TYPE_CHOICES"
    );
}

#[test]
fn forty_one_components_counting_nested_ones_are_refused() {
    // A container (1) + 8 rows (8) + 5 buttons each (40) = 49; 1 + 39 texts = 40 passes.
    let rows: Vec<Value> = (0..8)
        .map(|r| json!({ "type": 1, "components": (0..5).map(|b| button(&format!("{r}-{b}"))).collect::<Vec<_>>() }))
        .collect();
    let b = body(json!([{ "type": 17, "components": rows }]));
    assert_eq!(code_at(&b, "/components"), "BASE_TYPE_BAD_LENGTH");
    let texts: Vec<Value> = (0..39).map(|_| text("x")).collect();
    assert_eq!(
        errors(&body(json!([{ "type": 17, "components": texts }]))),
        None
    );
    let texts: Vec<Value> = (0..40).map(|_| text("x")).collect();
    assert!(errors(&body(json!([{ "type": 17, "components": texts }]))).is_some());
}

#[test]
fn more_than_four_thousand_characters_of_text_across_the_message_are_refused() {
    let b = body(
        json!([text(&"x".repeat(2000)), { "type": 17, "components": [text(&"y".repeat(2001))] }]),
    );
    assert_eq!(
        code_at(&b, "/components"),
        "COMPONENT_MAX_TEXT_LENGTH_EXCEEDED"
    );
    let b = body(json!([text(&"x".repeat(2000)), text(&"y".repeat(2000))]));
    assert_eq!(errors(&b), None);
}

#[test]
fn an_empty_text_display_is_refused() {
    let b = body(json!([text("")]));
    assert_eq!(code_at(&b, "/components/0/content"), "BASE_TYPE_BAD_LENGTH");
}

#[test]
fn a_media_gallery_holds_one_to_ten_items() {
    let item = json!({ "media": { "url": "attachment://table.png" } });
    let none = body(json!([{ "type": 12, "items": [] }]));
    assert_eq!(
        code_at(&none, "/components/0/items"),
        "BASE_TYPE_BAD_LENGTH"
    );
    let eleven = body(json!([{ "type": 12, "items": vec![item.clone(); 11] }]));
    assert_eq!(
        code_at(&eleven, "/components/0/items"),
        "BASE_TYPE_BAD_LENGTH"
    );
    let bad_url = body(json!([{ "type": 12, "items": [{ "media": { "url": "ftp://x" } }] }]));
    assert_eq!(
        code_at(&bad_url, "/components/0/items/0/media/url"),
        "UNFURLED_MEDIA_ITEM_URL_INVALID"
    );
}

#[test]
fn a_file_component_takes_only_an_attachment_reference() {
    let b = body(json!([{ "type": 13, "file": { "url": "https://x/y.txt" } }]));
    assert_eq!(
        code_at(&b, "/components/0/file/url"),
        "UNFURLED_MEDIA_ITEM_URL_INVALID"
    );
}

#[test]
fn action_rows_nested_in_a_container_keep_their_limits_and_unique_ids() {
    let six = body(
        json!([{ "type": 17, "components": [{ "type": 1, "components": (0..6).map(|b| button(&b.to_string())).collect::<Vec<_>>() }] }]),
    );
    assert_eq!(
        code_at(&six, "/components/0/components/0/components"),
        "BASE_TYPE_BAD_LENGTH"
    );
    let twice = body(json!([
        { "type": 1, "components": [button("same")] },
        { "type": 9, "components": [text("a")], "accessory": button("same") },
    ]));
    assert_eq!(
        code_at(&twice, "/components/1/accessory/custom_id"),
        "COMPONENT_CUSTOM_ID_DUPLICATED"
    );
}

#[test]
fn more_than_five_top_level_rows_pass_with_the_flag_only() {
    let rows: Vec<Value> = (0..6)
        .map(|r| json!({ "type": 1, "components": [button(&r.to_string())] }))
        .collect();
    assert_eq!(errors(&body(json!(rows.clone()))), None);
    assert!(errors(&json!({ "components": rows })).is_some());
}
