//! A player that picks uniformly among the legal choices: for tests, benchmarks and
//! empty seats. It reads only the fast path, never labels.

use rand::Rng;

use crate::contract::{Actor, ChoiceId, Game, Pending};

/// Uniform over `G::legal_ids`; `buf` is scratch space reused between calls.
pub fn choose<G: Game>(
    state: &G::State,
    actor: Actor,
    rng: &mut impl Rng,
    buf: &mut Vec<ChoiceId>,
) -> Option<ChoiceId> {
    buf.clear();
    G::legal_ids(state, actor, buf);
    pick(buf, rng)
}

pub(crate) fn pick<R: Rng + ?Sized>(ids: &[ChoiceId], rng: &mut R) -> Option<ChoiceId> {
    match ids.len() {
        0 => None,
        n => Some(ids[rng.random_range(0..n)]),
    }
}

/// Scratch buffers for [`playout`], so repeated games allocate nothing per move.
pub struct Scratch<G: Game> {
    pending: Vec<Pending>,
    ids: Vec<ChoiceId>,
    events: Vec<G::Event>,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Scratch {
            pending: Vec::new(),
            ids: Vec::new(),
            events: Vec::new(),
        }
    }
}

/// Plays random choices until the game ends or `max_steps` pass; returns the steps taken.
/// Where several actors are pending (simultaneous decisions), one is picked at random.
pub fn playout<G: Game>(
    state: &mut G::State,
    rng: &mut impl Rng,
    max_steps: usize,
    scratch: &mut Scratch<G>,
) -> usize {
    for step in 0..max_steps {
        scratch.pending.clear();
        G::pending(state, &mut scratch.pending);
        let actor = match scratch.pending.len() {
            0 => return step,
            1 => scratch.pending[0].actor,
            n => scratch.pending[rng.random_range(0..n)].actor,
        };
        let Some(choice) = choose::<G>(state, actor, rng, &mut scratch.ids) else {
            return step;
        };
        scratch.events.clear();
        G::apply(state, actor, choice, &mut scratch.events)
            .expect("a legal id from legal_ids applies");
    }
    max_steps
}
