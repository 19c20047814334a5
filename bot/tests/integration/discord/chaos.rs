//! The chaos runs: the real `vliv` binary against the loopback Discord on Postgres. Games
//! with AI seats are played at once by scripted users clicking through "My hand" panels,
//! some letting their clock run out, while faults strike. Every game must reach its end,
//! every accepted move be stored exactly once, replays verify, and no user be told
//! "nothing was applied" about a move that was.
//!
//! - One process, twenty Claim games, through a TCP proxy the test owns: the proxy cuts
//!   every database connection several times, turns connections away for a while, and the
//!   bot is SIGKILLed once and restarted.
//! - A fleet: three processes (shards 0, 1 and 2 of 3) on a Postgres server of the test's
//!   own, games of all five kinds: the server is stopped the hard way (`pg_ctl -m
//!   immediate`) twice for 15 s, and one process is SIGKILLed and restarted while the
//!   others commit. No process may exit on its own.

use crate::common::pg_server::PgServer;
use crate::common::proxy;
use crate::common::vliv_process;
use crate::loopback;

use std::{
    io::Write,
    sync::{
        atomic::{AtomicUsize, Ordering},
        Mutex,
    },
    time::{Duration, Instant},
};

use fakecord::{Audience, Fake, Message, MANAGE_GUILD, MEMBER};
use serde_json::json;
use vliv_bot::{
    i18n::tr,
    service::{GameId, Service, Status, SystemClock},
    store::Store,
};
use vliv_engine::{Actor, Lang, Text};
use vliv_process::Bot;

const GAMES: usize = 20;
const GUILD: u64 = 700_000_000_000_000_001;
/// The fleet run: three processes, two games on each one's shard (more for a longer run:
/// `VLIV_CHAOS_FLEET_GAMES`).
const FLEET: u64 = 3;
const FLEET_GAMES: usize = 6;
/// The fleet run's games: every kind, with options that keep a game short.
const FLEET_KINDS: [(&str, &str); 5] = [
    ("claim", ""),
    ("ovlivneni", "turn_limit=12"),
    ("ruse-and-bruise", ""),
    ("fantasy-realms", ""),
    ("louis-xiv", ""),
];
/// How long the fleet's database stays down, each time.
const OUTAGE: Duration = Duration::from_secs(15);
const FIRST_CHANNEL: u64 = 700_000_000_000_001_000;
const FIRST_HOST: u64 = 710_000_000_000_000_000;
const ADMIN: u64 = 719_000_000_000_000_000;
const TOKEN: &str = "fake-token-for-the-chaos-run";
/// One answer on a busy machine; longer means the bot was killed meanwhile.
const ANSWER: Duration = Duration::from_secs(15);
/// The bot's start: connect, migrate, register commands.
const START: Duration = Duration::from_secs(90);
/// All games' play, faults included.
const PLAY: Duration = Duration::from_secs(240);

/// One game of the run.
#[derive(Clone, Copy, Debug)]
struct Plan {
    index: usize,
    guild: u64,
    channel: u64,
    host: u64,
    kind: &'static str,
    options: &'static str,
    /// The host lets their clock run out once, at their move with this number.
    walk_away_at: Option<usize>,
}

impl Plan {
    fn of(index: usize) -> Plan {
        Plan {
            index,
            guild: GUILD,
            channel: FIRST_CHANNEL + index as u64,
            host: FIRST_HOST + index as u64,
            kind: "claim",
            options: "",
            walk_away_at: (index % 3 == 1).then_some(2),
        }
    }

    /// A game of the fleet run: on shard `index % 3`, of every kind in turn.
    fn of_fleet(index: usize) -> Plan {
        let (kind, options) = FLEET_KINDS[index % FLEET_KINDS.len()];
        Plan {
            guild: fleet_guild(index as u64 % FLEET),
            kind,
            options,
            walk_away_at: (index == 1).then_some(2),
            ..Plan::of(index)
        }
    }
}

/// A server on shard `s` of the fleet's 3 (its id >> 22 is `s` modulo 3).
fn fleet_guild(s: u64) -> u64 {
    (500_000_000_000u64 * FLEET + s) << 22
}

/// What the users saw, as the run goes.
#[derive(Default)]
struct Tally {
    /// Clicks answered as applied: (game, seat, counter, choice).
    accepted: Vec<(GameId, u8, u32, u32)>,
    /// Move clicks answered "nothing was applied".
    nothing_applied: usize,
    /// …of which the store holds the move after all: the bug this run looks for.
    untruthful: Vec<String>,
    /// Clicks that got no answer (the bot was killed or restarting).
    unanswered: usize,
    /// Move clicks answered "it may or may not have been applied".
    unconfirmed: usize,
    /// Moves applied whose table could not be updated at once.
    not_shown: usize,
    /// Clocks that ran out (the users who walked away).
    timeouts: usize,
    /// Other answers to move clicks (a stale panel after a restart, say), for the record.
    other: Vec<String>,
}

struct Chaos {
    fake: Fake,
    /// Between the one process and the database: cuts and refused connects.
    proxy: Option<proxy::Proxy>,
    /// The fleet's database server itself, stopped and started.
    server: Option<PgServer>,
    /// The bots' database URL (through the proxy, if any).
    bot_url: String,
    /// Each process, with the settings it is restarted with (its shards).
    bots: Vec<(Mutex<Bot>, Settings)>,
    games: usize,
    /// How long one game may take: [`PLAY`], longer for a longer run.
    play_limit: Duration,
    /// Database outages survived.
    outages: u32,
    /// The log of the bot that was SIGKILLed.
    killed_log: Mutex<String>,
    /// The test's own view of the database, not through the proxy.
    direct: Service,
    tally: Mutex<Tally>,
    finished: AtomicUsize,
    /// "Nothing was applied" in every language a user reads.
    retry_texts: Vec<String>,
    already_texts: Vec<String>,
    not_shown_texts: Vec<String>,
    /// "It may or may not have been applied": true either way.
    unconfirmed_texts: Vec<String>,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_games_survive_database_cuts_and_a_sigkill() {
    let Some(db) = postgres_or_skip().await else {
        return;
    };
    let (proxy, bot_url) = proxy::Proxy::for_database(&db.url).await;
    let plans: Vec<Plan> = (0..GAMES).map(Plan::of).collect();
    let faults = Schedule {
        // The kill early, while every game runs; then the database faults in turn until
        // the last game ends.
        first: vec![Fault::Cut, Fault::CutAfterCommits(4), Fault::Kill(0)],
        then: vec![
            Fault::CutAndRefuse(Duration::from_millis(1500)),
            Fault::CutAfterCommits(4),
            Fault::Cut,
        ],
    };
    let run = Chaos::run(&db.url, Some(proxy), None, bot_url, 1, &plans, faults).await;
    let stats = run.proxy.as_ref().expect("the proxy").stats();
    assert!(stats.cuts >= 3, "{stats:?}");
    eprintln!(
        "chaos: {} connection cuts ({} connections reset, {} of them between a COMMIT and \
         its answer), {} refused connects",
        stats.cuts, stats.connections_cut, stats.commits_cut, stats.refused,
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fleet_survives_its_database_stopping_twice_and_a_sigkill() {
    if postgres_or_skip().await.is_none() {
        return;
    }
    let Some(server) = PgServer::start_new() else {
        assert!(
            !std::env::var("CI").is_ok_and(|v| v == "true"),
            "CI=true but no Postgres programs (initdb, pg_ctl) were found"
        );
        eprintln!("notice: no Postgres programs here; the fleet chaos run did not run");
        return;
    };
    let url = server.url();
    let games = std::env::var("VLIV_CHAOS_FLEET_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(FLEET_GAMES);
    let plans: Vec<Plan> = (0..games).map(Plan::of_fleet).collect();
    let faults = Schedule {
        first: vec![
            Fault::Kill(1),
            Fault::StopDatabase(OUTAGE),
            Fault::StopDatabase(OUTAGE),
        ],
        then: vec![],
    };
    let run = Chaos::run(&url, None, Some(server), url.clone(), FLEET, &plans, faults).await;
    assert_eq!(run.outages, 2, "the games ended before both outages");
    for (i, (bot, _)) in run.bots.iter().enumerate() {
        let mut bot = bot.lock().unwrap();
        assert!(
            bot.running(),
            "process {i} exited on its own:\n{}",
            bot.log()
        );
    }
}

/// The shared test server must be there (it names the run's own database), else the run is
/// skipped — never under `CI=true`.
async fn postgres_or_skip() -> Option<loopback::Db> {
    let db = loopback::Db::postgres().await;
    if db.is_none() {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("CI=true but VLIV_TEST_POSTGRES_URL is not set: the chaos runs must run");
        }
        eprintln!(
            "notice: VLIV_TEST_POSTGRES_URL is not set, so the chaos run was skipped \
             (.ci/run starts a throwaway Postgres)"
        );
    }
    db
}

/// A process's own environment settings (its shards), kept to restart it alike.
type Settings = Vec<(String, String)>;

/// The faults of a run: `first` in order, then `then` over and over until every game ended.
struct Schedule {
    first: Vec<Fault>,
    then: Vec<Fault>,
}

impl Chaos {
    /// Starts `shards` processes on `db_url` (through `bot_url`), opens and plays `plans`
    /// while `faults` strike, checks the store and the tables, and prints the figures.
    async fn run(
        db_url: &str,
        proxy: Option<proxy::Proxy>,
        server: Option<PgServer>,
        bot_url: String,
        shards: u64,
        plans: &[Plan],
        faults: Schedule,
    ) -> Chaos {
        let started = Instant::now();
        let fake = Fake::start().await;
        if shards > 1 {
            fake.world().gateway.recommended = shards as u32;
        }
        let mut guilds: Vec<u64> = plans.iter().map(|p| p.guild).collect();
        guilds.sort();
        guilds.dedup();
        for p in plans {
            fake.add_channel(p.guild, p.channel, &format!("table-{}", p.index));
            // Every fifth host reads Czech.
            let locale = if p.index % 5 == 2 { "cs" } else { "en-US" };
            fake.add_user(p.host, &format!("player-{}", p.host), locale);
            fake.add_member(p.guild, p.host, MEMBER);
        }
        fake.add_user(ADMIN, "admin", "en-US");
        for &g in &guilds {
            fake.add_member(g, ADMIN, MEMBER | MANAGE_GUILD);
        }
        let envs: Vec<Settings> = (0..shards)
            .map(|s| {
                if shards == 1 {
                    Vec::new()
                } else {
                    vec![
                        ("VLIV_SHARDS".into(), s.to_string()),
                        ("VLIV_SHARD_TOTAL".into(), shards.to_string()),
                    ]
                }
            })
            .collect();
        let bots = envs
            .into_iter()
            .map(|env| (Mutex::new(spawn(&fake, &bot_url, &env)), env))
            .collect();
        if shards == 1 {
            fake.wait_ready(START).await;
        } else {
            let all: Vec<u32> = (0..shards as u32).collect();
            fake.wait("the fleet's shards to connect", START, |w| {
                (w.gateway.live() == all && w.ready()).then_some(())
            })
            .await;
        }
        // Tables as text: the run is about the database, and a debug build on two shared
        // cores draws pictures slowly.
        for &g in &guilds {
            let p = plans
                .iter()
                .find(|p| p.guild == g)
                .expect("a game of the server");
            let ix = fake.slash(
                ADMIN,
                p.channel,
                "vliv-admin pictures",
                &[("on", json!(false))],
            );
            answer_within(&fake, ix, START, |_| true)
                .await
                .expect("/vliv-admin pictures is answered");
        }
        let lines = |key: &'static str| {
            [Lang::En, Lang::Cs]
                .map(|l| tr(l, &Text::new(key), &|s| l.seat_name(s)))
                .to_vec()
        };
        let direct = Service::new(
            Store::connect(db_url).await.expect("the test's own store"),
            std::sync::Arc::new(SystemClock),
        );
        let chaos = Chaos {
            fake,
            proxy,
            server,
            bot_url,
            bots,
            games: plans.len(),
            play_limit: PLAY * (plans.len() as u32).div_ceil(GAMES as u32),
            outages: 0,
            killed_log: Mutex::default(),
            direct,
            tally: Mutex::default(),
            finished: AtomicUsize::new(0),
            retry_texts: lines("err-retry"),
            already_texts: lines("err-already-applied"),
            not_shown_texts: lines("done-table-late"),
            unconfirmed_texts: lines("err-unconfirmed"),
        };

        let games: Vec<GameId> =
            futures::future::join_all(plans.iter().map(|p| chaos.open_game(p))).await;
        let setup = started.elapsed();
        let play = futures::future::join_all(
            plans
                .iter()
                .zip(&games)
                .map(|(p, &game)| chaos.play(p, game)),
        );
        let (durations, injected) = tokio::join!(play, chaos.inject_faults(faults));
        let slowest = durations.into_iter().max().unwrap_or_default();

        let moves = chaos.check_store(&games).await;
        assert_eq!(injected.kills, 1, "{injected:?}");
        let mut chaos = chaos;
        chaos.outages = injected.outages;
        // The channels show the ends too: every table carries its result, none "My hand".
        for (p, &game) in plans.iter().zip(&games) {
            chaos
                .fake
                .wait(
                    &format!("game {game}'s table showing its result"),
                    ANSWER,
                    |w| {
                        table_in(w, p.channel, game)
                            .filter(|t| t.custom_ids().contains(&format!("vr:{game}")))
                    },
                )
                .await;
        }
        {
            let tally = chaos.tally.lock().unwrap();
            assert!(
                tally.untruthful.is_empty(),
                "users were told nothing was applied about stored moves: {:?}",
                tally.untruthful
            );
            let mut log = chaos.killed_log.lock().unwrap().clone();
            for (bot, _) in &chaos.bots {
                log += bot.lock().unwrap().log().as_str();
            }
            assert!(!log.contains(TOKEN), "the token is in the bot's log");
            assert!(!log.contains("panicked"), "a bot panicked");
            let errors: Vec<&str> = log.lines().filter(|l| l.contains(" ERROR ")).collect();
            // Written past the test harness's capture: CI's log shows the figures of every run.
            let mut out = std::io::stderr();
            let _ = writeln!(
                out,
                "chaos ({shards} process(es)): {} database outages of {:?} each, {} SIGKILL; \
                 {} games finished ({}), {} moves stored ({} clicks accepted, {} of them \
                 with the table late, {} clocks ran out, {} truthful \"nothing was \
                 applied\", {} \"may or may not have been applied\", {} clicks unanswered \
                 while a bot was down); setup {:.1}s, slowest game {:.1}s, total {:.1}s",
                injected.outages,
                OUTAGE,
                injected.kills,
                chaos.finished.load(Ordering::SeqCst),
                {
                    let mut kinds: Vec<&str> = plans.iter().map(|p| p.kind).collect();
                    kinds.sort();
                    kinds.dedup();
                    kinds.join(", ")
                },
                moves,
                tally.accepted.len(),
                tally.not_shown,
                tally.timeouts,
                tally.nothing_applied,
                tally.unconfirmed,
                tally.unanswered,
                setup.as_secs_f64(),
                slowest.as_secs_f64(),
                started.elapsed().as_secs_f64(),
            );
            if !tally.other.is_empty() || !errors.is_empty() {
                let _ = writeln!(
                    out,
                    "chaos: other answers to clicks: {:?}; errors in the bots' logs: {errors:?}",
                    tally.other
                );
            }
        }
        chaos
    }
}

fn spawn(fake: &Fake, url: &str, env: &[(String, String)]) -> Bot {
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    Bot::spawn_with(fake, url, TOKEN, &env)
}

/// The interaction's latest visible answer satisfying `check`, or `None` after `timeout`.
async fn answer_within(
    fake: &Fake,
    ix: u64,
    timeout: Duration,
    check: impl Fn(&Message) -> bool,
) -> Option<Message> {
    let end = Instant::now() + timeout;
    loop {
        {
            let w = fake.world();
            let i = &w.interactions[&ix];
            let shown = i
                .answered_at
                .and(i.last_message.or(i.original))
                .and_then(|m| w.messages.get(&m))
                .filter(|m| m.flags & 128 == 0 && !m.deleted && check(m));
            if let Some(m) = shown {
                return Some(m.clone());
            }
        }
        if Instant::now() >= end {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The game's table in its channel as it shows now.
fn table_of(fake: &Fake, channel: u64, game: GameId) -> Option<Message> {
    table_in(&fake.world(), channel, game)
}

/// The same in a world already locked (a wait's check must not lock again).
fn table_in(w: &fakecord::World, channel: u64, game: GameId) -> Option<Message> {
    let tag = format!(":{game}");
    w.messages
        .values()
        .rev()
        .find(|m| {
            // A channel message, or a public follow-up once a player's click moved it.
            m.audience == Audience::Channel(channel)
                && !m.deleted
                && m.channel == channel
                && m.embeds.as_array().is_some_and(|e| !e.is_empty())
                && m.custom_ids().iter().any(|c| c.ends_with(&tag))
        })
        .cloned()
}

#[derive(Debug, Default)]
struct Injected {
    kills: u32,
    outages: u32,
}

/// What the fault schedule does at each step.
#[derive(Clone, Copy, Debug)]
enum Fault {
    Cut,
    CutAndRefuse(Duration),
    /// The next COMMITs are cut off from their answers.
    CutAfterCommits(u64),
    /// The process with this index is SIGKILLed and started again.
    Kill(usize),
    /// The database server is stopped the hard way and started again after this long.
    StopDatabase(Duration),
}

impl Chaos {
    /// The host opens a lobby, seats an AI or lets the guest join, and starts.
    async fn open_game(&self, p: &Plan) -> GameId {
        let mut args = vec![("game", json!(p.kind))];
        if !p.options.is_empty() {
            args.push(("options", json!(p.options)));
        }
        let ix = self.fake.slash(p.host, p.channel, "game new", &args);
        answer_within(&self.fake, ix, START, |_| true)
            .await
            .expect("/game new is answered");
        let game: GameId = self
            .fake
            .wait("the lobby's table", START, |w| {
                w.messages.values().rev().find_map(|m| {
                    let id = m.custom_ids().into_iter().find(|c| c.starts_with("vj:"))?;
                    (m.audience == Audience::Channel(p.channel) && !m.deleted)
                        .then(|| id[3..].parse().ok())?
                })
            })
            .await;
        // `level` is a choice: 1 is normal.
        let ix = self
            .fake
            .slash(p.host, p.channel, "game add-ai", &[("level", json!(1))]);
        answer_within(&self.fake, ix, START, |_| true)
            .await
            .expect("/game add-ai is answered");
        self.click_table(p.host, p.channel, game, "vs").await;
        self.fake
            .wait("the running table", START, |w| {
                table_in(w, p.channel, game)
                    .filter(|t| t.custom_ids().contains(&format!("vh:{game}")))
            })
            .await;
        game
    }

    async fn click_table(&self, user: u64, channel: u64, game: GameId, prefix: &str) {
        let id = format!("{prefix}:{game}");
        let table = loop {
            match table_of(&self.fake, channel, game) {
                Some(t) if t.custom_ids().contains(&id) => break t,
                _ => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        };
        let ix = self.fake.click(user, table.id, &id);
        answer_within(&self.fake, ix, START, |_| true)
            .await
            .unwrap_or_else(|| panic!("{prefix} in game {game} is answered"));
    }
}

impl Chaos {
    fn tally(&self) -> std::sync::MutexGuard<'_, Tally> {
        self.tally.lock().unwrap()
    }

    /// The game's humans play it to its end. Whose turn it is they learn as from the turn
    /// ping (read here from the store); the move itself is a click on their "My hand" panel.
    async fn play(&self, p: &Plan, game: GameId) -> Duration {
        let started = Instant::now();
        let mut host_moves = 0;
        let mut walked_away = false;
        let mut table_id = None;
        loop {
            assert!(
                started.elapsed() < self.play_limit,
                "game {game} did not end in {:?}",
                self.play_limit
            );
            // The test reads the store as the players' turn pings would tell them; while
            // the database is down it waits like them.
            let Ok(rec) = self.direct.game(game).await else {
                tokio::time::sleep(Duration::from_millis(300)).await;
                continue;
            };
            if rec.status != Status::Running {
                assert_eq!(rec.status, Status::Finished, "game {game}");
                self.finished.fetch_add(1, Ordering::SeqCst);
                return started.elapsed();
            }
            let user = p.host;
            let Ok(menus) = self.direct.pending_menus(game, user).await else {
                tokio::time::sleep(Duration::from_millis(300)).await;
                continue;
            };
            let Some(menu) = menus.into_iter().next() else {
                // The AI's turn (or a timeout's): it moves by itself.
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            };
            if p.walk_away_at == Some(host_moves) && !walked_away {
                walked_away = true;
                self.let_clock_run_out(game, menu.seat, menu.counter).await;
                continue;
            }
            let hand = format!("vh:{game}");
            let Some(table) = self
                .table_cached(&mut table_id, p.channel, game)
                .filter(|t| t.custom_ids().contains(&hand))
            else {
                tokio::time::sleep(Duration::from_millis(150)).await;
                continue;
            };
            let ix = self.fake.click(user, table.id, &hand);
            let Some(panel) = answer_within(&self.fake, ix, ANSWER, |_| true).await else {
                self.tally().unanswered += 1;
                continue;
            };
            if loopback::options(&panel).is_empty() {
                // A refusal (the database was away), or the turn moved on meanwhile.
                tokio::time::sleep(Duration::from_millis(150)).await;
                continue;
            }
            let n = host_moves * 7 + p.index + 2;
            let (seat, counter, choice) = loopback::click_of(&panel, n);
            let before = panel.edits;
            let ix = loopback::choose_on(&self.fake, user, &panel, n);
            let answer = answer_within(&self.fake, ix, ANSWER, |m| {
                m.id != panel.id || m.edits > before
            })
            .await;
            let applied = match answer {
                None => {
                    self.tally().unanswered += 1;
                    false
                }
                Some(m) if m.id == panel.id => true,
                Some(m) if self.retry_texts.iter().any(|t| m.content.contains(t)) => {
                    self.tally().nothing_applied += 1;
                    // Whatever was in flight has landed, or never will, by now.
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    let stored = loop {
                        match self
                            .direct
                            .store()
                            .move_at_counter(game, Actor::Seat(seat), counter)
                            .await
                        {
                            Ok(stored) => break stored,
                            Err(_) => tokio::time::sleep(Duration::from_millis(300)).await,
                        }
                    };
                    if stored.is_some_and(|c| c.0 == choice) {
                        self.tally().untruthful.push(format!(
                            "game {game} seat {seat} move {counter} (interaction {ix})"
                        ));
                    }
                    false
                }
                Some(m) if self.unconfirmed_texts.iter().any(|t| m.content.contains(t)) => {
                    self.tally().unconfirmed += 1;
                    false
                }
                Some(m) if self.already_texts.iter().any(|t| m.content.contains(t)) => true,
                Some(m) if self.not_shown_texts.iter().any(|t| m.content.contains(t)) => {
                    self.tally().not_shown += 1;
                    true
                }
                Some(m) => {
                    self.tally().other.push(m.content);
                    false
                }
            };
            if applied {
                self.tally().accepted.push((game, seat, counter, choice));
                host_moves += 1;
            }
        }
    }

    /// The table, looked up by the id it had last time (a search of every message of the
    /// run costs more than the bot's answer).
    fn table_cached(&self, id: &mut Option<u64>, channel: u64, game: GameId) -> Option<Message> {
        let known = id.and_then(|id| {
            let w = self.fake.world();
            w.messages.get(&id).filter(|m| !m.deleted).cloned()
        });
        let table = known.or_else(|| table_of(&self.fake, channel, game))?;
        *id = Some(table.id);
        Some(table)
    }

    /// The user walks away: a minute passes for this game (its stored timeout is brought
    /// forward to now) and the bot's scheduler makes the game's timeout choice.
    async fn let_clock_run_out(&self, game: GameId, seat: u8, counter: u32) {
        let started = Instant::now();
        loop {
            // Errors while the database is down: tried again.
            let _ = sqlx::query(
                // The server's turn timeout, or a clock of the game's own (a reaction
                // window's): whichever the decision runs against.
                "UPDATE deadlines SET due_ms = 0 \
                 WHERE game_id = $1 AND (kind = 'timeout' OR kind LIKE 'clock:%')",
            )
            .bind(game)
            .execute(self.direct.store().pool())
            .await;
            tokio::time::sleep(Duration::from_millis(500)).await;
            let Ok(rec) = self.direct.game(game).await else {
                continue;
            };
            if rec.status != Status::Running || rec.counters[seat as usize] > counter {
                self.tally().timeouts += 1;
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(90),
                "the clock of game {game} never ran out"
            );
        }
    }

    /// The fault schedule, a step every 2 s for as long as games run: cuts, COMMITs cut off
    /// from their answers, refused connects, and one SIGKILL with a restart.
    async fn inject_faults(&self, schedule: Schedule) -> Injected {
        let proxy = || self.proxy.as_ref().expect("a run with a proxy");
        let mut injected = Injected::default();
        let then = schedule.then.into_iter().cycle();
        for fault in schedule.first.into_iter().chain(then) {
            tokio::time::sleep(Duration::from_secs(2)).await;
            if self.finished.load(Ordering::SeqCst) == self.games {
                break;
            }
            match fault {
                Fault::Cut => {
                    proxy().cut();
                }
                Fault::CutAfterCommits(n) => proxy().cut_after_commits(n),
                Fault::CutAndRefuse(how_long) => {
                    proxy().refuse_for(how_long);
                    proxy().cut();
                }
                Fault::StopDatabase(how_long) => {
                    let server = self.server.as_ref().expect("a run with its own server");
                    server.stop_immediately();
                    tokio::time::sleep(how_long).await;
                    server.start();
                    injected.outages += 1;
                }
                Fault::Kill(which) => {
                    let sessions = self.fake.world().sessions;
                    {
                        let (bot, env) = &self.bots[which];
                        let mut bot = bot.lock().unwrap();
                        bot.kill();
                        *self.killed_log.lock().unwrap() = bot.log();
                        *bot = spawn(&self.fake, &self.bot_url, env);
                    }
                    injected.kills += 1;
                    self.fake
                        .wait("the restarted bot to register", START, |w| {
                            (w.sessions > sessions && w.ready()).then_some(())
                        })
                        .await;
                }
            }
        }
        injected
    }

    /// Every game ended, replays, and holds each accepted click exactly once; returns the
    /// number of moves stored.
    async fn check_store(&self, games: &[GameId]) -> usize {
        let accepted = self.tally().accepted.clone();
        let store = self.direct.store();
        let mut total = 0;
        for &game in games {
            let rec = self.direct.game(game).await.expect("the game");
            assert_eq!(rec.status, Status::Finished, "game {game} reached its end");
            assert_eq!(
                self.direct.verify(&rec).await.expect("a replay"),
                Ok(()),
                "game {game} replays to its stored state"
            );
            let moves = store.moves(game).await.expect("the moves");
            let mut next: Vec<(Actor, u32)> = Vec::new();
            for (i, m) in moves.iter().enumerate() {
                assert_eq!(
                    m.seq, i as i64,
                    "game {game}: move numbers run without a gap"
                );
                // Each actor's counters run 0, 1, 2…: no decision stored twice.
                let n = match next.iter_mut().find(|(a, _)| *a == m.actor) {
                    Some((_, n)) => n,
                    None => {
                        next.push((m.actor, 0));
                        &mut next.last_mut().expect("just pushed").1
                    }
                };
                assert_eq!(m.seat_counter, *n, "game {game}, {:?}", m.actor);
                *n += 1;
            }
            for &(_, seat, counter, choice) in accepted.iter().filter(|a| a.0 == game) {
                let stored: Vec<u32> = moves
                    .iter()
                    .filter(|m| m.actor == Actor::Seat(seat) && m.seat_counter == counter)
                    .map(|m| m.choice.0)
                    .collect();
                assert_eq!(
                    stored,
                    vec![choice],
                    "game {game}: the accepted click of seat {seat} at {counter}, once"
                );
            }
            total += moves.len();
        }
        total
    }
}
