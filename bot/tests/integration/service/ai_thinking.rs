//! How AI seats think in the session (issue 15): the decisions they make while a game clock
//! runs (Ovlivnění's reaction windows, Chaotic Realms' trading period) are the engine's
//! level search, seeded by the game's seed and the move number, and a thought that takes
//! longer than a second is announced once, a quick one never.

use crate::common;
use vliv_bot::service::ChannelId;
use vliv_bot::service::{GuildId, UserId};

use std::{sync::Arc, time::Instant};

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_bot::{
    service::{
        AiBudget, Caller, Fired, GameId, GameRecord, OpenLobby, SeatHolder, Service, Status,
        ThinkingNotice, NOTICE_AFTER,
    },
    store::Store,
};
use vliv_engine::{
    ai::move_seed, Actor, DecisionKind, Lang, Level, OptionValue, OptionValues, Seat,
};

/// The level AI seats play at here: the engine's own strategy for it (Fantasy Realms' `easy`
/// is the greedy player), without the time cap, so that the choice can be recomputed.
const LEVEL: Level = Level::Easy;

/// How many moves an AI seat makes in one clock period before it is done (`service/ai.rs`).
const AI_MOVES_PER_CLOCK: usize = 8;

/// A search that takes well over a second on any machine we run on (Claim searches at
/// most ~500,000 iterations/s on one core, fewer early in a game).
const SLOW_ITERATIONS: u32 = 800_000;

async fn untimed(db: &Db) -> Service {
    let store = Store::connect(&db.url).await.unwrap();
    Service::new(store, Arc::new(db.clock.clone())).with_ai_budget(AiBudget::Untimed, false)
}

async fn open_with_ai(
    service: &Service,
    kind: &str,
    channel: u64,
    options: OptionValues,
    ais: usize,
    seed: u64,
) -> GameId {
    let rec = service
        .open(OpenLobby {
            guild: GuildId(GUILD),
            channel: ChannelId(channel),
            parent: None,
            kind: kind.into(),
            host: UserId(ALICE),
            seats: vec![SeatHolder::User(UserId(ALICE))],
            options,
            seed: Some(seed),
            lang: Lang::En,
        })
        .await
        .unwrap();
    for _ in 0..ais {
        service
            .add_ai(rec.id, Caller::user(UserId(ALICE)), LEVEL)
            .await
            .unwrap();
    }
    service
        .start(rec.id, Caller::user(UserId(ALICE)))
        .await
        .unwrap();
    rec.id
}

/// One AI move of the log: its index, seat, choice and the state before it.
struct AiMove {
    index: usize,
    seat: Seat,
    clocked: bool,
    kind: Option<DecisionKind>,
    searched: bool,
}

/// Checks every AI move stored so far against the engine's strategy for its seat at
/// [`LEVEL`], seeded by the game's seed and the move's number. Moves after the seat's
/// share of a clock period lead it out of the period instead (at most 4 steps).
async fn ai_moves_are_the_engines(service: &Service, rec: &GameRecord) -> Vec<AiMove> {
    let moves = service.store().moves(rec.id).await.unwrap();
    let mut out = Vec::new();
    let mut in_period = vec![0usize; rec.seats.len()];
    for (index, m) in moves.iter().enumerate() {
        let Actor::Seat(seat) = m.actor else { continue };
        let (before, _) = service.replay(rec, Some(index)).await.unwrap();
        let pending = before.pending();
        let clocked = pending.iter().any(|&p| before.deadline_secs(p).is_some());
        // The share counts only under another actor's clock (a trading period), as the
        // service does: the seat's own move or reaction clock needs none.
        let shared = pending
            .iter()
            .any(|&p| p.actor != m.actor && before.deadline_secs(p).is_some());
        if !shared {
            in_period.iter_mut().for_each(|n| *n = 0);
        }
        if !matches!(rec.seats[seat as usize], SeatHolder::Ai { .. }) {
            continue;
        }
        let kind = pending.iter().find(|p| p.actor == m.actor).map(|p| p.kind);
        let searched = !shared || in_period[seat as usize] < AI_MOVES_PER_CLOCK;
        if searched {
            let strategy = before.kind().strategy(LEVEL).untimed();
            let engine = before.ai_choice(seat, &strategy, move_seed(rec.seed, index as u64, seat));
            assert_eq!(
                engine,
                Some(m.choice),
                "move {index} of seat {seat} is the engine's search"
            );
        } else {
            assert!(
                in_period[seat as usize] < AI_MOVES_PER_CLOCK + 4,
                "move {index}: a seat past its share leaves the period in a few steps"
            );
        }
        if shared {
            in_period[seat as usize] += 1;
        }
        out.push(AiMove {
            index,
            seat,
            clocked,
            kind,
            searched,
        });
    }
    out
}

#[tokio::test]
async fn an_ai_seat_answers_ovlivneni_reaction_windows_by_its_search() {
    for db in backends().await {
        let service = untimed(&db).await;
        let mut options = OptionValues::new();
        options.insert("reaction_secs".into(), OptionValue::Int(30));
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut reacted = 0;
        // Windows open only when the AI holds a reaction card: a few games find one.
        for seed in 41..47 {
            let game = open_with_ai(&service, "ovlivneni", seed, options.clone(), 1, seed).await;
            while let Some((user, menu)) = pending_user(&service, game).await {
                // A second per click: each window's moves are stored after it opened.
                db.clock.advance_secs(1);
                let choice = menu.menu.choices[rng.random_range(0..menu.menu.choices.len())].id;
                service
                    .play(UserId(user), menu.click(choice))
                    .await
                    .unwrap();
            }
            let rec = service.game(game).await.unwrap();
            assert_eq!(rec.status, Status::Finished, "{}", db.backend);
            assert_eq!(service.verify(&rec).await.unwrap(), Ok(()));
            reacted += ai_moves_are_the_engines(&service, &rec)
                .await
                .into_iter()
                .filter(|m| m.clocked && m.searched && m.kind == Some(DecisionKind::Reaction))
                .count();
            if reacted > 0 {
                break;
            }
        }
        assert!(
            reacted > 0,
            "{}: the AI answered a reaction window",
            db.backend
        );
    }
}

#[tokio::test]
async fn ai_seats_trade_by_their_strategy_and_are_done_before_the_clock_closes_the_period() {
    for db in backends().await {
        let service = untimed(&db).await;
        let mut options = OptionValues::new();
        options.insert("variant".into(), OptionValue::Str("chaotic".into()));
        options.insert("time_limit".into(), OptionValue::Int(2));
        let game = open_with_ai(&service, "fantasy-realms", 2, options, 2, 41).await;
        let rec = service.game(game).await.unwrap();
        assert_eq!(rec.status, Status::Running);
        let moves = ai_moves_are_the_engines(&service, &rec).await;
        assert!(
            moves.iter().any(|m| m.clocked && m.searched),
            "{}: the AI seats traded by search",
            db.backend
        );
        // With this seed (reproducible: untimed search) the share runs out and the bounded
        // rule leads the seats out of the period.
        assert!(
            moves.iter().any(|m| !m.searched),
            "{}: the bounded rule ended a seat's trading",
            db.backend
        );
        // Each AI seat ended its part: none is asked while Alice thinks.
        let state = service.live(&rec).unwrap();
        for seat in 1..3 {
            assert!(
                !state.pending().iter().any(|p| p.actor == Actor::Seat(seat)),
                "{}: AI seat {seat} is done trading (moves {:?})",
                db.backend,
                moves
                    .iter()
                    .filter(|m| m.seat == seat)
                    .map(|m| m.index)
                    .collect::<Vec<_>>()
            );
        }
        // An offer from Alice reaches them again; the clock still closes the period.
        db.clock.advance_minutes(2);
        let fired = service.fire_due().await.unwrap();
        assert!(
            matches!(&fired[..], [Fired::TimedOut { report, .. }] if report.game.status == Status::Finished),
            "{}: {fired:?}",
            db.backend
        );
        let done = service.game(game).await.unwrap();
        assert_eq!(service.verify(&done).await.unwrap(), Ok(()));
    }
}

/// Alice moves (on `service`) so that the AI must answer; the sweep of `thinker` makes the
/// AI's move. What `thinker` announced meanwhile, how long it took, and the game before.
async fn ai_answer(
    service: &Service,
    thinker: &Service,
    game: GameId,
) -> (Vec<ThinkingNotice>, std::time::Duration, GameRecord) {
    service.fire_due().await.unwrap();
    until_ai_answers_alice(service, game).await;
    let (_, menu) = pending_user(service, game).await.unwrap();
    service
        .play(UserId(ALICE), menu.click(menu.menu.choices[0].id))
        .await
        .unwrap();
    let mut notices = thinker.thinking_notices();
    let before = service.game(game).await.unwrap();
    let started = Instant::now();
    let fired = thinker.fire_due().await.unwrap();
    let took = started.elapsed();
    assert!(
        fired
            .iter()
            .any(|f| matches!(f, Fired::Moved { report } if report.game.id == game && report.applied.len() == 1)),
        "the AI moved: {fired:?}"
    );
    let announced = std::iter::from_fn(|| notices.try_recv().ok()).collect();
    (announced, took, before)
}

async fn deferring(db: &Db, iterations: u32) -> Service {
    let store = Store::connect(&db.url).await.unwrap();
    Service::new(store, Arc::new(db.clock.clone()))
        .with_ai_budget(AiBudget::Iterations(iterations), true)
}

#[tokio::test]
async fn a_thought_over_a_second_is_announced_once_and_a_quick_one_never() {
    // Timing, not storage: SQLite is enough.
    let db = backends().await.remove(0);
    let quick = deferring(&db, 20).await;
    let game = against_ai(&quick, 1, 5).await;
    let (announced, took, _) = ai_answer(&quick, &quick, game).await;
    assert!(
        announced.is_empty(),
        "a quick move ({took:?}) is not announced: {announced:?}"
    );

    let slow = deferring(&db, SLOW_ITERATIONS).await;
    let game = against_ai(&quick, 2, 5).await;
    let (announced, took, before) = ai_answer(&quick, &slow, game).await;
    assert!(took > NOTICE_AFTER, "the search was slow: {took:?}");
    let ai = 1 - before.seat_of(UserId(ALICE)).unwrap();
    assert_eq!(
        announced,
        vec![ThinkingNotice {
            game,
            guild: GuildId(GUILD),
            seat: ai,
            version: before.version
        }],
        "one notice, for the game as the AI saw it"
    );
}
