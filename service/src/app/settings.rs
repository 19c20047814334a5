//! What a settings request changes: the asker's own settings, or the server's (a Matrix
//! room's). Each front end parses its words into these; the application layer checks and
//! applies them the same way for every front end.

use vliv_engine::{Lang, Level, Text};

use crate::service::{ChannelId, Layout, TimeoutAction};

/// Changes of the asker's own settings; none: they are shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MyChange {
    /// A DM when it is their turn (turning it on again is the way to try after the
    /// platform refused one).
    pub dms: Option<bool>,
    /// The language they read (`Some(None)`: their platform's, or the room's).
    pub language: Option<Option<Lang>>,
    /// Learning mode (`Some(None)`: on in their first game of each kind).
    pub learning: Option<Option<bool>>,
    /// An IANA zone name as typed.
    pub zone: Option<String>,
    /// Quiet hours as typed (`22-08`), or `off`.
    pub quiet: Option<String>,
}

/// What happens at a timeout, as a settings summary names it.
pub fn timeout_action_text(action: TimeoutAction) -> Text {
    Text::new(match action {
        TimeoutAction::GameChoice => "timeout-action-game-choice",
        TimeoutAction::Abandon => "timeout-action-abandon",
        TimeoutAction::Ai => "timeout-action-ai",
    })
}

/// Changes of a conversation's clocks outside any server (in a server they are its
/// admins' settings); none: they are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockChange {
    /// Minutes before a waiting player is reminded (0: never).
    pub reminder: Option<u32>,
    /// Minutes before a waiting player's time runs out.
    pub timeout: Option<u32>,
    /// What happens then.
    pub action: Option<TimeoutAction>,
}

/// How a list setting (the allowed channels, the enabled games) changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListChange {
    Add,
    Remove,
    /// Every one allowed again.
    All,
}

/// One change of a server's settings, by an admin (a Matrix room's moderator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerChange {
    Channel {
        channel: ChannelId,
        change: ListChange,
    },
    /// One game enabled or disabled (`game` is not needed for `All`).
    Game {
        game: Option<String>,
        change: ListChange,
    },
    /// The games enabled, as a list (`None`: all of them).
    Games(Option<Vec<String>>),
    Reminder(u32),
    Timeout {
        minutes: u32,
        action: TimeoutAction,
    },
    TakeoverLevel(Level),
    Language(Lang),
    Threads(bool),
    Pictures(bool),
    Hints(bool),
    /// The layout of tables and hands where the chat offers a choice.
    Layout(Layout),
    Retention(u32),
    /// The zone the place's tables read in, as typed.
    Zone(String),
    VacationDays(u32),
    SleepingClocks(bool),
}
