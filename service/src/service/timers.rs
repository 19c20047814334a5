//! Deadlines from the database: reminders ping the waiting player again, timeouts run the
//! server's chosen action (the game's own timeout choice, abandoning the game, or handing
//! the seat to the AI).

use futures::FutureExt;
use vliv_engine::{registry, Actor, Seat};

use super::{
    is_automatic, load_rng, rng_json, Deadline, DeadlineKind, Ending, GameId, GameRecord, Platform,
    Report, Service, ServiceResult, Status, TimeoutAction,
};

/// A game with work due now: its claimed deadlines (none: its automatic moves resume).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DueGame {
    pub game: GameId,
    pub kinds: Vec<DeadlineKind>,
}

/// What a due deadline did.
#[derive(Clone, Debug)]
pub enum Fired {
    /// Ping these seats again.
    Reminder { game: GameRecord, seats: Vec<Seat> },
    /// The time ran out for these seats and the game's timeout choices were applied.
    TimedOut { report: Report, seats: Vec<Seat> },
    /// The time ran out and the server abandons such games.
    Abandoned { game: GameRecord, seats: Vec<Seat> },
    /// Automatic moves that had waited (for the database, or for a restarted bot) were made.
    Moved { report: Report },
}

impl Fired {
    /// The game it happened in (its channel says its platform).
    pub fn game(&self) -> &GameRecord {
        match self {
            Fired::TimedOut { report, .. } | Fired::Moved { report } => &report.game,
            Fired::Abandoned { game, .. } | Fired::Reminder { game, .. } => game,
        }
    }
}

impl Service {
    /// Runs every deadline due now that this process claimed (so that each fires once in
    /// a fleet, see `store/deadlines.rs`), and retries games whose automatic moves were
    /// not committed. Each game is served on its own: one that fails is logged with its id,
    /// backed off and its claims let go, and the others (and what they fired) go on.
    pub async fn fire_due(&self) -> ServiceResult<Vec<Fired>> {
        self.fire_due_for(&Platform::ALL).await
    }

    /// The same for the games of `platforms` only: a process claims no deadline of a
    /// platform none of its front ends serves, so another process's sweep fires it.
    pub async fn fire_due_for(&self, platforms: &[Platform]) -> ServiceResult<Vec<Fired>> {
        let due = self.claim_due_for(platforms).await?;
        // Games are served side by side: an AI seat thinking in one (on the bounded pool)
        // does not hold up the deadlines of the others.
        let fired = futures::future::join_all(due.iter().map(|d| self.fire_due_game(d))).await;
        Ok(fired.into_iter().flatten().collect())
    }

    /// Claims every deadline due now among the games of `platforms`, and adds the games
    /// whose automatic moves wait to be retried: each game's work, to be done by
    /// [`Service::fire_due_game`] (the sweep publishes each game as soon as it is done).
    /// A game still backing off after a failure lets its claims go.
    pub async fn claim_due_for(&self, platforms: &[Platform]) -> ServiceResult<Vec<DueGame>> {
        let now = self.now_ms();
        let due = self.store.claim_due_deadlines_for(now, platforms).await?;
        let mut games: Vec<GameId> = due.iter().map(|d| d.game).collect();
        games.extend(self.retries.stalled());
        games.sort_unstable();
        games.dedup();
        let (waiting, games): (Vec<GameId>, Vec<GameId>) = games
            .into_iter()
            .partition(|&game| self.retries.backing_off(game, now));
        for game in waiting {
            self.let_go(game).await;
        }
        Ok(games
            .into_iter()
            .map(|game| DueGame {
                game,
                kinds: due
                    .iter()
                    .filter(|d| d.game == game)
                    .map(|d| d.kind)
                    .collect(),
            })
            .collect())
    }

    /// One game's claimed work. A failure is that game's alone: logged with its id, the
    /// game backed off and its claims let go; so is a panic in its path (a bug).
    pub async fn fire_due_game(&self, due: &DueGame) -> Option<Fired> {
        let game = due.game;
        let fire = std::panic::AssertUnwindSafe(self.fire_game(game, &due.kinds));
        match fire.catch_unwind().await {
            Ok(Ok(fired)) => {
                self.retries.succeeded(game);
                fired
            }
            Err(panic) => {
                let wait_ms = self.retries.failed(game, self.now_ms());
                tracing::error!(
                    game,
                    panic = crate::logging::panic_text(panic.as_ref()),
                    wait_ms,
                    "deadline panicked; game backed off"
                );
                self.let_go(game).await;
                None
            }
            Ok(Err(e)) => {
                let wait_ms = self.retries.failed(game, self.now_ms());
                tracing::warn!(game, error = %e, wait_ms, "deadline failed; game backed off");
                self.let_go(game).await;
                None
            }
        }
    }

    /// Lets go of a game's claims; if the database does not answer, they run out.
    async fn let_go(&self, game: GameId) {
        if let Err(e) = self.store.release_claims(game).await {
            tracing::debug!(game, error = %e, "claims left to run out");
        }
    }

    /// One game's due deadlines: its own clocks first, then the server's reminder or
    /// timeout, else its automatic moves.
    async fn fire_game(
        &self,
        game: GameId,
        kinds: &[DeadlineKind],
    ) -> ServiceResult<Option<Fired>> {
        let clocks: Vec<Actor> = kinds
            .iter()
            .filter_map(|k| match k {
                DeadlineKind::Clock(actor) => Some(*actor),
                _ => None,
            })
            .collect();
        if !clocks.is_empty() {
            return self.fire_clocks(game, &clocks).await;
        }
        let timeout = kinds.contains(&DeadlineKind::Timeout);
        if timeout || kinds.contains(&DeadlineKind::Reminder) {
            return self.fire(game, timeout).await;
        }
        Ok(self
            .resume_automatic(game)
            .await?
            .map(|report| Fired::Moved { report }))
    }

    /// The earliest deadline, for the scheduler's sleep.
    pub async fn next_deadline(&self) -> ServiceResult<Option<i64>> {
        Ok(self.store.next_deadline().await?)
    }

    /// The earliest deadline among the games of `platforms`.
    pub async fn next_deadline_for(&self, platforms: &[Platform]) -> ServiceResult<Option<i64>> {
        Ok(self.store.next_deadline_for(platforms).await?)
    }

    /// A game's own clocks ran out: their timeout choices apply (a trading period ends, a
    /// reaction window passes), whatever the server's timeout action.
    async fn fire_clocks(&self, game: GameId, clocks: &[Actor]) -> ServiceResult<Option<Fired>> {
        let _guard = self.lock(game).await;
        let rec = self.game(game).await?;
        if rec.status != Status::Running {
            self.store.set_deadlines(game, &[]).await?;
            return Ok(None);
        }
        // Read after the game: a move committed since the claim replaced the clocks, and
        // one committed after this read makes the commit below a conflict.
        let held = self.store.claimed_kinds(game).await?;
        let clocks: Vec<Actor> = clocks
            .iter()
            .copied()
            .filter(|&a| held.contains(&DeadlineKind::Clock(a)))
            .collect();
        if clocks.is_empty() {
            return Ok(None);
        }
        let mut state = self.live(&rec)?;
        let cfg = self.game_config(&rec).await?;
        let mut report = Report::of(rec.clone());
        let mut seats = Vec::new();
        for &actor in &clocks {
            let still_runs = state
                .pending()
                .iter()
                .any(|&p| p.actor == actor && state.deadline_secs(p).is_some());
            let Some(choice) = still_runs.then(|| state.timeout_choice(actor)).flatten() else {
                continue;
            };
            state = self
                .commit(&mut report, state, actor, choice, &cfg, None)
                .await?;
            if let Actor::Seat(s) = actor {
                seats.push(s);
            }
        }
        if report.applied.is_empty() {
            // Clocks of decisions already taken: drop them, keep the rest.
            let now = self.now_ms();
            let kept: Vec<Deadline> = self
                .store
                .deadlines(game)
                .await?
                .into_iter()
                .filter(|d| !(matches!(d.kind, DeadlineKind::Clock(_)) && d.due_ms <= now))
                .collect();
            self.store
                .set_deadlines_at(game, rec.version, &kept)
                .await?;
            return Ok(None);
        }
        tracing::info!(game, guild = %rec.guild, "game clock ran out");
        self.run_automatic(&mut report, state, &cfg).await;
        Ok(Some(Fired::TimedOut { report, seats }))
    }

    async fn fire(&self, game: GameId, timeout: bool) -> ServiceResult<Option<Fired>> {
        let _guard = self.lock(game).await;
        let rec = self.game(game).await?;
        if rec.status != Status::Running {
            self.store.set_deadlines(game, &[]).await?;
            return Ok(None);
        }
        // As for the clocks: only what this process still holds after reading the game.
        let held = self.store.claimed_kinds(game).await?;
        let timeout = timeout && held.contains(&DeadlineKind::Timeout);
        if !timeout && !held.contains(&DeadlineKind::Reminder) {
            return Ok(None);
        }
        let state = self.live(&rec)?;
        let seats: Vec<Seat> = state
            .pending()
            .iter()
            .filter(|p| !is_automatic(&rec, p.actor))
            .filter_map(|p| match p.actor {
                Actor::Seat(s) => Some(s),
                Actor::System => None,
            })
            .collect();
        let cfg = self.game_config(&rec).await?;
        if !timeout {
            let kept: Vec<Deadline> = self
                .store
                .deadlines(game)
                .await?
                .into_iter()
                .filter(|d| d.kind == DeadlineKind::Timeout)
                .collect();
            let next = self.next_reminder(&rec, state.as_ref(), &cfg).await?;
            let mut deadlines = kept.clone();
            if kept.iter().all(|d| next < d.due_ms) {
                deadlines.push(Deadline {
                    game,
                    kind: DeadlineKind::Reminder,
                    due_ms: next,
                });
            }
            self.store
                .set_deadlines_at(game, rec.version, &deadlines)
                .await?;
            tracing::info!(game, guild = %rec.guild, "reminder due");
            return Ok(Some(Fired::Reminder { game: rec, seats }));
        }
        tracing::info!(game, guild = %rec.guild, "timeout due");
        match cfg.timeout_action {
            TimeoutAction::Abandon => {
                let seat = seats.first().copied().unwrap_or(0);
                let done = self
                    .finish(rec, Status::Abandoned, Ending::TimedOut { seat }, None)
                    .await?;
                Ok(Some(Fired::Abandoned { game: done, seats }))
            }
            TimeoutAction::Ai if no_person_left(&rec, &seats) => {
                // No AI plays on for nobody: the game ends abandoned, so unrated.
                tracing::info!(game, guild = %rec.guild, "the last players timed out");
                let seat = seats.first().copied().unwrap_or(0);
                let done = self
                    .finish(rec, Status::Abandoned, Ending::TimedOut { seat }, None)
                    .await?;
                Ok(Some(Fired::Abandoned { game: done, seats }))
            }
            TimeoutAction::Ai => {
                let report = self.hand_to_ai(rec, state, &seats, &cfg).await?;
                Ok(Some(Fired::TimedOut { report, seats }))
            }
            TimeoutAction::GameChoice => {
                // The rng is only advanced where a game has no timeout choice of its own.
                let mut rng = load_rng(&rec)?;
                let mut state = state;
                let mut report = Report::of(rec.clone());
                for &seat in &seats {
                    let actor = Actor::Seat(seat);
                    if !state.pending().iter().any(|p| p.actor == actor) {
                        continue;
                    }
                    let Some(choice) = state
                        .timeout_choice(actor)
                        .or_else(|| registry::random_choice(state.as_ref(), actor, &mut rng))
                    else {
                        continue;
                    };
                    state = self
                        .commit(
                            &mut report,
                            state,
                            actor,
                            choice,
                            &cfg,
                            Some(rng_json(&rng)),
                        )
                        .await?;
                }
                self.run_automatic(&mut report, state, &cfg).await;
                Ok(Some(Fired::TimedOut { report, seats }))
            }
        }
    }
}

/// Whether handing `timed_out` to the AI would leave no person seated in `rec`.
fn no_person_left(rec: &GameRecord, timed_out: &[Seat]) -> bool {
    rec.seats
        .iter()
        .enumerate()
        .all(|(s, h)| h.user().is_none() || timed_out.contains(&(s as Seat)))
}
