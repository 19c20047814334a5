//! The fullest tables of every game, for the tests that check a front end's messages whole
//! (`render_embed`, `render_v2`): seeded random games at their largest table, the opening
//! and every position of the second half (the long sections come late), each table with the
//! most a running table carries besides the game.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_bot::service::UserId;
use vliv_bot::{
    render::{
        table_message, with_thinking_notice, with_turn_times, MessageSpec, Names, TableInput,
    },
    service::{recent, GameRecord, SeatHolder, Status, TurnTimes},
};
use vliv_engine::{registry, GameState, Lang, Seat, Text};

/// Snowflakes as long as Discord's today, so mentions weigh what they weigh in production.
const FIRST_USER: u64 = 1_234_567_890_123_456_789;

/// A record of `state` that no store holds: every seat a user, the game finished once the
/// state has an outcome.
pub fn record(kind: &str, seats: usize, state: &dyn GameState) -> GameRecord {
    let status = match state.outcome() {
        Some(_) => Status::Finished,
        None => Status::Running,
    };
    let seats = (0..seats as u64)
        .map(|s| SeatHolder::User(UserId(FIRST_USER + s)))
        .collect();
    GameRecord {
        id: 987_654,
        ..GameRecord::unstored(kind, status, seats, Some(state))
    }
}

/// The public table of `rec`'s position in `lang`; while it runs, every seat is on vacation,
/// the time to move is shown and an AI is thinking.
pub fn fullest_table(
    rec: &GameRecord,
    state: &dyn GameState,
    recent: &[Text],
    lang: Lang,
) -> MessageSpec {
    let spec = table_message(&TableInput {
        game: rec,
        state: Some(state),
        recent,
        lang,
        clock_until: None,
    });
    let running = rec.status == Status::Running;
    let times = TurnTimes {
        clock_until: None,
        days_per_move: running.then_some(3),
        turn_ends: running.then_some(1_800_000_000_000),
        vacations: (0..rec.seats.len() as Seat)
            .filter(|_| running)
            .map(|s| (s, 1_800_000_000_000))
            .collect(),
    };
    let spec = with_turn_times(spec, rec, &times, lang);
    match running {
        true => with_thinking_notice(spec, rec, 0, lang),
        false => spec,
    }
}

/// The one line of a table that ends in an ellipsis of its own: seat 0's AI thinking.
pub fn thinking_line(rec: &GameRecord, lang: Lang) -> String {
    let names = Names::for_game(rec, lang);
    vliv_bot::i18n::tr(
        lang,
        &Text::new("table-ai-thinking").seat("player", 0),
        &|s| names.get(s),
    )
}

/// Plays random legal choices from a seeded start of `kind` at its largest table to the end;
/// `each` sees the opening (with no events) and every position of the second half (with the
/// latest events). The number of moves played.
pub fn positions(
    kind: &dyn registry::GameKind,
    seed: u64,
    mut each: impl FnMut(&dyn GameState, usize, &[Text]),
) -> usize {
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
    each(history[0].as_ref(), seats, &[]);
    let recent_now = recent::events(&recent_events);
    assert!(recent_now.len() <= vliv_bot::service::RECENT_EVENTS);
    for s in history.iter().skip(history.len() / 2) {
        each(s.as_ref(), seats, &recent_now);
    }
    history.len() - 1
}
