//! How hard the AI tries: the levels the bot offers, the per-game tuning behind them and
//! the settings of one search.

use std::{
    fmt,
    str::FromStr,
    sync::{atomic::AtomicBool, Arc},
    time::Duration,
};

use serde::{Deserialize, Serialize};

use crate::contract::Game;
pub use crate::contract::{SearchKind, Tuning};

/// The level a player picks for an AI seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn key(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The wall-time cap of one move at this level, whatever the game: it keeps a `normal`
    /// move within 250 ms and a `hard` one within 1 s on a slow or busy machine. Where the
    /// game's iteration count is reached first (the usual case), the move is reproducible.
    pub fn time_limit(self) -> Duration {
        Duration::from_millis(match self {
            Level::Easy => 100,
            Level::Normal => 230,
            Level::Hard => 930,
        })
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown AI level `{0}` (easy, normal or hard)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.key() == s)
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// The settings of one search.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    /// The game's kind of search ([`Game::AI_SEARCH`]).
    pub kind: SearchKind,
    /// Iterations to run; each samples one determinization and plays it out once (flat:
    /// playouts, one per choice and sample).
    pub iterations: u32,
    /// Stop earlier when this much wall time has passed (the bot's budget).
    pub time_limit: Option<Duration>,
    /// See [`Tuning::rollout_depth`].
    pub rollout_depth: Option<u32>,
    /// The UCB exploration constant (rewards lie in about 0..1).
    pub exploration: f64,
    /// The flat search: the share of a cut-off's reward that is the estimates' margin rather
    /// than the place they rank at (see `flat.rs`).
    pub flat_margin: f64,
    /// Leaves scored by [`Game::learned_estimate`] rather than [`Game::estimate`] (the same
    /// where a game has no learned model); off only to measure what the model buys.
    pub learned: bool,
    /// Playouts that reach a small, chance-free end ([`Game::solvable`]) solve it exactly on
    /// their sample; off only to measure what that buys.
    pub exact_endgame: bool,
    /// Inference from what the other seats did ([`super::infer`]): the number of
    /// determinizations weighted by the opponent model, the search's samples then drawn
    /// from them by weight; `None` samples determinizations uniformly.
    pub infer: Option<u32>,
    /// In a game of three or more seats, the share of a finished playout's reward that is
    /// the seat's share of the first place rather than its place (see
    /// [`super::reward::favour_first`]). 0 at every level: measured at four seats, playing
    /// for first place took no more first places (docs/ai-measurements.md); the arena's
    /// `@wX` sets it.
    pub first_place: f64,
    /// Playouts follow the game's playout policy ([`Game::rollout_choice`]); off (the
    /// arena's `@uniform`) only to measure what the policy buys.
    pub policy: bool,
    /// Set from another thread to stop the search early (its game changed meanwhile); the
    /// best choice so far is returned.
    pub stop: Option<Arc<AtomicBool>>,
}

impl SearchConfig {
    pub const EXPLORATION: f64 = 0.7;

    /// A reproducible search of `iterations` iterations, with the game's rollout depth.
    pub fn iterations<G: Game>(iterations: u32) -> SearchConfig {
        SearchConfig {
            kind: G::AI_SEARCH,
            iterations,
            time_limit: None,
            rollout_depth: G::AI_TUNING.rollout_depth,
            exploration: Self::EXPLORATION,
            flat_margin: 1.0,
            learned: true,
            exact_endgame: true,
            infer: None,
            first_place: 0.0,
            policy: true,
            stop: None,
        }
    }

    /// The search of `level` for game `G`: its iteration count under the level's time cap.
    pub fn level<G: Game>(level: Level) -> SearchConfig {
        SearchConfig {
            time_limit: Some(level.time_limit()),
            // Measured: no strength gained at `normal`, and its p99 think time near the
            // level's cap; `hard` has the budget to spare.
            exact_endgame: level == Level::Hard,
            infer: G::AI_INFERENCE[level.index()].then_some(super::infer::DEFAULT_PARTICLES),
            ..Self::iterations::<G>(G::AI_TUNING.iterations[level.index()])
        }
    }

    /// The same search without its time cap: what tests and the arena's reproducible runs
    /// use.
    pub fn untimed(mut self) -> SearchConfig {
        self.time_limit = None;
        self
    }
}

/// How an AI seat chooses.
#[derive(Clone, Debug)]
pub enum Strategy {
    /// Uniformly among the legal choices (tests and benchmarks only).
    Random,
    /// The best immediate gain by [`Game::heuristic`].
    Greedy,
    Search(SearchConfig),
}

impl Strategy {
    /// How an AI seat at `level` plays game `G`: the level's search, or the greedy player
    /// for `easy` where the game's tuning says so ([`Tuning::easy_is_greedy`]).
    pub fn level<G: Game>(level: Level) -> Strategy {
        if level == Level::Easy && G::AI_TUNING.easy_is_greedy {
            Strategy::Greedy
        } else {
            Strategy::Search(SearchConfig::level::<G>(level))
        }
    }

    /// The same strategy without a search's time cap (reproducible).
    pub fn untimed(self) -> Strategy {
        match self {
            Strategy::Search(cfg) => Strategy::Search(cfg.untimed()),
            other => other,
        }
    }

    /// The same strategy, a search of it stopped early once `stop` is set (the others are
    /// quick and need no flag).
    pub fn stopped_by(self, stop: Arc<AtomicBool>) -> Strategy {
        match self {
            Strategy::Search(cfg) => Strategy::Search(SearchConfig {
                stop: Some(stop),
                ..cfg
            }),
            other => other,
        }
    }
}
