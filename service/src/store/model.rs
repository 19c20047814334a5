//! What the store keeps about a game, in the session's terms (no SQL, no Discord types).

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use vliv_engine::{ai::Level, Actor, ChoiceId, Lang, OptionValues, Outcome, Seat, Text};

pub type GameId = i64;
pub use super::ids::{ChannelId, GuildId, Id, MessageId, UserId};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Lobby,
    Running,
    Finished,
    Abandoned,
    /// A stored game that no longer replays to its snapshot or whose rules changed: kept
    /// as it is, never played on (see the session's recovery).
    Frozen,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Running => "running",
            Status::Finished => "finished",
            Status::Abandoned => "abandoned",
            Status::Frozen => "frozen",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        [
            Status::Lobby,
            Status::Running,
            Status::Finished,
            Status::Abandoned,
            Status::Frozen,
        ]
        .into_iter()
        .find(|st| st.as_str() == s)
    }

    /// Lobby and running games occupy their channel.
    pub fn is_active(self) -> bool {
        matches!(self, Status::Lobby | Status::Running)
    }
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatHolder {
    User(UserId),
    /// The AI at `level`; `forfeited_by` is the user who left the running game.
    Ai {
        forfeited_by: Option<UserId>,
        /// Seats stored before levels existed play at `normal`.
        #[serde(default = "normal")]
        level: Level,
    },
}

fn normal() -> Level {
    Level::Normal
}

impl SeatHolder {
    /// The user a table names at this seat: its player, or who left it to the AI.
    pub fn named(&self) -> Option<UserId> {
        match *self {
            SeatHolder::User(u) => Some(u),
            SeatHolder::Ai { forfeited_by, .. } => forfeited_by,
        }
    }

    pub fn user(self) -> Option<UserId> {
        match self {
            SeatHolder::User(u) => Some(u),
            SeatHolder::Ai { .. } => None,
        }
    }
}

/// How a game that is no longer running came to end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// Played to the end under the rules.
    Played,
    Conceded {
        seat: Seat,
    },
    DrawAgreed,
    Abandoned {
        by: Option<UserId>,
    },
    TimedOut {
        seat: Seat,
    },
    /// A lobby nobody started within the server's idle time.
    LobbyExpired {
        minutes: u32,
    },
    /// Frozen at start: `reason` is a fluent message id of the bot.
    Frozen {
        reason: String,
    },
}

/// One game as stored.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub id: GameId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub kind: String,
    pub rules_version: u32,
    pub status: Status,
    pub host: UserId,
    pub seats: Vec<SeatHolder>,
    pub options: OptionValues,
    pub seed: u64,
    /// The game state as JSON (`GameState::to_json`); none in the lobby. Shared: a record
    /// is cloned several times a move (the cache, the views, the publisher), its state not.
    pub snapshot: Option<Arc<str>>,
    /// The random player's generator, so AI seats continue the same after a restart.
    pub ai_rng: Option<String>,
    /// Bumped by every write; writes check it (optimistic concurrency).
    pub version: i64,
    /// Per seat: how many choices were applied for it. A click carries it.
    pub counters: Vec<u32>,
    /// Seats that offered or accepted a draw since the last move.
    pub draw_offers: Vec<Seat>,
    pub table_message: Option<MessageId>,
    pub ping_message: Option<MessageId>,
    pub created_at: i64,
    pub finished_at: Option<i64>,
    pub outcome: Option<Outcome>,
    pub ending: Option<Ending>,
    /// The language the lobby was opened in (the server default or the host's).
    pub lang: Lang,
    /// The latest public events, oldest first, for the table (`None`: a game stored before
    /// they were kept; the table replays its moves instead).
    pub recent: Option<Arc<[Text]>>,
}

impl GameRecord {
    /// A record no store holds, of a `kind` game at `status` with `seats`, for rendering a
    /// position outside a game (the tests of every game's tables): id 1, version 1, nothing
    /// posted, in English; the position is `state`'s, none in a lobby.
    pub fn unstored(
        kind: &str,
        status: Status,
        seats: Vec<SeatHolder>,
        state: Option<&dyn vliv_engine::GameState>,
    ) -> GameRecord {
        GameRecord {
            id: 1,
            guild: GuildId(1),
            channel: ChannelId(1),
            kind: kind.into(),
            rules_version: state.map_or(1, |s| s.kind().rules_version()),
            status,
            host: seats.iter().find_map(|h| h.user()).unwrap_or(UserId(1)),
            seats,
            options: Default::default(),
            seed: 1,
            snapshot: state.map(|s| s.to_json().into()),
            ai_rng: None,
            version: 1,
            counters: Vec::new(),
            draw_offers: Vec::new(),
            table_message: None,
            ping_message: None,
            created_at: 0,
            finished_at: None,
            outcome: state.and_then(|s| s.outcome()),
            ending: None,
            lang: Lang::En,
            recent: None,
        }
    }

    /// The moves stored so far, every seat's and the system's: a click's counters summed.
    pub fn moves_stored(&self) -> u64 {
        self.counters.iter().map(|&c| u64::from(c)).sum()
    }

    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seats
            .iter()
            .position(|h| *h == SeatHolder::User(user))
            .map(|s| s as Seat)
    }

    pub fn users(&self) -> impl Iterator<Item = UserId> + '_ {
        self.seats.iter().filter_map(|h| h.user())
    }

    /// The (seat, user) of each user whose decision `pending` waits for (AI seats and the
    /// system left out), in `pending`'s order.
    pub fn waiting_users(&self, pending: &[vliv_engine::Pending]) -> Vec<(Seat, UserId)> {
        pending
            .iter()
            .filter_map(|p| match p.actor {
                Actor::Seat(s) => self.seats[s as usize].user().map(|u| (s, u)),
                Actor::System => None,
            })
            .collect()
    }
}

/// One applied choice, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub seq: i64,
    pub actor: Actor,
    /// The acting seat's counter before this move (0 for the system).
    pub seat_counter: u32,
    pub choice: ChoiceId,
    pub committed_at: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadlineKind {
    /// The waiting players are pinged again.
    Reminder,
    /// The server's turn timeout.
    Timeout,
    /// A clock the game sets itself for one actor's decision (a trading period, a reaction
    /// window); its timeout choice is applied whatever the server's timeout action.
    Clock(Actor),
    /// A lobby nobody started or joined for a while closes (it keeps its channel busy).
    LobbyExpiry,
    /// Only automatic actors (AI seats, the system) must move: due at once, so the
    /// scheduler and a restarted bot move them when the commit that should have done so
    /// failed or the bot stopped mid-thought.
    Automatic,
}

/// The stored kind of a lobby's expiry; the store serves it apart from the game deadlines.
pub(super) const LOBBY_EXPIRY: &str = "lobby-expiry";

impl DeadlineKind {
    pub fn key(self) -> String {
        match self {
            DeadlineKind::Reminder => "reminder".into(),
            DeadlineKind::Timeout => "timeout".into(),
            DeadlineKind::LobbyExpiry => LOBBY_EXPIRY.into(),
            DeadlineKind::Automatic => "automatic".into(),
            DeadlineKind::Clock(Actor::System) => "clock:system".into(),
            DeadlineKind::Clock(Actor::Seat(s)) => format!("clock:seat:{s}"),
        }
    }
    pub fn parse(s: &str) -> Option<DeadlineKind> {
        match s {
            "reminder" => Some(DeadlineKind::Reminder),
            "timeout" => Some(DeadlineKind::Timeout),
            LOBBY_EXPIRY => Some(DeadlineKind::LobbyExpiry),
            "automatic" => Some(DeadlineKind::Automatic),
            "clock:system" => Some(DeadlineKind::Clock(Actor::System)),
            _ => s
                .strip_prefix("clock:seat:")?
                .parse()
                .ok()
                .map(|seat| DeadlineKind::Clock(Actor::Seat(seat))),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    pub game: GameId,
    pub kind: DeadlineKind,
    pub due_ms: i64,
}

/// What runs when a player's time is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum TimeoutAction {
    /// The game's own timeout choice (from its spec), else the random player's.
    #[default]
    GameChoice,
    Abandon,
    /// The seat is handed to the AI, at the server's `takeover_level`, for the rest of the
    /// game (as if its player had left).
    Ai,
}

/// How a chat that offers both shows a table and a hand: Discord's embed layout, or one
/// Components V2 message (text displays, a media gallery, the buttons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// The layout every server had before V2: nothing changes until an admin chooses.
    #[default]
    Embed,
    ComponentsV2,
}

/// A server's settings, changed with `/vliv-admin`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GuildConfig {
    /// Channels that may host games; empty means every channel.
    pub channels: Vec<ChannelId>,
    /// Game ids that may be played; `None` means every registered game.
    pub enabled_games: Option<Vec<String>>,
    pub reminder_minutes: u32,
    pub timeout_minutes: u32,
    pub timeout_action: TimeoutAction,
    pub language: Lang,
    /// Each `/game new` opens a thread.
    pub thread_mode: bool,
    /// Tables and hands carry a picture (issue 19); off, they are text only.
    pub pictures: bool,
    /// The level of the AI that takes over a seat on a timeout or a forfeit.
    pub takeover_level: Level,
    /// Ended games (and their moves) are deleted this many days after they ended; 0 keeps
    /// them for ever. Results and ratings stay either way.
    pub retention_days: u32,

    /// Turn clocks of an hour or longer do not tick in the acting player's quiet hours.
    pub sleeping_clocks: bool,
    /// Vacation days each player may take in a calendar year.
    pub vacation_days: u32,
    /// The IANA zone in which instants read for those who set none (a Matrix room's
    /// table; Discord shows every reader their own); `None`: UTC.
    pub time_zone: Option<String>,
    /// Players may ask the AI for a hint on their turn (a hinted game is not rated).
    pub hints: bool,
    /// How the table and the hands are laid out where the chat offers a choice (Discord).
    pub layout: Layout,
}

impl Default for GuildConfig {
    fn default() -> Self {
        GuildConfig {
            channels: Vec::new(),
            enabled_games: None,
            reminder_minutes: 60 * 12,
            timeout_minutes: 60 * 48,
            timeout_action: TimeoutAction::GameChoice,
            language: Lang::En,
            thread_mode: false,
            pictures: true,
            takeover_level: Level::Normal,
            retention_days: 0,

            sleeping_clocks: true,
            vacation_days: 14,
            time_zone: None,
            hints: true,
            layout: Layout::default(),
        }
    }
}

impl GuildConfig {
    pub fn allows_channel(&self, channel: ChannelId) -> bool {
        self.channels.is_empty() || self.channels.contains(&channel)
    }
    pub fn allows_game(&self, kind: &str) -> bool {
        self.enabled_games
            .as_ref()
            .is_none_or(|g| g.iter().any(|k| k == kind))
    }
}

/// A user's settings, changed with `/vliv settings`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct UserSettings {
    pub dms: bool,
    pub lang: Option<Lang>,
    /// Discord refused a DM (50007): stop trying until the user turns DMs on again.
    pub dms_refused: bool,
    /// Preferences a game publishes, by game id then key.
    pub game_prefs: std::collections::BTreeMap<String, OptionValues>,
    /// Learning mode (each choice explained on the hand panel): `None` is on in the
    /// player's first game of a kind only, `Some(on)` the player's own choice for all.
    pub learning: Option<bool>,
}

impl Default for UserSettings {
    fn default() -> Self {
        UserSettings {
            dms: true,
            lang: None,
            dms_refused: false,
            game_prefs: Default::default(),
            learning: None,
        }
    }
}
