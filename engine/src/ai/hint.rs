//! Hints (issue 48): for a seat on its turn, the three choices the AI likes best, each with
//! its estimated chance to win. The figures are the search's own root statistics, from
//! determinizations for the seat only, so a hint tells nothing the seat could not know.

use rand::rngs::SmallRng;
use serde::{Deserialize, Serialize};

use super::{evaluate, ChoiceEstimate, Level, SearchConfig};
use crate::{
    contract::{Actor, ChoiceId, Game, Seat},
    text::Text,
};

/// How many choices a hint names.
pub const HINT_CHOICES: usize = 3;

/// One choice a hint recommends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HintChoice {
    pub choice: ChoiceId,
    /// The label the seat's menu gives it.
    pub label: Text,
    /// The estimated chance to finish first after it, 0..1 (ties shared).
    pub win_chance: f64,
    /// The playouts behind the figure.
    pub samples: u32,
}

/// The search a hint runs: `hard`'s budget under `hard`'s time cap, so a hint takes at most
/// about a second on one core and the usual one, stopped by its budget, is reproducible.
pub fn config<G: Game>() -> SearchConfig {
    SearchConfig::level::<G>(Level::Hard)
}

/// The search's [`HINT_CHOICES`] best choices of `seat` (fewer if it has fewer), the highest
/// chance to win first; empty when `seat` has nothing to decide.
pub fn hint<G: Game>(
    state: &G::State,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
) -> Vec<HintChoice> {
    let estimates = evaluate::<G>(state, seat, cfg, seed, None);
    labelled::<G>(state, seat, &estimates)
}

/// [`hint`] over any source of states, labelled from `state`'s menu: a test passes the real
/// state as every sample to show that a hint which peeks is caught.
pub fn hint_from_samples<G: Game>(
    sample: impl FnMut(&mut SmallRng) -> G::State,
    state: &G::State,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
) -> Vec<HintChoice> {
    let estimates = super::evaluate_from_samples::<G>(sample, seat, cfg, seed, None);
    labelled::<G>(state, seat, &estimates)
}

/// The search's [`HINT_CHOICES`] favourite estimates with their menu labels, shown by their
/// chance to win: a player reads the list top down and must not find a lower chance above a
/// higher one (the search prefers by its own reward, which weighs the margin too). Equal
/// chances keep the search's order. The seat's own menu shows only what the seat may know,
/// so reading it on the state does not peek.
fn labelled<G: Game>(
    state: &G::State,
    seat: Seat,
    estimates: &[ChoiceEstimate],
) -> Vec<HintChoice> {
    let Some(menu) = G::menu(state, Actor::Seat(seat)) else {
        return Vec::new();
    };
    let mut shown: Vec<HintChoice> = estimates
        .iter()
        .filter_map(|e| {
            let choice = menu.choices.iter().find(|c| c.id == e.choice)?;
            Some(HintChoice {
                choice: e.choice,
                label: choice.label.clone(),
                win_chance: e.win_chance,
                samples: e.samples,
            })
        })
        .take(HINT_CHOICES)
        .collect();
    // Stable: equal chances stay in the search's order.
    shown.sort_by(|a, b| b.win_chance.total_cmp(&a.win_chance));
    shown
}
