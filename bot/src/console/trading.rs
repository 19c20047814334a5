//! A trading period in the console (Chaotic Realms, spec §7, D21). The bot ends it on a
//! clock; the terminal has no clock worth waiting for, so the console gives the period its
//! meaning by the players: AI seats trade on their own (offers to anyone, answers,
//! confirmations, as the bot's random player does while a clock runs), a human who is
//! "done for now" is asked again when an offer or answer reaches them, and the period ends
//! when no human is asked and the AI seats have finished.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_engine::{Actor, ChoiceId, DecisionKind, GameState, Seat};

use super::SeatKind;

/// Menus each AI seat answers at most in one period (an offer takes up to five).
const MOVES_PER_PERIOD: u32 = 60;
/// Actions (an offer posted, an answer, a confirmation…) all AI seats make at most between
/// two answers of a human, so that an offer to a human is seen before the AIs trade the
/// offered card away.
const ACTIONS_PER_HUMAN_ANSWER: u32 = 12;
/// Menus one AI seat answers in a row while its action is still being put together.
const STEPS_PER_ACTION: u32 = 6;

pub struct Trader {
    rng: ChaCha8Rng,
    /// Per seat, the moves left in this period.
    left: Vec<u32>,
    /// Actions left before a human is asked again.
    burst: u32,
    /// The seat after the one that moved last: AI seats take turns.
    next: usize,
    /// The seat putting an action together (its menus gave no event yet), and its steps.
    building: Option<(Seat, u32)>,
}

impl Trader {
    pub fn new(seed: u64, seats: usize) -> Trader {
        Trader {
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x7ad1_0000),
            left: vec![MOVES_PER_PERIOD; seats],
            burst: ACTIONS_PER_HUMAN_ANSWER,
            next: 0,
            building: None,
        }
    }

    /// Whether `state` is in a trading period: seats trade, or only its clock is left.
    pub fn trading(state: &dyn GameState) -> bool {
        state.pending().iter().any(|p| {
            p.kind == DecisionKind::Trade
                || (p.actor == Actor::System && p.kind == DecisionKind::Clock)
        })
    }

    /// A human answered: the AI seats may trade again before the next question.
    pub fn human_answered(&mut self) {
        self.burst = ACTIONS_PER_HUMAN_ANSWER;
    }

    /// An AI seat's menu was answered; `told` whether it gave an event (its action is done).
    pub fn moved(&mut self, seat: Seat, told: bool) {
        let steps = match self.building {
            Some((s, steps)) if s == seat => steps + 1,
            _ => 1,
        };
        if told || steps >= STEPS_PER_ACTION {
            self.building = None;
            self.burst = self.burst.saturating_sub(1);
            self.next = seat as usize + 1;
        } else {
            self.building = Some((seat, steps));
        }
    }

    /// Whether a human seat may be asked now rather than the AIs moving on.
    pub fn humans_first(&self, human_pending: bool) -> bool {
        human_pending && self.burst == 0
    }

    /// The next AI seat's trading move, or `None` when the AI seats have finished (every
    /// one said it is done, or spent its moves) or a human is due an answer.
    pub fn next_move(
        &mut self,
        state: &dyn GameState,
        seats: &[SeatKind],
        human_pending: bool,
    ) -> Option<(Seat, ChoiceId)> {
        if self.humans_first(human_pending) {
            return None;
        }
        let pending: Vec<Seat> = state
            .pending()
            .iter()
            .filter_map(|p| match p.actor {
                Actor::Seat(s) if p.kind == DecisionKind::Trade => Some(s),
                _ => None,
            })
            .filter(|&s| super::is_ai(seats, Actor::Seat(s)) && self.left[s as usize] > 0)
            .collect();
        let n = seats.len();
        let seat = match self.building {
            Some((s, _)) if pending.contains(&s) => s,
            _ => (0..n)
                .map(|i| ((self.next + i) % n) as Seat)
                .find(|s| pending.contains(s))?,
        };
        let choice = self.choose(state, seat)?;
        self.left[seat as usize] -= 1;
        Some((seat, choice))
    }

    /// A trading seat's choice: a swap that makes its own hand better if one is open, else
    /// any choice that does not make it worse (offers, answers, waiting). Judged by the
    /// game's heuristic of the seat's own hand: it knows the card it is offered, no other.
    fn choose(&mut self, state: &dyn GameState, seat: Seat) -> Option<ChoiceId> {
        let actor = Actor::Seat(seat);
        let now = state.heuristic(seat);
        let mut legal = Vec::new();
        state.legal_ids(actor, &mut legal);
        let mut best: Option<(ChoiceId, f64)> = None;
        let mut harmless = Vec::new();
        for id in legal {
            let mut next = state.clone_box();
            if next.apply(actor, id).is_err() {
                continue;
            }
            let after = next.heuristic(seat);
            if after > now && best.is_none_or(|(_, b)| after > b) {
                best = Some((id, after));
            }
            if after >= now {
                harmless.push(id);
            }
        }
        match best {
            Some((id, _)) => Some(id),
            None if harmless.is_empty() => None,
            None => Some(harmless[self.rng.random_range(0..harmless.len())]),
        }
    }
}
