//! Where AI seats think: a bounded pool of blocking workers shared by every game, so a
//! search never runs on the async runtime's worker threads and many thinking games cannot
//! starve the requests of the others.

use std::sync::Arc;

use tokio::sync::Semaphore;
use vliv_engine::{ai::Strategy, ChoiceId, GameState, Level, Seat};

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
    workers: Arc<Semaphore>,
    budget: AiBudget,
    /// Searches run off the request, in the deadline sweep (the bot); otherwise inline
    /// (tests and the console, where the caller waits for the whole turn anyway).
    deferred: bool,
}

impl Thinking {
    /// A pool of one worker fewer than the machine has cores (at least one): one core
    /// stays free for the runtime that answers clicks.
    pub(super) fn new(budget: AiBudget, deferred: bool) -> Thinking {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Thinking {
            workers: Arc::new(Semaphore::new(cores.saturating_sub(1).max(1))),
            budget,
            deferred,
        }
    }

    pub(super) fn deferred(&self) -> bool {
        self.deferred
    }

    /// `seat`'s choice at `level`, searched on a blocking worker once one is free; the
    /// randomness is `seed` (from the game's seed and move number, never the clock).
    pub(super) async fn choose(
        &self,
        state: Box<dyn GameState>,
        seat: Seat,
        level: Level,
        seed: u64,
    ) -> Option<ChoiceId> {
        let kind = state.kind();
        let strategy = match self.budget {
            AiBudget::Levels => Strategy::Search(kind.search_config(level)),
            AiBudget::Untimed => Strategy::Search(kind.search_config(level).untimed()),
            AiBudget::Iterations(n) => Strategy::Search(kind.search_iterations(n)),
            AiBudget::Random => Strategy::Random,
        };
        let permit = self.workers.clone().acquire_owned().await.ok()?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            state.ai_choice(seat, &strategy, seed)
        })
        .await
        .ok()
        .flatten()
    }
}
