//! What the search learnt about each of a seat's choices: the root statistics a hint and a
//! review read (issue 48). The figures come from the same search a move runs, on
//! determinizations for the seat only, so they know no more than the seat does.

use rand::rngs::SmallRng;

use super::{estimate::ChoiceEstimate, flat, search, SearchConfig};
use crate::contract::{ChoiceId, Game, SearchKind, Seat};

/// Every choice of `seat` the search tried, best first (the first is the choice a move with
/// the same settings and seed makes); empty when `seat` has nothing to decide. `also` (a
/// review's move made) is searched further until its figure rests on `min_samples`
/// playouts where the tree search neglected it; the flat search judges every choice anyway.
pub fn evaluate<G: Game>(
    state: &G::State,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
    also: Option<(ChoiceId, u32)>,
) -> Vec<ChoiceEstimate> {
    evaluate_from_samples::<G>(
        super::infer::determinizations::<G>(state, seat, cfg, seed),
        seat,
        cfg,
        seed,
        also,
    )
}

/// [`evaluate`] over any source of states: a test passes the real state to show that an
/// evaluation which peeks is caught.
pub fn evaluate_from_samples<G: Game>(
    sample: impl FnMut(&mut SmallRng) -> G::State,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
    also: Option<(ChoiceId, u32)>,
) -> Vec<ChoiceEstimate> {
    match cfg.kind {
        SearchKind::Tree => search::root_estimates::<G>(sample, seat, cfg, seed, also),
        SearchKind::Flat => flat::root_estimates::<G>(sample, seat, cfg, seed),
    }
}
