//! Shared set-up of the service tests: every scenario runs on SQLite (a temp file) and on
//! a real Postgres when `VLIV_TEST_POSTGRES_URL` is set (`.ci/run` starts one). Under
//! `CI=true` a missing Postgres fails the tests instead of skipping them.

#![allow(dead_code)]

pub mod captured_log;
pub mod e2e_answered;
pub mod e2e_leaks;
pub mod e2e_tables;
pub mod hidden_cards;
pub mod panic_note;
pub mod pg_relay;
pub mod pg_server;
pub mod played_while_down;
pub mod proxy;
pub mod test_databases;
pub mod vliv_process;

use std::sync::{
    atomic::{AtomicBool, AtomicU32, Ordering},
    Arc,
};
use vliv_bot::service::ChannelId;
use vliv_bot::service::{GuildId, UserId};

use sqlx::{any::install_default_drivers, AnyPool, AssertSqlSafe};
use vliv_bot::{
    service::{
        AiBudget, Caller, GameId, GameRecord, ManualClock, OpenLobby, SeatHolder, Service,
        ServiceResult,
    },
    store::Store,
};
use vliv_engine::{Actor, Lang, Level, OptionValues};

pub const GUILD: u64 = 900;
pub const ALICE: u64 = 11;
pub const BOB: u64 = 22;
pub const CAROL: u64 = 33;

/// A database the scenario owns, and a clock.
pub struct Db {
    pub backend: &'static str,
    pub url: String,
    pub clock: ManualClock,
    _dir: Option<tempfile::TempDir>,
    _drop: Option<test_databases::DropWhenDone>,
}

impl Db {
    /// A service over this database (a new one each call: "the bot restarted").
    pub async fn service(&self) -> Service {
        let store = Store::connect(&self.url).await.expect("the store opens");
        // Few iterations: AI seats search as in the bot, but fast and reproducibly.
        Service::new(store, Arc::new(self.clock.clone()))
            .with_ai_budget(AiBudget::Iterations(20), false)
    }
}

pub async fn backends() -> Vec<Db> {
    let dir = tempfile::tempdir().expect("a temp dir");
    let url = format!("sqlite://{}", dir.path().join("vliv.db").display());
    let mut out = vec![Db {
        backend: "sqlite",
        url,
        clock: ManualClock::at(1_700_000_000_000),
        _dir: Some(dir),
        _drop: None,
    }];
    match std::env::var("VLIV_TEST_POSTGRES_URL") {
        Ok(base) => {
            let (url, drop) = fresh_postgres_database(&base).await;
            out.push(Db {
                backend: "postgres",
                url,
                clock: ManualClock::at(1_700_000_000_000),
                _dir: None,
                _drop: Some(drop),
            })
        }
        Err(_) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("CI=true but VLIV_TEST_POSTGRES_URL is not set: the Postgres tests must run")
        }
        Err(_) => eprintln!(
            "notice: VLIV_TEST_POSTGRES_URL is not set, so these tests ran on SQLite only \
             (.ci/run starts a throwaway Postgres)"
        ),
    }
    out
}

/// A new, empty database on the test server, so scenarios running in parallel never meet;
/// dropped when the test is done with it. The first one of a process drops the stale ones
/// of ended runs before.
async fn fresh_postgres_database(base: &str) -> (String, test_databases::DropWhenDone) {
    static N: AtomicU32 = AtomicU32::new(0);
    install_default_drivers();
    let name = format!(
        "vliv_t_{}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst),
        rand::random::<u32>()
    );
    let admin = AnyPool::connect(base)
        .await
        .expect("the test Postgres accepts connections");
    // Once per test process: the scenarios running in parallel would all drop the same ones.
    static SWEPT: AtomicBool = AtomicBool::new(false);
    if !SWEPT.swap(true, Ordering::SeqCst) {
        test_databases::drop_stale(&admin).await;
    }
    sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&admin)
        .await
        .expect("a test database is created");
    admin.close().await;
    let (server, _) = base.rsplit_once('/').expect("a database URL with a path");
    let url = format!("{server}/{name}");
    let drop = test_databases::DropWhenDone {
        admin_url: base.to_owned(),
        name,
    };
    (url, drop)
}

pub fn lobby(channel: u64, host: u64, seed: u64) -> OpenLobby {
    OpenLobby {
        guild: GuildId(GUILD),
        channel: ChannelId(channel),
        parent: None,
        kind: "claim".into(),
        host: UserId(host),
        seats: vec![SeatHolder::User(UserId(host))],
        options: OptionValues::new(),
        seed: Some(seed),
        lang: Lang::En,
    }
}

/// Alice hosts, Bob joins, the game starts.
pub async fn started(service: &Service, channel: u64, seed: u64) -> GameRecord {
    let rec = service.open(lobby(channel, ALICE, seed)).await.unwrap();
    service.join(rec.id, UserId(BOB)).await.unwrap();
    service
        .start(rec.id, Caller::user(UserId(ALICE)))
        .await
        .unwrap()
        .game
}

/// The user holding the pending seat, and that seat's menu.
pub async fn pending_user(
    service: &Service,
    game: GameId,
) -> Option<(u64, vliv_bot::service::PendingMenu)> {
    for user in [ALICE, BOB, CAROL] {
        let menus = service.pending_menus(game, UserId(user)).await.unwrap();
        if let Some(m) = menus.into_iter().next() {
            return Some((user, m));
        }
    }
    None
}

/// Plays the `n`-th listed choice (wrapping) for whoever is pending; `None` at the end.
pub async fn step(service: &Service, game: GameId, n: usize) -> Option<ServiceResult<GameRecord>> {
    let (user, menu) = pending_user(service, game).await?;
    let choice = menu.menu.choices[n % menu.menu.choices.len()].id;
    Some(
        service
            .play(UserId(user), menu.click(choice))
            .await
            .map(|r| r.game),
    )
}

/// What "no state change" compares: the row's version, snapshot, counters and the moves.
pub async fn fingerprint(
    service: &Service,
    game: GameId,
) -> (i64, Option<String>, Vec<u32>, usize, String) {
    let rec = service.game(game).await.unwrap();
    let moves = service.store().moves(game).await.unwrap().len();
    (
        rec.version,
        rec.snapshot.as_deref().map(str::to_owned),
        rec.counters,
        moves,
        rec.status.as_str().to_owned(),
    )
}

/// Plays Alice's moves (first choice) until her next move would hand the turn to an AI
/// seat, whatever she picks: then the AI's reply is the automatic move after her click.
pub async fn until_ai_answers_alice(service: &Service, game: GameId) {
    for _ in 0..60 {
        let rec = service.game(game).await.unwrap();
        let (user, menu) = pending_user(service, game).await.expect("Alice is pending");
        assert_eq!(user, ALICE);
        let state = service.live(&rec).unwrap();
        let ai_answers = menu.menu.choices.iter().all(|c| {
            let mut next = state.clone_box();
            next.apply(Actor::Seat(menu.seat), c.id).is_ok()
                && next.pending().iter().any(|p| {
                    matches!(p.actor, Actor::Seat(s) if rec.seats[s as usize] != SeatHolder::User(UserId(ALICE)))
                })
        });
        if ai_answers {
            return;
        }
        let choice = menu.menu.choices[0].id;
        service
            .play(UserId(ALICE), menu.click(choice))
            .await
            .unwrap();
    }
    panic!("the AI never had to answer Alice");
}

/// Alice against one AI seat, started.
pub async fn against_ai(service: &Service, channel: u64, seed: u64) -> GameId {
    let rec = service.open(lobby(channel, ALICE, seed)).await.unwrap();
    service
        .add_ai(rec.id, Caller::user(UserId(ALICE)), Level::Normal)
        .await
        .unwrap();
    service
        .start(rec.id, Caller::user(UserId(ALICE)))
        .await
        .unwrap();
    rec.id
}
