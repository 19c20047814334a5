//! A trading period played by the players rather than by a clock (Chaotic Realms, spec §7,
//! D21), for a front end with no clock worth waiting for (the terminal): the seats it hands
//! to [`TradingAi`] trade on their own (offers to anyone, answers, confirmations, as the
//! bot's random player does while a clock runs) until they have finished. The choices are
//! an AI's, so they are made here, never by a front end: it only asks for the next move.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_engine::{registry, Actor, ChoiceId, DecisionKind, GameState, OptionValues, Seat};

use super::{Click, GameRecord, Report, Service, ServiceError, ServiceResult};

/// Menus each AI seat answers at most in one period (an offer takes up to five).
const MOVES_PER_PERIOD: u32 = 60;
/// Actions (an offer posted, an answer, a confirmation…) all AI seats make at most between
/// two answers of a human, so that an offer to a human is seen before the AIs trade the
/// offered card away.
const ACTIONS_PER_HUMAN_ANSWER: u32 = 12;
/// Menus one AI seat answers in a row while its action is still being put together.
const STEPS_PER_ACTION: u32 = 6;

/// The trading policy of one game's AI seats: whose turn among them, and how many moves
/// each has left. Its randomness comes from the game's seed, so a game replays the same.
pub struct TradingAi {
    rng: ChaCha8Rng,
    /// The seats this policy trades for.
    seats: Vec<Seat>,
    /// Per seat of the game, the moves left in this period.
    left: Vec<u32>,
    /// Actions left before a human is asked again.
    burst: u32,
    /// The seat after the one that moved last: AI seats take turns.
    next: usize,
    /// The seat putting an action together (its menus gave no event yet), and its steps.
    building: Option<(Seat, u32)>,
}

/// Whether a game of `kind` for `seats` dealt from `seed` opens with a trading period: a
/// front end that trades for its AI seats seats them as its own users then.
pub fn opens_with_trading(kind: &str, seats: usize, seed: u64) -> bool {
    registry::find(kind)
        .and_then(|k| k.new_game(&OptionValues::new(), seats, seed).ok())
        .is_some_and(|g| g.pending().iter().any(|p| p.kind == DecisionKind::Trade))
}

/// Whether `state` is in a trading period: seats trade, or only its clock is left.
fn trading(state: &dyn GameState) -> bool {
    state.pending().iter().any(|p| {
        p.kind == DecisionKind::Trade || (p.actor == Actor::System && p.kind == DecisionKind::Clock)
    })
}

impl TradingAi {
    /// The policy for `ai` (the seats it trades for) of a game of `seat_count` seats.
    pub fn new(seed: u64, seat_count: usize, ai: Vec<Seat>) -> TradingAi {
        TradingAi {
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x7ad1_0000),
            seats: ai,
            left: vec![MOVES_PER_PERIOD; seat_count],
            burst: ACTIONS_PER_HUMAN_ANSWER,
            next: 0,
            building: None,
        }
    }

    /// A human answered: the AI seats may trade again before the next question.
    pub fn human_answered(&mut self) {
        self.burst = ACTIONS_PER_HUMAN_ANSWER;
    }

    /// An AI seat's menu was answered; `told` whether it gave an event (its action is done).
    fn moved(&mut self, seat: Seat, told: bool) {
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

    /// The next AI seat's trading move, or `None` when the AI seats have finished (every
    /// one said it is done, or spent its moves) or a human is due an answer.
    fn next_move(
        &mut self,
        state: &dyn GameState,
        human_pending: bool,
    ) -> Option<(Seat, ChoiceId)> {
        if human_pending && self.burst == 0 {
            return None;
        }
        let pending: Vec<Seat> = state
            .pending()
            .iter()
            .filter_map(|p| match p.actor {
                Actor::Seat(s) if p.kind == DecisionKind::Trade => Some(s),
                _ => None,
            })
            .filter(|s| self.seats.contains(s) && self.left[*s as usize] > 0)
            .collect();
        let n = self.left.len();
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

impl Service {
    /// Whether the game `rec` is in a trading period now.
    pub fn trading_open(&self, rec: &GameRecord) -> ServiceResult<bool> {
        Ok(trading(self.live(rec)?.as_ref()))
    }

    /// One trading move of `ai`'s seats in the running game `rec`, played as a click of the
    /// seat's holder; `None` when the period is over, the AI seats have finished, or
    /// (`human_pending`) a human is due an answer first.
    pub async fn ai_trade(
        &self,
        ai: &mut TradingAi,
        rec: &GameRecord,
        human_pending: bool,
    ) -> ServiceResult<Option<Report>> {
        let state = self.live(rec)?;
        if !trading(state.as_ref()) {
            return Ok(None);
        }
        let Some((seat, choice)) = ai.next_move(state.as_ref(), human_pending) else {
            return Ok(None);
        };
        let user = rec.seats[seat as usize]
            .user()
            .ok_or(ServiceError::NotAPlayer)?;
        let click = Click {
            game: rec.id,
            seat,
            counter: rec.counters[seat as usize],
            choice,
        };
        let report = self.play(user, click).await?;
        let told = report.applied.iter().any(|a| !a.events.is_empty());
        let still = self
            .live(&report.game)?
            .pending()
            .iter()
            .any(|p| p.actor == Actor::Seat(seat));
        ai.moved(seat, told || !still);
        Ok(Some(report))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_trades_for_its_seats_only_and_never_worsens_their_hands() {
        assert!(opens_with_trading("fantasy-realms", 7, 3));
        assert!(!opens_with_trading("claim", 2, 3));
        let kind = registry::find("fantasy-realms").unwrap();
        let mut state = kind.new_game(&OptionValues::new(), 7, 3).unwrap();
        let ours = [1, 2, 3];
        let mut ai = TradingAi::new(3, 7, ours.to_vec());
        let mut moves = 0;
        while let Some((seat, choice)) = ai.next_move(state.as_ref(), false) {
            assert!(ours.contains(&seat), "seat {seat} is not the policy's");
            let before = state.heuristic(seat);
            let events = state.apply(Actor::Seat(seat), choice).unwrap();
            assert!(state.heuristic(seat) >= before, "seat {seat} traded worse");
            let still = state.pending().iter().any(|p| p.actor == Actor::Seat(seat));
            ai.moved(seat, !events.is_empty() || !still);
            moves += 1;
        }
        assert!(moves > 0, "the AI seats traded");
        assert!(moves <= ours.len() * MOVES_PER_PERIOD as usize);
        // A human due an answer goes first once the AI seats spent their burst.
        let dealt = kind.new_game(&OptionValues::new(), 7, 3).unwrap();
        let mut ai = TradingAi::new(3, 7, ours.to_vec());
        ai.burst = 0;
        assert!(ai.next_move(dealt.as_ref(), true).is_none());
        assert!(ai.next_move(dealt.as_ref(), false).is_some());
        ai.human_answered();
        assert!(ai.next_move(dealt.as_ref(), true).is_some());
    }
}
