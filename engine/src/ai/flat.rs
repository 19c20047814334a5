//! Flat Monte Carlo for games whose tree learns little: a big hidden pool makes every
//! iteration of a tree search see other cards, so the few points that separate two choices
//! drown in the noise of the unknown hands. Here every choice of the searching seat is
//! judged on the same determinizations and the same playout seeds (common random numbers),
//! so that noise falls out of the comparison, and the budget is spent by sequential halving
//! (Karnin, Koren & Somekh 2013): every choice gets an equal share of a round, the better
//! half goes on to the next.
//!
//! As in the tree search, the root state is read by the sampler only.

use std::{sync::atomic::Ordering, time::Instant};

use rand::{rngs::SmallRng, Rng, SeedableRng};

use super::{estimate::ChoiceEstimate, rollout::Scratch, SearchConfig};
use crate::contract::{Actor, ChoiceId, Game, Seat};

struct Arm {
    choice: ChoiceId,
    reward: f64,
    playouts: u32,
    /// The searching seat's summed share of the first place (a hint's and a review's figure).
    wins: f64,
    /// The halving rounds this choice took part in: the later it was dropped, the better.
    rounds: u32,
}

impl Arm {
    fn mean(&self) -> f64 {
        self.reward / self.playouts.max(1) as f64
    }
}

pub fn choose_from_samples<G: Game>(
    sample: impl FnMut(&mut SmallRng) -> G::State,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
) -> Option<ChoiceId> {
    let (arms, alive) = run::<G>(sample, seat, cfg, seed, false)?;
    best(&arms, &alive).map(|arm| arm.choice)
}

/// Every choice's figures, best first: the search's choice, then the others by how far they
/// got through the halving and by their mean (a hint's and a review's figures). A single
/// legal choice is played out too, for its win chance.
pub(super) fn root_estimates<G: Game>(
    sample: impl FnMut(&mut SmallRng) -> G::State,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
) -> Vec<ChoiceEstimate> {
    let Some((arms, alive)) = run::<G>(sample, seat, cfg, seed, true) else {
        return Vec::new();
    };
    let chosen = best(&arms, &alive).map(|arm| arm.choice);
    let mut order: Vec<&Arm> = arms.iter().filter(|a| a.playouts > 0).collect();
    let is_chosen = |a: &Arm| Some(a.choice) == chosen;
    order.sort_by(|a, b| {
        is_chosen(b)
            .cmp(&is_chosen(a))
            .then(b.rounds.cmp(&a.rounds))
            .then(b.mean().total_cmp(&a.mean()))
            .then(a.choice.cmp(&b.choice))
    });
    order
        .into_iter()
        .map(|a| ChoiceEstimate {
            choice: a.choice,
            samples: a.playouts,
            win_chance: a.wins / a.playouts as f64,
        })
        .collect()
}

/// The best of the choices left: the highest mean, the earlier on a tie.
fn best<'a>(arms: &'a [Arm], alive: &[usize]) -> Option<&'a Arm> {
    alive
        .iter()
        .map(|&a| &arms[a])
        .fold(None::<&Arm>, |best, arm| match best {
            Some(b) if b.mean() >= arm.mean() => Some(b),
            _ => Some(arm),
        })
}

/// The search proper: every arm and the indices of those left after the halving; `None`
/// when `seat` has nothing to decide. `single` plays out a single legal choice too.
fn run<G: Game>(
    mut sample: impl FnMut(&mut SmallRng) -> G::State,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
    single: bool,
) -> Option<(Vec<Arm>, Vec<usize>)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let me = Actor::Seat(seat);
    let mut x = Scratch::<G>::new();
    // The margin alone: the same samples judge every choice, so the margin's differences
    // are what separates them, and a place adds only its jumps' noise.
    x.cut_off_margin = cfg.flat_margin;
    x.learned = cfg.learned;
    x.exact_endgame = cfg.exact_endgame;
    x.first_place = cfg.first_place;
    x.policy = cfg.policy;

    let first = sample(&mut rng);
    G::pending(&first, &mut x.pending);
    if !x.pending.iter().any(|p| p.actor == me) {
        return None;
    }
    x.legal(&first, me);
    let mut arms: Vec<Arm> = x
        .ids
        .iter()
        .map(|&choice| Arm {
            choice,
            reward: 0.0,
            playouts: 0,
            wins: 0.0,
            rounds: 0,
        })
        .collect();
    match arms.len() {
        0 => return None,
        1 if !single => return Some((arms, vec![0])),
        _ => {}
    }

    let started = Instant::now();
    let stopped = || {
        cfg.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
            || cfg.time_limit.is_some_and(|l| started.elapsed() >= l)
    };
    let mut alive: Vec<usize> = (0..arms.len()).collect();
    let rounds = arms.len().next_power_of_two().trailing_zeros().max(1);
    let mut spent = 0u32;
    let mut next = Some(first);
    'rounds: for round in 0..rounds {
        for &a in &alive {
            arms[a].rounds += 1;
        }
        let left = cfg.iterations.saturating_sub(spent) / (rounds - round);
        let samples = (left / alive.len() as u32).max(1);
        for _ in 0..samples {
            if stopped() {
                break 'rounds;
            }
            let state = next.take().unwrap_or_else(|| sample(&mut rng));
            let playout_seed: u64 = rng.random();
            for &a in &alive {
                let mut s = state.clone();
                x.events.clear();
                if G::apply_unlogged(&mut s, me, arms[a].choice, &mut x.events).is_err() {
                    continue;
                }
                super::rollout::confirm_built::<G>(&mut s, me, &mut x.events);
                let mut playout_rng = SmallRng::seed_from_u64(playout_seed);
                x.playout(&mut s, cfg.rollout_depth, &mut playout_rng);
                x.score(&s, &mut playout_rng);
                arms[a].reward += x.rewards.get(seat as usize).copied().unwrap_or(0.0);
                arms[a].wins += x.win_share(seat);
                arms[a].playouts += 1;
            }
            spent += alive.len() as u32;
        }
        if round + 1 < rounds {
            // Stable: on equal means the earlier choice stays, so a seed replays.
            alive.sort_by(|&a, &b| arms[b].mean().total_cmp(&arms[a].mean()));
            alive.truncate(alive.len().div_ceil(2));
            alive.sort_unstable();
        }
    }
    Some((arms, alive))
}
