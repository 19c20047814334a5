//! Discord's limits are the bot token's, not a process's: a fleet of three real `vliv run`
//! processes (shards 0, 1 and 2 of 3, one Postgres database) started together against one
//! loopback Discord, which counts every connection's requests against one global limit and
//! accepts one IDENTIFY per 5 seconds for the whole bot. The processes connect their shards
//! in turn (no Invalid Session), and under a load far above the limit — two games a shard,
//! played as fast as the players can click, each with spectators whose private tables are
//! edited at every move — the fleet together keeps under the global limit: no global 429.

use crate::common::vliv_process;
use crate::loopback;

use std::time::{Duration, Instant};

use fakecord::{gateway::INVALID_SESSION_TOO_SOON, Fake, RateLimits, MEMBER};
use loopback::{Db, STEP, TOKEN};
use vliv_process::Bot;

use super::e2e_fleet::{play_one, registrations, started, wait_live};

/// The load of a run: CI's by default; Discord's real global limit (50/s) with a load to
/// saturate it by command (see `docs/src/contributors/faults.md`):
/// `VLIV_FLEET_GLOBAL=50 VLIV_FLEET_GAMES=6 VLIV_FLEET_SPECTATORS=8 VLIV_FLEET_MOVES=20`.
#[derive(Clone, Copy, Debug)]
struct Load {
    /// The global limit of the fake and of the fleet: by default low enough for a
    /// CI-sized load to press on it, as Discord's 50 does on a busy bot.
    global_per_sec: u32,
    games_per_shard: u64,
    spectators_per_game: u64,
    /// Moves each game makes under load.
    moves: usize,
}

impl Load {
    fn from_env() -> Load {
        fn read<T: std::str::FromStr>(name: &str, default: T) -> T {
            std::env::var(name)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        }
        Load {
            global_per_sec: read("VLIV_FLEET_GLOBAL", 12),
            games_per_shard: read("VLIV_FLEET_GAMES", 2u64).clamp(1, 99),
            spectators_per_game: read("VLIV_FLEET_SPECTATORS", 3u64).clamp(0, 97),
            moves: read("VLIV_FLEET_MOVES", 14),
        }
    }
}

const SHARDS: u64 = 3;

/// A server on shard `s` of 3 (its id >> 22 is `s` modulo 3).
fn guild(s: u64) -> u64 {
    (500_000_000_000u64 * SHARDS + s) << 22
}

fn channel(s: u64, g: u64) -> u64 {
    700_000_000_000_000_000 + s * 100 + g
}

fn user(s: u64, g: u64, n: u64) -> u64 {
    600_000_000_000_000_000 + s * 10_000 + g * 100 + n
}

fn spawn(fake: &Fake, db: &Db, shard: u64, load: Load) -> Bot {
    let shard = shard.to_string();
    let limit = load.global_per_sec.to_string();
    let env = [
        ("VLIV_SHARDS", shard.as_str()),
        ("VLIV_SHARD_TOTAL", "3"),
        ("VLIV_GLOBAL_LIMIT", limit.as_str()),
        ("VLIV_TIMEOUT_MINUTES", "600"),
    ];
    Bot::spawn_with(fake, &db.url, TOKEN, &env)
}

/// The most requests under the global limit (not to interaction endpoints) the fake
/// admitted in any one second.
fn busiest_second(w: &fakecord::World) -> usize {
    let times: Vec<Instant> = w
        .requests
        .iter()
        .filter(|r| !r.path.starts_with("interactions/") && !r.path.starts_with("webhooks/"))
        .filter(|r| r.status != 429)
        .map(|r| r.at)
        .collect();
    let mut most = 0;
    let mut from = 0;
    for (i, &t) in times.iter().enumerate() {
        while t.duration_since(times[from]) >= Duration::from_secs(1) {
            from += 1;
        }
        most = most.max(i + 1 - from);
    }
    most
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_processes_connect_in_turn_and_keep_together_under_the_global_limit() {
    let Some(db) = Db::postgres().await else {
        assert!(
            !std::env::var("CI").is_ok_and(|v| v == "true"),
            "CI=true but VLIV_TEST_POSTGRES_URL is not set"
        );
        eprintln!("notice: VLIV_TEST_POSTGRES_URL is not set; the fleet limits test did not run");
        return;
    };
    let load = Load::from_env();
    let fake = std::sync::Arc::new(Fake::start().await);
    fake.world().gateway.recommended = 3;
    fake.set_rate_limits(RateLimits {
        global_per_sec: load.global_per_sec,
        ..RateLimits::discord()
    });
    for s in 0..SHARDS {
        for g in 0..load.games_per_shard {
            fake.add_channel(guild(s), channel(s, g), "games");
            for n in 0..2 + load.spectators_per_game {
                let u = user(s, g, n);
                fake.add_user(u, &format!("p{s}-{g}-{n}"), "en-US");
                fake.add_member(guild(s), u, MEMBER);
            }
        }
    }
    // Started together, as an operator's `docker compose up` starts them.
    let bots: Vec<Bot> = (0..SHARDS).map(|s| spawn(&fake, &db, s, load)).collect();
    wait_live(&fake, &[0, 1, 2], 3).await;
    let too_soon: Vec<u32> = fake
        .world()
        .gateway
        .refused
        .iter()
        .filter(|(_, r)| r.code == INVALID_SESSION_TOO_SOON)
        .map(|(shard, _)| *shard)
        .collect();
    assert!(
        too_soon.is_empty(),
        "IDENTIFYs within 5 s of another, of shards {too_soon:?}"
    );
    assert_eq!(registrations(&fake.world()), 3);

    let mut games = Vec::new();
    for s in 0..SHARDS {
        for g in 0..load.games_per_shard {
            let players = [user(s, g, 0), user(s, g, 1)];
            let game = started(&fake, channel(s, g), players).await;
            for n in 2..2 + load.spectators_per_game {
                let ix = fake.slash(user(s, g, n), channel(s, g), "game watch", &[]);
                fake.answer(ix, STEP).await;
            }
            games.push((channel(s, g), game, players));
        }
    }
    let from = fake.world().requests.len();
    let began = Instant::now();
    let mut playing = tokio::task::JoinSet::new();
    for (ch, game, players) in games {
        let fake = fake.clone();
        playing.spawn(async move {
            let mut made = 0;
            while made < load.moves && play_one(&fake, ch, game, players).await {
                made += 1;
            }
            made
        });
    }
    let mut moves = 0;
    while let Some(made) = playing.join_next().await {
        moves += made.expect("a game's player");
    }
    let secs = began.elapsed().as_secs_f64();
    // The spectators' tables of the last moves go out behind the pacers.
    tokio::time::sleep(Duration::from_secs(5)).await;

    let counts = fake.rate_counts();
    let w = fake.world();
    let limited: usize = w.requests[from..]
        .iter()
        .filter(|r| !r.path.starts_with("interactions/") && !r.path.starts_with("webhooks/"))
        .count();
    let busiest = busiest_second(&w);
    eprintln!(
        "fleet under load {load:?}: {moves} moves in {secs:.1} s; {limited} requests under the global \
         limit ({:.1}/s), busiest second {busiest}; {counts:?}",
        limited as f64 / (secs + 5.0)
    );
    assert_eq!(
        moves,
        load.moves * (SHARDS * load.games_per_shard) as usize,
        "every game moved"
    );
    // The load pressed on the limit: at its busiest the fleet sent at least three quarters
    // of it in one second. (Not the average: the spectators' edits coalesce while they wait
    // for the pacers, so how many go out over the run depends on the machine's speed.)
    assert!(
        busiest >= load.global_per_sec as usize * 3 / 4,
        "the load did not press on the limit: at most {busiest} requests in one second"
    );
    drop(w);
    assert_eq!(
        counts.limited_global,
        0,
        "global 429s: {:?}",
        fake.refusals()
    );
    // Any second, not only Discord's windows: the three pacers together send at most the
    // limit; two more for requests a busy machine delayed into the next one's second.
    assert!(
        busiest <= load.global_per_sec as usize + 2,
        "{busiest} requests in one second against a limit of {}",
        load.global_per_sec
    );
    for bot in &bots {
        assert!(!bot.log().contains("panicked"), "{}", bot.log());
    }
    drop(bots);
}
