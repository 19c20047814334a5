//! Games whose automatic moves wait for the database, and games whose deadlines failed:
//! the scheduler retries each by itself, backing off one game without holding up others.

use std::{
    collections::{HashMap, HashSet},
    sync::Mutex,
};

use super::GameId;

/// The first wait after a failure; it doubles with each failure in a row, up to the cap.
const FIRST_BACKOFF_MS: i64 = 1_000;
const MAX_BACKOFF_MS: i64 = 60_000;

#[derive(Debug, Default)]
pub(super) struct Retries {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    /// Running games with an automatic move that was not committed.
    stalled: HashSet<GameId>,
    /// Per failing game: when it may be tried again, and failures in a row.
    backoff: HashMap<GameId, (i64, u32)>,
}

impl Retries {
    pub(super) fn stall(&self, game: GameId) {
        self.lock().stalled.insert(game);
    }

    pub(super) fn stalled(&self) -> Vec<GameId> {
        self.lock().stalled.iter().copied().collect()
    }

    /// Whether `game` waits out a backoff at `now`.
    pub(super) fn backing_off(&self, game: GameId, now: i64) -> bool {
        self.lock()
            .backoff
            .get(&game)
            .is_some_and(|&(until, _)| now < until)
    }

    /// A try failed: wait longer before the next; returns the wait.
    pub(super) fn failed(&self, game: GameId, now: i64) -> i64 {
        let mut inner = self.lock();
        let entry = inner.backoff.entry(game).or_insert((now, 0));
        let wait = (FIRST_BACKOFF_MS << entry.1.min(16)).min(MAX_BACKOFF_MS);
        *entry = (now + wait, entry.1 + 1);
        wait
    }

    /// The game's automatic moves were all made.
    pub(super) fn resolved(&self, game: GameId) {
        self.lock().stalled.remove(&game);
    }

    /// A try of the game's deadlines went through: no more backing off.
    pub(super) fn succeeded(&self, game: GameId) {
        self.lock().backoff.remove(&game);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}
