//! What a table says about time: the game clock, the time to move, the days per move and
//! who is on vacation until when. Read once here for every front end's table.

use vliv_engine::Seat;

use super::{days_per_move, DeadlineKind, GameRecord, Service, ServiceResult, Status};

/// The times of a game's table, as unix ms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnTimes {
    /// When the game's own clock runs out (the waiting line shows it).
    pub clock_until: Option<i64>,
    pub days_per_move: Option<i64>,
    /// When the server's time to move ends (none while a game clock runs: the table shows
    /// that one).
    pub turn_ends: Option<i64>,
    /// Seats whose players are on vacation, with when it ends.
    pub vacations: Vec<(Seat, i64)>,
}

impl Service {
    /// The times the game's table shows now.
    pub async fn turn_times(&self, rec: &GameRecord) -> ServiceResult<TurnTimes> {
        let running = rec.status == Status::Running;
        let deadlines = match running {
            true => self.store.deadlines(rec.id).await?,
            false => Vec::new(),
        };
        let due = |clock: bool| {
            deadlines
                .iter()
                .filter(|d| matches!(d.kind, DeadlineKind::Clock(_)) == clock)
                .filter(|d| clock || d.kind == DeadlineKind::Timeout)
                .map(|d| d.due_ms)
                .min()
        };
        let clock_until = due(true);
        Ok(TurnTimes {
            clock_until,
            days_per_move: days_per_move(&rec.options),
            turn_ends: clock_until.is_none().then(|| due(false)).flatten(),
            vacations: match running {
                true => self.vacations_at(rec).await?,
                false => Vec::new(),
            },
        })
    }
}
