//! The review of a finished game (issue 48): for each decision of one seat, the estimated
//! chance to win after the choice made and after the search's best choice, each judged from
//! what that seat knew then (determinizations of the state before the decision), and the
//! turning points: the largest drops, in words.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{evaluate, move_seed, ChoiceEstimate, Level, SearchConfig};
use crate::contract::{Actor, ChoiceId, Game, RuleError, Seat};
use crate::text::Text;

/// How many turning points a review names.
pub const TURNING_POINTS: usize = 3;

/// The playouts the choice made rests on at least, where the tree search neglected it: fewer
/// make a drop of a rarely tried choice mostly noise.
pub const MIN_SAMPLES_MADE: u32 = 64;

/// The wall time a whole review may take with the timed settings ([`config`]): each decision
/// gets its share of it, at most `normal`'s cap.
pub const REVIEW_TIME: Duration = Duration::from_secs(25);

/// The search a review runs per decision: `normal`'s budget and time cap (each decision's
/// cap shortened to its share of [`REVIEW_TIME`] in [`review_game`]).
pub fn config<G: Game>() -> SearchConfig {
    SearchConfig::level::<G>(Level::Normal)
}

/// One decision of the reviewed seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecisionReview {
    /// The move's index in the move list (0-based; the text says `move_index + 1`).
    pub move_index: usize,
    pub made: ChoiceId,
    pub made_label: Text,
    /// The search's choice there.
    pub best: ChoiceId,
    pub best_label: Text,
    /// The estimated chance to finish first (ties shared), 0..1, after each.
    pub win_made: f64,
    pub win_best: f64,
    /// What each of the two choices does, in the game's learning-mode words
    /// ([`Game::explain_choices`], from the seat's knowledge only): given for a turning
    /// point, where the game explains its two choices differently.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<(Text, Text)>,
}

impl DecisionReview {
    /// The estimated chance to win the choice made gave away (0 where it was the best).
    pub fn cost(&self) -> f64 {
        if self.made == self.best {
            0.0
        } else {
            (self.win_best - self.win_made).max(0.0)
        }
    }

    /// The cost in whole percent, as the text says it.
    pub fn cost_percent(&self) -> i64 {
        (self.cost() * 100.0).round() as i64
    }

    /// "Move 23: choosing “…” instead of “…” cost an estimated 18% chance to win."
    pub fn text(&self) -> Text {
        Text::new("ai-review-turning-point")
            .arg("turn", self.move_index + 1)
            .arg("made", self.made_label.clone())
            .arg("best", self.best_label.clone())
            .arg("percent", self.cost_percent())
    }

    /// What the choice made and the better one do ("Your choice: …", "The better one: …"),
    /// each a line of its own; none where the game does not tell them apart.
    pub fn why_texts(&self) -> Vec<Text> {
        let Some((made, best)) = &self.why else {
            return Vec::new();
        };
        vec![
            Text::new("ai-review-why-made").arg("why", made.clone()),
            Text::new("ai-review-why-best").arg("why", best.clone()),
        ]
    }
}

/// A seat's review of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub seat: Seat,
    /// Every decision the seat had (two or more choices the search considers), in order.
    pub decisions: Vec<DecisionReview>,
    /// Indices into `decisions` of the largest drops (at least 1 %), largest first, at most
    /// [`TURNING_POINTS`].
    pub turning_points: Vec<usize>,
}

impl Review {
    /// The turning points in words, largest first.
    pub fn turning_point_texts(&self) -> Vec<Text> {
        self.turning_points
            .iter()
            .map(|&i| self.decisions[i].text())
            .collect()
    }

    /// The turning points in words, largest first, each with what its two choices do.
    pub fn turning_points_explained(&self) -> Vec<(Text, Vec<Text>)> {
        self.turning_points
            .iter()
            .map(|&i| (self.decisions[i].text(), self.decisions[i].why_texts()))
            .collect()
    }
}

/// A move list that does not replay from the given state.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("move {at} ({actor:?} chose {choice:?}) does not apply: {error}")]
pub struct ReviewError {
    pub at: usize,
    pub actor: Actor,
    pub choice: ChoiceId,
    pub error: RuleError,
}

/// One decision to review: the state before it and the choice the seat made.
#[derive(Clone, Debug)]
pub struct Position<S> {
    pub move_index: usize,
    pub state: S,
    pub choice: ChoiceId,
}

/// Replays `moves` (as the engine applies them: a game stored under older rules with its
/// upgrade moves inserted) from `initial` and reviews every decision of `seat` in them.
pub fn review_game<G: Game>(
    initial: &G::State,
    moves: &[(Actor, ChoiceId)],
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
) -> Result<Review, ReviewError> {
    let positions = positions::<G>(initial, moves, seat)?;
    let mut cfg = cfg.clone();
    if let Some(limit) = cfg.time_limit {
        let share = REVIEW_TIME / positions.len().max(1) as u32;
        cfg.time_limit = Some(limit.min(share));
    }
    Ok(review_positions::<G>(&positions, seat, &cfg, seed))
}

/// The states before `seat`'s decisions in `moves`: where it had two or more choices and no
/// confirm pending (a confirm is part of the choice before it).
pub fn positions<G: Game>(
    initial: &G::State,
    moves: &[(Actor, ChoiceId)],
    seat: Seat,
) -> Result<Vec<Position<G::State>>, ReviewError> {
    let me = Actor::Seat(seat);
    let mut state = initial.clone();
    let (mut out, mut ids, mut events) = (Vec::new(), Vec::new(), Vec::new());
    for (at, &(actor, choice)) in moves.iter().enumerate() {
        if actor == me && G::confirms(&state, me).is_none() {
            ids.clear();
            G::legal_ids(&state, me, &mut ids);
            if ids.len() > 1 {
                out.push(Position {
                    move_index: at,
                    state: state.clone(),
                    choice,
                });
            }
        }
        events.clear();
        G::apply(&mut state, actor, choice, &mut events).map_err(|error| ReviewError {
            at,
            actor,
            choice,
            error,
        })?;
    }
    Ok(out)
}

/// Reviews `positions` with the search `cfg` on determinizations for `seat`.
pub fn review_positions<G: Game>(
    positions: &[Position<G::State>],
    seat: Seat,
    cfg: &SearchConfig,
    seed: u64,
) -> Review {
    review_with::<G>(positions, seat, seed, |state, also, seed| {
        evaluate::<G>(state, seat, cfg, seed, also)
    })
}

/// [`review_positions`] with any evaluation of a state (the choice made to cover, a seed):
/// a test passes one that reads the real state to show that a review which peeks is caught.
pub fn review_with<G: Game>(
    positions: &[Position<G::State>],
    seat: Seat,
    seed: u64,
    mut evaluate: impl FnMut(&G::State, Option<(ChoiceId, u32)>, u64) -> Vec<ChoiceEstimate>,
) -> Review {
    let mut decisions = Vec::new();
    for p in positions {
        let seed = move_seed(seed, p.move_index as u64, seat);
        let estimates = evaluate(&p.state, Some((p.choice, MIN_SAMPLES_MADE)), seed);
        // A choice the search never considers (a step back) gets no figure, nor its move.
        let (Some(best), Some(made)) = (
            estimates.first(),
            estimates.iter().find(|e| e.choice == p.choice),
        ) else {
            continue;
        };
        let Some(menu) = G::menu(&p.state, Actor::Seat(seat)) else {
            continue;
        };
        let label = |id: ChoiceId| {
            menu.choices
                .iter()
                .find(|c| c.id == id)
                .map(|c| c.label.clone())
        };
        let (Some(made_label), Some(best_label)) = (label(made.choice), label(best.choice)) else {
            continue;
        };
        decisions.push(DecisionReview {
            move_index: p.move_index,
            made: made.choice,
            made_label,
            best: best.choice,
            best_label,
            win_made: made.win_chance,
            win_best: best.win_chance,
            why: None,
        });
    }
    let mut order: Vec<usize> = (0..decisions.len())
        .filter(|&i| decisions[i].cost_percent() >= 1)
        .collect();
    // Stable: of equal drops the earlier move comes first.
    order.sort_by_key(|&i| std::cmp::Reverse(decisions[i].cost_percent()));
    order.truncate(TURNING_POINTS);
    // Only a turning point is said in words, so only it is explained.
    for &i in &order {
        let d = &decisions[i];
        let at = positions.iter().find(|p| p.move_index == d.move_index);
        decisions[i].why = at.and_then(|p| why::<G>(&p.state, seat, d.made, d.best));
    }
    Review {
        seat,
        decisions,
        turning_points: order,
    }
}

/// The learning-mode lines of `made` and `best` on `seat`'s menu, where the game has them
/// and they tell the two apart.
fn why<G: Game>(
    state: &G::State,
    seat: Seat,
    made: ChoiceId,
    best: ChoiceId,
) -> Option<(Text, Text)> {
    let menu = G::menu(state, Actor::Seat(seat))?;
    let lines = G::explain_choices(state, seat, &menu);
    let line = |id: ChoiceId| {
        let at = menu.choices.iter().position(|c| c.id == id)?;
        lines.get(at).cloned()
    };
    let (made, best) = (line(made)?, line(best)?);
    (made != best).then_some((made, best))
}
