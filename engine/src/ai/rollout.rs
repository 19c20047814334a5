//! Playouts and their rewards, shared by the tree search and the flat one.

use rand::{rngs::SmallRng, Rng};

use super::endgame::Solver;
use super::reward::{blended_rewards, favour_first, rewards, win_share, CUT_OFF_MARGIN_SHARE};
use crate::contract::{Actor, ChoiceId, Game, Pending, Seat};

/// Playouts without a depth cut-off still stop here (a game that never ends is a bug the
/// conformance suite catches; the search must not hang on it).
const MAX_PLAYOUT_STEPS: u32 = 100_000;

/// Takes the confirms `actor` has pending after a choice ([`Game::confirms`]): the AI's
/// choice and its confirm are one move.
pub(super) fn confirm_built<G: Game>(
    state: &mut G::State,
    actor: Actor,
    events: &mut Vec<G::Event>,
) {
    while let Some(confirm) = G::confirms(state, actor) {
        G::apply_unlogged(state, actor, confirm, events).expect("a pending confirm applies");
    }
}

/// Buffers reused across playouts.
pub(super) struct Scratch<G: Game> {
    pub pending: Vec<Pending>,
    pub ids: Vec<ChoiceId>,
    pub events: Vec<G::Event>,
    scores: Vec<f64>,
    places: Vec<u8>,
    /// The game's final scores, read into `scores`.
    final_scores: Vec<i64>,
    /// Each seat's reward for the last state [`Scratch::score`] judged.
    pub rewards: Vec<f64>,
    /// At a cut-off, the share of the reward that is the margin of the estimates rather
    /// than the place they rank at (a playout cut short: half and half; see `reward.rs`).
    pub cut_off_margin: f64,
    /// Cut-offs scored by [`Game::learned_estimate`] (see [`super::SearchConfig::learned`]).
    pub learned: bool,
    /// Playouts solve a [`Game::solvable`] end exactly (see
    /// [`super::SearchConfig::exact_endgame`]).
    pub exact_endgame: bool,
    /// See [`super::SearchConfig::first_place`]: applied to finished playouts only.
    pub first_place: f64,
    /// See [`super::SearchConfig::policy`].
    pub policy: bool,
    solver: Solver<G>,
}

impl<G: Game> Scratch<G> {
    pub fn new() -> Self {
        Scratch {
            pending: Vec::new(),
            ids: Vec::new(),
            events: Vec::new(),
            scores: Vec::new(),
            places: Vec::new(),
            final_scores: Vec::new(),
            rewards: Vec::new(),
            cut_off_margin: CUT_OFF_MARGIN_SHARE,
            learned: true,
            exact_endgame: true,
            first_place: 0.0,
            policy: true,
            solver: Solver::new(),
        }
    }

    /// Fills `ids` with `actor`'s choices that the search considers: the legal ones, less
    /// those that only undo the step before ([`Game::undoes`]) or keep the end away
    /// ([`Game::stalls`]) unless nothing else is left.
    /// A pending confirm ([`Game::confirms`]) is the only choice: the search reaches it only
    /// at its root, since [`Scratch::apply`] takes it with the choice before.
    pub fn legal(&mut self, state: &G::State, actor: Actor) {
        self.ids.clear();
        if let Some(confirm) = G::confirms(state, actor) {
            self.ids.push(confirm);
            return;
        }
        G::legal_ids(state, actor, &mut self.ids);
        let idle = |id: ChoiceId| G::undoes(state, actor, id) || G::stalls(state, actor, id);
        if self.ids.iter().any(|&id| idle(id)) {
            let first = self.ids[0];
            self.ids.retain(|&id| !idle(id));
            if self.ids.is_empty() {
                self.ids.push(first);
            }
        }
    }

    /// Applies `id` and then the confirm it leaves pending, if any ([`Game::confirms`]).
    pub fn apply(&mut self, state: &mut G::State, actor: Actor, id: ChoiceId) {
        self.events.clear();
        G::apply_unlogged(state, actor, id, &mut self.events)
            .expect("a legal id from legal_ids applies");
        confirm_built::<G>(state, actor, &mut self.events);
    }

    /// The game's playout policy (uniform by default) to the end or for `depth` steps; a
    /// playout that starts in a solvable end ([`Game::solvable`]) is played by minimax
    /// instead. Only one that starts there: every playout of an early search would otherwise
    /// reach the end and pay for a solve (Claim's untimed `normal` thought ~10× longer).
    pub fn playout(&mut self, state: &mut G::State, depth: Option<u32>, rng: &mut SmallRng) {
        if self.exact_endgame && G::solvable(state) {
            self.solver.play_out(state);
            return;
        }
        for _ in 0..depth.unwrap_or(MAX_PLAYOUT_STEPS) {
            self.pending.clear();
            G::pending(state, &mut self.pending);
            let actor = match self.pending.len() {
                0 => return,
                1 => self.pending[0].actor,
                n => self.pending[rng.random_range(0..n)].actor,
            };
            self.legal(state, actor);
            if self.ids.is_empty() {
                return;
            }
            let id = (if self.policy {
                G::rollout_choice(state, actor, &self.ids, rng)
            } else {
                None
            })
            .unwrap_or_else(|| self.ids[rng.random_range(0..self.ids.len())]);
            self.apply(state, actor, id);
        }
    }

    /// Fills `rewards` for the state a playout reached: by the outcome at the end, else by
    /// the ranking and margin of the game's estimates.
    pub fn score(&mut self, state: &G::State, rng: &mut SmallRng) {
        let seats = G::seat_count(state);
        self.scores.clear();
        self.places.clear();
        self.final_scores.clear();
        if G::standing(state, &mut self.places, &mut self.final_scores) {
            let finals = &self.final_scores;
            self.scores
                .extend((0..seats).map(|s| finals.get(s).map_or(0.0, |&v| v as f64)));
            rewards(Some(&self.places), &self.scores, &mut self.rewards);
            favour_first(
                Some(&self.places),
                &self.scores,
                self.first_place,
                &mut self.rewards,
            );
        } else {
            let learned = self.learned;
            self.scores.extend((0..seats).map(|s| {
                if learned {
                    G::learned_estimate(state, s as Seat, rng)
                } else {
                    G::estimate(state, s as Seat, rng)
                }
            }));
            blended_rewards(None, &self.scores, self.cut_off_margin, &mut self.rewards);
        }
    }

    /// `seat`'s share of the first place in the state [`Scratch::score`] judged last: by the
    /// outcome at the end, else by the ranking of the estimates.
    pub fn win_share(&self, seat: Seat) -> f64 {
        let places = (!self.places.is_empty()).then_some(self.places.as_slice());
        win_share(places, &self.scores, seat as usize)
    }
}
