//! Single-observer ISMCTS with availability counts over the fast path.
//!
//! One tree for the searching seat; an edge is one (actor, choice) and its node keeps the
//! acting seat's summed reward (max^n). Every iteration samples a fresh state — a
//! determinization of the root for the searching seat — and walks the tree as far as that
//! state allows: children whose choice is not legal there are skipped, and the availability
//! count of each legal one grows, so UCB compares a choice only with the rounds it could
//! have been taken in. The root state is read by the sampler only: that is the no-peek
//! guarantee the tests check.

use std::{sync::atomic::Ordering, time::Instant};

use rand::{rngs::SmallRng, Rng, SeedableRng};

use super::{estimate::ChoiceEstimate, rollout::Scratch, SearchConfig};
use crate::contract::{Actor, ChoiceId, Game, SearchKind, Seat};

const NONE: u32 = u32::MAX;

struct Node {
    /// Who took the edge into this node and what they chose.
    actor: Actor,
    choice: ChoiceId,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    available: u32,
    /// Summed reward of `actor`'s seat over the playouts through this node.
    reward: f64,
    /// Summed share of the first place of the searching seat: kept at the root's children
    /// only, and only by a hint's or a review's search (`Search::count_wins`).
    wins: f64,
}

/// `seat`'s choice by ISMCTS on determinizations of `state`; `None` when `seat` has nothing
/// to decide.
pub fn choose<G: Game>(
    state: &G::State,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
) -> Option<ChoiceId> {
    let sample = super::infer::determinizations::<G>(state, seat, cfg, seed);
    choose_from_samples::<G>(sample, seat, cfg, seed)
}

/// The search over any source of states for `seat`. [`choose`] passes determinizations;
/// a test passes the real state to show that a search which peeks is caught.
pub fn choose_from_samples<G: Game>(
    mut sample: impl FnMut(&mut SmallRng) -> G::State,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
) -> Option<ChoiceId> {
    if cfg.kind == SearchKind::Flat {
        return super::flat::choose_from_samples::<G>(sample, seat, cfg, seed);
    }
    match run::<G>(&mut sample, seat, cfg, seed, false)? {
        Run::Only(id) => Some(id),
        Run::Searched(search) => search.best_root_choice(),
    }
}

/// The tree search's root statistics for every choice of `seat` it tried, best first (the
/// first is [`choose_from_samples`]'s choice): a hint's and a review's figures. Unlike a
/// move, a single legal choice is searched too, for its win chance; `also` (a review's move
/// made) is then played through until it rests on at least `min_samples` iterations, so a
/// choice the search rightly neglected still gets a figure worth comparing.
pub(super) fn root_estimates<G: Game>(
    mut sample: impl FnMut(&mut SmallRng) -> G::State,
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
    also: Option<(ChoiceId, u32)>,
) -> Vec<ChoiceEstimate> {
    let Some(Run::Searched(mut search)) = run::<G>(&mut sample, seat, cfg, seed, true) else {
        return Vec::new();
    };
    let me = Actor::Seat(seat);
    if let Some((choice, min_samples)) = also {
        let mut rng = SmallRng::seed_from_u64(seed ^ 0x5eed_a150);
        // Bounded: a choice the samples never allow (it undoes a step) gets no figure.
        for _ in 0..min_samples.saturating_mul(2) {
            let visits = search
                .child_for(0, me, choice)
                .map_or(0, |c| search.nodes[c as usize].visits);
            if visits >= min_samples || search.stopped() {
                break;
            }
            let state = sample(&mut rng);
            search.iterate_from(state, &mut rng, Some(choice));
        }
    }
    let mut out: Vec<ChoiceEstimate> = search
        .children(0)
        .map(|c| &search.nodes[c as usize])
        .filter(|n| n.actor == me && n.visits > 0)
        .map(|n| ChoiceEstimate {
            choice: n.choice,
            samples: n.visits,
            win_chance: n.wins / n.visits as f64,
        })
        .collect();
    // The order of `best_root_choice`, from its figures.
    let key = |e: &ChoiceEstimate| {
        let n = &search.nodes[search.child_for(0, me, e.choice).expect("a root child") as usize];
        (n.visits, n.reward / n.visits.max(1) as f64)
    };
    out.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        kb.0.cmp(&ka.0)
            .then(kb.1.total_cmp(&ka.1))
            .then(a.choice.cmp(&b.choice))
    });
    out
}

// Built once per search and moved straight out: boxing the search would cost an allocation
// a move for nothing.
#[allow(clippy::large_enum_variant)]
enum Run<'c, G: Game> {
    /// The seat's only choice (a move is not searched for it).
    Only(ChoiceId),
    Searched(Search<'c, G>),
}

/// The search proper; `None` when `seat` has nothing to decide. `estimates` (a hint's or a
/// review's run) searches a single choice too and counts wins.
fn run<'c, G: Game>(
    sample: &mut impl FnMut(&mut SmallRng) -> G::State,
    seat: Seat,
    cfg: &'c SearchConfig,
    seed: u64,
    estimates: bool,
) -> Option<Run<'c, G>> {
    let mut search = Search::<G>::new(seat, cfg);
    search.count_wins = estimates;
    let mut rng = SmallRng::seed_from_u64(seed);
    let me = Actor::Seat(seat);

    let first = sample(&mut rng);
    search.x.pending.clear();
    G::pending(&first, &mut search.x.pending);
    if !search.x.pending.iter().any(|p| p.actor == me) {
        return None;
    }
    search.x.legal(&first, me);
    match search.x.ids.len() {
        0 => return None,
        1 if !estimates => return Some(Run::Only(search.x.ids[0])),
        _ => {}
    }

    search.started = Instant::now();
    search.iterate(first, &mut rng);
    for done in 1..cfg.iterations {
        if out_of_time(cfg, search.started, done) {
            break;
        }
        let state = sample(&mut rng);
        search.iterate(state, &mut rng);
    }
    Some(Run::Searched(search))
}

pub(super) fn out_of_time(cfg: &SearchConfig, started: Instant, done: u32) -> bool {
    if cfg.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
        return true;
    }
    // Reading the clock costs ~25 ns, against microseconds per iteration; every 8th is plenty.
    done.is_multiple_of(8)
        && cfg
            .time_limit
            .is_some_and(|limit| started.elapsed() >= limit)
}

struct Search<'c, G: Game> {
    seat: Seat,
    cfg: &'c SearchConfig,
    nodes: Vec<Node>,
    path: Vec<u32>,
    x: Scratch<G>,
    count_wins: bool,
    started: Instant,
}

impl<'c, G: Game> Search<'c, G> {
    fn new(seat: Seat, cfg: &'c SearchConfig) -> Self {
        let mut nodes = Vec::with_capacity(cfg.iterations.min(1 << 16) as usize + 1);
        nodes.push(Node {
            actor: Actor::System,
            choice: ChoiceId(0),
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            available: 0,
            reward: 0.0,
            wins: 0.0,
        });
        let mut x = Scratch::new();
        x.learned = cfg.learned;
        x.exact_endgame = cfg.exact_endgame;
        x.first_place = cfg.first_place;
        x.policy = cfg.policy;
        Search {
            seat,
            cfg,
            nodes,
            path: Vec::new(),
            x,
            count_wins: false,
            started: Instant::now(),
        }
    }

    /// One iteration on one sampled state: select and expand, play out, back up.
    fn iterate(&mut self, state: G::State, rng: &mut SmallRng) {
        self.iterate_from(state, rng, None);
    }

    /// [`Search::iterate`], the root's choice `forced` where given (a review's move made);
    /// a sample where it is not legal is skipped.
    fn iterate_from(&mut self, mut state: G::State, rng: &mut SmallRng, forced: Option<ChoiceId>) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let mut at_root = true;
        loop {
            self.x.pending.clear();
            G::pending(&state, &mut self.x.pending);
            let actor = match self.x.pending.len() {
                0 => break,
                // The root decision is the searching seat's, even among simultaneous ones.
                _ if at_root => Actor::Seat(self.seat),
                1 => self.x.pending[0].actor,
                n => self.x.pending[rng.random_range(0..n)].actor,
            };
            self.x.legal(&state, actor);
            if self.x.ids.is_empty() {
                break;
            }
            if let (true, Some(id)) = (at_root, forced) {
                if !self.x.ids.contains(&id) {
                    return;
                }
                at_root = false;
                let (child, new) = match self.child_for(node, actor, id) {
                    Some(c) => (c, false),
                    None => (self.add_child(node, actor, id), true),
                };
                self.apply(&mut state, actor, id);
                self.path.push(child);
                if new {
                    break;
                }
                node = child;
                continue;
            }
            at_root = false;
            if actor == Actor::System {
                // A clock running out is chance to the players: no node, a random outcome.
                let id = self.x.ids[rng.random_range(0..self.x.ids.len())];
                self.apply(&mut state, actor, id);
                continue;
            }
            let untried = self.count_available(node, actor);
            if untried > 0 {
                // Expansion: one untried choice gets a node, then the playout starts.
                let id = self.nth_untried(node, actor, rng.random_range(0..untried));
                let child = self.add_child(node, actor, id);
                self.apply(&mut state, actor, id);
                self.path.push(child);
                break;
            }
            let next = self.select(node, actor);
            let id = self.nodes[next as usize].choice;
            self.apply(&mut state, actor, id);
            self.path.push(next);
            node = next;
        }
        self.x.playout(&mut state, self.cfg.rollout_depth, rng);
        self.x.score(&state, rng);
        if self.count_wins {
            if let Some(&child) = self.path.get(1) {
                self.nodes[child as usize].wins += self.x.win_share(self.seat);
            }
        }
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            if let Actor::Seat(s) = node.actor {
                node.reward += self.x.rewards.get(s as usize).copied().unwrap_or(0.0);
            }
        }
    }

    fn stopped(&self) -> bool {
        out_of_time(self.cfg, self.started, 0)
    }

    fn apply(&mut self, state: &mut G::State, actor: Actor, id: ChoiceId) {
        self.x.apply(state, actor, id);
    }

    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let mut next = self.nodes[node as usize].first_child;
        std::iter::from_fn(move || {
            (next != NONE).then(|| {
                let this = next;
                next = self.nodes[this as usize].next_sibling;
                this
            })
        })
    }

    fn child_for(&self, node: u32, actor: Actor, id: ChoiceId) -> Option<u32> {
        self.children(node).find(|&c| {
            let c = &self.nodes[c as usize];
            c.actor == actor && c.choice == id
        })
    }

    /// Counts one more round of availability for every tried legal choice of `actor`;
    /// returns how many legal choices are untried.
    fn count_available(&mut self, node: u32, actor: Actor) -> usize {
        let mut untried = 0;
        for i in 0..self.x.ids.len() {
            match self.child_for(node, actor, self.x.ids[i]) {
                Some(c) => self.nodes[c as usize].available += 1,
                None => untried += 1,
            }
        }
        untried
    }

    fn nth_untried(&self, node: u32, actor: Actor, n: usize) -> ChoiceId {
        self.x
            .ids
            .iter()
            .copied()
            .filter(|&id| self.child_for(node, actor, id).is_none())
            .nth(n)
            .expect("n is below the untried count")
    }

    fn add_child(&mut self, node: u32, actor: Actor, choice: ChoiceId) -> u32 {
        let index = self.nodes.len() as u32;
        let next_sibling = self.nodes[node as usize].first_child;
        self.nodes.push(Node {
            actor,
            choice,
            first_child: NONE,
            next_sibling,
            visits: 0,
            available: 1,
            reward: 0.0,
            wins: 0.0,
        });
        self.nodes[node as usize].first_child = index;
        index
    }

    /// UCB1 over the legal tried choices, with availability in place of the parent's visits.
    fn select(&self, node: u32, actor: Actor) -> u32 {
        let c = self.cfg.exploration;
        let mut best = (f64::NEG_INFINITY, NONE);
        for child in self.children(node) {
            let n = &self.nodes[child as usize];
            if n.actor != actor || !self.x.ids.contains(&n.choice) {
                continue;
            }
            let visits = n.visits.max(1) as f64;
            let ucb = n.reward / visits + c * ((n.available.max(1) as f64).ln() / visits).sqrt();
            if ucb > best.0 {
                best = (ucb, child);
            }
        }
        best.1
    }

    /// The root choice of the searching seat taken most often (ties: the better mean, then
    /// the lower id, so the answer is reproducible).
    fn best_root_choice(&self) -> Option<ChoiceId> {
        let me = Actor::Seat(self.seat);
        self.children(0)
            .map(|c| &self.nodes[c as usize])
            .filter(|n| n.actor == me)
            .max_by(|a, b| {
                let mean = |n: &Node| n.reward / n.visits.max(1) as f64;
                a.visits
                    .cmp(&b.visits)
                    .then(mean(a).total_cmp(&mean(b)))
                    .then(b.choice.cmp(&a.choice))
            })
            .map(|n| n.choice)
    }
}
