use super::*;
use vliv_service::render::ButtonStyle;
use vliv_service::service::{ComponentAction, UserId};

#[test]
fn an_oversized_embed_is_fitted_within_every_limit() {
    let long = "x".repeat(5000);
    let e = EmbedSpec {
        title: long.clone(),
        description: long.clone(),
        footer: long.clone(),
        fields: (0..40)
            .map(|i| FieldSpec {
                name: format!("{i}{long}"),
                value: long.clone(),
                inline: false,
            })
            .collect(),
        image: None,
    };
    assert!(check_embed(&e).is_err());
    let fitted = fit_embed(&e);
    assert_eq!(check_embed(&fitted), Ok(()));
    assert!(total_chars(&fitted) <= EMBED_TOTAL);
}

#[test]
fn a_long_field_goes_on_in_continuation_fields_with_nothing_cut() {
    let lines: Vec<String> = (0..100)
        .map(|i| format!("line {i:03} {}", "y".repeat(20)))
        .collect();
    let long_line = "z".repeat(2500);
    let e = EmbedSpec {
        title: "t".into(),
        fields: vec![
            FieldSpec {
                name: "Court".into(),
                value: lines.join("\n"),
                inline: false,
            },
            FieldSpec {
                name: "One line".into(),
                value: long_line.clone(),
                inline: false,
            },
        ],
        ..Default::default()
    };
    let m = MessageSpec {
        embed: Some(e.clone()),
        ..Default::default()
    };
    assert_eq!(check_uncut(&m), Ok(()), "continuing is not cutting");
    let e = fit_embed(&e).into_owned();
    assert_eq!(check_embed(&e), Ok(()));
    let names: Vec<&str> = e.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["Court", BLANK, BLANK, "One line", BLANK, BLANK]);
    // Every line whole, in order, each in one field.
    let court: Vec<&str> = e.fields[..3].iter().flat_map(|f| f.value.lines()).collect();
    assert_eq!(court, lines.iter().map(String::as_str).collect::<Vec<_>>());
    let rejoined: String = e.fields[3..].iter().map(|f| f.value.as_str()).collect();
    assert_eq!(rejoined, long_line);
    assert!(e.fields.iter().all(|f| !f.value.ends_with('…')));
}

#[test]
fn an_embed_within_the_limits_is_sent_as_it_is_and_empty_parts_get_a_blank() {
    let e = EmbedSpec {
        title: "t".into(),
        fields: vec![FieldSpec {
            name: "Alice is thinking…".into(),
            value: String::new(),
            inline: false,
        }],
        ..Default::default()
    };
    let fitted = fit_embed(&e);
    assert!(
        matches!(fitted, Cow::Owned(_)),
        "an empty value is refused by Discord"
    );
    assert_eq!(fitted.fields[0].value, BLANK);
    let whole = EmbedSpec {
        fields: vec![FieldSpec {
            name: "n".into(),
            value: "v".into(),
            inline: false,
        }],
        ..e
    };
    assert!(matches!(fit_embed(&whole), Cow::Borrowed(_)));
}

/// Five fields of 1,000 characters: with them, a description of 8 lines of ~200 is over
/// the embed's 6,000.
fn five_full_fields() -> Vec<FieldSpec> {
    (0..5)
        .map(|i| FieldSpec {
            name: format!("f{i}"),
            value: "v".repeat(1000),
            inline: false,
        })
        .collect()
}

#[test]
fn over_the_total_the_description_loses_its_first_lines_whole() {
    let e = EmbedSpec {
        title: "t".into(),
        description: (0..8)
            .map(|i| format!("event {i} {}", "e".repeat(200)))
            .collect::<Vec<_>>()
            .join("\n"),
        fields: five_full_fields(),
        ..Default::default()
    };
    let m = MessageSpec {
        embed: Some(e.clone()),
        ..Default::default()
    };
    assert_eq!(check_uncut(&m).unwrap_err().what, "embed total");
    let e = fit_embed(&e);
    assert_eq!(check_embed(&e), Ok(()));
    assert_eq!(e.fields.len(), 5);
    assert!(e.description.starts_with("event 4 "), "{}", e.description);
    assert!(e.description.ends_with(&"e".repeat(200)));
}

/// A replay's description opens with its title in bold: the events after it go, the
/// title stays.
#[test]
fn over_the_total_a_bold_heading_stays_and_the_events_after_it_go() {
    let events: Vec<String> = (0..8)
        .map(|i| format!("event {i} {}", "e".repeat(200)))
        .collect();
    let e = EmbedSpec {
        title: "t".into(),
        description: format!("**Replay, move 9**\n{}", events.join("\n")),
        fields: five_full_fields(),
        ..Default::default()
    };
    let e = fit_embed(&e);
    assert_eq!(check_embed(&e), Ok(()));
    assert!(
        e.description.starts_with("**Replay, move 9**\nevent 4 "),
        "{}",
        e.description
    );
}

fn button(i: i64, label: &str) -> ButtonSpec {
    ButtonSpec {
        action: ComponentAction::Join(i),
        label: label.into(),
        style: ButtonStyle::Primary,
    }
}

#[test]
fn buttons_fill_rows_of_five_and_labels_are_clipped_to_discords_limits() {
    let m = MessageSpec {
        rows: vec![RowSpec::Buttons((0..12).map(|i| button(i, "b")).collect())],
        ..Default::default()
    };
    assert_eq!(check(&m).unwrap_err().what, "buttons in a row");
    assert_eq!(check_uncut(&m), Ok(()), "spreading buttons cuts nothing");
    let fitted = fit(m);
    let sizes: Vec<usize> = fitted
        .rows
        .iter()
        .map(|r| match r {
            RowSpec::Buttons(b) => b.len(),
            RowSpec::Select(_) => 0,
        })
        .collect();
    assert_eq!(sizes, [5, 5, 2]);

    let m = MessageSpec {
        rows: vec![RowSpec::Buttons(vec![button(1, &"x".repeat(81))])],
        ..Default::default()
    };
    assert_eq!(check(&m).unwrap_err().what, "button label");
    assert_eq!(check_uncut(&m).unwrap_err().what, "button label");
    let RowSpec::Buttons(b) = &fit(m).rows[0] else {
        panic!("a row of buttons")
    };
    assert_eq!(b[0].label.chars().count(), BUTTON_LABEL);

    let m = MessageSpec {
        rows: vec![RowSpec::Buttons(vec![]); 6],
        ..Default::default()
    };
    assert_eq!(check(&m).unwrap_err().what, "component rows");
    assert_eq!(fit(m).rows.len(), ROWS);
}

#[test]
fn a_long_option_label_goes_on_in_its_description() {
    let effect = "Base: whenever you would lose a base, you lose this one instead, and more";
    let label = format!("Play Guards: {effect} {}", "x".repeat(20));
    let m = MessageSpec {
        rows: vec![RowSpec::Select(vliv_service::render::SelectSpec {
            action: ComponentAction::Join(1),
            placeholder: "Your move".into(),
            options: vec![(label.clone(), "1".into()), ("Pass".into(), "2".into())],
            descriptions: vec!["A: one effect. OR B: another.".into()],
        })],
        ..Default::default()
    };
    assert_eq!(check(&m).unwrap_err().what, "option label");
    assert_eq!(check_uncut(&m), Ok(()));
    let RowSpec::Select(s) = &fit(m).rows[0] else {
        panic!("a list")
    };
    assert_eq!(s.options[0].0, "Play Guards");
    assert_eq!(format!("Play Guards: {}", s.descriptions[0]), label);
    assert_eq!(s.options[1].0, "Pass");
    assert_eq!(s.descriptions[1], "");
}

#[test]
fn content_over_two_thousand_characters_is_clipped_never_through_a_mark() {
    let user = vliv_service::mark::user(UserId(12345));
    let text = format!("{}{user}", "a".repeat(CONTENT - 3));
    let fitted = content(&text);
    assert!(fitted.ends_with('…') && !fitted.contains(vliv_service::mark::OPEN));
    assert!(chars(&fitted) <= CONTENT);
    assert!(matches!(content("short"), Cow::Borrowed("short")));
}
