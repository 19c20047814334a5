//! Every game at its largest table, deep into seeded random games: the public table in
//! both languages keeps all its text within Discord's limits, nothing cut.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_engine::{registry, GameState, Lang, Seat, Text};

use super::{table_message, with_thinking_notice, with_turn_times, MessageSpec, TableInput};
use crate::service::{recent, GameRecord, SeatHolder, Status, TurnTimes, UserId, RECENT_EVENTS};

/// Snowflakes as long as Discord's today, so mentions weigh what they weigh in production.
const FIRST_USER: u64 = 1_234_567_890_123_456_789;

fn record(kind: &str, seats: usize, status: Status, state: &dyn GameState) -> GameRecord {
    let seats = (0..seats as u64)
        .map(|s| SeatHolder::User(UserId(FIRST_USER + s)))
        .collect();
    GameRecord {
        id: 987_654,
        ..GameRecord::unstored(kind, status, seats, Some(state))
    }
}

/// The largest sizes one game's tables reached, for the report of a failure.
#[derive(Default, Debug)]
struct Largest {
    section: usize,
    embed_total: usize,
    fields: usize,
}

/// Renders the table in both languages and checks it: every limit, no part ending in the
/// ellipsis a cut leaves, and every public line of the position shown whole.
fn check_table(
    kind: &str,
    seats: usize,
    state: &dyn GameState,
    recent: &[Text],
    largest: &mut Largest,
) {
    let status = match state.outcome() {
        Some(_) => Status::Finished,
        None => Status::Running,
    };
    let rec = record(kind, seats, status, state);
    for lang in Lang::ALL {
        let spec = table_message(&TableInput {
            game: &rec,
            state: Some(state),
            recent,
            lang,
            clock_until: None,
        });
        // The most a running table carries besides the game: every seat on vacation, the
        // time to move, and an AI thinking.
        let running = status == Status::Running;
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
        let what = format!("{kind} with {seats} seats in {lang:?}");
        spec.check()
            .unwrap_or_else(|e| panic!("{what}: the table breaks a limit: {e}"));
        let names = super::Names::for_game(&rec, lang);
        // The one text that ends in an ellipsis of its own.
        let thinking = names.say(lang, &Text::new("table-ai-thinking").seat("player", 0));
        assert_uncut(&what, &spec, &thinking);
        let shown = spec.visible_text();
        for field in super::public_fields(state, &names, lang) {
            largest.section = largest.section.max(field.value.chars().count());
            for line in field.value.lines() {
                assert!(
                    shown.contains(line),
                    "{what}: the table lost the line {line:?}"
                );
            }
        }
        let embed = spec.embed.as_ref().unwrap();
        largest.embed_total = largest.embed_total.max(embed.total_chars());
        largest.fields = largest.fields.max(embed.fields.len());
    }
}

fn assert_uncut(what: &str, spec: &MessageSpec, own_ellipsis: &str) {
    let embed = spec.embed.as_ref().unwrap();
    let mut parts = vec![&embed.title, &embed.description, &embed.footer];
    for f in &embed.fields {
        parts.push(&f.name);
        parts.push(&f.value);
    }
    for part in parts.into_iter().filter(|p| p.as_str() != own_ellipsis) {
        assert!(
            !part.ends_with('…'),
            "{what}: a part is cut: {part:?}\nparts: title {}, description {}, fields {:?}",
            embed.title.chars().count(),
            embed.description.chars().count(),
            embed
                .fields
                .iter()
                .map(|f| (f.name.chars().count(), f.value.chars().count()))
                .collect::<Vec<_>>()
        );
    }
}

/// Plays random legal choices from a seeded start to the end, checking the table after
/// every move of the second half (the long sections come late).
fn play(kind: &dyn registry::GameKind, seed: u64) -> (Largest, usize) {
    let (_, seats) = kind.seat_range();
    let mut state = kind
        .new_game(&Default::default(), seats, seed)
        .expect("a game at its largest table starts");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut recent_events: Vec<Text> = Vec::new();
    let mut history = vec![state.clone_box()];
    let mut ids = Vec::new();
    let mut moves = 0;
    while state.outcome().is_none() && moves < 5_000 {
        let pending = state.pending();
        if pending.is_empty() {
            eprintln!("{} no pending after {moves}", kind.id());
            break;
        }
        let actor = pending[rng.random_range(0..pending.len())].actor;
        ids.clear();
        state.legal_ids(actor, &mut ids);
        let Some(&choice) = ids.get(rng.random_range(0..ids.len().max(1))) else {
            eprintln!(
                "{} no ids for {actor:?} {pending:?} after {moves}",
                kind.id()
            );
            break;
        };
        let events = state.apply(actor, choice).expect("a legal choice applies");
        recent::record(&mut recent_events, &events);
        history.push(state.clone_box());
        moves += 1;
    }
    let mut largest = Largest::default();
    // The opening, then every position of the second half with the latest events.
    check_table(kind.id(), seats, history[0].as_ref(), &[], &mut largest);
    let recent_now = recent::events(&recent_events);
    assert!(recent_now.len() <= RECENT_EVENTS);
    for s in history.iter().skip(history.len() / 2) {
        check_table(kind.id(), seats, s.as_ref(), &recent_now, &mut largest);
    }
    (largest, moves)
}

#[test]
fn every_game_at_its_largest_table_shows_its_whole_public_table_within_discords_limits() {
    for kind in registry::all() {
        let mut worst = Largest::default();
        for seed in 0..6 {
            let (largest, moves) = play(*kind, seed);
            // Fantasy Realms with 7 seats leaves a deck of 4: its games are short.
            assert!(moves >= 1, "{} played no move", kind.id());
            worst.section = worst.section.max(largest.section);
            worst.embed_total = worst.embed_total.max(largest.embed_total);
            worst.fields = worst.fields.max(largest.fields);
        }
        eprintln!("{}: {worst:?}", kind.id());
    }
}
