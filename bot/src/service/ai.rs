//! Turns nobody is asked for: AI seats, system decisions without a clock, and players'
//! standing preferences (an automatic pass), played until someone must decide.

use rand_chacha::ChaCha8Rng;
use vliv_engine::{ai, random_player, Actor, ChoiceId, GameState, Seat};

use super::{
    commit::Change, load_rng, rng_json, DeadlineKind, GameId, GameRecord, GuildConfig, Report,
    SeatHolder, Service, ServiceError, ServiceResult, Status,
};

impl Service {
    /// The automatic moves after a committed change (a click, a start, a forfeit, a
    /// timeout). Whatever was committed stays reported; if the database fails on the way the
    /// report says so and the game is retried by the scheduler (and after a restart by the
    /// `Automatic` deadline the last commit stored), so it never waits for a click that
    /// nobody is asked for.
    pub(super) async fn run_automatic(
        &self,
        report: &mut Report,
        state: Box<dyn GameState>,
        cfg: &GuildConfig,
    ) {
        let game = report.game.id;
        match self.play_automatic(report, state, cfg).await {
            Ok(_) => self.retries.resolved(game),
            Err(e) => {
                tracing::warn!(
                    game = report.game.id,
                    guild = report.game.guild,
                    error = %e,
                    "automatic move not committed; retried later"
                );
                report.stalled = true;
                self.retries.stall(game);
                self.clock_set.notify_one();
            }
        }
    }

    /// Resumes the automatic moves of a game whose last try failed or whose bot stopped
    /// before making them; `None` when there was nothing to move.
    pub(super) async fn resume_automatic(&self, game: GameId) -> ServiceResult<Option<Report>> {
        let _guard = self.lock(game).await;
        let rec = self.game(game).await?;
        if rec.status != Status::Running {
            if !self.store.deadlines(game).await?.is_empty() {
                self.store.set_deadlines(game, &[]).await?;
            }
            self.retries.resolved(game);
            return Ok(None);
        }
        let state = self.live(&rec)?;
        let cfg = self.store.guild_config(rec.guild).await?;
        let mut report = Report::of(rec);
        let state = match self.play_automatic(&mut report, state, &cfg).await {
            Ok(state) => state,
            // Moves made before the failure are stored: report them, retry the rest.
            Err(e) if !report.applied.is_empty() => {
                tracing::warn!(game, error = %e, "automatic move not committed; retried later");
                report.stalled = true;
                return Ok(Some(report));
            }
            Err(e) => return Err(e),
        };
        self.retries.resolved(game);
        if !report.applied.is_empty() {
            tracing::info!(game, guild = report.game.guild, "automatic moves resumed");
            return Ok(Some(report));
        }
        // Nothing automatic is pending (a stale mark): store the deadlines the game needs.
        let stored = self.store.deadlines(game).await?;
        if stored.iter().any(|d| d.kind == DeadlineKind::Automatic) {
            let deadlines = self
                .deadlines_for(
                    &report.game,
                    Change::Seats(state.as_ref()),
                    state.as_ref(),
                    &cfg,
                )
                .await?;
            self.store.set_deadlines(game, &deadlines).await?;
        }
        Ok(None)
    }

    /// Lets AI seats, system decisions without a clock and players' standing preferences
    /// (an automatic pass) move until someone must decide or the game ends. The first
    /// pending automatic actor moves first (as the console always did).
    async fn play_automatic(
        &self,
        report: &mut Report,
        mut state: Box<dyn GameState>,
        cfg: &GuildConfig,
    ) -> ServiceResult<Box<dyn GameState>> {
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
            let searched = match (choice, actor) {
                (None, Actor::Seat(seat)) if !clock_runs => {
                    self.search_choice(&report.game, state.as_ref(), seat).await
                }
                _ => None,
            };
            let choice = choice
                .or(searched)
                .or_else(|| match actor {
                    Actor::System => state.timeout_choice(actor),
                    Actor::Seat(_) => None,
                })
                .or_else(|| clocked_choice(state.as_ref(), actor, &mut rng))
                .ok_or(ServiceError::IllegalChoice)?;
            state = self
                .commit(report, state, actor, choice, cfg, Some(rng_json(&rng)))
                .await?;
        }
        Ok(state)
    }

    /// An AI seat's searched choice at its level, seeded by the game's seed and the number
    /// of moves so far: a restart mid-thought thinks the same thought again.
    async fn search_choice(
        &self,
        rec: &GameRecord,
        state: &dyn GameState,
        seat: Seat,
    ) -> Option<ChoiceId> {
        let SeatHolder::Ai { level, .. } = rec.seats[seat as usize] else {
            return None;
        };
        let moves: u64 = rec.counters.iter().map(|&c| u64::from(c)).sum();
        let seed = ai::move_seed(rec.seed, moves, seat);
        self.thinking
            .choose(state.clone_box(), seat, level, seed)
            .await
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

/// An AI seat's choice while a game clock runs (a trading period, a reaction window), and
/// the system's where the game names no timeout choice: the random player. A search per
/// step of a trading period would hold the game for its whole length; the clock closes the
/// period anyway.
fn clocked_choice(state: &dyn GameState, actor: Actor, rng: &mut ChaCha8Rng) -> Option<ChoiceId> {
    random_player::choose_dyn(state, actor, rng)
}

/// How many random moves AI seats make in one go while a game clock runs.
const MAX_AI_MOVES_WHILE_CLOCK_RUNS: usize = 40;
