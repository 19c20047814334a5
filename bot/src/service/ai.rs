//! Turns nobody is asked for: AI seats, system decisions without a clock, and players'
//! standing preferences (an automatic pass), played until someone must decide.

use vliv_engine::{registry, Actor, ChoiceId, GameState};

use super::{
    load_rng, rng_json, GameRecord, GuildConfig, Report, SeatHolder, Service, ServiceError,
    ServiceResult, Status,
};

impl Service {
    /// Lets AI seats, system decisions without a clock and players' standing preferences
    /// (an automatic pass) move until someone must decide or the game ends. The first
    /// pending automatic actor moves first (as the console always did).
    pub(super) async fn run_automatic(
        &self,
        report: &mut Report,
        mut state: Box<dyn GameState>,
        cfg: &GuildConfig,
    ) -> ServiceResult<()> {
        let mut clocked_ai_moves = 0;
        while report.game.status == Status::Running {
            let Some((actor, choice)) = self.automatic_move(&report.game, state.as_ref()).await?
            else {
                break;
            };
            // While a game clock runs (a trading period) random seats could act without end;
            // the clock closes the period anyway.
            let clock_runs = state
                .pending()
                .iter()
                .any(|&p| state.deadline_secs(p).is_some());
            if clock_runs && choice.is_none() && matches!(actor, Actor::Seat(_)) {
                clocked_ai_moves += 1;
                if clocked_ai_moves > MAX_AI_MOVES_WHILE_CLOCK_RUNS {
                    break;
                }
            }
            let mut rng = load_rng(&report.game)?;
            let choice = choice
                .or_else(|| match actor {
                    Actor::System => state.timeout_choice(actor),
                    Actor::Seat(_) => None,
                })
                .or_else(|| registry::random_choice(state.as_ref(), actor, &mut rng))
                .ok_or(ServiceError::IllegalChoice)?;
            state = self
                .commit(report, state, actor, choice, cfg, Some(rng_json(&rng)))
                .await?;
        }
        Ok(())
    }

    /// The next actor that moves without being asked, with its choice when it is fixed:
    /// an AI seat, a system decision the game does not put on a clock, or a user seat
    /// whose preferences answer the decision.
    async fn automatic_move(
        &self,
        rec: &GameRecord,
        state: &dyn GameState,
    ) -> ServiceResult<Option<(Actor, Option<ChoiceId>)>> {
        let has_prefs = !state.kind().preference_schema().is_empty();
        for p in state.pending() {
            match p.actor {
                Actor::System if state.deadline_secs(p).is_none() => {
                    return Ok(Some((p.actor, None)))
                }
                Actor::System => {}
                Actor::Seat(s) => match rec.seats[s as usize] {
                    SeatHolder::Ai { .. } => return Ok(Some((p.actor, None))),
                    SeatHolder::User(user) if has_prefs => {
                        let settings = self.store.user_settings(user).await?;
                        let prefs = settings
                            .game_prefs
                            .get(&rec.kind)
                            .cloned()
                            .unwrap_or_default();
                        if let Some(choice) = state.auto_choice(s, &prefs) {
                            return Ok(Some((p.actor, Some(choice))));
                        }
                    }
                    SeatHolder::User(_) => {}
                },
            }
        }
        Ok(None)
    }
}

/// How many random moves AI seats make in one go while a game clock runs.
const MAX_AI_MOVES_WHILE_CLOCK_RUNS: usize = 40;
