//! A user's click on their decision, and the decisions a user faces now.

use vliv_engine::Actor;

use super::error::read_only;
use super::{
    ensure_running, Click, GameId, GameRecord, PendingMenu, Report, SeatHolder, Service,
    ServiceError, ServiceResult, Status, UserId,
};

impl Service {
    /// Applies a user's click. Committed before it returns `Ok`; AI seats then move.
    pub async fn play(&self, user: UserId, click: Click) -> ServiceResult<Report> {
        let _guard = self.lock(click.game).await;
        match self.play_locked(user, click).await {
            // Another writer (a fleet's other process) moved the game since it was read:
            // the write changed nothing; the click is judged again on the stored game
            // (applied, already applied, or out of date), never written over it.
            Err(ServiceError::Conflict) => self.play_locked(user, click).await,
            answered => answered,
        }
    }

    async fn play_locked(&self, user: UserId, click: Click) -> ServiceResult<Report> {
        let rec = self.game(click.game).await?;
        let holder = rec
            .seats
            .get(click.seat as usize)
            .ok_or(ServiceError::NotAPlayer)?;
        if *holder != SeatHolder::User(user) {
            return Err(match rec.seat_of(user) {
                Some(_) => ServiceError::NotAPlayer,
                None => self.not_seated(&rec, user).await,
            });
        }
        let actor = Actor::Seat(click.seat);
        let current = rec.counters.get(click.seat as usize).copied().unwrap_or(0);
        if rec.status != Status::Lobby && click.counter != current {
            let earlier = match click.counter < current {
                true => {
                    self.store
                        .move_at_counter(rec.id, actor, click.counter)
                        .await?
                }
                false => None,
            };
            return Err(match earlier {
                Some(choice) if choice == click.choice => ServiceError::AlreadyApplied,
                _ => ServiceError::Stale,
            });
        }
        ensure_running(&rec)?;
        let state = self.live(&rec)?;
        if !state.pending().iter().any(|p| p.actor == actor) {
            return Err(ServiceError::NotYourTurn);
        }
        let cfg = self.game_config(&rec).await?;
        let mut report = Report::of(rec);
        let state = self
            .commit(&mut report, state, actor, click.choice, &cfg, None)
            .await?;
        self.run_automatic(&mut report, state, &cfg).await;
        Ok(report)
    }

    /// The decisions `user` faces in a game now (one per seat they hold that is pending).
    pub async fn pending_menus(
        &self,
        game: GameId,
        user: UserId,
    ) -> ServiceResult<Vec<PendingMenu>> {
        read_only(
            async {
                let rec = self.game(game).await?;
                self.pending_menus_in(&rec, user)
            }
            .await,
        )
    }

    /// The decisions `user` faces in the game as `rec` holds it: a view drawn from the same
    /// `rec` then shows the state those menus belong to, even when the game moved since.
    pub fn pending_menus_in(
        &self,
        rec: &GameRecord,
        user: UserId,
    ) -> ServiceResult<Vec<PendingMenu>> {
        if rec.status != Status::Running {
            return Ok(Vec::new());
        }
        let state = self.live(rec)?;
        Ok(state
            .pending()
            .iter()
            .filter_map(|p| match p.actor {
                Actor::Seat(s) if rec.seats[s as usize] == SeatHolder::User(user) => {
                    Some(PendingMenu {
                        game: rec.id,
                        seat: s,
                        counter: rec.counters[s as usize],
                        menu: state.menu(p.actor)?,
                    })
                }
                _ => None,
            })
            .collect())
    }
}
