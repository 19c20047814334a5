//! The chaos runs: the real `vliv` binary against the loopback Discord on Postgres. Games
//! with AI seats are played at once by scripted users clicking through "My hand" panels,
//! some letting their clock run out, while faults strike. Every game must reach its end,
//! every accepted move be stored exactly once, replays verify, and no user be told
//! "nothing was applied" about a move that was.
//!
//! - One process, twenty Claim games, through a TCP proxy the test owns: the proxy cuts
//!   every database connection several times, turns connections away for a while, and the
//!   bot is SIGKILLed once and restarted.
//! - A fleet (`fleet.rs`): three processes (shards 0, 1 and 2 of 3) on a Postgres server of
//!   the test's own, Discord games of all five kinds and Matrix games on the real Synapse
//!   (`matrix.rs`): the server is stopped the hard way (`pg_ctl -m immediate`) twice for
//!   15 s, one process is SIGKILLed and restarted while the others commit, and one is
//!   replaced by the previous release's binary and then by the new one again. No process
//!   may exit on its own.
//!
//! A game fails when it stalls: when its stored version has not moved for [`STALL`]. A
//! loaded machine makes every game slower, but a game that still moves is not stuck, so
//! there is no limit on a game's whole length (the figures print the slowest game and the
//! longest pause between two of a game's moves).

mod checks;
mod faults;
mod fleet;
mod matrix;
mod players;

use crate::common::e2e_tables::table_by_buttons_in;
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

use checks::Progress;
use fakecord::{Audience, Fake, Message, MANAGE_GUILD, MEMBER};
use faults::{Fault, Schedule};
use matrix::MatrixSide;
use serde_json::json;
use vliv_bot::{
    i18n::tr,
    service::{GameId, Service, SystemClock},
    store::Store,
};
use vliv_engine::{Lang, Text};
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
/// The longest a running game may go without a stored move: about three times the longest
/// pause measured (52 s in the fleet run: a Matrix game across the account's lease changing
/// hands and a database outage; 17 s in the one-process run), for a loaded machine. A game
/// slowed by a busy machine still moves; one that does not move for this long is stuck.
const STALL: Duration = Duration::from_secs(150);

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
    /// Of the accepted moves, those sent on Matrix.
    matrix_moves: usize,
    /// The longest a Matrix move waited for its answer.
    slowest_matrix_answer: Duration,
    /// The longest a game went between two stored moves, and which game.
    longest_pause: (Duration, Option<GameId>),
    /// Commits seen by the players (a game's stored version moving), for the faults' pace.
    commits_seen: usize,
}

/// What a run starts: the database (through a proxy, or a server of its own), the number
/// of processes (one a shard), and the Matrix side (which processes serve the account).
struct Setup {
    db_url: String,
    proxy: Option<proxy::Proxy>,
    server: Option<PgServer>,
    bot_url: String,
    shards: u64,
    matrix: Option<(crate::matrix_support::Homeserver, Vec<usize>)>,
    /// The previous release's `vliv`, for the faults that start it.
    previous: Option<std::path::PathBuf>,
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
    /// Games of the run, Discord's and Matrix's.
    games: usize,
    /// The process (index) serving each Discord game.
    owners: Mutex<Vec<(usize, GameId)>>,
    matrix: Option<MatrixSide>,
    previous: Option<std::path::PathBuf>,
    /// Database outages survived.
    outages: u32,
    /// Moves stored in the previous binary's games while it served them.
    by_previous: Option<usize>,
    /// The logs of the processes that were stopped.
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
    let setup = Setup {
        db_url: db.url.clone(),
        proxy: Some(proxy),
        server: None,
        bot_url,
        shards: 1,
        matrix: None,
        previous: None,
    };
    let run = Chaos::run(setup, &plans, faults).await;
    let stats = run.proxy.as_ref().expect("the proxy").stats();
    assert!(stats.cuts >= 3, "{stats:?}");
    eprintln!(
        "chaos: {} connection cuts ({} connections reset, {} of them between a COMMIT and \
         its answer), {} refused connects",
        stats.cuts, stats.connections_cut, stats.commits_cut, stats.refused,
    );
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

impl Chaos {
    /// Starts `shards` processes on `db_url` (through `bot_url`), opens and plays `plans`
    /// while `faults` strike, checks the store and the tables, and prints the figures.
    async fn run(setup: Setup, plans: &[Plan], faults: Schedule) -> Chaos {
        let Setup {
            db_url,
            proxy,
            server,
            bot_url,
            shards,
            matrix,
            previous,
        } = setup;
        let started = Instant::now();
        let (mut side, homeserver) = match matrix {
            Some((hs, serving)) => (Some(MatrixSide::register(hs).await), serving),
            None => (None, Vec::new()),
        };
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
                let mut env: Settings = if shards == 1 {
                    Vec::new()
                } else {
                    vec![
                        ("VLIV_SHARDS".into(), s.to_string()),
                        ("VLIV_SHARD_TOTAL".into(), shards.to_string()),
                    ]
                };
                if let Some(side) = side.as_ref().filter(|_| homeserver.contains(&(s as usize))) {
                    env.extend(side.env());
                }
                env
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
            Store::connect(&db_url).await.expect("the test's own store"),
            std::sync::Arc::new(SystemClock),
        );
        if let Some(side) = side.as_mut() {
            side.open_tables(&direct).await;
        }
        let chaos = Chaos {
            fake,
            proxy,
            server,
            bot_url,
            bots,
            games: plans.len() + side.as_ref().map_or(0, |s| s.tables.len()),
            owners: Mutex::default(),
            matrix: side,
            previous,
            outages: 0,
            by_previous: None,
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
        *chaos.owners.lock().unwrap() = plans
            .iter()
            .zip(&games)
            .map(|(p, &g)| (((p.guild >> 22) % shards) as usize, g))
            .collect();
        let setup = started.elapsed();
        let tables = chaos.matrix.as_ref().map_or(&[][..], |m| &m.tables[..]);
        let play = futures::future::join_all(
            plans
                .iter()
                .zip(&games)
                .map(|(p, &game)| chaos.play(p, game)),
        );
        let play_matrix = futures::future::join_all(tables.iter().map(|t| {
            let side = chaos.matrix.as_ref().expect("the Matrix side");
            chaos.play_matrix(side, t)
        }));
        let (durations, matrix_durations, injected) =
            tokio::join!(play, play_matrix, chaos.inject_faults(faults));
        let (slowest, slowest_kind) = plans
            .iter()
            .map(|p| p.kind)
            .zip(durations)
            .chain(tables.iter().map(|t| t.kind).zip(matrix_durations))
            .map(|(kind, d)| (d, kind))
            .max()
            .unwrap_or_default();
        let mut all_games = games.clone();
        all_games.extend(tables.iter().map(|t| t.game));
        let matrix_games = tables.len();

        let moves = chaos.check_store(&all_games).await;
        assert_eq!(injected.kills, 1, "{injected:?}");
        let mut chaos = chaos;
        chaos.outages = injected.outages;
        chaos.by_previous = injected.by_previous;
        // The channels show the ends too: every table carries its result, none "My hand".
        for (p, &game) in plans.iter().zip(&games) {
            chaos
                .fake
                .wait(
                    &format!("game {game}'s table showing its result"),
                    ANSWER,
                    |w| {
                        table_by_buttons_in(w, p.channel, game)
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
            if let Some(side) = &chaos.matrix {
                assert!(
                    !log.contains(&side.bot.token),
                    "the Matrix token is in a log"
                );
            }
            assert!(!log.contains("panicked"), "a bot panicked");
            let errors: Vec<&str> = log.lines().filter(|l| l.contains(" ERROR ")).collect();
            // Written past the test harness's capture: CI's log shows the figures of every run.
            let mut out = std::io::stderr();
            let _ = writeln!(
                out,
                "chaos ({shards} process(es)): {} database outages of {:?} each, {} SIGKILL; \
                 {} games finished ({}; {} on Matrix), {} moves stored ({} moves accepted, \
                 {} of them on Matrix, {} with the table late, {} clocks ran out, {} truthful \
                 \"nothing was applied\", {} \"may or may not have been applied\", {} \
                 unanswered while a bot was down; {} moves stored by the previous release's \
                 binary; slowest Matrix answer {:.1}s); setup {:.1}s, slowest game {:.1}s \
                 ({slowest_kind}), longest pause between a game's moves {:.1}s (game {}), \
                 total {:.1}s",
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
                matrix_games,
                moves,
                tally.accepted.len(),
                tally.matrix_moves,
                tally.not_shown,
                tally.timeouts,
                tally.nothing_applied,
                tally.unconfirmed,
                tally.unanswered,
                injected
                    .by_previous
                    .map_or("no".to_string(), |n| n.to_string()),
                tally.slowest_matrix_answer.as_secs_f64(),
                setup.as_secs_f64(),
                slowest.as_secs_f64(),
                tally.longest_pause.0.as_secs_f64(),
                tally.longest_pause.1.unwrap_or_default(),
                started.elapsed().as_secs_f64(),
            );
            if chaos.matrix.is_some() {
                // Who read the Matrix account when: the lease changing hands.
                let lease: Vec<&str> = log
                    .lines()
                    .filter(|l| {
                        l.contains("vliv_matrix::lease") || l.contains("command was not answered")
                    })
                    .collect();
                let _ = writeln!(out, "chaos: the Matrix account's lease: {lease:#?}");
            }
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
    table_by_buttons_in(&fake.world(), channel, game)
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
                table_by_buttons_in(w, p.channel, game)
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
}
