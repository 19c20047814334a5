//! The real `vliv` binary against the loopback Discord with N concurrent Claim games played
//! by simulated users. Prints moves/s, the interaction-received → response-sent latency
//! measured at the fake (first response, and the panel showing the move), and the bot's
//! resident memory. Figures are reported, not asserted.
//!
//! `VLIV_BENCH_GAMES=10,100,1000` (the default) sets the N values, `VLIV_BENCH_SECS` (60)
//! the play time per N. The bot stores games in Postgres when `VLIV_TEST_POSTGRES_URL` is
//! set (a fresh database per N), else in SQLite, and says which.
//!
//! The fake enforces Discord's rate limits (`VLIV_BENCH_LIMITS=discord`, the default) or
//! none (`off`), and the bot reaches it over HTTPS with serenity's rate limiter on. Each
//! round prints the requests per move by class (exempt / per channel / other global), the
//! ceiling they imply under Discord's global limit, the 429s per minute, and on Postgres
//! the database transactions per move, and the CPU time per move of the bot, this harness
//! and a local Postgres.
//!
//! `VLIV_BENCH_AI_GAMES=K` (opt-in) adds a second round to each N in the same bot: K more
//! games, each one user against an AI seat at `hard`, start first and keep their AI seats
//! thinking while N fresh human games are played as in the first round; the human games'
//! figures of both rounds and their ratios are printed.
//!
//! `VLIV_BENCH_THINK_MS=T` (opt-in, default 0) makes each user think before each click,
//! 0.5–1.5 × T (spread by game and move, so the clicks do not come in waves): live play
//! rather than users who click the instant their panel changes, which saturates the bot.
//!
//! `VLIV_BENCH_PANELS=keep` (opt-in) has each user keep the panel of their last move and
//! wait for the bot to edit it with their next turn, as a player with the panel open does,
//! instead of opening "My hand" at every turn (the default, one more interaction a move).
//!
//! `VLIV_BENCH_LEARNING=off` (opt-in) has each user turn learning mode off
//! (`/vliv settings learning:off`) before their game: every bench user is in their first
//! game of Claim, so by default each panel also explains each choice, which a bot from
//! before learning mode never did. For comparing with such a bot like with like; do not set
//! it for one that has no such setting.
//!
//! `VLIV_BENCH_FLEET=1` (opt-in, Postgres only) plays each N again, after the one-process
//! round and in the same run, against a fleet (issue 18): two `vliv` processes, shards 0
//! and 1 of 2, on one fresh Postgres database, the tables split between a server on each
//! shard; it prints the fleet's figures and their ratios to the one process's.

#[path = "loopback_parts/ai_games.rs"]
mod ai_games;
#[path = "loopback_parts/cpu.rs"]
mod cpu;
#[path = "loopback_parts/db_stats.rs"]
mod db_stats;
#[path = "../tests/integration/loopback/mod.rs"]
mod loopback;
#[path = "loopback_parts/round.rs"]
mod round;
#[path = "../tests/integration/common/test_databases.rs"]
mod test_databases;

use std::{
    ops::Range,
    sync::{
        atomic::{AtomicBool, AtomicUsize, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use ai_games::{ai_moves, start_ai_games};
use cpu::CpuTimes;
use db_stats::{db_stats, DbDelta};
use fakecord::{Audience, Counts, Fake, Message, RateLimits, MEMBER};
use loopback::{choose_on, options, BotProcess, Db, START};
use round::{ratio, Round};
use serde_json::json;

/// The harness (the fake and the users) stands for Discord's machines but shares the bot's
/// cores, so its own CPU counts against the bot's figures: with glibc's malloc, malloc and
/// free were about a third of it. jemalloc, as in the bot (`src/main.rs`).
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

const GUILD: u64 = 530_000_000_000_000_001;
const FIRST_CHANNEL: u64 = 530_000_000_000_000_100;
const FIRST_USER: u64 = 630_000_000_000_000_000;
/// The AI games' channels and users (one user each), far from the human games' ids.
const FIRST_AI_CHANNEL: u64 = 530_000_000_000_900_000;
const FIRST_AI_USER: u64 = 630_000_000_000_900_000;
/// One simulated user's wait for an answer; far above any figure worth reporting.
const ANSWER: Duration = Duration::from_secs(60);

/// A set-up step's wait. Under Discord's limits a start is answered after the first mover's
/// turn DM, and a bot opens DM channels at one bot-wide bucket's pace (10 per 10 s in the
/// fake), so N games started at once with new players take about N ÷ that rate, and a
/// little more: each open waits for the last one's answer (2026-11-30, N = 1,000: 101
/// starts were still waiting after exactly N ÷ that rate).
fn setup_wait(n: usize, limits: &RateLimits) -> Duration {
    if !limits.enabled {
        return ANSWER;
    }
    let w = limits.dm_channel;
    ANSWER + w.per * (n as u32).div_ceil(w.limit.max(1)) * 3 / 2
}
/// `/game add-ai level:` takes the level's index: easy, normal, hard.
const HARD: usize = 2;

fn main() {
    let sizes: Vec<usize> = std::env::var("VLIV_BENCH_GAMES")
        .unwrap_or_else(|_| "10,100,1000".into())
        .split(',')
        .filter_map(|n| n.trim().parse().ok())
        .collect();
    let secs: u64 = std::env::var("VLIV_BENCH_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let ai_games: usize = std::env::var("VLIV_BENCH_AI_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    // The bot's AI thinks at its levels, as in production.
    std::env::remove_var("VLIV_AI_ITERATIONS");
    // Every table opens its lobby at once: the server's caps on open lobbies (25) and on
    // running games (100) are not what is measured.
    std::env::set_var("VLIV_LOBBIES_PER_SERVER", "10000");
    std::env::set_var("VLIV_RUNNING_PER_SERVER", "10000");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    for n in sizes {
        runtime.block_on(bench(n, Duration::from_secs(secs), ai_games));
    }
}

async fn bench(n: usize, budget: Duration, ai_games: usize) {
    let (db, backend) = match Db::postgres().await {
        Some(db) => (db, "postgres"),
        None => (Db::sqlite(), "sqlite (VLIV_TEST_POSTGRES_URL not set)"),
    };
    let fake = Arc::new(Fake::start().await);
    // Hundreds of thousands of requests: keep state, not the request log.
    fake.world().recording = false;
    let limits = std::env::var("VLIV_BENCH_LIMITS").unwrap_or_else(|_| "discord".into());
    let rate_limits = match limits.as_str() {
        "off" => RateLimits::off(),
        _ => RateLimits::discord(),
    };
    let wait = setup_wait(n + ai_games, &rate_limits);
    fake.set_rate_limits(rate_limits);
    // With no limits to keep under, the bot does not pace its requests either.
    match limits.as_str() {
        "off" => std::env::set_var("VLIV_GLOBAL_LIMIT", "1000000"),
        _ => std::env::remove_var("VLIV_GLOBAL_LIMIT"),
    }
    let rounds = if ai_games > 0 { 2 } else { 1 };
    for g in 0..(rounds * n) as u64 {
        fake.add_channel(GUILD, FIRST_CHANNEL + g, &format!("table-{g}"));
        for u in [FIRST_USER + 2 * g, FIRST_USER + 2 * g + 1] {
            fake.add_user(u, &format!("player-{u}"), "en-US");
            fake.add_member(GUILD, u, MEMBER);
        }
    }
    for a in 0..ai_games as u64 {
        fake.add_channel(GUILD, FIRST_AI_CHANNEL + a, &format!("ai-table-{a}"));
        fake.add_user(FIRST_AI_USER + a, &format!("ai-player-{a}"), "en-US");
        fake.add_member(GUILD, FIRST_AI_USER + a, MEMBER);
    }
    let bot = BotProcess::spawn(&fake, &db);
    fake.wait_ready(START).await;

    let mut plain = human_round(&fake, &db, 0..n, budget, wait, &[bot.pid()]).await;
    let learning = match learning() {
        true => "",
        false => ", learning mode off",
    };
    let title =
        format!("loopback bench, N = {n} games on {backend}, fake's limits {limits}{learning}");
    plain.print(&title, n);
    if ai_games > 0 {
        let stop = Arc::new(AtomicBool::new(false));
        let thinking = Arc::new(AtomicUsize::new(0));
        let (ai_tables, ai_tasks) = start_ai_games(&fake, ai_games, &stop, &thinking, wait).await;
        // Every AI seat has had to think once before the human games begin.
        let waited = Instant::now();
        while thinking.load(Ordering::SeqCst) < ai_games && waited.elapsed() < ANSWER {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let ai_before = ai_moves(&db, &ai_tables).await;
        let mut with_ai = human_round(&fake, &db, n..2 * n, budget, wait, &[bot.pid()]).await;
        let ai_during = ai_moves(&db, &ai_tables).await - ai_before;
        stop.store(true, Ordering::SeqCst);
        for t in ai_tasks {
            t.await.expect("an AI game was played");
        }
        with_ai.print(
            &format!("{title}, beside {ai_games} games whose AI seat thinks at `hard`"),
            n,
        );
        println!(
            "  the AI seats made {ai_during} moves meanwhile ({:.1}/s over all {ai_games} games)",
            ai_during as f64 / with_ai.elapsed.as_secs_f64()
        );
        println!(
            "  with AI / without: first response p99 {:.2}×, answer shown p99 {:.2}×, \
             moves/s {:.2}×",
            ratio(&mut with_ai.first, &mut plain.first),
            ratio(&mut with_ai.shown, &mut plain.shown),
            with_ai.moves_per_sec() / plain.moves_per_sec()
        );
    }
    println!(
        "  TLS connections the bot opened to the fake: {}",
        fake.tls_handshakes()
    );
    let (rss, peak) = memory(bot.pid());
    println!("  bot resident memory: {rss} (peak {peak})");
    drop(bot);
    if std::env::var("VLIV_BENCH_FLEET").is_ok_and(|v| v == "1") {
        let mut fleet = fleet_round(n, budget).await;
        fleet.print(
            &format!("loopback bench, N = {n} games on a fleet of 2 processes (shards 0, 1 of 2)"),
            n,
        );
        println!(
            "  fleet / one process: moves/s {:.2}×, first response p99 {:.2}×, answer shown \
             p99 {:.2}×",
            fleet.moves_per_sec() / plain.moves_per_sec(),
            ratio(&mut fleet.first, &mut plain.first),
            ratio(&mut fleet.shown, &mut plain.shown),
        );
    }
}

/// The servers of the fleet round: the first on shard 0 of 2, the second on shard 1.
const FLEET_GUILDS: [u64; 2] = [GUILD, GUILD + (1 << 22)];

/// N human games on a fleet of two processes: even tables in a shard-0 server, odd ones
/// in a shard-1 server, one fresh Postgres database.
async fn fleet_round(n: usize, budget: Duration) -> Round {
    let db = Db::postgres()
        .await
        .expect("VLIV_BENCH_FLEET needs VLIV_TEST_POSTGRES_URL: a fleet runs on Postgres");
    let fake = Arc::new(Fake::start().await);
    fake.world().recording = false;
    for g in 0..n as u64 {
        let guild = FLEET_GUILDS[(g % 2) as usize];
        fake.add_channel(guild, FIRST_CHANNEL + g, &format!("table-{g}"));
        for u in [FIRST_USER + 2 * g, FIRST_USER + 2 * g + 1] {
            fake.add_user(u, &format!("player-{u}"), "en-US");
            fake.add_member(guild, u, MEMBER);
        }
    }
    // The processes inherit the shard settings from this one's environment.
    std::env::set_var("VLIV_SHARD_TOTAL", "2");
    let mut bots = Vec::new();
    for shard in ["0", "1"] {
        std::env::set_var("VLIV_SHARDS", shard);
        bots.push(BotProcess::spawn(&fake, &db));
    }
    std::env::remove_var("VLIV_SHARDS");
    std::env::remove_var("VLIV_SHARD_TOTAL");
    // poise holds events until its setup is done, so one registration gives the ids.
    fake.wait("both shards to connect", START, |w| {
        (w.gateway.live() == [0, 1] && w.registered_in > 0).then_some(())
    })
    .await;
    let pids: Vec<u32> = bots.iter().map(|b| b.pid()).collect();
    let round = human_round(&fake, &db, 0..n, budget, ANSWER, &pids).await;
    for (shard, bot) in bots.iter().enumerate() {
        let (rss, peak) = memory(bot.pid());
        println!("  fleet process of shard {shard}: resident memory {rss} (peak {peak})");
    }
    round
}

/// Sets up and plays the human games of `tables` (indices of table channels) for
/// `budget`: their interactions only, from the start of play. `bots` are the bot
/// processes' ids, for their CPU time.
async fn human_round(
    fake: &Arc<Fake>,
    db: &Db,
    tables: Range<usize>,
    budget: Duration,
    wait: Duration,
    bots: &[u32],
) -> Round {
    // Every table opens its lobby, gets its second player and starts, all at once.
    let setup = Instant::now();
    let refusals_before = fake.refusals().len();
    let mut tasks = Vec::new();
    for g in tables.clone() {
        let fake = fake.clone();
        let g = g as u64;
        tasks.push(tokio::spawn(async move {
            let channel = FIRST_CHANNEL + g;
            let players = [FIRST_USER + 2 * g, FIRST_USER + 2 * g + 1];
            let (game, table) = open_and_start(&fake, channel, players, wait).await;
            (game, table, players)
        }));
    }
    let mut games = Vec::new();
    for t in tasks {
        games.push(t.await.expect("a table was set up"));
    }
    let setup = setup.elapsed();

    let moves = Arc::new(AtomicUsize::new(0));
    let refused = Arc::new(AtomicUsize::new(0));
    let stats_before = db_stats(&db.url).await;
    let counts_before = fake.rate_counts();
    let cpu_before = CpuTimes::now(bots);
    let started = Instant::now();
    let until = started + budget;
    let mut tasks = Vec::new();
    for (game, table, players) in games {
        let (fake, moves, refused) = (fake.clone(), moves.clone(), refused.clone());
        tasks.push(tokio::spawn(async move {
            play(&fake, game, table, players, until, &moves, &refused).await
        }));
    }
    let mut finished = 0;
    for t in tasks {
        finished += usize::from(t.await.expect("a game was played"));
    }
    let elapsed = started.elapsed();
    let cpu = cpu_before.until(&CpuTimes::now(bots));
    let counts = fake.rate_counts();
    // Postgres publishes its statistics about once a second.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let database = match (stats_before, db_stats(&db.url).await) {
        (Some(a), Some(b)) => Some(DbDelta::between(&a, &b)),
        _ => None,
    };
    let channels = FIRST_CHANNEL + tables.start as u64..FIRST_CHANNEL + tables.end as u64;
    let (mut first, mut shown) = (Vec::new(), Vec::new());
    let (mut leaving, mut first_after_written) = (Vec::new(), Vec::new());
    for i in fake.world().interactions.values() {
        if i.sent_at < started || !channels.contains(&i.channel) {
            continue;
        }
        if let Some((_, at)) = i.first_response {
            first.push(at - i.sent_at);
            if let Some(&written) = i.written_at.get() {
                leaving.push(written - i.sent_at);
                first_after_written.push(at.saturating_duration_since(written));
            }
        }
        if let Some(at) = i.answered_at {
            shown.push(at - i.sent_at);
        }
    }
    Round {
        requests: Counts {
            exempt: counts.exempt - counts_before.exempt,
            channel: counts.channel - counts_before.channel,
            global: counts.global - counts_before.global,
            limited_route: counts.limited_route - counts_before.limited_route,
            limited_global: counts.limited_global - counts_before.limited_global,
            uploads: counts.uploads - counts_before.uploads,
        },
        database,
        cpu,
        setup,
        moves: moves.load(Ordering::SeqCst),
        elapsed,
        finished,
        refused: refused.load(Ordering::SeqCst),
        first,
        leaving,
        first_after_written,
        shown,
        refusals: fake.refusals().split_off(refusals_before),
    }
}

/// `/game new claim` by `host`: the game id and its table message.
async fn open_lobby(fake: &Fake, channel: u64, host: u64, wait: Duration) -> (u64, u64) {
    let ix = fake.slash(host, channel, "game new", &[("game", json!("claim"))]);
    fake.answer(ix, wait).await;
    fake.wait("a lobby", wait, |w| {
        w.messages.values().rev().find_map(|m| {
            let id = m.custom_ids().into_iter().find(|c| c.starts_with("vj:"))?;
            (m.audience == Audience::Channel(channel) && !m.deleted)
                .then(|| Some((id[3..].parse::<u64>().ok()?, m.id)))?
        })
    })
    .await
}

/// `/game new claim`, Join, Start; returns the game id and its table message.
async fn open_and_start(
    fake: &Fake,
    channel: u64,
    players: [u64; 2],
    wait: Duration,
) -> (u64, u64) {
    if !learning() {
        for player in players {
            let ix = fake.slash(
                player,
                channel,
                "vliv settings",
                &[("learning", json!(LEARNING_OFF))],
            );
            fake.answer(ix, wait).await;
        }
    }
    let (game, table) = open_lobby(fake, channel, players[0], wait).await;
    let join = fake.click(players[1], table, &format!("vj:{game}"));
    fake.answer(join, wait).await;
    let start = fake.click(players[0], table, &format!("vs:{game}"));
    fake.answer(start, wait).await;
    (game, table)
}

/// "My hand": the panel and its interaction.
async fn hand(fake: &Fake, user: u64, game: u64, table: u64) -> (Message, u64) {
    let ix = fake.click(user, table_now(fake, game, table), &format!("vh:{game}"));
    (fake.answer(ix, ANSWER).await, ix)
}

/// The game's table now: a player's click may have moved it below, as a follow-up.
fn table_now(fake: &Fake, game: u64, table: u64) -> u64 {
    let w = fake.world();
    match w.messages.get(&table) {
        Some(t) if t.deleted => {
            let button = format!("vh:{game}");
            w.messages
                .values()
                .rev()
                .find(|m| m.channel == t.channel && !m.deleted && m.custom_ids().contains(&button))
                .map_or(table, |m| m.id)
        }
        _ => table,
    }
}

/// A Claim game's moves: after the last one nobody's panel gets a turn.
const CLAIM_MOVES: usize = 52;

/// Plays one game through "My hand" panels until it ends or the time is up; true if it
/// ended. With kept panels a player whose turn comes waits for the panel of their last move
/// to show it, and opens "My hand" only when they have none yet.
async fn play(
    fake: &Fake,
    game: u64,
    table: u64,
    players: [u64; 2],
    until: Instant,
    moves: &AtomicUsize,
    refused: &AtomicUsize,
) -> bool {
    let mut mover = players[0];
    // Users who think also open their first panel in their own time: 1,000 "My hand" clicks
    // in one millisecond, as all games opened at once, are a burst no live server sees.
    think(game, 0).await;
    let (mut panel, mut last_click) = hand(fake, mover, game, table).await;
    // Each player's panel after their last move, and that move's interaction.
    let mut kept: [Option<(Message, u64)>; 2] = [None, None];
    let index = |user: u64| usize::from(user != players[0]);
    let mut made = 0;
    for n in 0.. {
        if Instant::now() >= until {
            return false;
        }
        if options(&panel).is_empty() {
            let other = if mover == players[0] {
                players[1]
            } else {
                players[0]
            };
            let mut theirs = None;
            if keep_panels() {
                if made == CLAIM_MOVES {
                    return true;
                }
                kept[index(mover)] = Some((panel.clone(), last_click));
                if let Some((mine, ix)) = kept[index(other)].take() {
                    theirs = turn_on(fake, &mine, ix).await;
                }
            }
            let theirs = match theirs {
                Some(t) => t,
                None => hand(fake, other, game, table).await.0,
            };
            if options(&theirs).is_empty() {
                return true;
            }
            // Their next move sets `last_click` before this panel is kept again.
            mover = other;
            panel = theirs;
        }
        think(game, n).await;
        let (id, edits) = (panel.id, panel.edits);
        let ix = choose_on(fake, mover, &panel, n * 7 + 2);
        let answer = fake
            .answer_where(ix, ANSWER, |m| m.id != id || m.edits > edits)
            .await;
        if answer.id == id {
            moves.fetch_add(1, Ordering::Relaxed);
            made += 1;
            panel = answer;
            last_click = ix;
        } else {
            // Refused (it should not be): start again from a fresh panel.
            refused.fetch_add(1, Ordering::Relaxed);
            (panel, last_click) = hand(fake, mover, game, table).await;
        }
    }
    unreachable!("the loop returns")
}

/// The kept panel `mine` (last edited through interaction `ix`) once the bot shows the
/// player's turn on it; `None` if it does not within a few seconds.
async fn turn_on(fake: &Fake, mine: &Message, ix: u64) -> Option<Message> {
    let shown = fake.answer_where(ix, ANSWER, |m| {
        m.id == mine.id && m.edits > mine.edits && !options(m).is_empty()
    });
    tokio::time::timeout(TURN_SHOWN, shown).await.ok()
}

/// How long a kept panel may take to show the turn before the player opens "My hand".
const TURN_SHOWN: Duration = Duration::from_secs(10);

/// `VLIV_BENCH_PANELS=keep`: players keep their panels.
fn keep_panels() -> bool {
    static KEEP: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *KEEP.get_or_init(|| std::env::var("VLIV_BENCH_PANELS").is_ok_and(|v| v == "keep"))
}

/// `/vliv settings learning:` takes the setting's index: first game, on, off.
const LEARNING_OFF: usize = 2;

/// Unless `VLIV_BENCH_LEARNING=off`, users keep learning mode as a new player has it.
fn learning() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("VLIV_BENCH_LEARNING").map_or(true, |v| v != "off"))
}

/// A user's think time before their `n`-th click of `game`: 0.5–1.5 × the mean.
async fn think(game: u64, n: usize) {
    let think = think_ms();
    if think > 0 {
        let spread = 50 + (game as usize * 37 + n * 61) % 101;
        tokio::time::sleep(Duration::from_millis(think * spread as u64 / 100)).await;
    }
}

/// `VLIV_BENCH_THINK_MS`: a user's mean think time before a click.
fn think_ms() -> u64 {
    static THINK: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *THINK.get_or_init(|| {
        std::env::var("VLIV_BENCH_THINK_MS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0)
    })
}

/// The bot's resident set and its peak, from /proc.
fn memory(pid: u32) -> (String, String) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .map(|l| l[name.len()..].trim().to_owned())
            .unwrap_or_else(|| "?".into())
    };
    (field("VmRSS:"), field("VmHWM:"))
}
