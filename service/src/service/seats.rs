//! Handing a seat of a running game to another member (`/game substitute`): the new holder
//! plays on with the seat's hand and counters; the former one loses access at once, and
//! their old buttons are answered with why.

use vliv_engine::Seat;

use super::{
    ensure_running, Caller, GameId, GameRecord, SeatHolder, Service, ServiceError, ServiceResult,
    UserId,
};
use crate::store::SeatChange;

/// A seat that changed hands, with the game as stored after it.
#[derive(Clone, Debug)]
pub struct HandOver {
    pub game: GameRecord,
    pub change: SeatChange,
}

impl Service {
    /// Hands `seat` (the caller's own when `None`) to `to`. The seat's player may hand over
    /// their own seat; an admin any seat, an AI seat included.
    pub async fn substitute(
        &self,
        game: GameId,
        caller: Caller,
        seat: Option<Seat>,
        to: UserId,
    ) -> ServiceResult<HandOver> {
        let _guard = self.lock(game).await;
        let mut rec = self.game(game).await?;
        ensure_running(&rec)?;
        let seat = match seat {
            Some(s) if (s as usize) < rec.seats.len() => s,
            Some(s) => return Err(ServiceError::NoSuchSeat(s as u32 + 1)),
            None => rec.seat_of(caller.user).ok_or(ServiceError::NotAPlayer)?,
        };
        let from = rec.seats[seat as usize];
        if from != SeatHolder::User(caller.user) && !caller.is_admin {
            return Err(ServiceError::NotYourSeat);
        }
        if rec.seat_of(to).is_some() {
            return Err(ServiceError::AlreadySeated);
        }
        let before = rec.version;
        rec.seats[seat as usize] = SeatHolder::User(to);
        // The former holder's agreement to a draw is not the new one's.
        rec.draw_offers.retain(|&s| s != seat);
        rec.version += 1;
        let change = SeatChange {
            game,
            at_move: 0,
            seat,
            from: from.user(),
            to,
            by: caller.user,
            at_ms: self.now_ms(),
        };
        let change = self.store.hand_over_seat(&rec, before, &change).await?;
        // A spectator who takes a seat watches through their hand from now on.
        self.store.remove_spectator(game, to).await?;
        tracing::info!(game, guild = %rec.guild, seat, "seat handed over");
        Ok(HandOver { game: rec, change })
    }

    /// Why `user`, who holds no seat of `rec` now, may not act in it: their seat was handed
    /// to someone else, or they never played it.
    pub async fn not_seated(&self, rec: &GameRecord, user: UserId) -> ServiceError {
        match self.store.handed_over(rec.id, user).await {
            Ok(true) => ServiceError::SeatHandedOver,
            Ok(false) => ServiceError::NotAPlayer,
            Err(e) => e.into(),
        }
    }
}
