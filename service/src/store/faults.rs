//! Injected database failures (writes, and reads of a game's record), for the tests that
//! prove a game survives a database that fails mid-way (issue 16). Production never arms
//! it: an unarmed plan costs one lock per write and per game read from the database.

use std::{collections::HashSet, sync::Mutex};

use super::{GameId, StoreError};

/// Which writes fail: a run of the next writes (after some succeed), and every write of
/// chosen games; and which games' records cannot be read. Each injected failure is counted.
#[derive(Debug, Default)]
pub struct Faults {
    plan: Mutex<Plan>,
}

#[derive(Debug, Default)]
struct Plan {
    /// Writes to let through before the run of failures starts.
    skip: u32,
    /// Writes to fail after those.
    fail: u32,
    /// Games whose every write fails.
    games: HashSet<GameId>,
    /// Games whose every write panics (a bug in one game's path, issue 50).
    panics: HashSet<GameId>,
    /// Games whose record cannot be read from the database (the cache still answers).
    unreadable: HashSet<GameId>,
    injected: u64,
}

impl Faults {
    /// After `skip` more writes succeed, the next `fail` writes fail (like pooled
    /// connections failing once each after a database restart).
    pub fn fail_writes_after(&self, skip: u32, fail: u32) {
        let mut plan = self.lock();
        plan.skip = skip;
        plan.fail = fail;
    }

    /// Every write of `game` fails until [`Faults::heal`].
    pub fn fail_game(&self, game: GameId) {
        self.lock().games.insert(game);
    }

    /// Every write of `game` panics until [`Faults::heal`]: a bug that strikes one game's
    /// path, which must not take the others down with it.
    pub fn panic_on_writes_of(&self, game: GameId) {
        self.lock().panics.insert(game);
    }

    /// Every read of `game`'s record from the database fails until [`Faults::heal`]; a
    /// record the process caches (a running game's) is still served.
    pub fn fail_reads_of(&self, game: GameId) {
        self.lock().unreadable.insert(game);
    }

    /// No more injected failures (the count is kept).
    pub fn heal(&self) {
        let mut plan = self.lock();
        plan.fail = 0;
        plan.skip = 0;
        plan.games.clear();
        plan.unreadable.clear();
        plan.panics.clear();
    }

    /// Called by a read of a game's record before it asks the database.
    pub(super) fn check_read(&self, game: GameId) -> Result<(), StoreError> {
        let mut plan = self.lock();
        if !plan.unreadable.contains(&game) {
            return Ok(());
        }
        plan.injected += 1;
        Err(StoreError::Database(sqlx::Error::PoolTimedOut))
    }

    /// How many reads and writes failed on purpose so far.
    pub fn injected(&self) -> u64 {
        self.lock().injected
    }

    /// Called by every write before it opens its transaction.
    pub(super) fn check(&self, game: GameId) -> Result<(), StoreError> {
        let mut plan = self.lock();
        if plan.panics.contains(&game) {
            plan.injected += 1;
            drop(plan);
            panic!("a write of game {game} panicked (injected)");
        }
        let fails = if plan.games.contains(&game) {
            true
        } else if plan.fail == 0 {
            false
        } else if plan.skip > 0 {
            plan.skip -= 1;
            false
        } else {
            plan.fail -= 1;
            true
        };
        if fails {
            plan.injected += 1;
            return Err(StoreError::Database(sqlx::Error::PoolTimedOut));
        }
        Ok(())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Plan> {
        self.plan.lock().unwrap_or_else(|p| p.into_inner())
    }
}
