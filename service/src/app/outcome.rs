//! What a carried-out request comes back as: the answer for the asker, and the plan of what
//! the others see (the table, hands, notes). A front end renders the answer in its own
//! words and carries the plan out with its own primitives; it decides neither.

use vliv_engine::{games::fantasy_realms::search::Scored, CardText, OptionValues, Seat, Text};

use crate::{
    keyed_lock::KeyGuard,
    service::{
        ExportedGame, GameId, GameRecord, GuildConfig, HandOver, Hint, HistoryPage,
        LeaderboardPage, PlayerStats, Rematch, ReplayStep, Report, ReviewJob, StorageUse,
        TimeSettings, UserId, UserSettings,
    },
};

pub struct Outcome {
    pub answer: Answer,
    pub publish: Plan,
}

impl Outcome {
    pub fn said(text: Text, publish: Plan) -> Outcome {
        Outcome {
            answer: Answer::Said(text),
            publish,
        }
    }
}

/// The asker's answer.
pub enum Answer {
    /// A short text.
    Said(Text),
    /// The asker's seat in each of these games: their hands, shown to them only.
    Hands(Vec<(GameRecord, Seat)>),
    /// Leaving this running game forfeits it: the asker confirms first.
    ConfirmLeave(GameId),
    /// Abandoning ends the game for everyone: the asker confirms first.
    ConfirmAbandon(GameId),
    /// A lobby may open for this game (the kind's name in the place's language): the front
    /// end may make its place, then asks [`Request::OpenLobby`](super::Request::OpenLobby).
    LobbyMayOpen {
        name: String,
    },
    /// The game started: each player's hand is on its way to them.
    Started,
    /// A rematch's lobby is open for `game` (its name), these former players invited.
    Rematch {
        game: String,
        invited: Vec<UserId>,
    },
    /// A page of the place's ended games.
    History(HistoryPage),
    /// The asker's lobbies and running games.
    Games(Vec<GameRecord>),
    /// The game's events the asker may read, oldest first; `true`: told to their seat only.
    Log {
        game: Box<GameRecord>,
        lines: Vec<(Text, bool)>,
    },
    /// The cards of the asker's hand in each of these games, with their texts: for the
    /// asker's eyes only.
    CardTexts(Vec<(GameRecord, Vec<CardText>)>),
    /// The AI's best choices of the asker's decision: for the asker's eyes only.
    Hint(Box<Hint>),
    /// A review checked and ready: the front end says so when it is queued, runs it
    /// ([`ReviewJob::finish`]) and sends it to the asker only.
    Review(Box<ReviewJob>),
    /// The asker's link to the game's web table (their seat's view if they play): for the
    /// asker's eyes only, since it opens their hand.
    WebLink {
        game: Box<GameRecord>,
        url: String,
    },
    /// A game's name, how many play it (fewest, most) and its rules in short.
    Rules {
        name: Text,
        seats: (usize, usize),
        summary: Text,
    },
    /// A card's texts, which each front end words in its reader's language.
    Card(Box<CardText>),
    /// A hand's best score, card by card.
    Score(Box<Scored>),
    /// A step of a replay; hands and private events only where the step is `revealed`.
    Replay(Box<ReplayStep>),
    /// An ended game as a file's contents, for the asker.
    Export(Box<ExportedGame>),
    Stats(Box<PlayerStats>),
    Leaderboard(Box<LeaderboardPage>),
    /// The asker's settings as they stand now, with their zone and quiet hours if set.
    MySettings {
        settings: Box<UserSettings>,
        time: Option<Box<TimeSettings>>,
    },
    /// The asker's preferences for a game (its id) as they stand now.
    GamePreferences {
        game: &'static str,
        prefs: OptionValues,
    },
    /// The server's settings as they stand now, and what its games take up in storage
    /// when that was asked (by an admin).
    ServerSettings {
        config: Box<GuildConfig>,
        storage: Option<Box<StorageUse>>,
    },
}

/// What the others get after a request. Each front end carries it out with its primitives
/// (post or edit the table, send a hand, say in the game's place, ping), under the game's
/// one publishing lock.
pub enum Plan {
    Nothing,
    /// The game's table brought up to date; `repost`: posted anew at the bottom.
    Table {
        game: GameId,
        repost: bool,
    },
    /// A change of the game: its table, its turn pings and the hands of whoever moves
    /// next; `started`: the first publishing of a game (each player's first hand); `note`:
    /// said in the game's place first.
    Report {
        report: Report,
        started: bool,
        note: Option<Text>,
    },
    /// A note in the game's place, then nothing else (a draw offered, waiting for the others).
    Note {
        game: GameRecord,
        text: Text,
    },
    /// A seat changed hands: a note in the game's place, the table, and the new player's
    /// hand sent to them; the game's publishing lock is held from before the seat changed
    /// (nothing computed for the former holder is sent after the hand-over).
    HandOver {
        done: HandOver,
        held: KeyGuard<'static, GameId>,
    },
    /// A new lobby after an ended game: its table, and its invitations to the former players.
    Rematch(Rematch),
    /// The table sent privately to a new spectator; when nothing reaches them, the front end
    /// asks [`Request::Unwatch`](super::Request::Unwatch) and says so.
    Welcome {
        game: GameRecord,
        user: UserId,
    },
    /// These games' tables brought up to date (a vacation started or ended in them); one that
    /// cannot be edited now is brought up to date by the game's next change.
    Tables(Vec<GameId>),
}
