//! Where AI seats think: a bounded pool of workers (each search on a thread of its own)
//! shared by every game, so a search never runs on the async runtime's threads and many
//! thinking games cannot starve the requests of the others; the servers take turns at it
//! ([`FairPool`]), so one server's many thinking games cannot starve another server's AI
//! either.

use std::{
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc, Mutex,
    },
    time::Duration,
};

use tokio::sync::{broadcast, oneshot};
use vliv_engine::{ai::Strategy, ChoiceId, GameState, Level, Seat};

use super::{fair_pool::FairPool, GameId, GuildId};

/// How long an AI seat thinks before its table says so: a quick move shows nothing.
pub const NOTICE_AFTER: Duration = Duration::from_secs(1);

/// An AI seat has been thinking for longer than [`NOTICE_AFTER`] about the game at
/// `version`: the front end may show it until the game's next change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkingNotice {
    pub game: GameId,
    /// The game's server: whose turn at the pool the search waits for.
    pub guild: GuildId,
    pub seat: Seat,
    pub version: i64,
}

/// How much an AI seat searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiBudget {
    /// Each level's iterations under its wall-time cap (the bot: a move never takes long).
    Levels,
    /// Each level's iterations without the cap: the same seed gives the same game (the
    /// console).
    Untimed,
    /// This many iterations whatever the level (tests: fast and reproducible).
    Iterations(u32),
    /// The random player (tests of the binary that play many long games).
    Random,
}

impl AiBudget {
    /// `VLIV_AI_ITERATIONS=N` fixes the budget at N iterations, `0` plays the random
    /// player (fast, reproducible runs of the binary in tests); otherwise `default`.
    pub fn from_env(default: AiBudget) -> AiBudget {
        match std::env::var("VLIV_AI_ITERATIONS")
            .ok()
            .and_then(|n| n.parse().ok())
        {
            Some(0) => AiBudget::Random,
            Some(n) => AiBudget::Iterations(n),
            None => default,
        }
    }
}

pub(super) struct Thinking {
    workers: FairPool,
    budget: AiBudget,
    /// Searches run off the request, in the deadline sweep (the bot); otherwise inline
    /// (tests and the console, where the caller waits for the whole turn anyway).
    deferred: bool,
    /// Long thoughts, for whoever shows them (lost when nobody listens or one lags).
    notices: broadcast::Sender<ThinkingNotice>,
    /// How long a thought runs before it is announced ([`NOTICE_AFTER`]; zero announces
    /// every thought at once, for tests of what shows the notice).
    pub(super) notice_after: Duration,
    /// The stop flag of every search running now, by game: a change to the game raises it.
    running: StopFlags,
}

type StopFlags = Arc<Mutex<Vec<(GameId, Arc<AtomicBool>)>>>;

/// A search's entry in [`Thinking::running`]: dropped when the search's answer is taken or
/// nobody waits for it any more, and then the search is stopped too.
struct Running {
    running: StopFlags,
    stop: Arc<AtomicBool>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        lock(&self.running).retain(|(_, s)| !Arc::ptr_eq(s, &self.stop));
    }
}

/// The list of running searches; a panic elsewhere while it was held leaves it usable.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Thinking {
    /// A pool of one worker fewer than the machine has cores, so that one core stays free
    /// for the runtime that answers clicks; but at least two, so that a server holding one
    /// always leaves one to the others (their searches are capped in wall time, so on a
    /// machine of two cores they share it rather than wait).
    pub(super) fn new(budget: AiBudget, deferred: bool) -> Thinking {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Thinking {
            workers: FairPool::new(cores.saturating_sub(1).max(MIN_WORKERS)),
            budget,
            deferred,
            notices: broadcast::channel(256).0,
            notice_after: NOTICE_AFTER,
            running: Arc::default(),
        }
    }

    /// `game` changed (a move, a timeout, its end): the searches about it are stale, so they
    /// stop now instead of finishing to be dropped.
    pub(super) fn changed(&self, game: GameId) {
        for (_, stop) in lock(&self.running).iter().filter(|(g, _)| *g == game) {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// How many searches are running now (tests).
    pub(super) fn running(&self) -> usize {
        lock(&self.running).len()
    }

    pub(super) fn notices(&self) -> broadcast::Receiver<ThinkingNotice> {
        self.notices.subscribe()
    }

    /// `choose`, announcing the thought if it takes longer than `notice_after` (waiting
    /// for a free worker included: the player waits either way). Real time, not the
    /// service's clock: it is about what a player sees.
    pub(super) async fn choose_announced(
        &self,
        notice: ThinkingNotice,
        state: Box<dyn GameState>,
        level: Level,
        seed: u64,
    ) -> Option<ChoiceId> {
        let thought = self.choose(notice, state, level, seed);
        tokio::pin!(thought);
        if !self.notice_after.is_zero() {
            tokio::select! {
                choice = &mut thought => return choice,
                _ = tokio::time::sleep(self.notice_after) => {}
            }
        }
        let _ = self.notices.send(notice);
        thought.await
    }

    pub(super) fn deferred(&self) -> bool {
        self.deferred
    }

    pub(super) fn budget(&self) -> AiBudget {
        self.budget
    }

    /// `work` (an AI seat's or a hint's search) on a worker of the pool once `guild`'s turn
    /// comes: hints and AI seats share the cores the pool leaves to searches, and the
    /// servers take turns at both. `None` if the pool closed or the work panicked.
    pub(super) async fn run<T: Send + 'static>(
        &self,
        guild: GuildId,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let worker = self.workers.acquire(guild).await?;
        // A thread of its own, not the runtime's blocking pool: a backlogged server's
        // search lowers its thread's priority, which could not be raised back for the next.
        let (answer, done) = oneshot::channel();
        std::thread::Builder::new()
            .name("vliv-ai".into())
            .spawn(move || {
                if worker.backlogged {
                    super::fair_pool::lower_this_threads_priority();
                }
                let _worker = worker;
                let _ = answer.send(work());
            })
            .ok()?;
        done.await.ok()
    }

    /// The seat's choice at `level`, searched on a thread of its own once its server's turn
    /// comes; the randomness is `seed` (from the game's seed and move number, never the
    /// clock). A change to the game meanwhile ([`Thinking::changed`]) stops the search at
    /// once; its answer is then the best so far, which the caller drops since the game
    /// moved on.
    async fn choose(
        &self,
        about: ThinkingNotice,
        state: Box<dyn GameState>,
        level: Level,
        seed: u64,
    ) -> Option<ChoiceId> {
        let ThinkingNotice {
            game, guild, seat, ..
        } = about;
        let kind = state.kind();
        let running = Running {
            running: self.running.clone(),
            stop: Arc::new(AtomicBool::new(false)),
        };
        // Registered before waiting for a worker: a change meanwhile already counts.
        lock(&self.running).push((game, running.stop.clone()));
        let stop = running.stop.clone();
        let strategy = match self.budget {
            AiBudget::Levels => kind.strategy(level),
            AiBudget::Untimed => kind.strategy(level).untimed(),
            AiBudget::Iterations(n) => Strategy::Search(kind.search_iterations(n)),
            AiBudget::Random => Strategy::Random,
        }
        .stopped_by(stop);
        // A change while waiting for the worker: no search at all.
        let stopped = running.stop.clone();
        self.run(guild, move || {
            if stopped.load(Ordering::Relaxed) {
                return None;
            }
            state.ai_choice(seat, &strategy, seed)
        })
        .await
        .flatten()
        .filter(|_| !running.stop.load(Ordering::Relaxed))
    }
}

/// The fewest workers: one a busy server may hold, one kept for the others.
const MIN_WORKERS: usize = 2;
