//! Replays and exports of stored games. A replay step is the game rebuilt from its seed and
//! first moves; what of it a reader may see is decided here: while the game runs only the
//! public table and public events, once it has ended every hand too. An export (options,
//! seed, moves) tells every hidden card, so only an ended game is exported.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use vliv_engine::{registry, Actor, ChoiceId, Event, GameState, OptionValues, Outcome};

use super::{
    GameId, GameRecord, Place, SeatHolder, Service, ServiceError, ServiceResult, Status, UserId,
};
use crate::store::SeatChange;

/// The game as it was after its first `step` moves.
pub struct ReplayStep {
    pub game: GameRecord,
    pub step: usize,
    /// Moves stored so far (the last step).
    pub total: usize,
    pub state: Box<dyn GameState>,
    /// What that move told (the deal's events at step 0); all audiences: the renderer
    /// shows the private ones only when [`ReplayStep::revealed`].
    pub events: Vec<Event>,
    /// The game has ended: hands and private events may be shown.
    pub revealed: bool,
    /// Seats handed over during the game.
    pub seat_changes: Vec<SeatChange>,
    /// The names its players' platforms showed them by (where kept), for a reader that
    /// shows no mention in some places.
    pub names: HashMap<UserId, String>,
}

/// The export format's version.
pub const EXPORT_FORMAT: u32 = 1;

/// A game as a file: enough to rebuild it exactly (`vliv replay file.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedGame {
    pub format: u32,
    pub id: GameId,
    pub game: String,
    pub rules_version: u32,
    /// Who sat where, without user ids: `user`, or `ai:<level>`.
    pub seats: Vec<String>,
    pub options: OptionValues,
    pub seed: u64,
    /// The component data the game began with, when it was not the embedded data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    pub moves: Vec<ExportedMove>,
    pub status: String,
    pub outcome: Option<Outcome>,
    /// The stored final state (`GameState::to_json`), which a replay must reproduce.
    pub final_state: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportedMove {
    pub actor: Actor,
    pub choice: u32,
}

/// Why an exported game does not replay.
#[derive(Debug, thiserror::Error)]
pub enum ReplayFileError {
    #[error("unknown export format {0} (this vliv reads {EXPORT_FORMAT})")]
    Format(u32),
    #[error("unknown game `{0}`")]
    UnknownGame(String),
    #[error("the file has rules version {file}, this vliv plays version {current}")]
    RulesChanged { file: u32, current: u32 },
    #[error("the game cannot be set up: {0}")]
    Setup(String),
    #[error("move {at} ({actor:?} chose {choice}) does not apply: {reason}")]
    Move {
        at: usize,
        actor: Actor,
        choice: u32,
        reason: String,
    },
}

/// What replaying an exported game gave.
pub struct ReplayedFile {
    /// The game as it was dealt, before any move.
    pub start: Box<dyn GameState>,
    /// Every move applied from `start` to `state`, those an upgrade of older rules inserted
    /// included: what a review replays.
    pub moves: Vec<(Actor, ChoiceId)>,
    pub state: Box<dyn GameState>,
    pub outcome: Option<Outcome>,
    /// `Some(true)` when the replayed state equals the exported final state.
    pub matches_final: Option<bool>,
}

impl ExportedGame {
    /// Rebuilds the game from its seed and moves.
    pub fn replay(&self) -> Result<ReplayedFile, ReplayFileError> {
        if self.format != EXPORT_FORMAT {
            return Err(ReplayFileError::Format(self.format));
        }
        let kind = registry::find(&self.game)
            .ok_or_else(|| ReplayFileError::UnknownGame(self.game.clone()))?;
        if !kind.replays_from(self.rules_version) {
            return Err(ReplayFileError::RulesChanged {
                file: self.rules_version,
                current: kind.rules_version(),
            });
        }
        let seats = self.seats.len();
        let options = super::game_options(&self.options);
        let mut state = match &self.data {
            Some(data) => kind.new_game_with_data(&options, seats, self.seed, data),
            None => kind.new_game(&options, seats, self.seed),
        }
        .map_err(|e| ReplayFileError::Setup(e.to_string()))?;
        let start = state.clone_box();
        let mut moves = Vec::with_capacity(self.moves.len());
        // Older rules that still replay: their missing moves inserted (`upgrade_move`).
        let from = (self.rules_version != kind.rules_version()).then_some(self.rules_version);
        for (i, mv) in self.moves.iter().enumerate() {
            while let Some((actor, choice)) =
                from.and_then(|from| state.upgrade_move(from, Some(mv.actor)))
            {
                state
                    .apply(actor, choice)
                    .map_err(|e| ReplayFileError::Move {
                        at: i + 1,
                        actor,
                        choice: choice.0,
                        reason: format!("{e:?}"),
                    })?;
                moves.push((actor, choice));
            }
            state
                .apply(mv.actor, ChoiceId(mv.choice))
                .map_err(|e| ReplayFileError::Move {
                    at: i + 1,
                    actor: mv.actor,
                    choice: mv.choice,
                    reason: format!("{e:?}"),
                })?;
            moves.push((mv.actor, ChoiceId(mv.choice)));
        }
        // A file written under the older rules alone ends where they stood.
        if let Some(from) = from {
            let mut end = state.clone_box();
            let mut inserted = Vec::new();
            while let Some((actor, choice)) = end.upgrade_move(from, None) {
                if end.apply(actor, choice).is_err() {
                    break;
                }
                inserted.push((actor, choice));
            }
            if self
                .final_state
                .as_deref()
                .is_some_and(|stored| end.resumes_from(stored))
            {
                state = end;
                moves.extend(inserted);
            }
        }
        let matches_final = self
            .final_state
            .as_deref()
            .map(|stored| stored == state.to_json() || state.resumes_from(stored));
        Ok(ReplayedFile {
            start,
            moves,
            outcome: state.outcome(),
            state,
            matches_final,
        })
    }
}

impl Service {
    /// A game as it was after `step` moves (the last step if beyond), asked for in its
    /// own channel.
    pub async fn replay_step(
        &self,
        place: &Place,
        game: GameId,
        step: usize,
    ) -> ServiceResult<ReplayStep> {
        let rec = self.readable(place, game).await?;
        let total = self.store.moves(rec.id).await?.len();
        let step = step.min(total);
        let (state, log) = self.replay(&rec, Some(step)).await?;
        let events = match log.into_iter().last() {
            Some((_, events)) => events,
            None => state.opening(),
        };
        let seat_changes = self.store.seat_changes(&[rec.id]).await?;
        let mut users: Vec<UserId> = rec.seats.iter().filter_map(SeatHolder::named).collect();
        users.extend(
            seat_changes
                .iter()
                .flat_map(|c| [c.from, Some(c.to), Some(c.by)])
                .flatten(),
        );
        users.sort_unstable();
        users.dedup();
        let names = self.display_names(&users).await?;
        Ok(ReplayStep {
            names,
            // Ended (finished, abandoned or frozen for good): nothing is hidden any more.
            revealed: !rec.status.is_active(),
            game: rec,
            step,
            total,
            state,
            events,
            seat_changes,
        })
    }

    /// An ended game as a file, asked for in its own channel.
    pub async fn export(&self, place: &Place, game: GameId) -> ServiceResult<ExportedGame> {
        let rec = self.readable(place, game).await?;
        if rec.status == Status::Running {
            return Err(ServiceError::StillRunning);
        }
        let moves = self.store.moves(rec.id).await?;
        Ok(ExportedGame {
            format: EXPORT_FORMAT,
            id: rec.id,
            game: rec.kind.clone(),
            rules_version: rec.rules_version,
            seats: rec
                .seats
                .iter()
                .map(|h| match h {
                    SeatHolder::User(_) => "user".to_owned(),
                    SeatHolder::Ai { level, .. } => format!("ai:{}", level.key()),
                })
                .collect(),
            options: rec.options.clone(),
            seed: rec.seed,
            data: self.game_data.text(&rec.kind).map(str::to_owned),
            moves: moves
                .iter()
                .map(|m| ExportedMove {
                    actor: m.actor,
                    choice: m.choice.0,
                })
                .collect(),
            status: rec.status.as_str().to_owned(),
            outcome: rec.outcome.clone(),
            final_state: rec.snapshot.as_deref().map(str::to_owned),
        })
    }

    /// A game that has been played (a lobby has nothing to replay), read where it lives: a
    /// replay shows what its channel showed, and that channel may be closed to members of
    /// other channels, so a game of another channel is refused as a forged button is.
    async fn readable(&self, place: &Place, game: GameId) -> ServiceResult<GameRecord> {
        let rec = self.game(game).await?;
        if !place.holds(&rec) {
            return Err(ServiceError::ForeignGame);
        }
        if rec.snapshot.is_none() {
            return Err(ServiceError::NotRunning);
        }
        Ok(rec)
    }
}
