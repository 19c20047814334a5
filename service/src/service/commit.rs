//! The writes every job shares: one applied choice committed with the deadlines it sets,
//! and a game ended without a move. Play, AI turns, timers and endings all go through
//! here, so a move is stored the same way whoever made it.

use vliv_engine::{clocks, Actor, Audience, ChoiceId, GameState, Outcome};

use super::{
    is_automatic, ratings::result_of, recent, Applied, Deadline, DeadlineKind, Ending, GameRecord,
    GuildConfig, MoveRecord, Report, Service, ServiceResult, Status,
};

impl Service {
    /// Applies one choice to a copy of the state and commits it; on any failure nothing
    /// changed, in memory or in the database.
    pub(super) async fn commit(
        &self,
        report: &mut Report,
        state: Box<dyn GameState>,
        actor: Actor,
        choice: ChoiceId,
        cfg: &GuildConfig,
        ai_rng: Option<String>,
    ) -> ServiceResult<Box<dyn GameState>> {
        let mut next = state.clone_box();
        let events = next.apply(actor, choice)?;
        let old = &report.game;
        let mut rec = old.clone();
        let slot = match actor {
            Actor::Seat(s) => s as usize,
            Actor::System => rec.counters.len() - 1,
        };
        let seat_counter = rec.counters[slot];
        rec.counters[slot] += 1;
        let seq = old.moves_stored() as i64;
        rec.version += 1;
        rec.snapshot = Some(next.to_json().into());
        rec.draw_offers.clear();
        if let Some(rng) = ai_rng {
            rec.ai_rng = Some(rng);
        }
        let mut recent = rec.recent.as_deref().map(<[_]>::to_vec).unwrap_or_default();
        recent::record(&mut recent, &events);
        rec.recent = Some(recent.into());
        let now = self.now_ms();
        if let Some(outcome) = next.outcome() {
            rec.status = Status::Finished;
            rec.finished_at = Some(now);
            rec.outcome = Some(outcome);
            rec.ending = Some(Ending::Played);
        }
        let change = Change::Choice {
            before: state.as_ref(),
            actor,
            choice,
            shown: events.iter().any(|e| e.audience == Audience::Public),
        };
        let deadlines = self.deadlines_for(&rec, change, next.as_ref(), cfg).await?;
        let mv = MoveRecord {
            seq,
            actor,
            seat_counter,
            choice,
            committed_at: now,
        };
        if let Err(e) = self
            .store
            .commit_move(&rec, old.version, &mv, &deadlines, result_of(&rec).as_ref())
            .await
        {
            tracing::warn!(game = rec.id, guild = %rec.guild, seq, error = %e, "move not committed");
            return Err(e.into());
        }
        tracing::debug!(game = rec.id, guild = %rec.guild, seq, "move committed");
        if let Some(snapshot) = &rec.snapshot {
            self.parsed.put(rec.id, snapshot, next.clone_box());
        }
        self.thinking.changed(rec.id);
        self.announce(rec.id);
        self.note_clocks(&deadlines);
        if rec.status == Status::Finished {
            tracing::info!(game = rec.id, guild = %rec.guild, "game finished");
        }
        report.game = rec;
        report.applied.push(Applied {
            actor,
            choice,
            events,
        });
        Ok(next)
    }

    /// Ends a game without a move (a concession, an agreed draw, an abandonment): no
    /// deadline outlives it, and its result is recorded with it.
    pub(super) async fn finish(
        &self,
        mut rec: GameRecord,
        status: Status,
        ending: Ending,
        outcome: Option<Outcome>,
    ) -> ServiceResult<GameRecord> {
        let before = rec.version;
        rec.status = status;
        rec.ending = Some(ending);
        rec.outcome = outcome;
        rec.finished_at = Some(self.now_ms());
        rec.draw_offers.clear();
        rec.version += 1;
        let result = result_of(&rec);
        self.store.end_game(&rec, before, result.as_ref()).await?;
        self.thinking.changed(rec.id);
        self.announce(rec.id);
        tracing::info!(
            game = rec.id,
            guild = %rec.guild,
            status = rec.status.as_str(),
            "game ended"
        );
        Ok(rec)
    }

    /// The deadlines after a change. The game's own clocks come first: each is kept while
    /// the same decision stays pending (a trade or a step of a reaction does not restart the
    /// period), and while one runs the seats without a clock wait for it. Otherwise a
    /// reminder and the server's timeout run while a user seat must decide.
    pub(super) async fn deadlines_for(
        &self,
        rec: &GameRecord,
        change: Change<'_>,
        state: &dyn GameState,
        cfg: &GuildConfig,
    ) -> ServiceResult<Vec<Deadline>> {
        if rec.status != Status::Running {
            return Ok(Vec::new());
        }
        let now = self.now_ms();
        let pending = state.pending();
        let clocks: Vec<(Actor, u64)> = pending
            .iter()
            .filter_map(|&p| state.deadline_secs(p).map(|secs| (p.actor, secs)))
            .collect();
        if !clocks.is_empty() {
            let carried = |actor: Actor| change.carries_clock(actor);
            let stored = match clocks.iter().any(|&(a, _)| carried(a)) {
                true => self.store.deadlines(rec.id).await?,
                false => Vec::new(),
            };
            let mut out = Vec::new();
            for (actor, secs) in clocks {
                let kind = DeadlineKind::Clock(actor);
                let kept = carried(actor)
                    .then(|| stored.iter().find(|d| d.kind == kind).map(|d| d.due_ms))
                    .flatten();
                let due_ms = match kept {
                    Some(due) => due,
                    None => self.clock_due(rec, state, actor, secs, cfg, now).await?,
                };
                out.push(Deadline {
                    game: rec.id,
                    kind,
                    due_ms,
                });
            }
            return Ok(out);
        }
        let waits_for_user = pending.iter().any(|p| !is_automatic(rec, p.actor));
        if !waits_for_user {
            // Only automatic actors must move: the move after this commit makes them, and
            // this deadline makes them if that move fails or the bot stops first.
            return Ok(match pending.is_empty() {
                true => Vec::new(),
                false => vec![Deadline {
                    game: rec.id,
                    kind: DeadlineKind::Automatic,
                    due_ms: now,
                }],
            });
        }
        // The lobby's days per move, a vacation and quiet hours count here (`pace`).
        let (timeout, reminder) = self.turn_deadlines(rec, state, cfg, now).await?;
        let mut out = vec![Deadline {
            game: rec.id,
            kind: DeadlineKind::Timeout,
            due_ms: timeout,
        }];
        if let Some(reminder) = reminder {
            out.push(Deadline {
                game: rec.id,
                kind: DeadlineKind::Reminder,
                due_ms: reminder,
            });
        }
        Ok(out)
    }
}

/// What led to the state whose deadlines are set: the game's start, a change of who holds
/// the seats, or one applied choice.
#[derive(Clone, Copy)]
pub(super) enum Change<'a> {
    Start,
    Seats(&'a dyn GameState),
    Choice {
        before: &'a dyn GameState,
        actor: Actor,
        choice: ChoiceId,
        /// The choice produced a public event.
        shown: bool,
    },
}

impl Change<'_> {
    /// Whether `actor`'s clock that ran before this change still runs: its decision was
    /// pending with a clock, and the change did not complete an action of that actor
    /// ([`clocks::carries`]: a cancel or a parameter keeps the period, a completed action
    /// or a pass starts a new one).
    fn carries_clock(&self, actor: Actor) -> bool {
        let (before, carried) = match *self {
            Change::Start => return false,
            Change::Seats(before) => (before, true),
            Change::Choice {
                before,
                actor: mover,
                choice,
                shown,
            } => {
                let step = clocks::Step {
                    mover,
                    timeout_choice: before.timeout_choice(mover) == Some(choice),
                    shown,
                };
                (before, clocks::carries(actor, step))
            }
        };
        carried
            && before
                .pending()
                .iter()
                .any(|&p| p.actor == actor && before.deadline_secs(p).is_some())
    }
}
