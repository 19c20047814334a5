//! A learned correction of the two-player estimate (issue 48): a linear model, trained by
//! self-play (`engine/examples/train_fantasy.rs`), that predicts a seat's final score from
//! the sampled estimate (`estimate.rs`) and what the seat's hand and the table show.
//!
//! The estimate plays the seat's own turns forward with a short-sighted policy: it keeps
//! what scores now and throws away what only pays with cards still to come. The model learns
//! by how much the real final scores differ from it, card by card and by how much of the
//! game is left. Only the two-player game is trained; the other variants keep the estimate.
//!
//! Inference is a dot product of a few dozen numbers: written here rather than taken from a
//! crate (no tensor crate is needed for 118 multiplications, and none runs as fast without
//! allocating).

use std::cell::RefCell;

use rand::RngCore;

use super::{
    cards::{Card, DECK_SIZE},
    determinize::heuristic,
    estimate::{estimate, turns_left},
    learned_weights::WEIGHTS,
    rules::{FrState, Step, Variant},
};
use crate::contract::Seat;

/// Features before the per-card ones (see [`features`]).
const GENERAL: usize = 8;
/// The model's inputs: the general ones, then each card held, then each card held scaled by
/// the share of the seat's draws still to come.
pub const FEATURES: usize = GENERAL + 2 * DECK_SIZE as usize;

// The committed weights (a file of their own, written by the trainer) fit the features.
const _: () = assert!(WEIGHTS.len() == FEATURES, "one weight a feature");

/// The most later draws a seat has in the two-player game (12 discards shared by two).
const MAX_DRAWS: f64 = 6.0;

thread_local! {
    /// Weights that replace the committed ones on this thread: the trainer measures the
    /// weights it just fitted before they are written. Nothing else sets them.
    static TRAINING: RefCell<Option<Vec<f64>>> = const { RefCell::new(None) };
}

/// Runs `f` with `weights` in place of the committed model on this thread.
pub fn with_weights<R>(weights: &[f64], f: impl FnOnce() -> R) -> R {
    assert_eq!(weights.len(), FEATURES, "one weight a feature");
    let before = TRAINING.with(|t| t.replace(Some(weights.to_vec())));
    let out = f();
    TRAINING.with(|t| *t.borrow_mut() = before);
    out
}

/// Whether the model judges `state` (two players, not over): elsewhere the estimate stands.
pub fn applies(state: &FrState) -> bool {
    state.variant == Variant::TwoPlayer && !state.is_over()
}

/// The model's inputs for `seat` on a (determinized) state, given one or the mean of several
/// of its estimates. All scaled to about 0..1, so that one ridge penalty suits them all.
pub fn features(state: &FrState, seat: Seat, estimate: f64) -> [f64; FEATURES] {
    let s = seat as usize;
    let hand = &state.hands[s];
    let mine = state.to_move == seat;
    let hand_len = match state.step {
        Step::Keep { .. } if mine => hand.len() + 1,
        Step::Discard { .. } if mine => hand.len().saturating_sub(1),
        _ => hand.len(),
    };
    let (picks, draws) = turns_left(state, seat, hand_len);
    let later = draws as f64 / MAX_DRAWS;
    let mut x = [0.0; FEATURES];
    x[0] = 1.0;
    x[1] = estimate / 100.0;
    x[2] = heuristic(state, seat) / 100.0;
    x[3] = picks as f64 / 7.0;
    x[4] = later;
    x[5] = x[1] * later;
    x[6] = f64::from(u8::from(mine));
    x[7] = state.discard.len() as f64 / 12.0;
    for &Card(c) in hand {
        let i = GENERAL + (c as usize - 1);
        x[i] = 1.0;
        x[i + DECK_SIZE as usize] = later;
    }
    x
}

/// The model's prediction of the final score from `features`.
pub fn predict(features: &[f64; FEATURES]) -> f64 {
    let dot = |w: &[f64]| w.iter().zip(features).map(|(w, x)| w * x).sum::<f64>();
    TRAINING.with(|t| match t.borrow().as_deref() {
        Some(w) => dot(w),
        None => dot(WEIGHTS),
    })
}

/// The learned estimate of `seat`'s final score (see the module's note); one number from
/// `rng`, as [`estimate`].
pub fn learned_estimate(state: &FrState, seat: Seat, rng: &mut dyn RngCore) -> f64 {
    let sampled = estimate(state, seat, rng);
    if !applies(state) {
        return sampled;
    }
    predict(&features(state, seat, sampled))
}

#[cfg(test)]
mod tests {
    use rand::{rngs::SmallRng, SeedableRng};

    use super::*;
    use crate::{contract::Game, games::fantasy_realms::FantasyRealms};

    /// The weights a model that is the estimate itself has: the trainer's starting point.
    fn identity() -> Vec<f64> {
        let mut w = vec![0.0; FEATURES];
        w[1] = 100.0;
        w
    }

    #[test]
    fn a_model_of_the_estimate_alone_gives_the_estimate() {
        let state = FantasyRealms::new(&Default::default(), 2, 5).unwrap();
        with_weights(&identity(), || {
            for seed in 0..8 {
                let plain = estimate(&state, 0, &mut SmallRng::seed_from_u64(seed));
                let learned = learned_estimate(&state, 0, &mut SmallRng::seed_from_u64(seed));
                assert!((plain - learned).abs() < 1e-9, "{plain} against {learned}");
            }
        });
    }

    #[test]
    fn the_features_describe_the_hand_held() {
        let state = FantasyRealms::new(&Default::default(), 2, 9).unwrap();
        let x = features(&state, 1, 50.0);
        let held: f64 = x[GENERAL..GENERAL + DECK_SIZE as usize].iter().sum();
        assert_eq!(held as usize, state.hands[1].len());
        assert_eq!(x[0], 1.0);
        assert_eq!(x[1], 0.5);
    }

    /// The committed model predicts a playable range: finished hands score from about −100
    /// to 250.
    #[test]
    fn the_committed_model_predicts_plausible_scores() {
        let state = FantasyRealms::new(&Default::default(), 2, 3).unwrap();
        for seed in 0..20 {
            let v = learned_estimate(&state, 0, &mut SmallRng::seed_from_u64(seed));
            assert!((-100.0..300.0).contains(&v), "{v}");
        }
    }
}
