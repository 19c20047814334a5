//! Opponents' decisions as one seat saw them, re-read in a sampled world (issue 48, policy-
//! based inference in the style of Rebstock et al. 2019 for Skat): for each decision, the
//! value the deciding seat would have put on each alternative had the world's hidden cards
//! been its own. The AI (`crate::ai`) turns them into how likely the world makes what the
//! opponents did, with a softmax opponent model, and weights the world by it.
//!
//! Kept apart from `contract` and `ai` so that the contract can name it and the AI read it
//! without the two importing each other.

/// The decisions a game reports through [`crate::Game::observed_decisions`]: flat buffers
/// reused from world to world, so that weighting a world allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct Observations {
    values: Vec<f64>,
    /// (first value, number of alternatives, index of the one chosen).
    decisions: Vec<(u32, u32, u32)>,
}

impl Observations {
    pub fn new() -> Observations {
        Observations::default()
    }

    pub fn clear(&mut self) {
        self.values.clear();
        self.decisions.clear();
    }

    /// One decision: `values` of every alternative the seat had, in the game's own points
    /// (higher is what the seat would rather), `chosen` the index of the one it took. A
    /// decision with a single alternative, or a `chosen` out of range, tells nothing and is
    /// left out.
    pub fn decision(&mut self, chosen: usize, values: impl IntoIterator<Item = f64>) {
        let start = self.values.len();
        self.values.extend(values);
        let len = self.values.len() - start;
        if len < 2 || chosen >= len {
            self.values.truncate(start);
            return;
        }
        self.decisions
            .push((start as u32, len as u32, chosen as u32));
    }

    /// How many decisions were recorded.
    pub fn len(&self) -> usize {
        self.decisions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.decisions.is_empty()
    }

    /// The log-probability of every recorded choice under a softmax opponent model with
    /// `temperature` (in the values' points): a seat takes an alternative with probability
    /// proportional to `exp(value / temperature)`. 0 when nothing was recorded.
    pub fn log_likelihood(&self, temperature: f64) -> f64 {
        let t = temperature.max(1e-9);
        self.decisions
            .iter()
            .map(|&(start, len, chosen)| {
                let vals = &self.values[start as usize..(start + len) as usize];
                let max = vals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let sum: f64 = vals.iter().map(|v| ((v - max) / t).exp()).sum();
                (vals[chosen as usize] - max) / t - sum.ln()
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::Observations;

    #[test]
    fn the_likelihood_is_a_softmax_over_the_alternatives() {
        let mut o = Observations::new();
        o.decision(0, [2.0, 0.0]);
        let p = (2.0f64).exp() / ((2.0f64).exp() + 1.0);
        assert!((o.log_likelihood(1.0) - p.ln()).abs() < 1e-12);
        // A second decision multiplies in.
        o.decision(1, [1.0, 1.0, 1.0]);
        assert!((o.log_likelihood(1.0) - (p / 3.0).ln()).abs() < 1e-12);
        // A hotter opponent is closer to uniform.
        assert!((o.log_likelihood(1e6) - (1.0f64 / 6.0).ln()).abs() < 1e-4);
    }

    #[test]
    fn a_decision_without_a_choice_tells_nothing() {
        let mut o = Observations::new();
        o.decision(0, [5.0]);
        o.decision(3, [1.0, 2.0]);
        assert!(o.is_empty());
        assert_eq!(o.log_likelihood(1.0), 0.0);
    }
}
