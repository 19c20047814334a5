//! Discord's rate limits as its documentation describes them: a global limit per bot token
//! (50 requests a second; interaction callbacks and webhook/follow-up endpoints, which carry
//! the interaction's own token, are exempt), per-route buckets keyed by the route and its
//! major parameter (the channel, the webhook and token) with `X-RateLimit-*` headers on
//! every answer, `429` bodies with `retry_after` and `global`, and the count of invalid
//! requests (401, 403, 429) that gets a bot banned at 10,000 in 10 minutes.

use std::{
    collections::{HashMap, VecDeque},
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use serde_json::{json, Value};

/// At most `limit` requests per `per`, counted in a window opened by the first of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub limit: u32,
    pub per: Duration,
}

impl Window {
    pub const fn new(limit: u32, per_ms: u64) -> Window {
        Window {
            limit,
            per: Duration::from_millis(per_ms),
        }
    }
}

/// The limits the fake enforces. [`RateLimits::discord`] are Discord's published and
/// observed figures; tests tighten them, the bench can switch them off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RateLimits {
    pub enabled: bool,
    /// Requests per second per bot token outside the exempt endpoints.
    pub global_per_sec: u32,
    /// Message creates per channel.
    pub message_create: Window,
    pub message_edit: Window,
    pub message_delete: Window,
    /// Reactions per channel.
    pub reaction: Window,
    /// DM channel opens (`POST /users/@me/channels`), bot-wide.
    pub dm_channel: Window,
    /// Follow-ups and edits per interaction token: counted, not limited (see `admit`).
    pub webhook: Window,
    /// Any other route, per route and major parameter.
    pub other: Window,
    /// Invalid requests (401/403/429) in [`INVALID_SPAN`] that get a bot banned.
    pub invalid_ban: u32,
}

/// The span over which invalid requests are counted.
pub const INVALID_SPAN: Duration = Duration::from_secs(600);

impl RateLimits {
    pub fn discord() -> RateLimits {
        RateLimits {
            enabled: true,
            global_per_sec: 50,
            message_create: Window::new(5, 5_000),
            message_edit: Window::new(5, 5_000),
            message_delete: Window::new(5, 1_000),
            reaction: Window::new(1, 250),
            dm_channel: Window::new(10, 10_000),
            webhook: Window::new(5, 2_000),
            other: Window::new(50, 1_000),
            invalid_ban: 10_000,
        }
    }

    /// Nothing is limited (headers still tell the buckets); the bench's raw speed.
    pub fn off() -> RateLimits {
        RateLimits {
            enabled: false,
            ..RateLimits::discord()
        }
    }
}

/// How a request counts against Discord's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Interaction callback or follow-up: outside the global limit.
    Exempt,
    /// A message create/edit/delete or reaction in a channel: global and per channel.
    Channel,
    /// Any other bot-token request (DM channel opens, registration, reads): global.
    Global,
}

/// Requests admitted so far, by class, and the refusals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub exempt: u64,
    pub channel: u64,
    pub global: u64,
    /// 429s for a route bucket.
    pub limited_route: u64,
    /// 429s for the global limit.
    pub limited_global: u64,
    /// Admitted requests that uploaded files (pictures).
    pub uploads: u64,
}

impl Counts {
    /// Admitted requests that count against the global limit.
    pub fn global_limited(&self) -> u64 {
        self.channel + self.global
    }
}

/// One 429 the fake answered.
#[derive(Clone, Debug)]
pub struct Refusal {
    pub at: Instant,
    pub method: String,
    pub path: String,
    /// The route bucket's key, or `"global"`.
    pub bucket: String,
    pub global: bool,
    pub retry_after: Duration,
}

struct Bucket {
    opened: Instant,
    used: u32,
    window: Window,
}

/// The fake's rate-limit state.
pub struct Limiter {
    pub limits: RateLimits,
    buckets: HashMap<String, Bucket>,
    global: Option<Bucket>,
    invalid: VecDeque<Instant>,
    pub counts: Counts,
    pub refusals: Vec<Refusal>,
    /// Invalid requests ever (401, 403, 429).
    pub invalid_total: u64,
}

/// The answer's headers, and a 429 body when the request is refused.
pub struct Verdict {
    pub headers: Vec<(&'static str, String)>,
    pub refused: Option<Value>,
}

struct Route {
    class: Class,
    /// The route's bucket name without its major parameter (`X-RateLimit-Bucket`).
    name: String,
    /// The bucket's key: name and major parameter.
    key: String,
    window: Window,
}

impl Limiter {
    pub fn new(limits: RateLimits) -> Limiter {
        Limiter {
            limits,
            buckets: HashMap::new(),
            global: None,
            invalid: VecDeque::new(),
            counts: Counts::default(),
            refusals: Vec::new(),
            invalid_total: 0,
        }
    }

    /// Admits or refuses one REST request (`path` after `/api/v10/`).
    pub fn admit(&mut self, method: &str, path: &str, now: Instant) -> Verdict {
        let route = self.route(method, path);
        let enabled = self.limits.enabled;
        // Interaction endpoints carry no bucket here: serenity keys all of a bot's
        // interaction edits by its application id, so one token's count would stall all.
        // With the limits off nothing is counted against a bucket either.
        if route.class == Class::Exempt || !enabled {
            match route.class {
                Class::Exempt => self.counts.exempt += 1,
                Class::Channel => self.counts.channel += 1,
                Class::Global => self.counts.global += 1,
            }
            return Verdict {
                headers: Vec::new(),
                refused: None,
            };
        }
        if enabled && route.class != Class::Exempt {
            let per_sec = self.limits.global_per_sec;
            let g = self.global.get_or_insert_with(|| Bucket {
                opened: now,
                used: 0,
                window: Window::new(per_sec, 1_000),
            });
            g.roll(now);
            if g.used >= g.window.limit {
                let retry = g.reset_after(now);
                self.counts.limited_global += 1;
                self.refusals.push(Refusal {
                    at: now,
                    method: method.into(),
                    path: path.into(),
                    bucket: "global".into(),
                    global: true,
                    retry_after: retry,
                });
                return Verdict {
                    headers: vec![
                        ("retry-after", secs(retry)),
                        ("x-ratelimit-global", "true".into()),
                        ("x-ratelimit-scope", "global".into()),
                    ],
                    refused: Some(too_many(retry, true)),
                };
            }
        }
        let b = self
            .buckets
            .entry(route.key.clone())
            .or_insert_with(|| Bucket {
                opened: now,
                used: 0,
                window: route.window,
            });
        b.window = route.window;
        b.roll(now);
        let reset_after = b.reset_after(now);
        let reset = SystemTime::now() + reset_after;
        let reset_epoch = reset.duration_since(UNIX_EPOCH).unwrap_or_default();
        let mut headers = vec![
            ("x-ratelimit-limit", b.window.limit.to_string()),
            ("x-ratelimit-reset", secs(reset_epoch)),
            ("x-ratelimit-reset-after", secs(reset_after)),
            ("x-ratelimit-bucket", bucket_hash(&route.name)),
        ];
        if enabled && b.used >= b.window.limit {
            headers.push(("x-ratelimit-remaining", "0".into()));
            headers.push(("retry-after", secs(reset_after)));
            headers.push(("x-ratelimit-scope", "user".into()));
            self.counts.limited_route += 1;
            self.refusals.push(Refusal {
                at: now,
                method: method.into(),
                path: path.into(),
                bucket: route.key,
                global: false,
                retry_after: reset_after,
            });
            return Verdict {
                headers,
                refused: Some(too_many(reset_after, false)),
            };
        }
        b.used += 1;
        let remaining = b.window.limit.saturating_sub(b.used);
        headers.push(("x-ratelimit-remaining", remaining.to_string()));
        if let Some(g) = self
            .global
            .as_mut()
            .filter(|_| route.class != Class::Exempt)
        {
            g.used += 1;
        }
        match route.class {
            Class::Exempt => self.counts.exempt += 1,
            Class::Channel => self.counts.channel += 1,
            Class::Global => self.counts.global += 1,
        }
        Verdict {
            headers,
            refused: None,
        }
    }

    /// Counts an answer's status: 401, 403 and 429 are invalid requests to Discord.
    pub fn answered(&mut self, status: u16, now: Instant) {
        if matches!(status, 401 | 403 | 429) {
            self.invalid_total += 1;
            self.invalid.push_back(now);
        }
        while self
            .invalid
            .front()
            .is_some_and(|t| now.duration_since(*t) > INVALID_SPAN)
        {
            self.invalid.pop_front();
        }
    }

    /// Invalid requests in the last ten minutes.
    pub fn invalid_recent(&self) -> usize {
        self.invalid.len()
    }

    /// Whether Discord would have banned the bot by now.
    pub fn banned(&self) -> bool {
        self.invalid.len() as u64 >= u64::from(self.limits.invalid_ban)
    }

    fn route(&self, method: &str, path: &str) -> Route {
        let l = &self.limits;
        let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
        let (class, name, major, window) = match (method, parts.as_slice()) {
            (_, ["interactions", id, _token, "callback"]) => (
                Class::Exempt,
                "interaction callback",
                id.to_string(),
                l.other,
            ),
            (_, ["webhooks", id, token, ..]) => {
                (Class::Exempt, "webhook", format!("{id}/{token}"), l.webhook)
            }
            ("POST", ["channels", c, "messages"]) => (
                Class::Channel,
                "message create",
                c.to_string(),
                l.message_create,
            ),
            ("PATCH", ["channels", c, "messages", _]) => (
                Class::Channel,
                "message edit",
                c.to_string(),
                l.message_edit,
            ),
            ("DELETE", ["channels", c, "messages", _]) => (
                Class::Channel,
                "message delete",
                c.to_string(),
                l.message_delete,
            ),
            (_, ["channels", c, "messages", _, "reactions", ..]) => {
                (Class::Channel, "reaction", c.to_string(), l.reaction)
            }
            ("POST", ["users", "@me", "channels"]) => {
                (Class::Global, "dm channel", String::new(), l.dm_channel)
            }
            _ => {
                // Snowflakes are the major parameter; the rest names the route.
                let mut major = String::new();
                let shape: Vec<&str> = parts
                    .iter()
                    .map(|p| {
                        if p.chars().all(|c| c.is_ascii_digit()) && !p.is_empty() {
                            if major.is_empty() {
                                major = p.to_string();
                            }
                            "{id}"
                        } else {
                            p
                        }
                    })
                    .collect();
                let name = format!("{method} {}", shape.join("/"));
                return Route {
                    class: Class::Global,
                    key: format!("{name}:{major}"),
                    name,
                    window: l.other,
                };
            }
        };
        Route {
            class,
            key: format!("{name}:{major}"),
            name: name.into(),
            window,
        }
    }
}

impl Bucket {
    /// Opens a fresh window once the last one is over.
    fn roll(&mut self, now: Instant) {
        if now.duration_since(self.opened) >= self.window.per {
            self.opened = now;
            self.used = 0;
        }
    }

    fn reset_after(&self, now: Instant) -> Duration {
        (self.opened + self.window.per).saturating_duration_since(now)
    }
}

/// Seconds with millisecond precision, rounded up so a client that waits this long is
/// never early.
fn secs(d: Duration) -> String {
    let ms = d.as_micros().div_ceil(1000);
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

/// Discord's bucket ids are opaque hashes shared by the routes of one bucket.
fn bucket_hash(name: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn too_many(retry: Duration, global: bool) -> Value {
    json!({
        "message": "You are being rate limited.",
        "retry_after": (retry.as_secs_f64() * 1000.0).ceil() / 1000.0,
        "global": global,
    })
}
