//! How long a player has for a decision: the server's turn timeout or the lobby's days per
//! move, counted from the end of the player's vacation and, where the server lets clocks
//! sleep, only in the player's waking hours. This computes deadlines; `timers` fires them.

use vliv_engine::{Actor, DecisionKind, GameState, OptionValue, OptionValues};

use super::{
    is_automatic,
    player_time::player_time,
    quiet::{clock_sleeps, PlayerTime, DAY_MS, MINUTE_MS},
    GameRecord, GuildConfig, Service, ServiceError, ServiceResult,
};

/// The lobby option of async games: days per move instead of the server's turn timeout.
pub const DAYS_PER_MOVE: &str = "days_per_move";
pub const DAYS_PER_MOVE_CHOICES: [i64; 4] = [1, 2, 3, 7];

/// The lobby's days per move, if it set them.
pub fn days_per_move(options: &OptionValues) -> Option<i64> {
    match options.get(DAYS_PER_MOVE) {
        Some(OptionValue::Int(days)) => Some(*days),
        _ => None,
    }
}

/// The options the game itself reads: days per move and hints belong to the session.
pub fn game_options(options: &OptionValues) -> OptionValues {
    let mut options = options.clone();
    options.remove(DAYS_PER_MOVE);
    options.remove(super::HINTS);
    options.remove(super::HINTED);
    options
}

pub(super) fn check_days_per_move(options: &OptionValues) -> ServiceResult<()> {
    match options.get(DAYS_PER_MOVE) {
        None => Ok(()),
        Some(OptionValue::Int(d)) if DAYS_PER_MOVE_CHOICES.contains(d) => Ok(()),
        Some(_) => Err(ServiceError::BadOption(format!(
            "{DAYS_PER_MOVE} must be 1, 2, 3 or 7"
        ))),
    }
}

/// When a player's clock starts and how it counts.
pub(super) struct Pace {
    start: i64,
    /// The player whose quiet hours the clock sleeps through.
    sleeper: Option<PlayerTime>,
}

impl Pace {
    /// The moment `active_ms` of the player's time have run.
    pub(super) fn due(&self, active_ms: i64) -> i64 {
        match &self.sleeper {
            Some(player) => player.awake_deadline(self.start, active_ms),
            None => self.start + active_ms,
        }
    }

    /// How much of the player's clock runs from `from_ms` to `to_ms`.
    pub(super) fn awake(&self, from_ms: i64, to_ms: i64) -> i64 {
        match &self.sleeper {
            Some(player) => player.awake_between(from_ms, to_ms),
            None => (to_ms - from_ms).max(0),
        }
    }
}

impl Service {
    /// The pace of `actor`'s clock of `duration_ms`. Only a user's own decision that
    /// nobody else answers at the same time waits for their vacation or sleeps with them:
    /// a reaction window or a trading period runs as the game set it.
    pub(super) async fn pace(
        &self,
        rec: &GameRecord,
        state: &dyn GameState,
        actor: Actor,
        duration_ms: i64,
        cfg: &GuildConfig,
        now: i64,
    ) -> ServiceResult<Pace> {
        let plain = Pace {
            start: now,
            sleeper: None,
        };
        let Actor::Seat(seat) = actor else {
            return Ok(plain);
        };
        let Some(user) = rec.seats.get(seat as usize).and_then(|h| h.user()) else {
            return Ok(plain);
        };
        let pending = state.pending();
        let Some(mine) = pending.iter().find(|p| p.actor == actor) else {
            return Ok(plain);
        };
        let alone = pending
            .iter()
            .all(|p| p.actor == actor || is_automatic(rec, p.actor));
        let own_move = matches!(
            mine.kind,
            DecisionKind::Move | DecisionKind::Setup | DecisionKind::Scoring
        );
        if !alone || !own_move {
            return Ok(plain);
        }
        let (vacation_until, time) = self.store.pace_facts(rec.guild, user, now).await?;
        let sleeper = match clock_sleeps(cfg.sleeping_clocks, duration_ms, mine.kind, alone) {
            true => time
                .as_ref()
                .and_then(player_time)
                .filter(|t| t.quiet.is_some()),
            false => None,
        };
        Ok(Pace {
            start: vacation_until.map_or(now, |until| until.max(now)),
            sleeper,
        })
    }

    /// A game clock of `secs` for `actor`, set now.
    pub(super) async fn clock_due(
        &self,
        rec: &GameRecord,
        state: &dyn GameState,
        actor: Actor,
        secs: u64,
        cfg: &GuildConfig,
        now: i64,
    ) -> ServiceResult<i64> {
        let duration = secs as i64 * 1000;
        let pace = self.pace(rec, state, actor, duration, cfg, now).await?;
        Ok(pace.due(duration))
    }

    /// The server's turn timeout (or the lobby's days per move) set now, and its first
    /// reminder if it comes before the timeout.
    pub(super) async fn turn_deadlines(
        &self,
        rec: &GameRecord,
        state: &dyn GameState,
        cfg: &GuildConfig,
        now: i64,
    ) -> ServiceResult<(i64, Option<i64>)> {
        let (total, first) = turn_lengths(rec, cfg);
        let pace = self
            .pace(rec, state, waiting_user(rec, state), total, cfg, now)
            .await?;
        let timeout = pace.due(total);
        Ok((timeout, first.map(|r| pace.due(r)).filter(|&r| r < timeout)))
    }

    /// The reminder after one that fired now: the server's interval again, or for days
    /// per move the one at 90 % (the first came at half time).
    pub(super) async fn next_reminder(
        &self,
        rec: &GameRecord,
        state: &dyn GameState,
        cfg: &GuildConfig,
    ) -> ServiceResult<i64> {
        let now = self.now_ms();
        let (total, _) = turn_lengths(rec, cfg);
        let interval = match days_per_move(&rec.options) {
            Some(_) => total * 2 / 5,
            None => cfg.reminder_minutes.max(1) as i64 * MINUTE_MS,
        };
        let pace = self
            .pace(rec, state, waiting_user(rec, state), total, cfg, now)
            .await?;
        Ok(pace.due(interval))
    }
}

/// The turn's length and its first reminder, from the start of the turn.
pub(super) fn turn_lengths(rec: &GameRecord, cfg: &GuildConfig) -> (i64, Option<i64>) {
    match days_per_move(&rec.options) {
        Some(days) => (days * DAY_MS, Some(days * DAY_MS / 2)),
        None => (
            cfg.timeout_minutes as i64 * MINUTE_MS,
            (cfg.reminder_minutes > 0).then(|| cfg.reminder_minutes as i64 * MINUTE_MS),
        ),
    }
}

/// The user seat the server's timeout waits for (the first of them).
fn waiting_user(rec: &GameRecord, state: &dyn GameState) -> Actor {
    state
        .pending()
        .iter()
        .map(|p| p.actor)
        .find(|&a| !is_automatic(rec, a))
        .unwrap_or(Actor::System)
}
