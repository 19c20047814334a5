//! Turns nobody is asked for: AI seats, system decisions without a clock, and players'
//! standing preferences (an automatic pass), played until someone must decide.

use rand_chacha::ChaCha8Rng;
use vliv_engine::{ai, registry, Actor, ChoiceId, GameState, Seat};

use super::{
    commit::Change, load_rng, rng_json, thinking::ThinkingNotice, DeadlineKind, GameId, GameRecord,
    GuildConfig, Report, SeatHolder, Service, ServiceError, ServiceResult, Status,
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
                    guild = %report.game.guild,
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
    /// moved) the thought is dropped and made again. `None`: nothing was moved. A failure
    /// after a move was committed still reports that move: its table must show it (the
    /// last one, with the result, included).
    pub(super) async fn resume_automatic(&self, game: GameId) -> ServiceResult<Option<Report>> {
        let mut report: Option<Report> = None;
        match self.resume_into(game, &mut report).await {
            Ok(()) => Ok(report.filter(|r| !r.applied.is_empty())),
            Err(e) => self.keep_applied(report, e),
        }
    }

    async fn resume_into(&self, game: GameId, report: &mut Option<Report>) -> ServiceResult<()> {
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
                    return Ok(());
                }
                let state = self.live(&rec)?;
                let cfg = self.game_config(&rec).await?;
                let r = report.get_or_insert_with(|| Report::of(rec.clone()));
                r.game = rec;
                let (state, next) = self.play_automatic(r, state, &cfg, false).await?;
                match next {
                    Next::Think(seat) if !thought => (r.game.clone(), state, seat),
                    Next::Think(_) => {
                        // One thought per sweep and game: the next sweep thinks again.
                        self.retries.stall(game);
                        self.clock_set.notify_one();
                        return Ok(());
                    }
                    Next::Asked => {
                        self.retries.resolved(game);
                        return self.drop_stale_automatic(r, state.as_ref(), &cfg).await;
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
            let cfg = self.game_config(&rec).await?;
            let mut rng = load_rng(&rec)?;
            let Some(choice) =
                choice.or_else(|| fallback_choice(state.as_ref(), Actor::Seat(seat), &mut rng))
            else {
                return Err(ServiceError::IllegalChoice);
            };
            let r = report.get_or_insert_with(|| Report::of(seen));
            r.game = rec;
            self.commit(
                r,
                state,
                Actor::Seat(seat),
                choice,
                &cfg,
                Some(rng_json(&rng)),
            )
            .await?;
        }
    }

    /// Timed-out seats pass to the AI at the server's level for the rest of the game (a
    /// forfeit by the clock); the AI then moves as any AI seat does.
    pub(super) async fn hand_to_ai(
        &self,
        mut rec: GameRecord,
        state: Box<dyn GameState>,
        seats: &[Seat],
        cfg: &GuildConfig,
    ) -> ServiceResult<Report> {
        let before = rec.version;
        for &seat in seats {
            if let SeatHolder::User(user) = rec.seats[seat as usize] {
                rec.seats[seat as usize] = SeatHolder::Ai {
                    forfeited_by: Some(user),
                    level: cfg.takeover_level,
                };
                rec.draw_offers.retain(|&s| s != seat);
            }
        }
        if !rec.users().any(|u| u == rec.host) {
            let next = rec.users().next();
            rec.host = next.unwrap_or(rec.host);
        }
        rec.version += 1;
        let deadlines = self
            .deadlines_for(&rec, Change::Seats(state.as_ref()), state.as_ref(), cfg)
            .await?;
        self.store
            .update_game(&rec, before, Some(&deadlines))
            .await?;
        self.note_clocks(&deadlines);
        tracing::info!(
            game = rec.id,
            guild = %rec.guild,
            ?seats,
            "timed-out seats handed to the AI"
        );
        let mut report = Report::of(rec);
        self.run_automatic(&mut report, state, cfg).await;
        Ok(report)
    }

    /// A failure after some automatic moves were committed: report them, retry the rest
    /// (of a game that ended, what is left is tidying its deadlines: nothing to announce).
    fn keep_applied(
        &self,
        report: Option<Report>,
        e: ServiceError,
    ) -> ServiceResult<Option<Report>> {
        match report {
            Some(mut r) if !r.applied.is_empty() => {
                tracing::warn!(game = r.game.id, error = %e, "automatic move not committed; retried later");
                r.stalled = r.game.status == Status::Running;
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
    /// must search stops the run unless `inline`, whether or not a game clock runs.
    async fn play_automatic(
        &self,
        report: &mut Report,
        mut state: Box<dyn GameState>,
        cfg: &GuildConfig,
        inline: bool,
    ) -> ServiceResult<(Box<dyn GameState>, Next)> {
        // AI seats done with this clock's period: they wait for the clock.
        let mut resting: Vec<Seat> = Vec::new();
        while report.game.status == Status::Running {
            let Some((actor, fixed)) = self
                .automatic_move(&report.game, state.as_ref(), &resting)
                .await?
            else {
                break;
            };
            let mut rng = load_rng(&report.game)?;
            let choice = match (fixed, actor) {
                (Some(choice), _) => choice,
                (None, Actor::Seat(seat)) => {
                    if self
                        .period_spent(&report.game, state.as_ref(), seat)
                        .await?
                    {
                        match done_choice(&report.game, state.as_ref(), seat) {
                            Some(choice) => choice,
                            None => {
                                resting.push(seat);
                                continue;
                            }
                        }
                    } else if !inline {
                        return Ok((state, Next::Think(seat)));
                    } else {
                        self.search_choice(&report.game, state.as_ref(), seat)
                            .await
                            .or_else(|| fallback_choice(state.as_ref(), actor, &mut rng))
                            .ok_or(ServiceError::IllegalChoice)?
                    }
                }
                (None, Actor::System) => state
                    .timeout_choice(actor)
                    .or_else(|| fallback_choice(state.as_ref(), actor, &mut rng))
                    .ok_or(ServiceError::IllegalChoice)?,
            };
            state = self
                .commit(report, state, actor, choice, cfg, Some(rng_json(&rng)))
                .await?;
        }
        Ok((state, Next::Asked))
    }

    /// Whether an AI seat made its share of moves in the period of a game clock that runs
    /// for another actor (Chaotic Realms' trading period: the seat's moves do not end it, so
    /// it could otherwise go on step by step until the clock). The seat's own move or
    /// reaction clock needs no share: each of its completed actions moves the game on.
    /// Counted from the stored moves, so a restart does not renew the share.
    async fn period_spent(
        &self,
        rec: &GameRecord,
        state: &dyn GameState,
        seat: Seat,
    ) -> ServiceResult<bool> {
        let clocks: Vec<(Actor, u64)> = state
            .pending()
            .iter()
            .filter(|p| p.actor != Actor::Seat(seat))
            .filter_map(|&p| state.deadline_secs(p).map(|secs| (p.actor, secs)))
            .collect();
        if clocks.is_empty() {
            return Ok(false);
        }
        let stored = self.store.deadlines(rec.id).await?;
        let now = self.now_ms();
        // Without a stored clock, count a whole period back from now (more moves, not fewer).
        let Some(since) = clocks
            .iter()
            .map(|&(actor, secs)| {
                let due = stored
                    .iter()
                    .find(|d| d.kind == DeadlineKind::Clock(actor))
                    .map_or(now, |d| d.due_ms);
                due - secs as i64 * 1000
            })
            .min()
        else {
            return Ok(false);
        };
        let made = self
            .store
            .moves(rec.id)
            .await?
            .iter()
            .filter(|m| m.actor == Actor::Seat(seat) && m.committed_at >= since)
            .count();
        Ok(made >= AI_MOVES_PER_CLOCK)
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
        let seed = ai::move_seed(rec.seed, rec.moves_stored(), seat);
        let notice = ThinkingNotice {
            game: rec.id,
            guild: rec.guild,
            seat,
            version: rec.version,
        };
        self.thinking
            .choose_announced(notice, state.clone_box(), level, seed)
            .await
    }

    /// How many AI searches are running (or waiting for a worker) now.
    pub fn searches_running(&self) -> usize {
        self.thinking.running()
    }

    /// AI seats that have been thinking for over a second ([`ThinkingNotice`]), from now on.
    pub fn thinking_notices(&self) -> tokio::sync::broadcast::Receiver<ThinkingNotice> {
        self.thinking.notices()
    }

    /// The next actor that moves without being asked, with its choice when it is fixed:
    /// an AI seat, a system decision the game does not put on a clock, or a user seat
    /// whose preferences answer the decision.
    async fn automatic_move(
        &self,
        rec: &GameRecord,
        state: &dyn GameState,
        resting: &[Seat],
    ) -> ServiceResult<Option<(Actor, Option<ChoiceId>)>> {
        let has_prefs = !state.kind().preference_schema().is_empty();
        for p in state.pending() {
            match p.actor {
                Actor::Seat(s) if resting.contains(&s) => {}
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

/// The random player: an AI seat's choice when its search found none, and the system's
/// where the game names no timeout choice.
fn fallback_choice(state: &dyn GameState, actor: Actor, rng: &mut ChaCha8Rng) -> Option<ChoiceId> {
    registry::random_choice(state, actor, rng)
}

/// How an AI seat that made its share of moves in a clock's period ends its part: the first
/// step of the shortest way (at most [`DONE_STEPS`] choices; the game's timeout choice
/// tried first, then menu order) after which the seat is no longer asked (Chaotic Realms:
/// back out of a half-made offer, then "done trading"). `None`: it waits for the clock.
/// The way is looked for on a determinization for the seat: it never reads hidden cards.
fn done_choice(rec: &GameRecord, state: &dyn GameState, seat: Seat) -> Option<ChoiceId> {
    let actor = Actor::Seat(seat);
    let seen = state.determinize(seat, ai::move_seed(rec.seed, rec.moves_stored(), seat));
    let mut legal = Vec::new();
    state.legal_ids(actor, &mut legal);
    let asked = |s: &dyn GameState| s.pending().iter().any(|p| p.actor == actor);
    // Breadth first: (the first step, the state reached).
    let mut layer: Vec<(Option<ChoiceId>, Box<dyn GameState>)> = vec![(None, seen)];
    let mut ids = Vec::new();
    for _ in 0..DONE_STEPS {
        let mut next = Vec::new();
        for (first, from) in &layer {
            ids.clear();
            from.legal_ids(actor, &mut ids);
            let timeout = from.timeout_choice(actor).filter(|id| ids.contains(id));
            for id in timeout.into_iter().chain(ids.iter().copied()) {
                let mut after = from.clone_box();
                if after.apply(actor, id).is_err() {
                    continue;
                }
                let first = first.or(Some(id));
                if !asked(after.as_ref()) {
                    return first.filter(|f| legal.contains(f));
                }
                if next.len() < DONE_WIDTH {
                    next.push((first, after));
                }
            }
        }
        layer = next;
    }
    None
}

/// How far [`done_choice`] looks: steps, and states kept per step.
const DONE_STEPS: usize = 4;
const DONE_WIDTH: usize = 64;

/// How many moves an AI seat makes in one period of a game clock before it is done
/// (searched moves; a reaction window takes one or two, a trading period more).
const AI_MOVES_PER_CLOCK: usize = 8;
