//! The exact endgame (issue 48): where a game says that what is left of it is small and
//! free of chance ([`Game::solvable`]: Claim's last tricks), a playout no longer plays at
//! random but the way both seats would play knowing the sampled state, found by minimax
//! (alpha-beta: in a two-seat game one seat's reward is the other's loss). Each determinization is solved
//! on its own, so what a seat cannot know still comes from the sampling: this is a leaf's
//! value, not a peek.

use super::reward::rewards;
use crate::contract::{Actor, ChoiceId, Game, Pending};

/// Buffers of one solve, one level of the recursion each.
pub(super) struct Solver<G: Game> {
    levels: Vec<Level<G>>,
    places: Vec<u8>,
    final_scores: Vec<i64>,
    scores: Vec<f64>,
    rewards: Vec<f64>,
}

struct Level<G: Game> {
    pending: Vec<Pending>,
    ids: Vec<ChoiceId>,
    events: Vec<G::Event>,
}

impl<G: Game> Solver<G> {
    pub fn new() -> Self {
        Solver {
            levels: Vec::new(),
            places: Vec::new(),
            final_scores: Vec::new(),
            scores: Vec::new(),
            rewards: Vec::new(),
        }
    }

    /// The choices that end `state` with both seats playing best, applied to it: the
    /// playout's result is then the game's exact end for this sample. Two seats only (their
    /// rewards sum to one, so one seat's gain is the other's loss); elsewhere nothing.
    pub fn play_out(&mut self, state: &mut G::State) {
        if G::seat_count(state) != 2 {
            return;
        }
        while let Some((actor, id)) = self.best(state) {
            let level = self.level(0);
            level.events.clear();
            G::apply_unlogged(state, actor, id, &mut level.events)
                .expect("a solved choice applies");
        }
    }

    /// The best choice of the seat to decide; `None` at the end (or where a clock or
    /// several seats decide, which the exact endgame leaves alone).
    fn best(&mut self, state: &G::State) -> Option<(Actor, ChoiceId)> {
        let actor = self.actor(state, 0)?;
        let ids = std::mem::take(&mut self.level(0).ids);
        let mut best: Option<(f64, ChoiceId)> = None;
        for &id in &ids {
            let mut next = state.clone();
            let level = self.level(0);
            level.events.clear();
            G::apply_unlogged(&mut next, actor, id, &mut level.events).expect("a legal id applies");
            let alpha = best.map_or(f64::NEG_INFINITY, |(b, _)| b);
            let v = self.value(&next, actor, 1, alpha, f64::INFINITY);
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, id));
            }
        }
        self.level(0).ids = ids;
        best.map(|(_, id)| (actor, id))
    }

    /// `me`'s reward of `state` under best play by both seats, alpha-beta within
    /// `alpha..beta` (a value outside it is only a bound).
    fn value(
        &mut self,
        state: &G::State,
        me: Actor,
        depth: usize,
        mut alpha: f64,
        mut beta: f64,
    ) -> f64 {
        let Some(actor) = self.actor(state, depth) else {
            return self.reward(state, me);
        };
        let ids = std::mem::take(&mut self.level(depth).ids);
        let mine = actor == me;
        let mut best = if mine {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        for &id in &ids {
            let mut next = state.clone();
            let level = self.level(depth);
            level.events.clear();
            G::apply_unlogged(&mut next, actor, id, &mut level.events).expect("a legal id applies");
            let v = self.value(&next, me, depth + 1, alpha, beta);
            if mine {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.level(depth).ids = ids;
        best
    }

    /// The one seat to decide at `state`, its choices in the level's `ids`.
    fn actor(&mut self, state: &G::State, depth: usize) -> Option<Actor> {
        let level = self.level(depth);
        level.pending.clear();
        G::pending(state, &mut level.pending);
        let [p] = level.pending.as_slice() else {
            return None;
        };
        let actor = p.actor;
        if actor == Actor::System {
            return None;
        }
        level.ids.clear();
        G::legal_ids(state, actor, &mut level.ids);
        (!level.ids.is_empty()).then_some(actor)
    }

    /// `me`'s reward at the end (as a playout's, `reward.rs`); by the estimates if the game
    /// is not over (a clock or simultaneous decisions stopped the solve).
    fn reward(&mut self, state: &G::State, me: Actor) -> f64 {
        let Actor::Seat(seat) = me else { return 0.0 };
        let seats = G::seat_count(state);
        self.scores.clear();
        self.places.clear();
        self.final_scores.clear();
        if G::standing(state, &mut self.places, &mut self.final_scores) {
            let finals = &self.final_scores;
            self.scores
                .extend((0..seats).map(|s| finals.get(s).map_or(0.0, |&v| v as f64)));
            rewards(Some(&self.places), &self.scores, &mut self.rewards);
        } else {
            self.scores
                .extend((0..seats).map(|s| G::heuristic(state, s as crate::Seat)));
            rewards(None, &self.scores, &mut self.rewards);
        }
        self.rewards.get(seat as usize).copied().unwrap_or(0.0)
    }

    fn level(&mut self, depth: usize) -> &mut Level<G> {
        while self.levels.len() <= depth {
            self.levels.push(Level {
                pending: Vec::new(),
                ids: Vec::new(),
                events: Vec::new(),
            });
        }
        &mut self.levels[depth]
    }
}
