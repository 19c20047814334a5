//! The gateway's shards, as Discord runs them for a bot that shards: a client identifies
//! with `shard: [id, total]` (none means `[0, 1]`), each live shard is one session, a
//! server's events go to shard `(guild_id >> 22) % total` and everything without a server
//! (a DM's interaction) to shard 0. A second IDENTIFY of a shard that has a live session
//! is refused with close code 4005, a shard outside its total with 4010 (Invalid Shard),
//! and a total other than the live sessions' with 4011 (Sharding Required) — so two
//! processes of a fleet cannot both serve one shard.

use std::{
    collections::BTreeMap,
    sync::{Arc, OnceLock},
    time::Instant,
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

/// Why an IDENTIFY was refused: the close code and its reason, as Discord sends them.
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
}

impl Default for Shards {
    fn default() -> Self {
        Shards {
            recommended: 1,
            live: BTreeMap::new(),
            refused: Vec::new(),
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
        let (id, total) = match shard.as_array().map(Vec::as_slice) {
            Some([id, total]) => (id.as_u64().unwrap_or(u64::MAX), total.as_u64().unwrap_or(0)),
            _ => (0, 1),
        };
        let refuse = |code, reason| Refusal { code, reason };
        let verdict = if total == 0 || id >= total || total > u64::from(u32::MAX) {
            Err(refuse(CLOSE_INVALID_SHARD, "Invalid shard."))
        } else if self.live.values().any(|s| u64::from(s.total) != total) {
            Err(refuse(CLOSE_SHARDING_REQUIRED, "Sharding required."))
        } else if self.live.contains_key(&(id as u32)) || self.live.values().any(|s| s.conn == conn)
        {
            Err(refuse(CLOSE_ALREADY_IDENTIFIED, "Already authenticated."))
        } else {
            Ok((id as u32, total as u32))
        };
        match verdict {
            Ok((id, total)) => {
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
        assert_eq!(shards.identify(1, tx0, &json!([0, 2])), Ok((0, 2)));
        assert_eq!(shards.identify(2, tx1, &json!([1, 2])), Ok((1, 2)));
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
        assert!(shards.identify(3, session().0, &json!([1, 2])).is_ok());
        assert_eq!(shards.refused.len(), 2);
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
        assert_eq!(
            code(shards.identify(2, session().0, &json!([1, 4]))),
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
