//! Vacations: a player pauses their clocks in every running game of a server for up to N
//! days, from a yearly allowance the server's admin sets. No stalling: never beyond the
//! allowance, and never while others wait for the player's answer right now.

use jiff::{civil::Date, tz::TimeZone, Timestamp};
use vliv_engine::{Actor, DecisionKind, GameState, Seat};

use super::Vacation;
use super::{
    is_automatic,
    pace::{turn_lengths, Pace},
    quiet::DAY_MS,
    Caller, Deadline, DeadlineKind, GameId, GameRecord, GuildId, Service, ServiceError,
    ServiceResult, Status, UserId,
};

/// The most running games of one server a vacation looks at.
const MAX_GAMES: i64 = 1_000;

/// A vacation begun or ended, with the player's running games of the server (their tables
/// say so) and how many of them had a clock moved.
#[derive(Clone, Debug)]
pub struct VacationReport {
    pub vacation: Vacation,
    pub games: Vec<GameRecord>,
    pub paused: usize,
    /// Days of the year's allowance left after it.
    pub days_left: u32,
}

/// How a game waits for one seat now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Waiting {
    No,
    /// The seat's own decision, nobody else's at the same time: its clock can pause.
    Alone,
    /// A reaction window: another player's turn waits for the answer.
    Reaction,
    /// A step others take at the same time (trading, a simultaneous choice).
    Shared,
}

fn waiting(rec: &GameRecord, state: &dyn GameState, seat: Seat) -> Waiting {
    let pending = state.pending();
    let actor = Actor::Seat(seat);
    let Some(mine) = pending.iter().find(|p| p.actor == actor) else {
        return Waiting::No;
    };
    if matches!(mine.kind, DecisionKind::Reaction) {
        return Waiting::Reaction;
    }
    let others = pending
        .iter()
        .any(|p| p.actor != actor && !is_automatic(rec, p.actor));
    match others || matches!(mine.kind, DecisionKind::Trade) {
        true => Waiting::Shared,
        false => Waiting::Alone,
    }
}

/// 1 January of `at_ms`'s year, 00:00 UTC: allowances count calendar years.
fn year_start(at_ms: i64) -> i64 {
    let year = Timestamp::from_millisecond(at_ms)
        .map(|t| t.to_zoned_datetime(TimeZone::UTC).year())
        .unwrap_or(1970);
    Date::new(year, 1, 1)
        .ok()
        .and_then(|d| TimeZone::UTC.to_timestamp(d.at(0, 0, 0, 0)).ok())
        .map_or(0, |t| t.as_millisecond())
}

/// The days a vacation takes from the allowance: each day begun counts.
fn days_taken(v: &Vacation) -> u32 {
    let ms = (v.until() - v.starts_at).max(0);
    ((ms + DAY_MS - 1) / DAY_MS) as u32
}

impl Service {
    /// Days of this calendar year's allowance the player has not taken in this server.
    pub async fn vacation_days_left(&self, guild: GuildId, user: UserId) -> ServiceResult<u32> {
        let cfg = self.store.guild_config(guild).await?;
        let taken: u32 = self
            .store
            .vacations_since(guild, user, year_start(self.now_ms()))
            .await?
            .iter()
            .map(days_taken)
            .sum();
        Ok(cfg.vacation_days.saturating_sub(taken))
    }

    /// Starts a vacation of `days`: every running game of the server whose clock runs for
    /// the player keeps its remaining time for after it.
    pub async fn start_vacation(
        &self,
        guild: GuildId,
        user: UserId,
        days: u32,
    ) -> ServiceResult<VacationReport> {
        let now = self.now_ms();
        if let Some(v) = self.store.current_vacation(guild, user, now).await? {
            return Err(ServiceError::OnVacation { until: v.until() });
        }
        let left = self.vacation_days_left(guild, user).await?;
        if days == 0 || days > left {
            return Err(ServiceError::VacationAllowance { left });
        }
        let games = self
            .store
            .seated_games(guild, user, &[Status::Running], MAX_GAMES)
            .await?;
        for rec in &games {
            let Some(seat) = rec.seat_of(user) else {
                continue;
            };
            match waiting(rec, self.live(rec)?.as_ref(), seat) {
                Waiting::Reaction => return Err(ServiceError::VacationInReaction { game: rec.id }),
                Waiting::Shared => return Err(ServiceError::VacationInSharedStep { game: rec.id }),
                Waiting::No | Waiting::Alone => {}
            }
        }
        let ends_at = now + days as i64 * DAY_MS;
        let vacation = self
            .store
            .insert_vacation(guild, user, now, ends_at)
            .await?
            .ok_or(ServiceError::OnVacation { until: ends_at })?;
        let away = ends_at - now;
        let mut paused = 0;
        for rec in &games {
            if self
                .shift_clocks(rec.id, user, |due, _| Some(due + away))
                .await?
            {
                paused += 1;
            }
        }
        tracing::info!(%guild, %user, days, paused, "vacation started");
        Ok(VacationReport {
            vacation,
            games,
            paused,
            days_left: left - days,
        })
    }

    /// Ends the player's vacation now: they returned early, or an admin ends it. Each
    /// paused clock runs on with the time it had left.
    pub async fn end_vacation(
        &self,
        guild: GuildId,
        caller: Caller,
        user: UserId,
    ) -> ServiceResult<VacationReport> {
        if caller.user != user && !caller.is_admin {
            return Err(ServiceError::NotAdmin);
        }
        let now = self.now_ms();
        let mut vacation = self
            .store
            .current_vacation(guild, user, now)
            .await?
            .ok_or(ServiceError::NotOnVacation)?;
        if !self
            .store
            .end_vacation(vacation.id, now, caller.user)
            .await?
        {
            return Err(ServiceError::NotOnVacation);
        }
        vacation.ended_at = Some(now);
        vacation.ended_by = Some(caller.user);
        let planned_end = vacation.ends_at;
        let games = self
            .store
            .seated_games(guild, user, &[Status::Running], MAX_GAMES)
            .await?;
        let mut paused = 0;
        for rec in &games {
            // A clock pushed past the planned end runs on with the time it had beyond it,
            // counted as the clock counts (without the player's quiet hours if it sleeps).
            let back = |due: i64, pace: &Pace| {
                (due >= planned_end).then(|| pace.due(pace.awake(planned_end, due)))
            };
            if self.shift_clocks(rec.id, user, back).await? {
                paused += 1;
            }
        }
        tracing::info!(%guild, %user, by = %caller.user, "vacation ended");
        Ok(VacationReport {
            vacation,
            games,
            paused,
            days_left: self.vacation_days_left(guild, user).await?,
        })
    }

    /// The running games of players whose vacations ran their course after `after_ms` and
    /// by now: their tables stop saying "on vacation".
    pub async fn vacations_over(&self, after_ms: i64) -> ServiceResult<Vec<GameRecord>> {
        let mut games: Vec<GameRecord> = Vec::new();
        for v in self.store.vacations_ending(after_ms, self.now_ms()).await? {
            for rec in self
                .store
                .seated_games(v.guild, v.user, &[Status::Running], MAX_GAMES)
                .await?
            {
                if games.iter().all(|g| g.id != rec.id) {
                    games.push(rec);
                }
            }
        }
        Ok(games)
    }

    /// The seats of a game whose players are on vacation now, with when it ends.
    pub async fn vacations_at(&self, rec: &GameRecord) -> ServiceResult<Vec<(Seat, i64)>> {
        let now = self.now_ms();
        let mut out = Vec::new();
        for (seat, holder) in rec.seats.iter().enumerate() {
            let Some(user) = holder.user() else {
                continue;
            };
            if let Some(v) = self.store.current_vacation(rec.guild, user, now).await? {
                out.push((seat as Seat, v.until()));
            }
        }
        Ok(out)
    }

    /// Moves the player's turn deadlines of one game by `shift` (`None`: left as they
    /// are; it gets the pace of the player's clock from now), when the game waits for the
    /// player alone; true if any moved.
    async fn shift_clocks(
        &self,
        game: GameId,
        user: UserId,
        shift: impl Fn(i64, &Pace) -> Option<i64>,
    ) -> ServiceResult<bool> {
        let _guard = self.lock(game).await;
        let rec = self.game(game).await?;
        let Some(seat) = rec.seat_of(user) else {
            return Ok(false);
        };
        if rec.status != Status::Running {
            return Ok(false);
        }
        let state = self.live(&rec)?;
        if waiting(&rec, state.as_ref(), seat) != Waiting::Alone {
            return Ok(false);
        }
        let cfg = self.game_config(&rec).await?;
        let actor = Actor::Seat(seat);
        let clock_secs = state
            .pending()
            .iter()
            .find(|p| p.actor == actor)
            .and_then(|&p| state.deadline_secs(p));
        let duration = clock_secs.map_or_else(|| turn_lengths(&rec, &cfg).0, |s| s as i64 * 1000);
        let pace = self
            .pace(&rec, state.as_ref(), actor, duration, &cfg, self.now_ms())
            .await?;
        let stored = self.store.deadlines(game).await?;
        let mut changed = false;
        let deadlines: Vec<Deadline> = stored
            .into_iter()
            .map(|mut d| {
                let player_clock = matches!(d.kind, DeadlineKind::Timeout | DeadlineKind::Reminder)
                    || d.kind == DeadlineKind::Clock(Actor::Seat(seat));
                if let Some(due) = player_clock.then(|| shift(d.due_ms, &pace)).flatten() {
                    changed |= due != d.due_ms;
                    d.due_ms = due;
                }
                d
            })
            .collect();
        if changed {
            self.store.set_deadlines(game, &deadlines).await?;
            self.clock_set.notify_one();
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allowances_count_calendar_years_in_utc() {
        let march: i64 = "2026-03-15T10:00:00Z"
            .parse::<Timestamp>()
            .unwrap()
            .as_millisecond();
        let new_year: i64 = "2026-01-01T00:00:00Z"
            .parse::<Timestamp>()
            .unwrap()
            .as_millisecond();
        assert_eq!(year_start(march), new_year);
        assert_eq!(year_start(new_year), new_year);
        assert_eq!(year_start(new_year - 1), new_year - 365 * DAY_MS);
    }

    #[test]
    fn each_day_begun_counts() {
        let v = |hours: i64| Vacation {
            id: 1,
            guild: GuildId(1),
            user: UserId(1),
            starts_at: 0,
            ends_at: 7 * DAY_MS,
            ended_at: Some(hours * 3_600_000),
            ended_by: Some(UserId(1)),
        };
        assert_eq!(days_taken(&v(0)), 0);
        assert_eq!(days_taken(&v(1)), 1);
        assert_eq!(days_taken(&v(24)), 1);
        assert_eq!(days_taken(&v(25)), 2);
        assert_eq!(days_taken(&v(24 * 30)), 7);
    }
}
