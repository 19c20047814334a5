//! The real `vliv` binary against the loopback Discord with N concurrent Claim games played
//! by simulated users. Prints moves/s, the interaction-received → response-sent latency
//! measured at the fake (first response, and the panel showing the move), and the bot's
//! resident memory. Figures are reported, not asserted.
//!
//! `VLIV_BENCH_GAMES=10,100,1000` (the default) sets the N values, `VLIV_BENCH_SECS` (60)
//! the play time per N. The bot stores games in Postgres when `VLIV_TEST_POSTGRES_URL` is
//! set (a fresh database per N), else in SQLite, and says which.

#[path = "../tests/loopback/mod.rs"]
mod loopback;

use std::{
    sync::{
        atomic::{AtomicUsize, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use fakecord::{Fake, Message, MEMBER};
use loopback::{choose_on, options, BotProcess, Db, START};
use serde_json::json;

const GUILD: u64 = 530_000_000_000_000_001;
const FIRST_CHANNEL: u64 = 530_000_000_000_000_100;
const FIRST_USER: u64 = 630_000_000_000_000_000;
/// One simulated user's wait for an answer; far above any figure worth reporting.
const ANSWER: Duration = Duration::from_secs(60);

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
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    for n in sizes {
        runtime.block_on(bench(n, Duration::from_secs(secs)));
    }
}

async fn bench(n: usize, budget: Duration) {
    let (db, backend) = match Db::postgres().await {
        Some(db) => (db, "postgres"),
        None => (Db::sqlite(), "sqlite (VLIV_TEST_POSTGRES_URL not set)"),
    };
    let fake = Arc::new(Fake::start().await);
    // Hundreds of thousands of requests: keep state, not the request log.
    fake.world().recording = false;
    for g in 0..n as u64 {
        fake.add_channel(GUILD, FIRST_CHANNEL + g, &format!("table-{g}"));
        for u in [FIRST_USER + 2 * g, FIRST_USER + 2 * g + 1] {
            fake.add_user(u, &format!("player-{u}"), "en-US");
            fake.add_member(GUILD, u, MEMBER);
        }
    }
    let bot = BotProcess::spawn(&fake, &db);
    fake.wait_ready(START).await;

    // Every table opens its lobby, gets its second player and starts, all at once.
    let setup = Instant::now();
    let mut tasks = Vec::new();
    for g in 0..n as u64 {
        let fake = fake.clone();
        tasks.push(tokio::spawn(async move {
            let channel = FIRST_CHANNEL + g;
            let players = [FIRST_USER + 2 * g, FIRST_USER + 2 * g + 1];
            let (game, table) = open_and_start(&fake, channel, players).await;
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
    let moves = moves.load(Ordering::SeqCst);

    let (mut first, mut shown) = (Vec::new(), Vec::new());
    for i in fake.world().interactions.values() {
        if i.sent_at < started {
            continue;
        }
        if let Some((_, at)) = i.first_response {
            first.push(at - i.sent_at);
        }
        if let Some(at) = i.answered_at {
            shown.push(at - i.sent_at);
        }
    }
    let (rss, peak) = memory(bot.pid());
    println!(
        "loopback bench, N = {n} games on {backend}: setup {setup:.1?}; {moves} moves in \
         {elapsed:.1?} = {:.0} moves/s; {finished}/{n} games finished; {} refused clicks",
        moves as f64 / elapsed.as_secs_f64(),
        refused.load(Ordering::SeqCst),
    );
    println!(
        "  interaction → first response: p50 {:.1?} p99 {:.1?} max {:.1?} ({} interactions)",
        pct(&mut first, 0.50),
        pct(&mut first, 0.99),
        pct(&mut first, 1.0),
        first.len()
    );
    println!(
        "  interaction → answer shown:   p50 {:.1?} p99 {:.1?} max {:.1?}",
        pct(&mut shown, 0.50),
        pct(&mut shown, 0.99),
        pct(&mut shown, 1.0)
    );
    println!("  bot resident memory: {rss} (peak {peak})");
    drop(bot);
}

/// `/game new claim`, Join, Start; returns the game id and its table message.
async fn open_and_start(fake: &Fake, channel: u64, players: [u64; 2]) -> (u64, u64) {
    let ix = fake.slash(players[0], channel, "game new", &[("game", json!("claim"))]);
    fake.answer(ix, ANSWER).await;
    let (game, table) = fake
        .wait("a lobby", ANSWER, |w| {
            w.messages.values().rev().find_map(|m| {
                let id = m.custom_ids().into_iter().find(|c| c.starts_with("vj:"))?;
                (m.channel == channel && m.interaction.is_none())
                    .then(|| Some((id[3..].parse::<u64>().ok()?, m.id)))?
            })
        })
        .await;
    let join = fake.click(players[1], table, &format!("vj:{game}"));
    fake.answer(join, ANSWER).await;
    let start = fake.click(players[0], table, &format!("vs:{game}"));
    fake.answer(start, ANSWER).await;
    (game, table)
}

async fn hand(fake: &Fake, user: u64, game: u64, table: u64) -> Message {
    let ix = fake.click(user, table, &format!("vh:{game}"));
    fake.answer(ix, ANSWER).await
}

/// Plays one game through "My hand" panels until it ends or the time is up; true if it
/// ended.
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
    let mut panel = hand(fake, mover, game, table).await;
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
            let theirs = hand(fake, other, game, table).await;
            if options(&theirs).is_empty() {
                return true;
            }
            mover = other;
            panel = theirs;
        }
        let (id, edits) = (panel.id, panel.edits);
        let ix = choose_on(fake, mover, &panel, n * 7 + 2);
        let answer = fake
            .answer_where(ix, ANSWER, |m| m.id != id || m.edits > edits)
            .await;
        if answer.id == id {
            moves.fetch_add(1, Ordering::Relaxed);
            panel = answer;
        } else {
            // Refused (it should not be): start again from a fresh panel.
            refused.fetch_add(1, Ordering::Relaxed);
            panel = hand(fake, mover, game, table).await;
        }
    }
    unreachable!("the loop returns")
}

fn pct(v: &mut [Duration], p: f64) -> Duration {
    if v.is_empty() {
        return Duration::ZERO;
    }
    v.sort();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i]
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
