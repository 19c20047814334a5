//! Hints and reviews: "what would the AI do?" on a player's turn, and, once a game has
//! ended, each decision of a seat judged against the search's best choice. Both read the
//! game only through determinizations for the seat (the engine's `ai::hint` and
//! `ai::review`), run off the runtime's worker threads, and are bounded: a hint waits for
//! the AI seats' pool, a review for one of a few review slots, so one user cannot stall
//! the bot. A game in which a hint was given is marked and no longer rated.

use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use vliv_engine::{
    ai::{HintChoice, Review, SearchConfig},
    registry::GameKind,
    Actor, ChoiceId, GameState, OptionValue, OptionValues, Seat,
};

use super::{find_kind, AiBudget, GameRecord, Service, ServiceError, ServiceResult, Status};

/// The lobby option that turns hints off for a game (`hints=off`).
pub const HINTS: &str = "hints";
/// Set on a game's options once a hint was given in it: the game is no longer rated.
pub const HINTED: &str = "hinted";

/// The most reviews that run at once in one process; more wait in line.
pub const MAX_REVIEWS_AT_ONCE: usize = 4;

/// How many reviews run at once here: half the cores (at least one, at most
/// [`MAX_REVIEWS_AT_ONCE`]), so reviews leave the AI seats' pool and the runtime cores to
/// think and answer on.
pub fn reviews_at_once() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (cores / 2).clamp(1, MAX_REVIEWS_AT_ONCE)
}

/// Whether the lobby turned hints off.
pub fn hints_off(options: &OptionValues) -> bool {
    match options.get(HINTS) {
        Some(OptionValue::Bool(on)) => !on,
        Some(OptionValue::Str(s)) => s == "off",
        _ => false,
    }
}

/// Whether a hint was given in the game.
pub fn hinted(options: &OptionValues) -> bool {
    matches!(options.get(HINTED), Some(OptionValue::Bool(true)))
}

/// `hints=off` or `hints=on` (or a yes/no): anything else is a bad option.
pub(super) fn check_hints_option(options: &OptionValues) -> ServiceResult<()> {
    match options.get(HINTS) {
        None | Some(OptionValue::Bool(_)) => Ok(()),
        Some(OptionValue::Str(s)) if s == "on" || s == "off" => Ok(()),
        Some(_) => Err(ServiceError::BadOption(format!(
            "{HINTS} must be on or off"
        ))),
    }
    .and_then(|()| match options.get(HINTED) {
        // Only the service marks a game as hinted.
        None => Ok(()),
        Some(_) => Err(ServiceError::BadOption(format!("unknown option {HINTED}"))),
    })
}

/// A hint for the asker's pending decision.
#[derive(Clone, Debug)]
pub struct Hint {
    pub game: GameRecord,
    pub seat: Seat,
    /// Best first, at most three.
    pub choices: Vec<HintChoice>,
}

/// The review slots of one process.
#[derive(Clone)]
pub(super) struct ReviewSlots(Arc<Semaphore>);

impl ReviewSlots {
    pub(super) fn new(at_once: usize) -> ReviewSlots {
        ReviewSlots(Arc::new(Semaphore::new(at_once.max(1))))
    }
}

/// A review checked and ready to run: `queued` when every review slot is taken, so the
/// asker may be told before it waits for one. [`ReviewJob::finish`] runs it.
pub struct ReviewJob {
    pub game: GameRecord,
    pub seat: Seat,
    pub queued: bool,
    permit: Option<OwnedSemaphorePermit>,
    slots: Arc<Semaphore>,
    start: Box<dyn GameState>,
    moves: Vec<(Actor, ChoiceId)>,
    cfg: SearchConfig,
    seed: u64,
}

impl ReviewJob {
    /// Waits for a review slot (when queued) and reviews the game on a blocking thread.
    pub async fn finish(self) -> ServiceResult<Review> {
        let permit = match self.permit {
            Some(p) => p,
            None => self
                .slots
                .acquire_owned()
                .await
                .map_err(|_| ServiceError::Conflict)?,
        };
        let (start, moves, seat, cfg, seed) =
            (self.start, self.moves, self.seat, self.cfg, self.seed);
        let game = self.game.id;
        let reviewed = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            start.ai_review_with(&moves, seat, &cfg, seed)
        })
        .await;
        match reviewed {
            Ok(Ok(review)) => Ok(review),
            Ok(Err(e)) => {
                tracing::warn!(game, error = %e, "a review's moves did not replay");
                Err(ServiceError::Storage(crate::store::StoreError::Corrupt(
                    e.to_string(),
                )))
            }
            Err(e) => {
                tracing::error!(game, error = %e, "a review's search failed");
                Err(ServiceError::Conflict)
            }
        }
    }
}

impl Service {
    /// The search a hint or a review runs under this service's AI budget: the level's
    /// timed search in the bot, the same iterations without the clock in the console, a
    /// fixed small budget in tests.
    fn teaching_config(
        &self,
        kind: &'static dyn GameKind,
        timed: fn(&dyn GameKind) -> SearchConfig,
    ) -> SearchConfig {
        match self.thinking.budget() {
            AiBudget::Levels => timed(kind),
            AiBudget::Untimed => SearchConfig {
                time_limit: None,
                ..timed(kind)
            },
            AiBudget::Iterations(n) => kind.search_iterations(n),
            AiBudget::Random => kind.search_iterations(8),
        }
    }

    /// The three best choices of `user`'s pending decision in the running game `rec`, from
    /// their seat's information only. Refused where the server or the lobby turned hints
    /// off, or when the user has nothing to decide. The game is marked as hinted before
    /// the hint is returned.
    pub async fn hint(&self, rec: &GameRecord, user: super::UserId) -> ServiceResult<Hint> {
        super::ensure_running(rec)?;
        let seat = rec.seat_of(user).ok_or(ServiceError::NotAPlayer)?;
        if hints_off(&rec.options) {
            return Err(ServiceError::HintsOff { by_server: false });
        }
        if !self.game_config(rec).await?.hints {
            return Err(ServiceError::HintsOff { by_server: true });
        }
        let state = self.live(rec)?;
        if state.menu(Actor::Seat(seat)).is_none() {
            return Err(ServiceError::NotYourTurn);
        }
        let kind = find_kind(&rec.kind)?;
        let cfg = self.teaching_config(kind, |k| k.hint_config());
        // The same hint for the same position.
        let seed = vliv_engine::ai::move_seed(rec.seed, rec.moves_stored(), seat);
        let choices = self
            .thinking
            .run(rec.guild, move || state.ai_hint_with(seat, &cfg, seed))
            .await
            .ok_or(ServiceError::Conflict)?;
        if choices.is_empty() {
            return Err(ServiceError::NotYourTurn);
        }
        let game = self.mark_hinted(rec.id).await?;
        tracing::info!(game = rec.id, seat, "hint given");
        Ok(Hint {
            game,
            seat,
            choices,
        })
    }

    /// Marks the game as hinted (once): it will not be rated.
    async fn mark_hinted(&self, game: super::GameId) -> ServiceResult<GameRecord> {
        let _guard = self.lock(game).await;
        let mut rec = self.game(game).await?;
        if hinted(&rec.options) {
            return Ok(rec);
        }
        rec.options.insert(HINTED.into(), OptionValue::Bool(true));
        let before = rec.version;
        rec.version += 1;
        self.store.update_game(&rec, before, None).await?;
        Ok(rec)
    }

    /// A review of `seat`'s decisions in the ended game `rec`, ready to run. A running game
    /// is refused: its moves would tell the other seats' hidden cards.
    pub async fn review(&self, rec: &GameRecord, seat: Seat) -> ServiceResult<ReviewJob> {
        match rec.status {
            Status::Finished | Status::Abandoned if rec.snapshot.is_some() => {}
            Status::Lobby => return Err(ServiceError::NotRunning),
            _ => return Err(ServiceError::ReviewWhileRunning),
        }
        if usize::from(seat) >= rec.seats.len() {
            return Err(ServiceError::NoSuchSeat(u32::from(seat) + 1));
        }
        let kind = find_kind(&rec.kind)?;
        let (start, _) = self.replay(rec, Some(0)).await?;
        let (_, moves) = self.replay(rec, None).await?;
        let moves = moves.iter().map(|(m, _)| (m.actor, m.choice)).collect();
        let cfg = self.teaching_config(kind, |k| k.review_config());
        let permit = self.reviews.0.clone().try_acquire_owned().ok();
        Ok(ReviewJob {
            game: rec.clone(),
            seat,
            queued: permit.is_none(),
            permit,
            slots: self.reviews.0.clone(),
            start,
            moves,
            cfg,
            seed: rec.seed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lobby_option_reads_on_and_off() {
        let with = |v: OptionValue| OptionValues::from([(HINTS.to_owned(), v)]);
        assert!(hints_off(&with(OptionValue::Str("off".into()))));
        assert!(hints_off(&with(OptionValue::Bool(false))));
        assert!(!hints_off(&with(OptionValue::Str("on".into()))));
        assert!(!hints_off(&with(OptionValue::Bool(true))));
        assert!(!hints_off(&OptionValues::new()));
        assert!(check_hints_option(&with(OptionValue::Str("off".into()))).is_ok());
        assert!(check_hints_option(&with(OptionValue::Str("maybe".into()))).is_err());
        assert!(check_hints_option(&with(OptionValue::Int(3))).is_err());
        let forged = OptionValues::from([(HINTED.to_owned(), OptionValue::Bool(false))]);
        assert!(check_hints_option(&forged).is_err());
    }
}
