//! The web table's live updates under load, on loopback: 200 pages open on one Claim game
//! (each with its event stream, each fetching its live part on every change, as the page's
//! script does) while two players move through their pages. Prints the time from a move's
//! request to each page's updated live part (median, p99), the server's CPU per page update
//! (its runtime's threads only, read from /proc), and the page's weight on first load.
//!
//! `nice cargo bench -p vliv-web --bench live` (`VLIV_BENCH_PAGES`, `VLIV_BENCH_MOVES` to
//! change the 200 pages and 40 moves).

use std::{
    sync::Arc,
    time::{Duration, Instant},
};
use vliv_service::service::{ChannelId, GuildId, UserId};

use futures::StreamExt;
use serde_json::Value;
use tokio::sync::mpsc;
use vliv_engine::{Lang, OptionValues};
use vliv_service::{
    service::{
        AiBudget, Caller, ManualClock, OpenLobby, Platform, SeatHolder, Service, Signer, WebLinks,
    },
    store::Store,
};
use vliv_web::{Caps, Web};

const SERVER_THREAD: &str = "web-bench-srv";

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// CPU seconds spent so far by this process's threads named `name`.
fn cpu_of_threads(name: &str) -> f64 {
    let ticks = 100.0; // Linux's USER_HZ
    let mut total = 0u64;
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0.0;
    };
    for task in tasks.flatten() {
        let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        if !comm.trim().starts_with(name) {
            continue;
        }
        let stat = std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
        // After the command's closing parenthesis: fields 3.. ; utime and stime are 14, 15.
        let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let utime: u64 = fields.get(11).and_then(|f| f.parse().ok()).unwrap_or(0);
        let stime: u64 = fields.get(12).and_then(|f| f.parse().ok()).unwrap_or(0);
        total += utime + stime;
    }
    total as f64 / ticks
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn main() {
    let pages = env("VLIV_BENCH_PAGES", 200);
    let moves = env("VLIV_BENCH_MOVES", 40);
    let dir = tempfile::tempdir().unwrap();
    // The server on a runtime of its own, its threads named, so its CPU is read apart.
    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name(SERVER_THREAD)
        .enable_all()
        .build()
        .unwrap();
    let (service, base) = server.block_on(async {
        let url = format!("sqlite://{}", dir.path().join("vliv.db").display());
        let store = Store::connect(&url).await.unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64;
        let service = Arc::new(
            Service::new(store, Arc::new(ManualClock::at(now)))
                .with_ai_budget(AiBudget::Iterations(20), false)
                .with_web_links(WebLinks::new(
                    Signer::new(b"the bench's key, 32 bytes or more long".to_vec()),
                    &base,
                    24,
                )),
        );
        let web = Arc::new(Web::new(service.clone()).with_caps(Caps {
            total: pages + 10,
            per_reader: 8,
        }));
        tokio::spawn(async move { vliv_web::serve(web, listener).await });
        (service, base)
    });
    let client = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    client.block_on(async move {
        let open = OpenLobby {
            guild: GuildId(1),
            channel: ChannelId(2),
            parent: None,
            kind: "claim".into(),
            host: UserId(11),
            seats: vec![SeatHolder::User(UserId(11))],
            options: OptionValues::new(),
            seed: Some(5),
            lang: Lang::En,
        };
        let rec = service.open(open).await.unwrap();
        service.join(rec.id, UserId(22)).await.unwrap();
        service
            .start(rec.id, Caller::user(UserId(11)))
            .await
            .unwrap();
        let players = [11u64, 22].map(|u| {
            service
                .web_link(Platform::Discord, rec.id, Some(UserId(u)))
                .unwrap()
        });
        let http = reqwest::Client::builder()
            .pool_max_idle_per_host(pages * 2)
            .build()
            .unwrap();
        // Page weight: the page, its style and its script, as a first load fetches them.
        let mut weight = 0;
        for url in [
            players[0].clone(),
            format!("{base}/assets/table.css"),
            format!("{base}/assets/table.js"),
        ] {
            weight += http
                .get(url)
                .send()
                .await
                .unwrap()
                .bytes()
                .await
                .unwrap()
                .len();
        }
        // The open pages: each a reader of its own (a spectator), listening and refetching.
        let (updated, mut updates) = mpsc::unbounded_channel::<Instant>();
        for n in 0..pages {
            let link = service
                .web_link(Platform::Discord, rec.id, Some(UserId(1000 + n as u64)))
                .unwrap();
            let (http, updated) = (http.clone(), updated.clone());
            tokio::spawn(async move {
                let stream = http.get(format!("{link}/events")).send().await.unwrap();
                assert_eq!(stream.status().as_u16(), 200, "a page's stream opens");
                let mut bytes = stream.bytes_stream();
                while let Some(Ok(chunk)) = bytes.next().await {
                    if !String::from_utf8_lossy(&chunk).contains("event: changed") {
                        continue;
                    }
                    let live = http.get(format!("{link}/live")).send().await.unwrap();
                    let _ = live.bytes().await.unwrap();
                    let _ = updated.send(Instant::now());
                }
            });
        }
        // Every stream open before the first move.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let mut latencies = Vec::new();
        let cpu_before = cpu_of_threads(SERVER_THREAD);
        let mut made = 0;
        for _ in 0..moves {
            let mut decision = Value::Null;
            let mut mover = String::new();
            for link in &players {
                let view: Value = http
                    .get(format!("{link}/view.json"))
                    .send()
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
                if !view["decision"].is_null() {
                    decision = view["decision"].clone();
                    mover = link.clone();
                }
            }
            if decision.is_null() {
                break;
            }
            let body = format!(
                "seat={}&counter={}&choice={}",
                decision["seat"], decision["counter"], decision["choices"][0]["id"]
            );
            let sent = Instant::now();
            let answer = http
                .post(format!("{mover}/move"))
                .header("content-type", "application/x-www-form-urlencoded")
                .header("x-vliv-part", "1")
                .body(body)
                .send()
                .await
                .unwrap();
            assert_eq!(answer.status().as_u16(), 200);
            for _ in 0..pages {
                let at = tokio::time::timeout(Duration::from_secs(30), updates.recv())
                    .await
                    .expect("every page updated")
                    .unwrap();
                latencies.push(at - sent);
            }
            made += 1;
        }
        let cpu = cpu_of_threads(SERVER_THREAD) - cpu_before;
        latencies.sort();
        println!(
            "web table, {pages} open pages, {made} moves ({} page updates)",
            latencies.len()
        );
        println!(
            "move to page updated: median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            percentile(&latencies, 0.5).as_secs_f64() * 1e3,
            percentile(&latencies, 0.99).as_secs_f64() * 1e3,
            latencies.last().unwrap().as_secs_f64() * 1e3,
        );
        println!(
            "server CPU: {:.2} s in all, {:.2} ms per page update",
            cpu,
            cpu * 1e3 / latencies.len().max(1) as f64
        );
        println!("page weight on first load: {weight} bytes (page, style, script; uncompressed)");
    });
}
