//! `/leaderboard` and `/stats` on a server with 100,000 stored games (issue 20: ≤ 50 ms
//! p99 from the database). Harness-less: it builds the server's games, their results and
//! (by `vliv admin rebuild-ratings`' own code) the ratings, then times random pages and
//! players through the service and prints the figures.
//!
//! `cargo bench -p vliv-bot --bench leaderboard` (SQLite in a temp file); with
//! `VLIV_BENCH_POSTGRES_URL=postgres://user@host/db` also on a fresh database of that server.
//! `VLIV_BENCH_GAMES` (100,000), `VLIV_BENCH_PLAYERS` (2,000) and `VLIV_BENCH_QUERIES`
//! (1,000) set the sizes.

use std::{
    sync::Arc,
    time::{Duration, Instant},
};
use vliv_bot::service::{GuildId, UserId};

use rand::{Rng, SeedableRng};
use sqlx::{any::install_default_drivers, AnyPool, AssertSqlSafe};
use vliv_bot::{
    service::{Service, SystemClock, LEADERBOARD_PAGE},
    store::Store,
};

const GUILD: u64 = 77;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Finished two-player Claim games between random players, with their results, written
/// 500 rows a statement.
async fn fill(pool: &AnyPool, games: u64, players: u64) {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let ids: Vec<u64> = (1..=games).collect();
    for chunk in ids.chunks(500) {
        let (mut rows, mut results, mut seats) = (Vec::new(), Vec::new(), Vec::new());
        for &id in chunk {
            let a = rng.random_range(0..players) + 1_000;
            let b = (a - 1_000 + rng.random_range(1..players)) % players + 1_000;
            let a_won = rng.random_bool(0.5);
            rows.push(format!(
                "({GUILD}, {id}, 'claim', 1, 'finished', {a}, \
                 '[{{\"user\":{a}}},{{\"user\":{b}}}]', '{{\"options\":{{}},\"lang\":\"en\"}}', \
                 {id}, 3, '[20,20,0]', '[]', {id}, {id})"
            ));
            results.push(format!("({id}, {GUILD}, 'claim', {id}, 1)"));
            let (pa, pb) = if a_won { (1, 2) } else { (2, 1) };
            seats.push(format!(
                "({id}, 0, {a}, {GUILD}, 'claim', {pa}, {}, 1)",
                (pa == 1) as u8
            ));
            seats.push(format!(
                "({id}, 1, {b}, {GUILD}, 'claim', {pb}, {}, 1)",
                (pb == 1) as u8
            ));
        }
        for sql in [
            format!(
                "INSERT INTO games (guild_id, channel_id, kind, rules_version, status, host_id, \
                 seats, options, seed, version, counters, draw_offers, created_at, finished_at) \
                 VALUES {}",
                rows.join(", ")
            ),
            format!(
                "INSERT INTO game_results (game_id, guild_id, kind, finished_at, rated) VALUES {}",
                results.join(", ")
            ),
            format!(
                "INSERT INTO player_results (game_id, seat, user_id, guild_id, kind, place, won, \
                 rated) VALUES {}",
                seats.join(", ")
            ),
        ] {
            sqlx::query(AssertSqlSafe(sql))
                .execute(pool)
                .await
                .expect("the bulk insert");
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn line(what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "  {what}: median {:.2} ms, p99 {:.2} ms, worst {:.2} ms ({} queries)",
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
        times.len()
    );
}

async fn bench(backend: &str, url: &str) {
    let (games, players, queries) = (
        env("VLIV_BENCH_GAMES", 100_000),
        env("VLIV_BENCH_PLAYERS", 2_000),
        env("VLIV_BENCH_QUERIES", 1_000),
    );
    let store = Store::connect(url).await.expect("the store opens");
    let started = Instant::now();
    fill(store.pool(), games, players).await;
    let filled = started.elapsed();
    let service = Service::new(store, Arc::new(SystemClock));
    let started = Instant::now();
    let rated = service.rebuild_ratings().await.expect("the rebuild");
    let rebuilt = started.elapsed();
    println!(
        "{backend}: {games} games of {players} players stored in {:.1} s; ratings rebuilt from \
         {rated} games in {:.2} s",
        filled.as_secs_f64(),
        rebuilt.as_secs_f64()
    );
    let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
    let pages = service
        .leaderboard(GuildId(GUILD), "claim", 0)
        .await
        .expect("the first page")
        .pages;
    assert!(pages * LEADERBOARD_PAGE >= players.min(games));
    let mut board = Vec::new();
    for _ in 0..queries {
        // Most readers look at the top; some page deep.
        let page = match rng.random_bool(0.8) {
            true => rng.random_range(0..pages.min(3)),
            false => rng.random_range(0..pages),
        };
        let t = Instant::now();
        let got = service
            .leaderboard(GuildId(GUILD), "claim", page)
            .await
            .unwrap();
        board.push(t.elapsed());
        assert_eq!(got.page, page);
    }
    line("/leaderboard claim (a page of ten)", board);
    let mut stats = Vec::new();
    for _ in 0..queries {
        let user = rng.random_range(0..players) + 1_000;
        let t = Instant::now();
        let got = service
            .stats(GuildId(GUILD), UserId(user), None)
            .await
            .unwrap();
        stats.push(t.elapsed());
        assert_eq!(got.favourite.as_deref(), Some("claim"));
    }
    line("/stats (all games of a player)", stats);
}

fn bench_database() -> String {
    format!("vliv_bench_{}", std::process::id())
}

/// Creates (`CREATE`) or drops (`DROP … WITH (FORCE)`) this run's database on the server of
/// `base`; returns its URL.
async fn postgres_database(base: &str, statement: &str) -> String {
    let name = bench_database();
    let admin = AnyPool::connect(base)
        .await
        .expect("the Postgres server answers");
    let sql = match statement {
        "CREATE" => format!("CREATE DATABASE {name}"),
        _ => format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
    };
    sqlx::query(AssertSqlSafe(sql))
        .execute(&admin)
        .await
        .expect("the bench database is created or dropped");
    admin.close().await;
    let (server, _) = base.rsplit_once('/').expect("a database URL with a path");
    format!("{server}/{name}")
}

fn main() {
    install_default_drivers();
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let dir = tempfile::tempdir().expect("a temp dir");
        let url = format!("sqlite://{}", dir.path().join("bench.db").display());
        bench("sqlite", &url).await;
        if let Ok(base) = std::env::var("VLIV_BENCH_POSTGRES_URL") {
            bench("postgres", &postgres_database(&base, "CREATE").await).await;
            postgres_database(&base, "DROP").await;
        }
    });
}
