use serde_json::Value;
use vliv_service::service::UserId;
use vliv_service::{
    mark,
    render::{ButtonSpec, ButtonStyle, EmbedSpec, FieldSpec, MessageSpec, RowSpec},
    service::ComponentAction,
};

use super::*;

fn field(name: &str, value: &str) -> FieldSpec {
    FieldSpec {
        name: name.into(),
        value: value.into(),
        inline: false,
    }
}

fn contents(body: &Value) -> Vec<String> {
    body["components"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["type"] == 10)
        .map(|c| c["content"].as_str().unwrap().to_owned())
        .collect()
}

fn table(fields: Vec<FieldSpec>, description: String, buttons: usize) -> MessageSpec {
    MessageSpec {
        content: String::new(),
        embed: Some(EmbedSpec {
            title: format!("Claim, hosted by {}", mark::user(UserId(11))),
            description,
            fields,
            footer: "Game #7".into(),
            image: Some("attachment://table.png".into()),
        }),
        rows: (0..buttons.div_ceil(5))
            .map(|r| {
                RowSpec::Buttons(
                    (0..5.min(buttons - r * 5))
                        .map(|b| ButtonSpec {
                            action: ComponentAction::Hand(r as i64 * 5 + b as i64),
                            label: "Play".into(),
                            style: ButtonStyle::Primary,
                        })
                        .collect(),
                )
            })
            .collect(),
        picture: None,
        names: vec![(UserId(11), "alice".into())],
    }
}

#[test]
fn the_title_names_the_host_and_the_fields_keep_their_mentions_without_a_ping() {
    let spec = table(
        vec![field(
            "Seat 1",
            &format!("{} 3 cards", mark::user(UserId(22))),
        )],
        "alice played".into(),
        1,
    );
    let b = body(&spec, false);
    assert_eq!(b["flags"], IS_COMPONENTS_V2);
    assert!(b.get("content").is_none() && b.get("embeds").is_none());
    let texts = contents(&b);
    assert_eq!(texts[0], "### Claim, hosted by alice");
    assert_eq!(texts[2], "**Seat 1**\n<@22> 3 cards");
    assert_eq!(texts[3], "-# Game #7");
    assert_eq!(b["allowed_mentions"]["users"], serde_json::json!([]));
    let kinds: Vec<u64> = b["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["type"].as_u64().unwrap())
        .collect();
    assert_eq!(kinds, [10, 10, 10, 10, 12, 1]);
    assert_eq!(
        b["components"][4]["items"][0]["media"]["url"],
        "attachment://table.png"
    );
}

#[test]
fn a_hand_panel_is_ephemeral_and_a_continued_field_is_one_text_display() {
    let long = "x".repeat(1500);
    let mut spec = table(
        vec![
            field("Your hand", &long[..1024]),
            field("\u{200b}", &long[1024..]),
        ],
        String::new(),
        0,
    );
    spec.embed.as_mut().unwrap().image = None;
    let b = body(&spec, true);
    assert_eq!(b["flags"], IS_COMPONENTS_V2 | EPHEMERAL);
    let texts = contents(&b);
    assert_eq!(
        texts[1],
        format!("**Your hand**\n{}\n{}", &long[..1024], &long[1024..])
    );
    assert!(texts.iter().all(|t| !t.ends_with('…')));
}

#[test]
fn over_four_thousand_characters_the_oldest_events_go_first_and_nothing_is_cut() {
    let events: Vec<String> = (0..300).map(|i| format!("event number {i:03}")).collect();
    let spec = table(vec![field("Seat 1", "ok")], events.join("\n"), 0);
    let b = body(&spec, false);
    let texts = contents(&b);
    let total: usize = texts.iter().map(|t| t.chars().count()).sum();
    assert!(total <= MAX_TEXT, "{total}");
    let log = &texts[1];
    assert!(log.ends_with("event number 299"), "the latest event stays");
    assert!(!log.contains("event number 000"), "the oldest went");
    assert!(texts.iter().all(|t| !t.ends_with('…')));
}

#[test]
fn past_forty_components_neighbouring_fields_share_a_text_display() {
    let fields: Vec<FieldSpec> = (0..25).map(|i| field(&format!("Seat {i}"), "ok")).collect();
    let spec = table(fields, "log".into(), 25);
    let b = body(&spec, false);
    let all = b["components"].as_array().unwrap();
    let count: usize = all.len()
        + all
            .iter()
            .filter(|c| c["type"] == 1)
            .map(|r| r["components"].as_array().unwrap().len())
            .sum::<usize>();
    assert!(count <= MAX_COMPONENTS, "{count}");
    let joined = contents(&b).join("\n");
    for i in 0..25 {
        assert!(
            joined.contains(&format!("**Seat {i}**")),
            "seat {i} is still shown"
        );
    }
}
