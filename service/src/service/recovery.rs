//! Start-up checks of stored games: a running game continues only if its rules version is
//! the current one and replaying its moves from the seed reproduces its snapshot. Anything
//! else is frozen with a message, never silently diverged.

use vliv_engine::{registry, Event, GameState};

use super::{Ending, GameId, GameRecord, MoveRecord, Service, ServiceError, ServiceResult, Status};
use crate::store::Platform;

/// Why a stored game cannot continue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FreezeReason {
    UnknownGame(String),
    RulesChanged {
        stored: u32,
        current: u32,
    },
    /// The moves do not apply, or do not lead to the stored snapshot.
    Diverged {
        at_move: usize,
    },
    /// The game began with other component data than the data in force now.
    DataChanged,
}

impl FreezeReason {
    /// The bot's fluent message explaining the freeze.
    pub fn key(&self) -> &'static str {
        match self {
            FreezeReason::UnknownGame(_) => "frozen-unknown-game",
            FreezeReason::RulesChanged { .. } => "frozen-rules-changed",
            FreezeReason::Diverged { .. } => "frozen-diverged",
            FreezeReason::DataChanged => "frozen-data-changed",
        }
    }
}

/// What start-up found.
#[derive(Clone, Debug, Default)]
pub struct Recovery {
    /// Running games that replay to their snapshot: tables to re-render, deadlines kept.
    pub resumed: Vec<GameRecord>,
    /// Those of `resumed` that started or moved within [`ENDED_LATELY`] before the start:
    /// the last process may have died between a move's commit and the table's edit. Matrix
    /// edits only these (an edit there is an event); Discord re-renders these first.
    pub moved_lately: Vec<GameId>,
    /// Games frozen now, each with why (the front end says so in the channel).
    pub frozen: Vec<(GameRecord, FreezeReason)>,
    /// Games that ended within [`ENDED_LATELY`] before the start: the last process may have
    /// been killed between a final move's commit and the table's edit that shows the result.
    pub ended: Vec<GameRecord>,
    /// Running games last written by a newer release (rolling upgrade, rollback): left as
    /// they are, neither resumed nor frozen, for that release to go on with.
    pub newer: Vec<GameId>,
}

/// How long before a start a game's end may still lack its table. A process killed and
/// restarted by its supervisor is back within seconds; a longer outage leaves older
/// finished tables as they are rather than editing every table of the day at each start.
pub const ENDED_LATELY: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// Rebuilds a game from its seed and moves, with each move's events.
pub(super) type Replayed = (Box<dyn GameState>, Vec<(MoveRecord, Vec<Event>)>);

/// Rebuilds a game from its seed and moves over `data` (the override in force; `None`: the
/// embedded data).
pub(super) fn replay(
    rec: &GameRecord,
    moves: &[MoveRecord],
    data: Option<&str>,
) -> Result<Replayed, FreezeReason> {
    let kind =
        registry::find(&rec.kind).ok_or_else(|| FreezeReason::UnknownGame(rec.kind.clone()))?;
    if !kind.replays_from(rec.rules_version) {
        return Err(FreezeReason::RulesChanged {
            stored: rec.rules_version,
            current: kind.rules_version(),
        });
    }
    // A game stored under older rules that still replay: the moves those rules never made
    // are inserted before the stored move they precede, their events joined to its own.
    let from = (rec.rules_version != kind.rules_version()).then_some(rec.rules_version);
    let options = super::game_options(&rec.options);
    let mut state = match data {
        Some(data) => kind.new_game_with_data(&options, rec.seats.len(), rec.seed, data),
        None => kind.new_game(&options, rec.seats.len(), rec.seed),
    }
    .map_err(|_| FreezeReason::Diverged { at_move: 0 })?;
    let mut log = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        let diverged = |_| FreezeReason::Diverged { at_move: i + 1 };
        let mut events = Vec::new();
        if let Some(from) = from {
            while let Some((actor, choice)) = state.upgrade_move(from, Some(mv.actor)) {
                events.extend(state.apply(actor, choice).map_err(diverged)?);
            }
        }
        events.extend(state.apply(mv.actor, mv.choice).map_err(diverged)?);
        log.push((mv.clone(), events));
    }
    Ok((state, log))
}

/// The end of a game stored under older rules (`from`): the moves the current rules ask
/// for after the last stored one, when the game stood there under the old rules (a list
/// written under them alone); `None` when none are asked for.
fn upgraded_end(state: &dyn GameState, from: u32) -> Option<Box<dyn GameState>> {
    let mut end = state.clone_box();
    let mut any = false;
    while let Some((actor, choice)) = end.upgrade_move(from, None) {
        end.apply(actor, choice).ok()?;
        any = true;
    }
    any.then_some(end)
}

impl Service {
    /// Checks one stored game: it began with the component data in force, and replaying
    /// its moves reproduces its snapshot.
    pub async fn verify(&self, rec: &GameRecord) -> ServiceResult<Result<(), FreezeReason>> {
        Ok(self.replayed_snapshot(rec).await?.0.map(|_| ()))
    }

    /// [`Service::verify`], giving the replayed state's JSON where it differs from the stored
    /// snapshot yet holds the same position (a snapshot stored before the state gained a
    /// field, `Game::resumes`): the game goes on from the replayed JSON. Also gives when the
    /// last move was committed (none: not moved yet).
    async fn replayed_snapshot(
        &self,
        rec: &GameRecord,
    ) -> ServiceResult<(Result<Option<String>, FreezeReason>, Option<i64>)> {
        let moves = self.store.moves(rec.id).await?;
        let last_move = moves.last().map(|m| m.committed_at);
        if let Ok(live) = self.live(rec) {
            if live.data_hash().as_deref() != self.game_data.hash(&rec.kind) {
                return Ok((Err(FreezeReason::DataChanged), last_move));
            }
        }
        let data = self.game_data.text(&rec.kind);
        let replayed = replay(rec, &moves, data).and_then(|(state, _)| {
            let stored = rec.snapshot.as_deref().unwrap_or_default();
            let json = state.to_json();
            // Stored under older rules: the list may end where they stood and these rules
            // ask for one more move (Ovlivnění 1: a play went on the stack without a confirm).
            let end = (rec.rules_version != state.kind().rules_version())
                .then(|| upgraded_end(state.as_ref(), rec.rules_version))
                .flatten();
            if json == stored {
                Ok(None)
            } else if state.resumes_from(stored) {
                Ok(Some(json))
            } else if let Some(end) = end.filter(|end| end.resumes_from(stored)) {
                Ok(Some(end.to_json()))
            } else {
                Err(FreezeReason::Diverged {
                    at_move: moves.len(),
                })
            }
        });
        Ok((replayed, last_move))
    }

    /// Loads every running game at start: those that verify go on (their automatic moves
    /// are made by the next [`Service::fire_due`]), the others are frozen. Every platform's
    /// games: see [`Service::recover_for`].
    pub async fn recover(&self) -> ServiceResult<Recovery> {
        self.recover_for(&Platform::ALL).await
    }

    /// [`Service::recover`] for the games this process serves: those of `platforms` and,
    /// in a fleet, of its store's places (the others are their own processes'
    /// to check and to move on). Each game is checked on its own under its lock; a game
    /// another process moved meanwhile is read again, never frozen for it, and a game that
    /// cannot be checked now is left as it is with a log line: only failing to list the
    /// games fails the start.
    pub async fn recover_for(&self, platforms: &[Platform]) -> ServiceResult<Recovery> {
        let mut out = Recovery::default();
        let since = self.now_ms() - ENDED_LATELY.as_millis() as i64;
        out.ended = self.store.games_ended_since_for(since, platforms).await?;
        for rec in self.store.running_games_for(platforms).await? {
            let id = rec.id;
            match self.recover_game(rec).await {
                Ok(Checked::Resumed(rec, last_move)) => {
                    // The first sweep makes any automatic move the last bot did not commit
                    // (a game stored before `Automatic` deadlines existed, or a standing
                    // preference's answer).
                    self.retries.stall(rec.id);
                    // No move yet: the start itself may not have reached the table.
                    if last_move.is_none_or(|at| at >= since) {
                        out.moved_lately.push(rec.id);
                    }
                    out.resumed.push(rec)
                }
                Ok(Checked::Frozen(rec, reason)) => out.frozen.push((rec, reason)),
                Ok(Checked::Newer) => {
                    tracing::warn!(
                        game = id,
                        "a running game was last written by a newer release; left for it"
                    );
                    out.newer.push(id)
                }
                // Ended meanwhile (by another process): nothing to resume.
                Ok(Checked::Gone) => {}
                Err(error) => tracing::error!(
                    game = id,
                    %error,
                    "a stored game could not be checked at start; it is left as it is"
                ),
            }
        }
        Ok(out)
    }

    /// Checks one running game under its lock. A game whose stored version moved on while
    /// it was checked (a move by another process of a fleet) is read again and checked
    /// anew, up to [`RECHECKS`] times.
    async fn recover_game(&self, mut rec: GameRecord) -> ServiceResult<Checked> {
        let _guard = self.lock(rec.id).await;
        for _ in 0..RECHECKS {
            if registry::find(&rec.kind).is_some_and(|k| rec.rules_version > k.rules_version()) {
                return Ok(Checked::Newer);
            }
            let (replayed, last_move) = self.replayed_snapshot(&rec).await?;
            let written = match replayed {
                Ok(None) => return Ok(Checked::Resumed(rec, last_move)),
                Ok(Some(json)) => {
                    let mut upgraded = rec.clone();
                    upgraded.snapshot = Some(json.into());
                    upgraded.version += 1;
                    match self.store.update_game(&upgraded, rec.version, None).await {
                        Ok(()) => return Ok(Checked::Resumed(upgraded, last_move)),
                        Err(e) => ServiceError::from(e),
                    }
                }
                Err(reason) => {
                    // The moves were read after the game: a move committed in between
                    // looks like a divergence. Only the same stored version is frozen.
                    match self.store.stored_game(rec.id).await? {
                        Some(now) if now.version == rec.version => {}
                        Some(now) if now.status == Status::Running => {
                            rec = now;
                            continue;
                        }
                        _ => return Ok(Checked::Gone),
                    }
                    let ending = Ending::Frozen {
                        reason: reason.key().into(),
                    };
                    match self.finish(rec.clone(), Status::Frozen, ending, None).await {
                        Ok(frozen) => {
                            tracing::warn!(
                                game = rec.id,
                                guild = %rec.guild,
                                reason = reason.key(),
                                "game frozen"
                            );
                            return Ok(Checked::Frozen(frozen, reason));
                        }
                        Err(e) => e,
                    }
                }
            };
            if !matches!(written, ServiceError::Conflict) {
                return Err(written);
            }
            match self.store.stored_game(rec.id).await? {
                Some(now) if now.status == Status::Running => rec = now,
                _ => return Ok(Checked::Gone),
            }
        }
        Err(ServiceError::Conflict)
    }
}

/// How many times start-up checks a game that keeps moving while it is checked before it
/// leaves it as it is (its owner plays it; the next start checks it again).
const RECHECKS: usize = 5;

/// What start-up found of one running game.
enum Checked {
    /// It goes on, as stored now; with when its last move was committed.
    Resumed(GameRecord, Option<i64>),
    Frozen(GameRecord, FreezeReason),
    /// A newer release wrote it: not this one's to check.
    Newer,
    /// It is no longer running.
    Gone,
}
