//! Discord's rate limits as the fake enforces them, seen by an HTTPS client that reaches
//! `discord.com` on the fake the way the bot's client does.

use std::time::{Duration, Instant};

use fakecord::{Fake, IxKind, RateLimits, MEMBER};
use serde_json::{json, Value};

const GUILD: u64 = 510_000_000_000_000_001;
const CHANNEL: u64 = 510_000_000_000_000_010;
const USER: u64 = 610_000_000_000_000_011;
const TOKEN: &str = "rate-limit-test-token";

fn client(fake: &Fake) -> reqwest::Client {
    let ca = reqwest::Certificate::from_pem(fake.ca_pem().as_bytes()).expect("the test CA");
    reqwest::Client::builder()
        .use_rustls_tls()
        .resolve("discord.com", fake.tls_address())
        .add_root_certificate(ca)
        .build()
        .expect("a client")
}

async fn post(c: &reqwest::Client, path: &str, body: Value) -> reqwest::Response {
    c.post(format!("https://discord.com/api/v10/{path}"))
        .header("authorization", format!("Bot {TOKEN}"))
        .json(&body)
        .send()
        .await
        .expect("the fake answers over HTTPS")
}

fn header(r: &reqwest::Response, name: &str) -> Option<String> {
    r.headers()
        .get(name)
        .map(|v| v.to_str().expect("an ASCII header").to_owned())
}

async fn scene() -> Fake {
    let fake = Fake::start().await;
    fake.add_user(USER, "user", "en-US");
    fake.add_member(GUILD, USER, MEMBER);
    fake.add_channel(GUILD, CHANNEL, "games");
    fake
}

#[tokio::test]
async fn a_burst_in_one_channel_meets_the_channel_bucket() {
    let fake = scene().await;
    let c = client(&fake);
    let started = Instant::now();
    let mut statuses = Vec::new();
    let mut first_refusal = None;
    for i in 0..200 {
        let r = post(
            &c,
            &format!("channels/{CHANNEL}/messages"),
            json!({"content": i.to_string()}),
        )
        .await;
        let status = r.status().as_u16();
        let bucket = header(&r, "x-ratelimit-bucket").expect("every answer names its bucket");
        assert_eq!(header(&r, "x-ratelimit-limit").as_deref(), Some("5"));
        let remaining: u32 = header(&r, "x-ratelimit-remaining")
            .expect("a remaining count")
            .parse()
            .expect("a number");
        let reset_after: f64 = header(&r, "x-ratelimit-reset-after")
            .expect("a reset-after")
            .parse()
            .expect("seconds");
        assert!(header(&r, "x-ratelimit-reset").is_some());
        assert!(
            reset_after > 0.0 && reset_after <= 5.0,
            "reset after {reset_after}"
        );
        if status == 200 {
            assert_eq!(remaining, 4 - i as u32, "request {i}");
        } else {
            assert_eq!(status, 429, "request {i}");
            assert_eq!(remaining, 0);
            let retry: f64 = header(&r, "retry-after")
                .expect("retry-after")
                .parse()
                .unwrap();
            assert!(header(&r, "x-ratelimit-global").is_none());
            let body: Value = r.json().await.expect("a JSON 429 body");
            assert_eq!(body["global"], json!(false));
            let retry_body = body["retry_after"]
                .as_f64()
                .expect("retry_after in the body");
            assert!(
                (retry_body - retry).abs() < 0.002,
                "{retry_body} vs {retry}"
            );
            assert!(retry_body > 0.0 && retry_body <= 5.0);
            first_refusal.get_or_insert((bucket, retry_body));
        }
        statuses.push(status);
    }
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "the burst fits in one window"
    );
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 5);
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 195);
    assert_eq!(
        fake.world().messages.len(),
        5,
        "a refused create posts nothing"
    );
    let counts = fake.rate_counts();
    assert_eq!(
        (counts.channel, counts.limited_route, counts.limited_global),
        (5, 195, 0)
    );
    assert_eq!(
        fake.invalid_requests(),
        195,
        "every 429 is an invalid request"
    );
    // After the window the channel takes messages again.
    let (_, retry) = first_refusal.expect("a refusal");
    tokio::time::sleep(Duration::from_secs_f64(retry) + Duration::from_millis(20)).await;
    let r = post(
        &c,
        &format!("channels/{CHANNEL}/messages"),
        json!({"content": "later"}),
    )
    .await;
    assert_eq!(r.status().as_u16(), 200);
}

#[tokio::test]
async fn the_global_limit_trips_at_51_while_interaction_endpoints_answer() {
    let fake = scene().await;
    let channels: Vec<u64> = (0..60).map(|i| CHANNEL + 100 + i).collect();
    for ch in &channels {
        fake.add_channel(GUILD, *ch, "table");
    }
    let ix = fake.world().interact(
        IxKind::Command,
        USER,
        CHANNEL,
        json!({"id": "1", "name": "x", "type": 1}),
        None,
    );
    let token = fake.world().interactions[&ix].token.clone();
    let app = fake.world().app;
    let c = client(&fake);
    let started = Instant::now();
    let mut ok = 0;
    let mut refused = None;
    for (i, ch) in channels.iter().enumerate() {
        let r = post(
            &c,
            &format!("channels/{ch}/messages"),
            json!({"content": "hi"}),
        )
        .await;
        match r.status().as_u16() {
            200 => ok += 1,
            429 => {
                assert!(refused.is_none(), "one refusal per attempt here");
                assert_eq!(header(&r, "x-ratelimit-global").as_deref(), Some("true"));
                assert_eq!(header(&r, "x-ratelimit-scope").as_deref(), Some("global"));
                let body: Value = r.json().await.expect("a JSON 429 body");
                assert_eq!(body["global"], json!(true));
                assert!(body["retry_after"].as_f64().unwrap() <= 1.0);
                refused = Some(i);
                break;
            }
            s => panic!("unexpected status {s}"),
        }
    }
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "51 requests inside one second"
    );
    assert_eq!(
        (ok, refused),
        (50, Some(50)),
        "the 51st request trips the global limit"
    );
    // Interaction callbacks and follow-ups are outside the global limit.
    let r = post(
        &c,
        &format!("interactions/{ix}/{token}/callback"),
        json!({"type": 5}),
    )
    .await;
    assert!(r.status().is_success(), "callback: {}", r.status());
    let r = post(
        &c,
        &format!("webhooks/{app}/{token}"),
        json!({"content": "follow-up"}),
    )
    .await;
    assert_eq!(r.status().as_u16(), 200, "follow-up");
    let counts = fake.rate_counts();
    assert_eq!(
        (
            counts.exempt,
            counts.global_limited(),
            counts.limited_global
        ),
        (2, 50, 1)
    );
}

#[tokio::test]
async fn limits_off_refuse_nothing_and_tightened_limits_bite_early() {
    let fake = scene().await;
    fake.set_rate_limits(RateLimits::off());
    let c = client(&fake);
    for i in 0..60 {
        let r = post(
            &c,
            &format!("channels/{CHANNEL}/messages"),
            json!({"content": i.to_string()}),
        )
        .await;
        assert_eq!(r.status().as_u16(), 200);
    }
    let mut tight = RateLimits::discord();
    tight.message_create = fakecord::Window::new(2, 5_000);
    tight.global_per_sec = 10;
    fake.set_rate_limits(tight);
    let statuses: Vec<u16> = {
        let mut v = Vec::new();
        for _ in 0..3 {
            let r = post(
                &c,
                &format!("channels/{CHANNEL}/messages"),
                json!({"content": "x"}),
            )
            .await;
            v.push(r.status().as_u16());
        }
        v
    };
    assert_eq!(statuses, [200, 200, 429]);
    assert_eq!(fake.refusals().len(), 1);
}
