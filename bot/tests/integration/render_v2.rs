//! Issue 51 item 4: the table and the hand panels of every game, written as one Components
//! V2 message by the Discord front end (`vliv_discord::layout_v2`), pass the loopback
//! Discord's validator of V2 bodies (or, too long for V2, go as embeds that pass); nothing public is cut (no text display ends in the
//! ellipsis a cut leaves), every public line of the position is shown whole, and a hand
//! panel is ephemeral. Seeded random games at their largest table, the opening and every
//! position of the second half (the long sections come late), both languages.

use fakecord::validate::{check_message_as, v2_texts, Use};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use vliv_bot::{
    discord::layout_v2,
    render::{
        hand_panel, public_fields, show_file, table_message, with_thinking_notice, with_turn_times,
        MessageSpec, Names, PictureSpec, TableInput,
    },
    service::{recent, GameRecord, PendingMenu, SeatHolder, Status, TurnTimes},
};
use vliv_engine::{registry, Actor, GameState, Lang, Seat, Text};

/// Snowflakes as long as Discord's today, so mentions weigh what they weigh in production.
const FIRST_USER: u64 = 1_234_567_890_123_456_789;

fn record(kind: &str, seats: usize, status: Status, state: &dyn GameState) -> GameRecord {
    GameRecord {
        id: 987_654,
        guild: 1,
        channel: 1,
        kind: kind.into(),
        rules_version: state.kind().rules_version(),
        status,
        host: FIRST_USER,
        seats: (0..seats as u64)
            .map(|s| SeatHolder::User(FIRST_USER + s))
            .collect(),
        options: Default::default(),
        seed: 1,
        snapshot: Some(state.to_json()),
        ai_rng: None,
        version: 1,
        counters: Vec::new(),
        draw_offers: Vec::new(),
        table_message: None,
        ping_message: None,
        created_at: 0,
        finished_at: None,
        outcome: state.outcome(),
        ending: None,
        lang: Lang::En,
        recent: None,
    }
}

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
    /// Hand panels rendered as V2, and those too long for it.
    hands: usize,
    hands_too_long: usize,
    /// Learning players' panels that would not fit V2.
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
    seats: usize,
    state: &dyn GameState,
    recent: &[Text],
    tally: &mut Tally,
) {
    let status = match state.outcome() {
        Some(_) => Status::Finished,
        None => Status::Running,
    };
    let rec = record(kind, seats, status, state);
    let running = status == Status::Running;
    for lang in Lang::ALL {
        let what = format!("{kind} with {seats} seats in {lang:?}");
        let spec = table_message(&TableInput {
            game: &rec,
            state: Some(state),
            recent,
            lang,
            clock_until: None,
        });
        // The most a running table carries besides the game: every seat on vacation, the
        // time to move, an AI thinking.
        let times = TurnTimes {
            clock_until: None,
            days_per_move: running.then_some(3),
            turn_ends: running.then_some(1_800_000_000_000),
            vacations: (0..seats as Seat)
                .filter(|_| running)
                .map(|s| (s, 1_800_000_000_000))
                .collect(),
        };
        let mut spec = with_turn_times(spec, &rec, &times, lang);
        if running {
            spec = with_thinking_notice(spec, &rec, 0, lang);
        }
        let names = Names::for_game(&rec, lang);
        let thinking = vliv_bot::i18n::tr(
            lang,
            &Text::new("table-ai-thinking").seat("player", 0),
            &|s| names.get(s),
        );
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
            accepted(&what, &hand, true, Use::Edit, "");
            let shown = accepted(&what, &hand, true, Use::Interaction, "");
            // A panel has no log to shorten: some outgrow V2 mid-game, and a V2 panel could
            // not become an embed again (Discord keeps the flag), so panels stay embeds
            // (`tables::hand_view`); these figures say how many would not fit.
            tally.hands += 1;
            tally.hands_too_long += usize::from(shown.is_none());
            // A learning player's panel explains each choice: it often outgrows V2 in the
            // larger games, so it goes as an embed (`tables::hand_view`); that body passes.
            let learning = vliv_bot::render::with_learning(hand, &rec, state, menu.as_ref(), lang);
            let legacy = layout_v2::legacy_body(&learning);
            if let Err(refused) = check_message_as(&legacy, Use::Interaction, true) {
                panic!("{what}: a learning panel's embed is refused: {refused:?}");
            }
            tally.learning_too_long += usize::from(!layout_v2::fits(&learning));
        }
    }
}

/// Random legal choices from a seeded start to the end; the opening and every position of
/// the second half checked.
fn play(kind: &dyn registry::GameKind, seed: u64, tally: &mut Tally) -> usize {
    let (_, seats) = kind.seat_range();
    let mut state = kind
        .new_game(&Default::default(), seats, seed)
        .expect("a game at its largest table starts");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut recent_events: Vec<Text> = Vec::new();
    let mut history = vec![state.clone_box()];
    let mut ids = Vec::new();
    while state.outcome().is_none() && history.len() < 5_000 {
        let pending = state.pending();
        let Some(p) = pending.get(rng.random_range(0..pending.len().max(1))) else {
            break;
        };
        ids.clear();
        state.legal_ids(p.actor, &mut ids);
        let Some(&choice) = ids.get(rng.random_range(0..ids.len().max(1))) else {
            break;
        };
        let events = state
            .apply(p.actor, choice)
            .expect("a legal choice applies");
        recent::record(&mut recent_events, &events);
        history.push(state.clone_box());
    }
    check_position(kind.id(), seats, history[0].as_ref(), &[], tally);
    let recent_now = recent::events(&recent_events);
    for s in history.iter().skip(history.len() / 2) {
        check_position(kind.id(), seats, s.as_ref(), &recent_now, tally);
    }
    history.len() - 1
}

#[test]
fn every_games_table_and_hand_panels_as_components_v2_pass_discords_rules_uncut() {
    for kind in registry::all() {
        let mut tally = Tally::default();
        for seed in 0..3 {
            let moves = play(*kind, seed, &mut tally);
            assert!(moves >= 1, "{} played no move", kind.id());
        }
        eprintln!("{}: {tally:?}", kind.id());
        // Most of a game's tables go as V2; the longest (a final scoring) may not.
        assert!(tally.v2 > tally.embed * 4, "{}: {tally:?}", kind.id());
        assert!(
            tally.hands > 2 * tally.hands_too_long,
            "{}: {tally:?}",
            kind.id()
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
