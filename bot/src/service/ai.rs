//! Turns nobody is asked for: AI seats, system decisions without a clock, and players'
//! standing preferences (an automatic pass), played until someone must decide.

use rand_chacha::ChaCha8Rng;
use vliv_engine::{ai, registry, Actor, ChoiceId, GameState, Seat};

use super::{
    commit::Change, load_rng, rng_json, DeadlineKind, GameId, GameRecord, GuildConfig, Report,
    SeatHolder, Service, ServiceError, ServiceResult, Status,
};

/// Where a run of automatic moves stopped.
pub(super) enum Next {
    /// Someone must decide, or the game ended.
    Asked,
    /// This AI seat must think first, off the request that led here.
    Think(Seat),
}

impl Service {
    /// The automatic moves after a committed change (a click, a start, a forfeit, a
    /// timeout). Whatever was committed stays reported; if the database fails on the way the
    /// report says so and the game is retried by the scheduler (and after a restart by the
    /// `Automatic` deadline the last commit stored), so it never waits for a click that
    /// nobody is asked for. A search the thinking pool must make is left to the sweep too,
    /// so the request answers at once.
    pub(super) async fn run_automatic(
        &self,
        report: &mut Report,
        state: Box<dyn GameState>,
        cfg: &GuildConfig,
    ) {
        let game = report.game.id;
        let inline = !self.thinking.deferred();
        match self.play_automatic(report, state, cfg, inline).await {
            Ok((_, Next::Asked)) => self.retries.resolved(game),
            Ok((_, Next::Think(_))) => {
                self.retries.stall(game);
                self.clock_set.notify_one();
            }
            Err(e) => {
                tracing::warn!(
                    game,
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

    /// Resumes the automatic moves of a game: those whose last try failed, whose bot
    /// stopped before making them, or whose AI seat must think. At most one search per
    /// call, made without the game's lock: if the game changed meanwhile (its version
    /// moved) the thought is dropped and made again. `None`: nothing was moved.
    pub(super) async fn resume_automatic(&self, game: GameId) -> ServiceResult<Option<Report>> {
        let mut report: Option<Report> = None;
        let mut thought = false;
        loop {
            let (seen, state, seat) = {
                let _guard = self.lock(game).await;
                let rec = self.game(game).await?;
                if rec.status != Status::Running {
                    if !self.store.deadlines(game).await?.is_empty() {
                        self.store.set_deadlines(game, &[]).await?;
                    }
                    self.retries.resolved(game);
                    return Ok(report.filter(|r| !r.applied.is_empty()));
                }
                let state = self.live(&rec)?;
                let cfg = self.store.guild_config(rec.guild).await?;
                let r = report.get_or_insert_with(|| Report::of(rec.clone()));
                r.game = rec;
                let (state, next) = match self.play_automatic(r, state, &cfg, false).await {
                    Ok(done) => done,
                    Err(e) => return self.keep_applied(report, e),
                };
                match next {
                    Next::Think(seat) if !thought => (r.game.clone(), state, seat),
                    Next::Think(_) => {
                        // One thought per sweep and game: the next sweep thinks again.
                        self.retries.stall(game);
                        self.clock_set.notify_one();
                        return Ok(report.filter(|r| !r.applied.is_empty()));
                    }
                    Next::Asked => {
                        self.retries.resolved(game);
                        self.drop_stale_automatic(r, state.as_ref(), &cfg).await?;
                        return Ok(report.filter(|r| !r.applied.is_empty()));
                    }
                }
            };
            let choice = self.search_choice(&seen, state.as_ref(), seat).await;
            thought = true;
            let _guard = self.lock(game).await;
            let rec = self.game(game).await?;
            if rec.version != seen.version {
                tracing::debug!(
                    game,
                    "the game changed while the AI thought; thinking again"
                );
                thought = false;
                continue;
            }
            let state = self.live(&rec)?;
            let cfg = self.store.guild_config(rec.guild).await?;
            let mut rng = load_rng(&rec)?;
            let Some(choice) =
                choice.or_else(|| clocked_choice(state.as_ref(), Actor::Seat(seat), &mut rng))
            else {
                return Err(ServiceError::IllegalChoice);
            };
            let r = report.get_or_insert_with(|| Report::of(seen));
            r.game = rec;
            if let Err(e) = self
                .commit(
                    r,
                    state,
                    Actor::Seat(seat),
                    choice,
                    &cfg,
                    Some(rng_json(&rng)),
                )
                .await
            {
                return self.keep_applied(report, e);
            }
        }
    }

    /// A failure after some automatic moves were committed: report them, retry the rest.
    fn keep_applied(
        &self,
        report: Option<Report>,
        e: ServiceError,
    ) -> ServiceResult<Option<Report>> {
        match report {
            Some(mut r) if !r.applied.is_empty() => {
                tracing::warn!(game = r.game.id, error = %e, "automatic move not committed; retried later");
                r.stalled = true;
                self.retries.stall(r.game.id);
                Ok(Some(r))
            }
            _ => Err(e),
        }
    }

    /// Nothing automatic was pending (a stale mark): store the deadlines the game needs.
    async fn drop_stale_automatic(
        &self,
        report: &Report,
        state: &dyn GameState,
        cfg: &GuildConfig,
    ) -> ServiceResult<()> {
        if !report.applied.is_empty() {
            return Ok(());
        }
        let stored = self.store.deadlines(report.game.id).await?;
        if stored.iter().any(|d| d.kind == DeadlineKind::Automatic) {
            let deadlines = self
                .deadlines_for(&report.game, Change::Seats(state), state, cfg)
                .await?;
            self.store.set_deadlines(report.game.id, &deadlines).await?;
        }
        Ok(())
    }

    /// Lets AI seats, system decisions without a clock and players' standing preferences
    /// (an automatic pass) move until someone must decide or the game ends. The first
    /// pending automatic actor moves first (as the console always did). An AI seat that
    /// must search stops the run unless `inline`.
    async fn play_automatic(
        &self,
        report: &mut Report,
        mut state: Box<dyn GameState>,
        cfg: &GuildConfig,
        inline: bool,
    ) -> ServiceResult<(Box<dyn GameState>, Next)> {
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
                (None, Actor::Seat(seat)) if !clock_runs && !inline => {
                    return Ok((state, Next::Think(seat)))
                }
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
        Ok((state, Next::Asked))
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
    registry::random_choice(state, actor, rng)
}

/// How many random moves AI seats make in one go while a game clock runs.
const MAX_AI_MOVES_WHILE_CLOCK_RUNS: usize = 40;
