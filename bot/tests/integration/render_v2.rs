//! Issue 51 item 4: the table and the hand panels of every game, written as Components V2
//! messages by the Discord front end (`vliv_discord::layout_v2`), pass the loopback
//! Discord's validator of V2 bodies (or, too long for V2, go as embeds that pass); nothing
//! is cut (no text display ends in the ellipsis a cut leaves), and every public line of
//! the position is shown whole on the table. A hand panel, a learning player's too, is
//! checked as it is sent: a V2 edit of its deferred ephemeral reply, or an ephemeral embed
//! follow-up when too long. Seeded random games at their largest table, the opening and
//! every position of the second half (the long sections come late), both languages.

use fakecord::validate::{check_message_as, v2_texts, Use};
use serde_json::Value;
use vliv_bot::{
    discord::layout_v2,
    render::{hand_panel, public_fields, show_file, MessageSpec, Names, PictureSpec},
    service::PendingMenu,
};
use vliv_engine::{registry, Actor, GameState, Lang, Seat, Text};

use crate::fullest_table::{fullest_table, positions, record, thinking_line};

/// The message with the picture it carries in Discord (the bytes do not matter here).
fn with_picture(mut spec: MessageSpec, file: &str) -> MessageSpec {
    show_file(&mut spec, file);
    spec.picture = Some(PictureSpec {
        filename: file.into(),
        png: vec![0x89, b'P', b'N', b'G'],
    });
    spec
}

/// The V2 body passes the fake's validator as `usage`; its text displays, none cut. A
/// message too long for one V2 message whole goes in the embed layout: then that body
/// passes, and `None`.
fn accepted(
    what: &str,
    spec: &MessageSpec,
    ephemeral: bool,
    usage: Use,
    own: &str,
) -> Option<Vec<String>> {
    if !layout_v2::fits(spec) {
        let legacy = vliv_bot::discord::layout_v2::legacy_body(spec);
        if let Err(refused) = check_message_as(&legacy, usage, spec.picture.is_some()) {
            panic!("{what}: too long for V2, and its embed is refused: {refused:?}");
        }
        return None;
    }
    let body = layout_v2::body(spec, ephemeral);
    if let Err(refused) = check_message_as(&body, usage, spec.picture.is_some()) {
        panic!("{what}: the V2 body is refused: {refused:?}\n{body}");
    }
    let texts = v2_texts(&body["components"]);
    for t in texts.iter().filter(|t| !t.ends_with(own) || own.is_empty()) {
        assert!(!t.ends_with('…'), "{what}: a text display is cut: {t:?}");
    }
    assert_eq!(
        body["flags"].as_u64().unwrap() & (1 << 6) != 0,
        ephemeral,
        "{what}: a hand panel is ephemeral, a table is not"
    );
    Some(texts)
}

/// How many tables went as V2 and how many were too long for it; the same of hand panels.
#[derive(Default, Debug)]
struct Tally {
    v2: usize,
    embed: usize,
    /// Hand panels rendered as V2, and those too long for it (an embed panel).
    hands: usize,
    hands_too_long: usize,
    /// Learning players' panels too long for V2.
    learning_too_long: usize,
}

impl Tally {
    fn count(&mut self, shown: &Option<Vec<String>>) {
        match shown {
            Some(_) => self.v2 += 1,
            None => self.embed += 1,
        }
    }
}

fn check_position(
    kind: &str,
    state: &dyn GameState,
    seats: usize,
    recent: &[Text],
    tally: &mut Tally,
) {
    let rec = record(kind, seats, state);
    for lang in Lang::ALL {
        let what = format!("{kind} with {seats} seats in {lang:?}");
        let spec = fullest_table(&rec, state, recent, lang);
        let names = Names::for_game(&rec, lang);
        let thinking = thinking_line(&rec, lang);
        let spec = with_picture(spec, "table.png");
        for usage in [Use::Interaction, Use::Edit] {
            accepted(&format!("{what}, table"), &spec, false, usage, &thinking);
        }
        let shown = accepted(&what, &spec, false, Use::Create, &thinking);
        tally.count(&shown);
        let shown = shown.unwrap_or_default().join("\n");
        for field in public_fields(state, &names, lang)
            .iter()
            .filter(|_| !shown.is_empty())
        {
            for line in field.value.lines() {
                // Marks are written as Discord's markup in the body.
                let line = layout_v2::written(line);
                assert!(
                    shown.contains(&line),
                    "{what}: the V2 table lost the line {line:?}"
                );
            }
        }
        for seat in 0..seats as Seat {
            let menu = state.menu(Actor::Seat(seat)).map(|menu| PendingMenu {
                game: rec.id,
                seat,
                counter: 0,
                menu,
            });
            let what = format!("{what}, seat {seat}'s hand");
            let hand = hand_panel(&rec, state, seat, menu.as_ref(), lang);
            let hand = with_picture(hand, "hand.png");
            panel_accepted(&what, &hand, &mut tally.hands, &mut tally.hands_too_long);
            // A learning player's panel explains each choice: the longest panels.
            let learning = vliv_bot::render::with_learning(hand, &rec, state, menu.as_ref(), lang);
            let mut learning_v2 = 0;
            panel_accepted(
                &format!("{what}, learning"),
                &learning,
                &mut learning_v2,
                &mut tally.learning_too_long,
            );
        }
    }
}

/// A hand panel as it is sent (`layout_v2::panel`): V2 through Edit Original (ephemeral by
/// the deferred reply it fills; Discord takes no other flag there) when it fits whole;
/// else an embed, posted as an ephemeral follow-up (opened so, or replacing a V2 panel it
/// outgrew). Counted in `v2` or `too_long`.
fn panel_accepted(what: &str, hand: &MessageSpec, v2: &mut usize, too_long: &mut usize) {
    let shown = accepted(what, hand, false, Use::Edit, "");
    match shown {
        Some(texts) => {
            *v2 += 1;
            assert!(!texts.is_empty(), "{what}: an empty V2 panel");
        }
        None => {
            *too_long += 1;
            let mut followup = layout_v2::legacy_body(hand);
            followup["flags"] = (1u64 << 6).into();
            if let Err(refused) = check_message_as(&followup, Use::Interaction, true) {
                panic!("{what}: the embed panel that replaces a V2 one is refused: {refused:?}");
            }
            assert_eq!(
                layout_v2::panel::panel_layout(true, hand),
                layout_v2::panel::PanelLayout::Outgrown
            );
        }
    }
}

#[test]
fn every_games_table_and_hand_panels_as_components_v2_pass_discords_rules_uncut() {
    for kind in registry::all() {
        let mut tally = Tally::default();
        for seed in 0..3 {
            let moves = positions(*kind, seed, |state, seats, recent| {
                check_position(kind.id(), state, seats, recent, &mut tally)
            });
            assert!(moves >= 1, "{} played no move", kind.id());
        }
        eprintln!("{}: {tally:?}", kind.id());
        // Most of a game's tables go as V2; the longest (a final scoring) may not.
        assert!(tally.v2 > tally.embed * 4, "{}: {tally:?}", kind.id());
        // Nearly every panel goes as V2; a few long ones of Louis XIV and Ruse and Bruise
        // are embeds (one V2 panel in a hundred is replaced mid-game at most).
        assert!(
            tally.hands > 100 * tally.hands_too_long,
            "{}: {tally:?}",
            kind.id()
        );
    }
}

/// What an outgrown V2 panel says once a new one replaced it: one text display, no
/// button, in both languages, accepted as an edit of the V2 panel.
#[test]
fn an_outgrown_panels_notice_passes_as_a_v2_edit() {
    for lang in Lang::ALL {
        let text = vliv_bot::i18n::tr(lang, &Text::new("panel-moved"), &|s| lang.seat_name(s));
        assert!(!text.contains("panel-moved"), "{lang:?}: {text}");
        let notice = layout_v2::panel::outgrown_notice(text.clone());
        let body = layout_v2::body(&notice, false);
        check_message_as(&body, Use::Edit, false).expect("the notice is a valid V2 edit");
        assert_eq!(v2_texts(&body["components"]), [text]);
        assert_eq!(
            body["components"].as_array().unwrap().len(),
            1,
            "no choice left"
        );
    }
}

/// The body names no field Discord refuses with the flag.
#[test]
fn a_v2_body_carries_no_content_or_embed() {
    let spec = MessageSpec {
        content: "to play".into(),
        ..MessageSpec::default()
    };
    let body: Value = layout_v2::body(&spec, false);
    assert!(body.get("content").is_none() && body.get("embeds").is_none());
    assert_eq!(v2_texts(&body["components"]), ["to play"]);
}
