//! Inference from what opponents did (issue 48): policy-based inference in the style of
//! Rebstock et al. 2019 (Skat). Before a search, a pool of determinizations for the seat is
//! drawn, and each is weighted by how likely its hidden cards make the decisions the other
//! seats were seen to make ([`Game::observed_decisions`]) under a softmax opponent model
//! ([`Game::INFERENCE_TEMPERATURE`]); the search then draws its samples from the pool by
//! weight instead of uniformly.
//!
//! It reads nothing but the determinizations: a world's weight comes from the world alone
//! (its public history and its re-dealt cards), so two states the seat cannot tell apart
//! give the same pool and the same search. The no-peek tests check it with inference on.

use rand::{rngs::SmallRng, Rng, SeedableRng};

use super::SearchConfig;
use crate::{
    contract::{Game, Seat},
    observed::Observations,
};

/// The worlds an inferring search weights when the arena or a level asks for inference
/// without saying how many.
pub const DEFAULT_PARTICLES: u32 = 256;

/// A search's source of sampled states.
pub type Sampler<'a, S> = Box<dyn FnMut(&mut SmallRng) -> S + 'a>;

/// A pool of sampled worlds and their weights.
pub struct Particles<S> {
    worlds: Vec<S>,
    /// Running sums of the weights (the last is their total).
    cumulative: Vec<f64>,
}

impl<S: Clone> Particles<S> {
    /// `count` worlds from `sample`, each weighted by the likelihood of the observed
    /// decisions of the other seats in it, as `seat` saw them.
    pub fn weigh<G: Game<State = S>>(
        sample: impl FnMut(&mut SmallRng) -> S,
        seat: Seat,
        count: u32,
        seed: u64,
    ) -> Particles<S> {
        let mut obs = Observations::new();
        Particles::weigh_by(sample, count, seed, |world| {
            obs.clear();
            G::observed_decisions(world, seat, &mut obs);
            obs.log_likelihood(G::INFERENCE_TEMPERATURE)
        })
    }

    /// `count` worlds from `sample`, each weighted by `exp(log_weight(world))`: [`Self::weigh`]
    /// passes the opponent model; a test passes one that reads the real state, to show that
    /// an inference which peeks is caught.
    pub fn weigh_by(
        mut sample: impl FnMut(&mut SmallRng) -> S,
        count: u32,
        seed: u64,
        mut log_weight: impl FnMut(&S) -> f64,
    ) -> Particles<S> {
        let mut rng = SmallRng::seed_from_u64(seed ^ 0x1f3e_7a11_c0de_5eed);
        let mut worlds = Vec::with_capacity(count as usize);
        let mut logs = Vec::with_capacity(count as usize);
        for _ in 0..count.max(1) {
            let world = sample(&mut rng);
            logs.push(log_weight(&world));
            worlds.push(world);
        }
        let max = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut total = 0.0;
        let cumulative = logs
            .iter()
            .map(|l| {
                // A world the model finds impossible (−∞) keeps no weight; if every world
                // is, they stay equal (`max` is then −∞ too and the weights all 1).
                let w = if max.is_finite() {
                    (l - max).exp()
                } else {
                    1.0
                };
                total += w;
                total
            })
            .collect();
        Particles { worlds, cumulative }
    }

    /// The search's samples: worlds drawn from the pool by weight.
    pub fn into_sampler(self) -> impl FnMut(&mut SmallRng) -> S {
        move |rng| self.draw(rng)
    }

    /// One world, drawn by weight with `rng`.
    pub fn draw(&self, rng: &mut SmallRng) -> S {
        let total = *self.cumulative.last().expect("a pool is never empty");
        let u = rng.random::<f64>() * total;
        let i = self
            .cumulative
            .partition_point(|&c| c <= u)
            .min(self.worlds.len() - 1);
        self.worlds[i].clone()
    }

    /// The worlds with their normalised weights (tests and diagnostics).
    pub fn weighted(&self) -> impl Iterator<Item = (&S, f64)> {
        let total = *self.cumulative.last().expect("a pool is never empty");
        let mut prev = 0.0;
        self.worlds
            .iter()
            .zip(self.cumulative.iter())
            .map(move |(w, &c)| {
                let weight = (c - prev) / total;
                prev = c;
                (w, weight)
            })
    }

    /// Kish's effective sample size of the weights: the pool's size when they are equal,
    /// 1 when one world has them all.
    pub fn effective_size(&self) -> f64 {
        let (sum, sq) = self
            .weighted()
            .fold((0.0, 0.0), |(s, q), (_, w)| (s + w, q + w * w));
        sum * sum / sq
    }
}

/// The samples of a search for `seat`: those of `base` as they are, or with inference on
/// ([`SearchConfig::infer`]) drawn by weight from a pool of them.
pub fn inferred<'a, G: Game>(
    base: impl FnMut(&mut SmallRng) -> G::State + 'a,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
) -> Sampler<'a, G::State> {
    match cfg.infer {
        None => Box::new(base),
        Some(count) => Box::new(Particles::weigh::<G>(base, seat, count, seed).into_sampler()),
    }
}

/// Determinizations of `state` for `seat`, weighted where `cfg` asks for inference.
pub fn determinizations<'a, G: Game>(
    state: &'a G::State,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
) -> Sampler<'a, G::State> {
    inferred::<G>(move |rng| G::determinize(state, seat, rng), seat, cfg, seed)
}
