//! The greedy player: the yardstick the search must beat. It takes the choice with the best
//! immediate gain by [`Game::heuristic`] — its own estimate minus the best other seat's —
//! looking only until its own next decision (the rest of the turn played at random), on a
//! few determinizations so that it does not peek either.

use rand::{rngs::SmallRng, Rng, SeedableRng};

use crate::contract::{Actor, ChoiceId, Game, Pending, Seat};

/// Determinizations each choice is tried on.
const SAMPLES: u64 = 8;
/// Steps of the others' play looked at after the choice.
const HORIZON: usize = 64;

/// `seat`'s greedy choice; `None` when it has nothing to decide.
pub fn choose<G: Game>(state: &G::State, seat: Seat, seed: u64) -> Option<ChoiceId> {
    let me = Actor::Seat(seat);
    let mut rng = SmallRng::seed_from_u64(seed);
    let samples: Vec<G::State> = (0..SAMPLES)
        .map(|_| G::determinize(state, seat, &mut rng))
        .collect();
    let mut pending = Vec::new();
    G::pending(&samples[0], &mut pending);
    if !pending.iter().any(|p| p.actor == me) {
        return None;
    }
    // A confirm pending at the start (a person built the play, or the bot restarted):
    // the choice before it was this player's, so it stands.
    if let Some(confirm) = G::confirms(&samples[0], me) {
        return Some(confirm);
    }
    let mut ids = Vec::new();
    G::legal_ids(&samples[0], me, &mut ids);
    if ids.len() <= 1 {
        return ids.first().copied();
    }
    let mut best: Option<(f64, ChoiceId)> = None;
    for &id in &ids {
        let mut total = 0.0;
        for (k, sample) in samples.iter().enumerate() {
            // The same random continuation for every choice: they differ only by the choice.
            let mut rng = SmallRng::seed_from_u64(seed ^ (k as u64 + 1).wrapping_mul(0x9e37));
            total += gain::<G>(sample.clone(), seat, id, &mut rng, &mut pending);
        }
        if best.is_none_or(|(b, _)| total > b) {
            best = Some((total, id));
        }
    }
    best.map(|(_, id)| id)
}

fn gain<G: Game>(
    mut state: G::State,
    seat: Seat,
    id: ChoiceId,
    rng: &mut SmallRng,
    pending: &mut Vec<Pending>,
) -> f64 {
    let me = Actor::Seat(seat);
    let mut events = Vec::new();
    let mut ids = Vec::new();
    if G::apply_unlogged(&mut state, me, id, &mut events).is_err() {
        return f64::NEG_INFINITY;
    }
    // The choice and the confirm it leaves pending are one move (`Game::confirms`).
    super::rollout::confirm_built::<G>(&mut state, me, &mut events);
    for _ in 0..HORIZON {
        pending.clear();
        G::pending(&state, pending);
        if pending.is_empty() || pending.iter().any(|p| p.actor == me) {
            break;
        }
        let actor = pending[rng.random_range(0..pending.len())].actor;
        ids.clear();
        G::legal_ids(&state, actor, &mut ids);
        if ids.is_empty() {
            break;
        }
        let choice = ids[rng.random_range(0..ids.len())];
        events.clear();
        if G::apply_unlogged(&mut state, actor, choice, &mut events).is_err() {
            break;
        }
    }
    let mine = G::heuristic(&state, seat);
    let best_other = (0..G::seat_count(&state) as Seat)
        .filter(|&s| s != seat)
        .map(|s| G::heuristic(&state, s))
        .fold(f64::NEG_INFINITY, f64::max);
    if best_other.is_finite() {
        mine - best_other
    } else {
        mine
    }
}
