//! The gateway's shards, as Discord runs them for a bot that shards: a client identifies
//! with `shard: [id, total]` (none means `[0, 1]`), each live shard is one session, a
//! server's events go to shard `(guild_id >> 22) % total` and everything without a server
//! (a DM's interaction) to shard 0. A second IDENTIFY of a shard that has a live session
//! is refused with close code 4005, a shard outside its total with 4010 (Invalid Shard),
//! and a total other than the live sessions' with 4011 (Sharding Required) — so two
//! processes of a fleet cannot both serve one shard.
//!
//! IDENTIFYs are rate limited as Discord's gateway documentation says ("Rate Limiting" and
//! "Session Start Limit Object", developers/events/gateway.mdx): `max_concurrency` of them per
//! 5 seconds, a shard in bucket `shard_id % max_concurrency`; one over the limit gets an
//! Invalid Session (opcode 9, `d: false`) instead of READY. `GET /gateway/bot` says
//! `max_concurrency: 1`, as for every bot in fewer than 150,000 servers: one IDENTIFY per
//! 5 seconds for the whole bot, whichever process sends it.

use std::{
    collections::BTreeMap,
    sync::{Arc, OnceLock},
    time::{Duration, Instant},
};

use serde_json::Value;
use tokio::sync::mpsc::UnboundedSender;

use crate::payload;

/// When a frame left for the bot: its connection's task sets it once the socket took it.
pub type Written = Arc<OnceLock<Instant>>;

/// A dispatch on its way to a session's socket.
#[derive(Debug)]
pub struct Frame {
    pub text: String,
    /// Marked when written (an interaction's, so the bench can tell the fake's own delay).
    pub written: Option<Written>,
}

/// Close code for a shard identified twice (Discord's "Already authenticated").
pub const CLOSE_ALREADY_IDENTIFIED: u16 = 4005;
/// Close code for a shard id not below its total.
pub const CLOSE_INVALID_SHARD: u16 = 4010;
/// Close code for a total the other live shards do not share.
pub const CLOSE_SHARDING_REQUIRED: u16 = 4011;

/// Not a close code: an IDENTIFY too soon after the last of its bucket is answered with an
/// Invalid Session (opcode 9) and the connection stays open.
pub const INVALID_SESSION_TOO_SOON: u16 = 9;
/// The window of `max_concurrency` IDENTIFYs.
pub const IDENTIFY_WINDOW: Duration = Duration::from_secs(5);

/// Why an IDENTIFY was refused: the close code and its reason, as Discord sends them, or
/// [`INVALID_SESSION_TOO_SOON`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: u16,
    pub reason: &'static str,
}

/// One identified session.
#[derive(Debug)]
struct Session {
    conn: u64,
    tx: UnboundedSender<Frame>,
    total: u32,
    /// The session's own sequence number, as each Discord session counts its dispatches.
    seq: u64,
}

/// The live sessions by shard id.
#[derive(Debug)]
pub struct Shards {
    /// What `GET /gateway/bot` recommends.
    pub recommended: u32,
    live: BTreeMap<u32, Session>,
    /// Every IDENTIFY refused, with the shard it named.
    pub refused: Vec<(u32, Refusal)>,
    /// IDENTIFYs allowed per 5 s, what `GET /gateway/bot` says in
    /// `session_start_limit.max_concurrency`: 1, as for every bot in fewer than 150,000
    /// servers.
    pub max_concurrency: u32,
    /// When each rate-limit bucket last accepted an IDENTIFY.
    last_identify: BTreeMap<u32, Instant>,
}

impl Default for Shards {
    fn default() -> Self {
        Shards {
            recommended: 1,
            live: BTreeMap::new(),
            refused: Vec::new(),
            max_concurrency: 1,
            last_identify: BTreeMap::new(),
        }
    }
}

/// The shard a server's events come on.
pub fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % u64::from(total.max(1))) as u32
}

impl Shards {
    /// Connection `conn` identified with the IDENTIFY's `shard` field; on success its
    /// shard id and total.
    pub fn identify(
        &mut self,
        conn: u64,
        tx: UnboundedSender<Frame>,
        shard: &Value,
    ) -> Result<(u32, u32), Refusal> {
        self.identify_at(conn, tx, shard, Instant::now())
    }

    /// [`Shards::identify`] at `now`.
    pub fn identify_at(
        &mut self,
        conn: u64,
        tx: UnboundedSender<Frame>,
        shard: &Value,
        now: Instant,
    ) -> Result<(u32, u32), Refusal> {
        let (id, total) = match shard.as_array().map(Vec::as_slice) {
            Some([id, total]) => (id.as_u64().unwrap_or(u64::MAX), total.as_u64().unwrap_or(0)),
            _ => (0, 1),
        };
        let refuse = |code, reason| Refusal { code, reason };
        let bucket = |id: u64| (id % u64::from(self.max_concurrency.max(1))) as u32;
        let verdict = if total == 0 || id >= total || total > u64::from(u32::MAX) {
            Err(refuse(CLOSE_INVALID_SHARD, "Invalid shard."))
        } else if self.live.values().any(|s| u64::from(s.total) != total) {
            Err(refuse(CLOSE_SHARDING_REQUIRED, "Sharding required."))
        } else if self.live.contains_key(&(id as u32)) || self.live.values().any(|s| s.conn == conn)
        {
            Err(refuse(CLOSE_ALREADY_IDENTIFIED, "Already authenticated."))
        } else if self
            .last_identify
            .get(&bucket(id))
            .is_some_and(|&at| now.duration_since(at) < IDENTIFY_WINDOW)
        {
            Err(refuse(INVALID_SESSION_TOO_SOON, "Identified too soon."))
        } else {
            Ok((id as u32, total as u32))
        };
        match verdict {
            Ok((id, total)) => {
                self.last_identify.insert(bucket(u64::from(id)), now);
                let session = Session {
                    conn,
                    tx,
                    total,
                    seq: 0,
                };
                self.live.insert(id, session);
                Ok((id, total))
            }
            Err(r) => {
                self.refused.push((id.min(u64::from(u32::MAX)) as u32, r));
                Err(r)
            }
        }
    }

    /// Connection `conn` closed: its shard may be identified again.
    pub fn disconnected(&mut self, conn: u64) {
        self.live.retain(|_, s| s.conn != conn);
    }

    /// The shards with a live session.
    pub fn live(&self) -> Vec<u32> {
        self.live.keys().copied().collect()
    }

    pub fn any_live(&self) -> bool {
        !self.live.is_empty()
    }

    /// The shard a dispatch goes to: its server's, or shard 0 without one.
    fn shard_for(&self, d: &Value) -> u32 {
        let total = self.live.values().map(|s| s.total).next().unwrap_or(1);
        let guild = d["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok());
        guild.map_or(0, |g| shard_of(g, total))
    }

    /// Sends a dispatch to the shard it belongs to (`shard`, or routed by its server) and
    /// returns the frame; with no live session there it is only recorded, as a dead bot
    /// misses Discord's events. `seq` numbers the frames no session received; `written` is
    /// marked when the frame leaves.
    pub fn send(
        &mut self,
        shard: Option<u32>,
        t: &str,
        d: Value,
        seq: &mut u64,
        written: Option<Written>,
    ) -> Value {
        let shard = shard.unwrap_or_else(|| self.shard_for(&d));
        match self.live.get_mut(&shard) {
            Some(session) => {
                session.seq += 1;
                let frame = payload::dispatch(session.seq, t, d);
                let text = frame.to_string();
                let _ = session.tx.send(Frame { text, written });
                frame
            }
            None => {
                *seq += 1;
                payload::dispatch(*seq, t, d)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};

    use super::*;

    fn session() -> (UnboundedSender<Frame>, UnboundedReceiver<Frame>) {
        unbounded_channel()
    }

    fn got(rx: &mut UnboundedReceiver<Frame>) -> Vec<Value> {
        std::iter::from_fn(|| rx.try_recv().ok())
            .map(|f| serde_json::from_str(&f.text).unwrap())
            .collect()
    }

    #[test]
    fn a_servers_events_reach_the_shard_its_id_names_and_a_dm_reaches_shard_0() {
        let mut shards = Shards::default();
        let (tx0, mut rx0) = session();
        let (tx1, mut rx1) = session();
        let t = Instant::now();
        assert_eq!(shards.identify_at(1, tx0, &json!([0, 2]), t), Ok((0, 2)));
        let later = t + IDENTIFY_WINDOW;
        assert_eq!(
            shards.identify_at(2, tx1, &json!([1, 2]), later),
            Ok((1, 2))
        );
        let even = 500_000_000_000_000_001u64; // >> 22 is even
        let odd = even + (1 << 22);
        assert_eq!((shard_of(even, 2), shard_of(odd, 2)), (0, 1));
        let mut seq = 0;
        shards.send(
            None,
            "INTERACTION_CREATE",
            json!({ "guild_id": odd.to_string() }),
            &mut seq,
            None,
        );
        shards.send(
            None,
            "INTERACTION_CREATE",
            json!({ "guild_id": even.to_string() }),
            &mut seq,
            None,
        );
        shards.send(
            None,
            "INTERACTION_CREATE",
            json!({ "channel_id": "9" }),
            &mut seq,
            None,
        );
        let (on0, on1) = (got(&mut rx0), got(&mut rx1));
        assert_eq!(on1.len(), 1);
        assert_eq!(on1[0]["d"]["guild_id"], odd.to_string());
        assert_eq!(on0.len(), 2);
        assert_eq!(on0[0]["d"]["guild_id"], even.to_string());
        assert!(on0[1]["d"]["guild_id"].is_null());
        // Each session counts its own dispatches from 1.
        assert_eq!(
            (on0[1]["s"].as_u64(), on1[0]["s"].as_u64()),
            (Some(2), Some(1))
        );
    }

    #[test]
    fn a_live_shard_identified_again_is_refused_until_its_session_ends() {
        let mut shards = Shards::default();
        assert!(shards.identify(1, session().0, &json!([1, 2])).is_ok());
        let again = shards.identify(2, session().0, &json!([1, 2]));
        assert_eq!(again.map_err(|r| r.code), Err(CLOSE_ALREADY_IDENTIFIED));
        let twice = shards.identify(1, session().0, &json!([0, 2]));
        assert_eq!(twice.map_err(|r| r.code), Err(CLOSE_ALREADY_IDENTIFIED));
        shards.disconnected(1);
        assert_eq!(shards.live(), Vec::<u32>::new());
        let later = Instant::now() + IDENTIFY_WINDOW;
        assert!(shards
            .identify_at(3, session().0, &json!([1, 2]), later)
            .is_ok());
        assert_eq!(shards.refused.len(), 2);
    }

    #[test]
    fn one_identify_per_five_seconds_for_the_whole_bot() {
        let mut shards = Shards::default();
        let t = Instant::now();
        assert!(shards
            .identify_at(1, session().0, &json!([0, 3]), t)
            .is_ok());
        // Another shard, as another process of a fleet would send it, within the window.
        let soon = shards.identify_at(2, session().0, &json!([1, 3]), t + IDENTIFY_WINDOW / 2);
        assert_eq!(soon.map_err(|r| r.code), Err(INVALID_SESSION_TOO_SOON));
        // A refused IDENTIFY does not move the window: it opens 5 s after the accepted one.
        let next = t + IDENTIFY_WINDOW;
        assert!(shards
            .identify_at(2, session().0, &json!([1, 3]), next)
            .is_ok());
        let third = shards.identify_at(3, session().0, &json!([2, 3]), next);
        assert_eq!(third.map_err(|r| r.code), Err(INVALID_SESSION_TOO_SOON));
        assert_eq!(shards.live(), vec![0, 1]);
        // A bigger bot's max_concurrency: one IDENTIFY per bucket (shard id modulo it).
        let mut big = Shards {
            max_concurrency: 2,
            ..Shards::default()
        };
        assert!(big.identify_at(1, session().0, &json!([0, 4]), t).is_ok());
        assert!(big.identify_at(2, session().0, &json!([1, 4]), t).is_ok());
        let same_bucket = big.identify_at(3, session().0, &json!([2, 4]), t);
        assert_eq!(
            same_bucket.map_err(|r| r.code),
            Err(INVALID_SESSION_TOO_SOON)
        );
    }

    #[test]
    fn a_shard_outside_its_total_or_another_total_is_refused() {
        let mut shards = Shards::default();
        let code = |r: Result<(u32, u32), Refusal>| r.map_err(|r| r.code);
        assert_eq!(
            code(shards.identify(1, session().0, &json!([2, 2]))),
            Err(4010)
        );
        assert_eq!(
            code(shards.identify(1, session().0, &json!([0, 0]))),
            Err(4010)
        );
        assert_eq!(
            code(shards.identify(1, session().0, &json!(null))),
            Ok((0, 1))
        );
        let later = Instant::now() + IDENTIFY_WINDOW;
        assert_eq!(
            code(shards.identify_at(2, session().0, &json!([1, 4]), later)),
            Err(4011)
        );
    }

    #[test]
    fn without_a_session_a_dispatch_is_only_recorded() {
        let mut shards = Shards::default();
        let mut seq = 0;
        let frame = shards.send(None, "INTERACTION_CREATE", json!({}), &mut seq, None);
        assert_eq!((frame["s"].as_u64(), seq), (Some(1), 1));
    }
}
