//! The AI players (issue 15): a single-observer information-set Monte Carlo tree search
//! (ISMCTS, Cowling, Powley & Whitehouse 2012) that sees a state only through
//! [`Game::determinize`], a greedy one-step player to measure it against, and the levels
//! the bot offers.
//!
//! Teaching (issue 48): [`hint`] names a seat's three best choices with their estimated
//! chances to win, [`review_game`] judges every decision of a seat in a finished game; both
//! read the search's root statistics ([`evaluate`]), so they peek no more than a move does.
//!
//! Not here: threads, the session's clocks, storage. The bot runs a search on a blocking
//! worker and stores the choice as an ordinary move; the randomness of a search comes from
//! the `seed` the caller passes (the game's seed and the move number), never from the clock.
//!
//! Written rather than taken from crates.io: the `mcts` crate (0.3) searches perfect-
//! information games over its own move type and has neither determinizations nor
//! availability counts, which are the whole point here.

mod endgame;
mod estimate;
mod evaluate;
mod flat;
mod greedy;
pub mod hint;
pub mod infer;
mod level;
pub mod review;
mod reward;
mod rollout;
mod search;

pub use estimate::ChoiceEstimate;
pub use evaluate::{evaluate, evaluate_from_samples};
pub use greedy::choose as greedy_choice;
pub use hint::{hint, HintChoice};
pub use level::{Level, ParseLevelError, SearchConfig, SearchKind, Strategy, Tuning};
pub use review::{review_game, DecisionReview, Review, ReviewError};
pub use search::{choose, choose_from_samples};

use rand::{rngs::SmallRng, Rng, SeedableRng};

use crate::contract::{ChoiceId, Game, Seat};

/// `seat`'s choice by `strategy`; `None` when `seat` has nothing to decide. The same state,
/// seat, strategy and seed give the same choice unless a time limit cut the search short.
pub fn choose_by<G: Game>(
    state: &G::State,
    seat: Seat,
    strategy: &Strategy,
    seed: u64,
) -> Option<ChoiceId> {
    match strategy {
        Strategy::Random => {
            let mut ids = Vec::new();
            G::legal_ids(state, crate::Actor::Seat(seat), &mut ids);
            let mut rng = SmallRng::seed_from_u64(seed);
            (!ids.is_empty()).then(|| ids[rng.random_range(0..ids.len())])
        }
        Strategy::Greedy => greedy::choose::<G>(state, seat, seed),
        Strategy::Search(cfg) => search::choose::<G>(state, seat, cfg, seed),
    }
}

/// The seed of an AI seat's search for one move: from the game's seed, the number of moves
/// stored so far and the seat, never from the clock, so a restart thinks the same thoughts.
pub fn move_seed(game_seed: u64, move_number: u64, seat: Seat) -> u64 {
    // SplitMix64's finaliser: nearby inputs give unrelated seeds.
    let mut z = game_seed
        ^ move_number.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ u64::from(seat).wrapping_mul(0xd1b5_4a32_d192_ed03);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_endgame;
#[cfg(test)]
mod tests_infer;
#[cfg(test)]
mod tests_teach;
