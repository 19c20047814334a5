//! Time for deadlines, injectable so tests move it by hand.

use std::sync::{
    atomic::{AtomicI64, Ordering},
    Arc,
};

pub trait Clock: Send + Sync {
    /// Unix time in milliseconds.
    fn now_ms(&self) -> i64;
}

pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0)
    }
}

/// A clock that moves only when told; clones share the time.
#[derive(Clone, Default)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    pub fn at(ms: i64) -> Self {
        ManualClock(Arc::new(AtomicI64::new(ms)))
    }
    pub fn advance_minutes(&self, minutes: i64) {
        self.0.fetch_add(minutes * 60_000, Ordering::SeqCst);
    }
    pub fn advance_secs(&self, secs: i64) {
        self.0.fetch_add(secs * 1000, Ordering::SeqCst);
    }
    /// Moves to `ms` if that is later (a clock never runs back).
    pub fn advance_to(&self, ms: i64) {
        self.0.fetch_max(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}
