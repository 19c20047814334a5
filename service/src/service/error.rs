//! Why the session refused a request: each a typed error with a localized message.

use vliv_engine::{RuleError, Text};

use crate::{
    mark::{instant, InstantStyle},
    store::StoreError,
};

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("unknown game `{0}`")]
    UnknownGame(String),
    #[error("game `{0}` is disabled on this server")]
    GameDisabled(String),
    #[error("games may not be hosted in this channel")]
    ChannelNotAllowed,
    #[error("this channel already has a game")]
    ChannelBusy,
    #[error("no game here")]
    NoGame,
    #[error("the game is not in its lobby")]
    NotInLobby,
    #[error("the game is not running")]
    NotRunning,
    #[error("the game is frozen")]
    Frozen,
    #[error("the lobby is full")]
    LobbyFull,
    #[error("already seated")]
    AlreadySeated,
    #[error("not a player of this game")]
    NotAPlayer,
    #[error("only the host may do that")]
    NotHost,
    #[error("only a server admin may do that")]
    NotAdmin,
    #[error("too few players: {got} of at least {min}")]
    TooFewPlayers { min: usize, got: usize },
    #[error("too many open lobbies (at most {max})")]
    TooManyLobbies { per_user: bool, max: u32 },
    #[error("too many running games (at most {max})")]
    TooManyRunning { per_host: bool, max: u32 },
    #[error("too many spectators (at most {max})")]
    TooManySpectators { max: u32 },
    #[error("bad option: {0}")]
    BadOption(String),
    #[error("game `{0}` has no player preferences")]
    NoPreferences(String),
    #[error("a conversation's clocks change only while no game runs there")]
    ClocksWhileRunning,
    #[error("a server's clocks are its admins' settings")]
    ClocksOfServer,
    #[error("not your turn")]
    NotYourTurn,
    #[error("that choice is not offered now")]
    IllegalChoice,
    #[error("this choice is no longer current")]
    Stale,
    #[error("already applied")]
    AlreadyApplied,
    #[error("the button belongs to a game of another channel")]
    ForeignGame,
    #[error("malformed custom id")]
    MalformedId,
    #[error("leaving a running game forfeits it: confirm")]
    ConfirmForfeit,
    #[error("the game is over")]
    GameOver,
    #[error("the stored rules version {stored} differs from the current {current}")]
    RulesChanged { stored: u32, current: u32 },
    /// The game was last written under newer rules than this release knows: a rolling
    /// upgrade or a rollback. It waits for that release instead of being frozen.
    #[error("the stored rules version {stored} is newer than this release's {current}")]
    NewerRelease { stored: u32, current: u32 },
    /// A database failure; nothing was applied, the user may retry.
    #[error("storage: {0}")]
    Storage(StoreError),
    /// The database did not answer a command that only reads (nothing was to be saved).
    #[error("the database is not answering: {0}")]
    Unavailable(StoreError),
    /// The database went away while a change was committed, and whether it was applied is
    /// not known: the user is told so, not that nothing happened.
    #[error("unconfirmed: {0}")]
    Unconfirmed(StoreError),
    #[error("the game changed meanwhile")]
    Conflict,
    /// A leaderboard page past its end (an older answer's button): it has `pages` now.
    #[error("no such page: the leaderboard has {pages}")]
    PageGone { pages: u64 },
    /// A leaderboard button of another server (or of none).
    #[error("the leaderboard belongs to another server")]
    ForeignBoard,

    #[error("unknown time zone `{0}`")]
    UnknownZone(String),
    #[error("quiet hours `{0}` are not from-to hours")]
    BadQuietHours(String),
    #[error("vacation allowance: {left} of the year's days left")]
    VacationAllowance { left: u32 },
    #[error("already on vacation")]
    OnVacation { until: i64 },
    #[error("not on vacation")]
    NotOnVacation,
    /// A vacation cannot begin while others wait for the player's answer now.
    #[error("game {game} waits for this player in a reaction window")]
    VacationInReaction { game: i64 },
    #[error("game {game} waits for this player in a step with others")]
    VacationInSharedStep { game: i64 },
    /// The user's seat was handed to another member: their old buttons no longer count.
    #[error("the seat was handed over")]
    SeatHandedOver,
    #[error("only the seat's player or an admin may hand it over")]
    NotYourSeat,
    #[error("no seat {0} at this table")]
    NoSuchSeat(u32),
    /// Seed and moves tell every hidden card: a game is exported once it has ended.
    #[error("the game is still running")]
    StillRunning,
    #[error("not watching this game")]
    NotWatching,
    /// Hints are off in this game: by the server's setting or by the lobby's option.
    #[error("hints are off")]
    HintsOff { by_server: bool },
    /// A running game's moves tell the other seats' hidden cards: reviewed once it ended.
    #[error("the game is still running: reviewed once it has ended")]
    ReviewWhileRunning,
    /// A spectator's review names the seat to review.
    #[error("which seat to review")]
    ReviewWhichSeat,
}

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::ChannelBusy => ServiceError::ChannelBusy,
            StoreError::Conflict => ServiceError::Conflict,
            StoreError::Unconfirmed => ServiceError::Unconfirmed(StoreError::Unconfirmed),
            other => ServiceError::Storage(other),
        }
    }
}

impl From<RuleError> for ServiceError {
    fn from(e: RuleError) -> Self {
        match e {
            RuleError::GameOver => ServiceError::GameOver,
            RuleError::NotYourDecision => ServiceError::NotYourTurn,
            RuleError::IllegalChoice => ServiceError::IllegalChoice,
        }
    }
}

impl ServiceError {
    /// The message for the user (`service/locales/*.ftl`); never carries hidden cards.
    pub fn text(&self) -> Text {
        use ServiceError as E;
        let key = match self {
            E::UnknownGame(id) => return Text::new("err-unknown-game").arg("game", echo(id)),
            E::GameDisabled(id) => return Text::new("err-game-disabled").arg("game", echo(id)),
            E::TooFewPlayers { min, got } => {
                return Text::new("err-too-few-players")
                    .arg("min", *min)
                    .arg("got", *got)
            }
            E::TooManyLobbies { per_user, max } => {
                let key = match per_user {
                    true => "err-lobbies-per-user",
                    false => "err-lobbies-per-server",
                };
                return Text::new(key).arg("n", *max as i64);
            }
            E::TooManyRunning { per_host, max } => {
                let key = match per_host {
                    true => "err-running-per-host",
                    false => "err-running-per-server",
                };
                return Text::new(key).arg("n", *max as i64);
            }
            E::TooManySpectators { max } => {
                return Text::new("err-too-many-spectators").arg("n", *max as i64)
            }
            E::NoPreferences(id) => {
                return Text::new("err-no-preferences").arg("game", id.as_str())
            }
            E::NoSuchSeat(n) => return Text::new("err-no-such-seat").arg("seat", *n as i64),
            E::BadOption(reason) => return Text::new("err-bad-option").arg("reason", echo(reason)),
            E::PageGone { pages } => return Text::new("err-page-gone").arg("pages", *pages as i64),
            E::ForeignBoard => "err-foreign-board",

            E::UnknownZone(zone) => return Text::new("err-unknown-zone").arg("zone", echo(zone)),
            E::BadQuietHours(text) => {
                return Text::new("err-bad-quiet-hours").arg("quiet", echo(text))
            }
            E::VacationAllowance { left } => {
                return Text::new("err-vacation-allowance").arg("n", *left as i64)
            }
            E::OnVacation { until } => {
                // The instant as a placeholder: each front end says it for its reader.
                return Text::new("err-on-vacation")
                    .arg("time", instant(*until, InstantStyle::DateTime));
            }
            E::VacationInReaction { game } => {
                return Text::new("err-vacation-in-reaction").arg("id", *game)
            }
            E::VacationInSharedStep { game } => {
                return Text::new("err-vacation-in-shared-step").arg("id", *game)
            }
            E::NotOnVacation => "err-not-on-vacation",
            E::ChannelNotAllowed => "err-channel-not-allowed",
            E::ChannelBusy => "err-channel-busy",
            E::NoGame => "err-no-game",
            E::NotInLobby => "err-not-in-lobby",
            E::NotRunning => "err-not-running",
            E::Frozen => "err-frozen",
            E::LobbyFull => "err-lobby-full",
            E::AlreadySeated => "err-already-seated",
            E::NotAPlayer => "err-not-a-player",
            E::NotHost => "err-not-host",
            E::NotAdmin => "err-not-admin",
            E::ClocksWhileRunning => "err-clocks-while-running",
            E::ClocksOfServer => "err-clocks-of-server",
            E::NotYourTurn => "err-not-your-turn",
            E::IllegalChoice => "err-illegal-choice",
            E::Stale => "err-stale",
            E::AlreadyApplied => "err-already-applied",
            E::MalformedId => "err-malformed-id",
            E::ForeignGame => "err-foreign-game",
            E::ConfirmForfeit => "err-confirm-forfeit",
            E::GameOver => "err-game-over",
            E::RulesChanged { .. } => "err-rules-changed",
            E::NewerRelease { .. } => "err-newer-release",
            E::Storage(_) | E::Conflict => "err-retry",
            E::Unconfirmed(_) => "err-unconfirmed",
            E::Unavailable(_) => "err-unavailable",
            E::SeatHandedOver => "err-seat-handed-over",
            E::NotYourSeat => "err-not-your-seat",
            E::StillRunning => "err-still-running",
            E::NotWatching => "err-not-watching",
            E::HintsOff { by_server: true } => "err-hints-off-server",
            E::HintsOff { by_server: false } => "err-hints-off-lobby",
            E::ReviewWhileRunning => "err-review-running",
            E::ReviewWhichSeat => "err-review-which-seat",
        };
        Text::new(key)
    }

    /// Worth retrying the same request (a transient database failure or a race).
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            ServiceError::Storage(_)
                | ServiceError::Conflict
                | ServiceError::Unconfirmed(_)
                | ServiceError::Unavailable(_)
        )
    }
}

pub type ServiceResult<T> = Result<T, ServiceError>;

/// The answer of a command that only reads: a database that does not answer is said as
/// such, not as a write that was not applied (issue 50).
pub(super) fn read_only<T>(answer: ServiceResult<T>) -> ServiceResult<T> {
    answer.map_err(|e| match e {
        ServiceError::Storage(e @ (StoreError::Database(_) | StoreError::Unreachable { .. })) => {
            ServiceError::Unavailable(e)
        }
        other => other,
    })
}

/// The most characters of a user's own input a message repeats back: a game id or an
/// option string can be as long as Discord lets a user type (6,000), a reply only 2,000.
pub const ECHO_CHARS: usize = 100;

/// A user's input as a message repeats it: clipped, marked with an ellipsis when cut.
fn echo(input: &str) -> String {
    match input.char_indices().nth(ECHO_CHARS) {
        Some((cut, _)) => format!("{}…", &input[..cut]),
        None => input.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoed_input_is_clipped_to_a_short_line() {
        let long = "ř".repeat(6_000);
        let ServiceError::BadOption(_) = ServiceError::BadOption(long.clone()) else {
            unreachable!()
        };
        assert_eq!(echo(&long).chars().count(), ECHO_CHARS + 1);
        assert!(echo(&long).ends_with('…'));
        assert_eq!(echo("claim"), "claim");
    }
}
