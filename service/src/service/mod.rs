//! The session service: lobbies, seats, turns, AI seats, deadlines, and the only place
//! that applies moves. No Discord types: the Discord layer and the console both call it.
//!
//! Every accepted choice is committed (move appended, snapshot and version updated in one
//! transaction, checked against the version read) before it is reported as accepted. The
//! service keeps nothing in memory that the database does not have, so a service rebuilt
//! over the same database continues where the last one stopped.
//!
//! One file per job, each an `impl Service` block: `lobby` (open, join, seats, start,
//! leave), `play` (a user's click), `ai` (turns nobody is asked for), `endings` (concede,
//! draw, abandon, rematch), `timers` (reminders and timeouts), `history` (lookups and
//! lists), `replay` (replay steps, exports), `spectators`, `seats` (hand-overs), `ratings`,
//! `retention`, `settings`, `recovery` (start-up checks), `turn_notices` (the turn DMs
//! that went out, so a start sends those a kill lost), `pace` (how long a turn lasts:
//! days per move, vacations, clocks that sleep in `quiet` hours), `player_time`,
//! `vacation`. They all write a running game through
//! `commit`, the lowest of them; this file holds the types the front ends see and the
//! checks every job shares.

mod actions;
mod ai;
mod changes;
mod clock;
mod commit;
mod display_names;
mod endings;
mod error;
mod fair_pool;
mod history;
mod inbox;
mod learning;
mod leases;
mod lobby;
mod pace;
mod parsed;
mod place;
mod play;
mod player_time;
pub mod quiet;
mod quota;
mod ratings;
pub mod recent;
mod recovery;
mod replay;
mod retention;
mod retry;
mod seats;
mod settings;
mod spectators;
mod table_pictures;
mod teaching;
mod thinking;
mod timers;
mod trading;
mod turn_notices;
mod turn_times;
mod typed;
mod vacation;
mod web_links;

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use vliv_engine::{
    registry, Actor, ChoiceId, Event, GameKind, Lang, Menu, OptionValues, Seat, SetupError,
};

pub use crate::game_data::GameData;
use crate::keyed_lock::{KeyGuard, KeyedLocks};
pub use crate::store::{
    ChannelId, Deadline, DeadlineKind, Ending, GameId, GameLength, GameRecord, GuildConfig,
    GuildId, HeldNotice, Id, Layout, MessageId, MoveRecord, Platform, SeatChange, SeatHolder,
    Spectator, Status, Store, TimeSettings, TimeoutAction, UserId, UserSettings, Vacation,
};
pub use actions::{BoardPage, Click, ComponentAction};
pub use clock::{Clock, ManualClock, SystemClock};
pub use endings::Rematch;
pub use error::{ServiceError, ServiceResult};
pub use history::{HistoryEntry, HistoryPage, HISTORY_PAGE};
pub use inbox::InboxEntry;
pub use pace::{days_per_move, game_options, DAYS_PER_MOVE, DAYS_PER_MOVE_CHOICES};
pub use place::{Place, PlaceKind, NO_SERVER};
pub use player_time::TimeChange;
pub use quota::{GameLimits, LobbyLimits, LobbyRequest};
pub use ratings::{
    rate, rating_of, result_of, KindStats, LeaderboardPage, PlayerRating, PlayerStats, Skill,
    StorageUse, Unrated, LEADERBOARD_PAGE,
};
pub use recovery::{FreezeReason, Recovery};
pub use replay::{
    ExportedGame, ExportedMove, ReplayFileError, ReplayStep, ReplayedFile, EXPORT_FORMAT,
};
pub use seats::HandOver;
pub use teaching::{
    hinted, hints_off, reviews_at_once, Hint, ReviewJob, HINTED, HINTS, MAX_REVIEWS_AT_ONCE,
};
pub use thinking::{AiBudget, ThinkingNotice, NOTICE_AFTER};
pub use timers::{DueGame, Fired};
pub use trading::{opens_with_trading, TradingAi};
pub use turn_times::TurnTimes;
pub use typed::{typed_choice, typed_options};
pub use vacation::VacationReport;
pub use web_links::{Link, LinkError, Signer, WebLinks};

/// Who asks: a user, and whether the front end vouches that they administer the server
/// (Discord's Manage Server permission).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caller {
    pub user: UserId,
    pub is_admin: bool,
}

impl Caller {
    pub fn user(user: UserId) -> Caller {
        Caller {
            user,
            is_admin: false,
        }
    }
    pub fn admin(user: UserId) -> Caller {
        Caller {
            user,
            is_admin: true,
        }
    }
}

/// A request to open a lobby.
#[derive(Clone, Debug)]
pub struct OpenLobby {
    pub guild: GuildId,
    pub channel: ChannelId,
    /// The channel a thread was opened from: the server's channel list applies to it.
    pub parent: Option<ChannelId>,
    pub kind: String,
    pub host: UserId,
    /// The seats at opening: normally just the host; the console seats everyone at once.
    pub seats: Vec<SeatHolder>,
    pub options: OptionValues,
    /// The game's seed; `None` draws one.
    pub seed: Option<u64>,
    pub lang: Lang,
}

/// One choice the service applied, with what happened (all audiences: the front end
/// shows each event only to whom [`vliv_engine::Audience`] allows).
#[derive(Clone, Debug)]
pub struct Applied {
    pub actor: Actor,
    pub choice: ChoiceId,
    pub events: Vec<Event>,
}

/// The result of a request that may have moved the game: the game as committed and every
/// choice applied on the way (the user's, then AI seats' and system decisions).
#[derive(Clone, Debug)]
pub struct Report {
    pub game: GameRecord,
    pub applied: Vec<Applied>,
    /// The automatic moves after these could not be committed (the database failed):
    /// everything in `applied` is stored, and the game moves on by itself once the
    /// database answers again. The front end publishes the report and says so.
    pub stalled: bool,
}

impl Report {
    /// A report of a change that applied no choice.
    pub fn of(game: GameRecord) -> Report {
        Report {
            game,
            applied: Vec::new(),
            stalled: false,
        }
    }
}

/// The decision one seat of a user faces now, with the counter its clicks must carry.
#[derive(Clone, Debug)]
pub struct PendingMenu {
    pub game: GameId,
    pub seat: Seat,
    pub counter: u32,
    pub menu: Menu,
}

impl PendingMenu {
    pub fn click(&self, choice: ChoiceId) -> Click {
        Click {
            game: self.game,
            seat: self.seat,
            counter: self.counter,
            choice,
        }
    }
}

/// Where draw offers stand after an offer.
#[derive(Clone, Debug)]
pub struct DrawOffer {
    pub game: GameRecord,
    /// Everyone agreed: the game ended in a draw.
    pub agreed: bool,
}

pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    /// Serialises writers to one game inside this process; the version check covers others.
    locks: KeyedLocks<GameId>,
    /// Wakes the deadline scheduler when a game clock is set (it may be sooner than its sleep).
    clock_set: tokio::sync::Notify,
    /// The component data new games start with.
    game_data: GameData,
    lobby_limits: LobbyLimits,
    game_limits: GameLimits,
    /// Games whose automatic moves or deadlines wait to be retried.
    retries: retry::Retries,
    /// The blocking workers AI seats think on.
    thinking: thinking::Thinking,
    /// Live game states already parsed, by the snapshot they belong to.
    parsed: parsed::ParsedStates,
    /// The reviews that may run at once; more wait in line.
    reviews: teaching::ReviewSlots,
    /// Games as they change, for the pages that show them live.
    changes: changes::Changes,
    /// How links to the web table are made (none: no web table).
    web_links: Option<web_links::WebLinks>,
}

impl Service {
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Service {
        Service {
            store,
            clock,
            locks: KeyedLocks::default(),
            clock_set: tokio::sync::Notify::new(),
            game_data: GameData::default(),
            lobby_limits: LobbyLimits::default(),
            game_limits: GameLimits::default(),
            retries: retry::Retries::default(),
            thinking: thinking::Thinking::new(AiBudget::Levels, true),
            parsed: parsed::ParsedStates::default(),
            reviews: teaching::ReviewSlots::new(reviews_at_once()),
            changes: changes::Changes::default(),
            web_links: None,
        }
    }

    /// The service running at most `n` reviews at once (tests of the queue).
    pub fn with_reviews_at_once(mut self, n: usize) -> Service {
        self.reviews = teaching::ReviewSlots::new(n);
        self
    }

    /// The service with AI seats searching on `budget` (the bot keeps the default,
    /// [`AiBudget::Levels`]); `deferred`: searches run in the deadline sweep, off the
    /// request (the bot), rather than before the request returns (the console, tests).
    pub fn with_ai_budget(mut self, budget: AiBudget, deferred: bool) -> Service {
        let notice_after = self.thinking.notice_after;
        self.thinking = thinking::Thinking::new(budget, deferred);
        self.thinking.notice_after = notice_after;
        self
    }

    /// The service announcing an AI seat's thought after `after` instead of
    /// [`NOTICE_AFTER`] (zero: every thought, at once; tests of the notice's display).
    pub fn with_thinking_notice_after(mut self, after: std::time::Duration) -> Service {
        self.thinking.notice_after = after;
        self
    }

    /// The service with component data overrides in force (validated by [`GameData::load`]).
    pub fn with_game_data(mut self, game_data: GameData) -> Service {
        self.game_data = game_data;
        self
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    fn note_clocks(&self, deadlines: &[Deadline]) {
        if deadlines
            .iter()
            .any(|d| matches!(d.kind, DeadlineKind::Clock(_)))
        {
            self.clock_set.notify_one();
        }
    }

    /// Resolves when a game clock has been set since the last call: the scheduler's wake-up.
    pub async fn clock_set(&self) {
        self.clock_set.notified().await
    }

    async fn lock(&self, game: GameId) -> KeyGuard<'_, GameId> {
        self.locks.lock(game).await
    }

    /// The running games whose next sweep makes any automatic move pending (those a start
    /// resumed, and those whose automatic move failed), in id order.
    pub fn stalled_games(&self) -> Vec<GameId> {
        let mut games = self.retries.stalled();
        games.sort_unstable();
        games
    }

    /// How many games have a lock entry now: only those being worked on (tests check that
    /// made-up ids leave none).
    pub fn locked_games(&self) -> usize {
        self.locks.len()
    }
}

/// How many of the latest public events a game keeps for its table.
pub const RECENT_EVENTS: usize = 8;

/// The seats a user decides for: AI seats and the system decide by themselves.
fn is_automatic(rec: &GameRecord, actor: Actor) -> bool {
    match actor {
        Actor::System => true,
        Actor::Seat(s) => matches!(rec.seats[s as usize], SeatHolder::Ai { .. }),
    }
}

fn find_kind(id: &str) -> ServiceResult<&'static dyn GameKind> {
    registry::find(id).ok_or_else(|| ServiceError::UnknownGame(id.into()))
}

fn ensure_host(rec: &GameRecord, caller: Caller) -> ServiceResult<()> {
    if rec.host == caller.user || caller.is_admin {
        Ok(())
    } else {
        Err(ServiceError::NotHost)
    }
}

fn ensure_running(rec: &GameRecord) -> ServiceResult<()> {
    match rec.status {
        Status::Running => Ok(()),
        Status::Lobby => Err(ServiceError::NotRunning),
        Status::Frozen => Err(ServiceError::Frozen),
        Status::Finished | Status::Abandoned => Err(ServiceError::GameOver),
    }
}

fn setup_error(e: SetupError) -> ServiceError {
    match e {
        SetupError::SeatCount { min, got, .. } if got < min => {
            ServiceError::TooFewPlayers { min, got }
        }
        SetupError::UnknownGame(id) => ServiceError::UnknownGame(id),
        other => ServiceError::BadOption(other.to_string()),
    }
}

fn rng_json(rng: &ChaCha8Rng) -> String {
    serde_json::to_string(rng).expect("the generator serializes")
}

fn load_rng(rec: &GameRecord) -> ServiceResult<ChaCha8Rng> {
    match &rec.ai_rng {
        Some(json) => serde_json::from_str(json)
            .map_err(|e| ServiceError::Storage(crate::store::StoreError::Corrupt(e.to_string()))),
        None => Ok(ChaCha8Rng::seed_from_u64(rec.seed ^ 0xA1)),
    }
}
