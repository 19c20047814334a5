//! Every operation a front end offers, as one value: what is asked, not who asks or where
//! (that is the [`Origin`](super::Origin)). A front end parses its input into a request;
//! the application layer carries it out the same way for every front end.

use vliv_engine::Level;

use super::Numbers;
use super::{ClockChange, MyChange, ServerChange};
use crate::service::{ChannelId, Click, GameId, GuildId, UserId};

/// The game a request is about: the one of the place it was asked in (a typed command), or
/// the one a button names (a click; admitted only where that game lives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Here,
    Game(GameId),
}

#[derive(Clone, Debug)]
pub enum Request {
    /// Checks that a lobby for `game` with `options` (typed `key=value` pairs) may open here,
    /// before a front end makes a place for it (Discord's thread of the channel).
    CheckLobby {
        game: String,
        options: String,
    },
    /// A lobby for `game` here, or in `thread`, a thread the front end made of this place.
    OpenLobby {
        game: String,
        options: String,
        thread: Option<ChannelId>,
    },
    Join(Target),
    AddAi(Level),
    Start(Target),
    /// Leaving forfeits a running game: unconfirmed, the asker is asked to confirm.
    Leave {
        game: Target,
        confirmed: bool,
    },
    /// The table of the game here posted again (or of the latest one here, once over).
    Status,
    /// The asker's hand in each game here waiting for them (in a private place: all their
    /// running games).
    Hand,
    /// A choice typed rather than clicked: by id, place in the menu, or label.
    Play {
        typed: String,
        numbers: Numbers,
    },
    /// A choice clicked where it was shown (a web page's button): its game, seat and the
    /// decision counter it was shown at, so a stale or repeated click is refused.
    Click(Click),
    Concede,
    /// Offers a draw, or accepts the one offered (everyone must agree).
    OfferDraw,
    /// Ends the game for everyone: unconfirmed, the host or an admin is asked to confirm.
    Abandon {
        game: Target,
        confirmed: bool,
    },
    Watch,
    Unwatch,
    /// Hands a seat (the asker's own when `None`, counted from 1) to another person.
    Substitute {
        to: UserId,
        seat: Option<i64>,
    },
    /// A new lobby of an ended game here (or of the one a button names), former players
    /// invited.
    Rematch(Target),
    /// A vacation of `days` in the asker's games of this place's server.
    Vacation {
        days: u32,
    },
    /// A vacation ends now: the asker's, or (an admin's request) another person's.
    Back {
        who: Option<UserId>,
    },
    /// A page (from 0) of the place's ended games, newest first.
    History {
        page: u32,
    },
    /// The asker's lobbies and running games in this place's server.
    MyGames,
    /// The game's events so far as the asker may read them (their seat's, or a spectator's).
    Log,
    /// Every card of the asker's hand with its full text, for their eyes only: in the game
    /// here (or the one a button names), or in a private place all their running games.
    CardTexts(Target),
    /// The AI's three best choices of the asker's pending decision in the game here, with
    /// their estimated chances to win, for the asker only; the game is then not rated.
    Hint,
    /// A review of an ended game (the place's latest, or the one named): a seat's decisions
    /// against the AI's best choice. `seat` (counted from 1) is the asker's own when `None`.
    Review {
        game: Target,
        seat: Option<i64>,
    },
    /// The asker's own link to the game's web table: their seat's view, or the public view
    /// for anyone else; given privately.
    WebLink(Target),
    /// A game's rules in short: its name, how many play, what it is about. Anywhere.
    Rules {
        game: String,
    },
    /// What a card of `game` does (its number or name as typed), in full. Anywhere.
    CardLookup {
        game: String,
        card: String,
    },
    /// The best score of a hand of physical Fantasy Realms cards (numbers or names: 7, or
    /// 8 with the Necromancer; `chaotic`: Chaotic Realms' eighth card). Anywhere.
    Score {
        cards: Vec<String>,
        chaotic: bool,
    },
    /// A game of this place as it was after `step` moves: an ended game in full, a running
    /// one only as its public table showed it.
    Replay {
        game: GameId,
        step: u32,
    },
    /// An ended game of this place as a file (options, seed, moves); a running one is
    /// refused, since the file tells every hidden card.
    Export {
        game: GameId,
    },
    /// A player's finished games, wins and ratings in this place's server (the asker's
    /// when `None`), in one game or in all.
    Stats {
        player: Option<UserId>,
        game: Option<String>,
    },
    /// A page (from 0) of a game's leaderboard in this place's server. `of`: the server a
    /// page button names, refused unless it is this place's (a copied or forged button).
    Leaderboard {
        game: String,
        page: u64,
        of: Option<GuildId>,
    },
    /// The asker's own settings: shown (no change), or changed. Anywhere.
    MySettings(MyChange),
    /// The asker's preferences for one game (what a game lets each player decide for
    /// themselves): shown, or changed by typed `key=value` pairs. Anywhere.
    GamePreferences {
        game: String,
        values: String,
    },
    /// A conversation's clocks outside any server: shown (no change), or changed by anyone
    /// in it while no game runs there.
    ConversationClocks(ClockChange),
    /// The server's (a Matrix room's) settings: shown (no `change`), or one changed by an
    /// admin; with what its games take up in `storage`, which only an admin reads.
    ServerSettings {
        change: Option<ServerChange>,
        storage: bool,
    },
}

/// A request's kind, without its arguments: what the parity table lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    CheckLobby,
    OpenLobby,
    Join,
    AddAi,
    Start,
    Leave,
    Status,
    Hand,
    Play,
    Click,
    Concede,
    OfferDraw,
    Abandon,
    Watch,
    Unwatch,
    Substitute,
    Rematch,
    Vacation,
    Back,
    History,
    MyGames,
    Log,
    CardTexts,
    Hint,
    Review,
    WebLink,
    Rules,
    CardLookup,
    Score,
    Replay,
    Export,
    Stats,
    Leaderboard,
    MySettings,
    GamePreferences,
    ConversationClocks,
    ServerSettings,
}

impl Kind {
    /// Every kind, in the order of the parity table.
    pub const ALL: [Kind; 37] = [
        Kind::CheckLobby,
        Kind::OpenLobby,
        Kind::Join,
        Kind::AddAi,
        Kind::Start,
        Kind::Leave,
        Kind::Status,
        Kind::Hand,
        Kind::Play,
        Kind::Click,
        Kind::Concede,
        Kind::OfferDraw,
        Kind::Abandon,
        Kind::Watch,
        Kind::Unwatch,
        Kind::Substitute,
        Kind::Rematch,
        Kind::Vacation,
        Kind::Back,
        Kind::History,
        Kind::MyGames,
        Kind::Log,
        Kind::CardTexts,
        Kind::Hint,
        Kind::Review,
        Kind::WebLink,
        Kind::Rules,
        Kind::CardLookup,
        Kind::Score,
        Kind::Replay,
        Kind::Export,
        Kind::Stats,
        Kind::Leaderboard,
        Kind::MySettings,
        Kind::GamePreferences,
        Kind::ConversationClocks,
        Kind::ServerSettings,
    ];
}

impl Request {
    pub fn kind(&self) -> Kind {
        match self {
            Request::CheckLobby { .. } => Kind::CheckLobby,
            Request::OpenLobby { .. } => Kind::OpenLobby,
            Request::Join(_) => Kind::Join,
            Request::AddAi(_) => Kind::AddAi,
            Request::Start(_) => Kind::Start,
            Request::Leave { .. } => Kind::Leave,
            Request::Status => Kind::Status,
            Request::Hand => Kind::Hand,
            Request::Play { .. } => Kind::Play,
            Request::Click(_) => Kind::Click,
            Request::Concede => Kind::Concede,
            Request::OfferDraw => Kind::OfferDraw,
            Request::Abandon { .. } => Kind::Abandon,
            Request::Watch => Kind::Watch,
            Request::Unwatch => Kind::Unwatch,
            Request::Substitute { .. } => Kind::Substitute,
            Request::Rematch(_) => Kind::Rematch,
            Request::Vacation { .. } => Kind::Vacation,
            Request::Back { .. } => Kind::Back,
            Request::History { .. } => Kind::History,
            Request::MyGames => Kind::MyGames,
            Request::Log => Kind::Log,
            Request::CardTexts(_) => Kind::CardTexts,
            Request::Hint => Kind::Hint,
            Request::Review { .. } => Kind::Review,
            Request::WebLink(_) => Kind::WebLink,
            Request::Rules { .. } => Kind::Rules,
            Request::CardLookup { .. } => Kind::CardLookup,
            Request::Score { .. } => Kind::Score,
            Request::Replay { .. } => Kind::Replay,
            Request::Export { .. } => Kind::Export,
            Request::Stats { .. } => Kind::Stats,
            Request::Leaderboard { .. } => Kind::Leaderboard,
            Request::MySettings(_) => Kind::MySettings,
            Request::GamePreferences { .. } => Kind::GamePreferences,
            Request::ConversationClocks(_) => Kind::ConversationClocks,
            Request::ServerSettings { .. } => Kind::ServerSettings,
        }
    }

    /// Whether the asker's admin flag matters: a front end for which finding it out costs a
    /// request (a Matrix room's power levels) finds it out only then.
    pub fn needs_admin_flag(&self) -> bool {
        matches!(
            self,
            Request::AddAi(_)
                | Request::Start(_)
                | Request::Abandon { .. }
                | Request::Substitute { .. }
                | Request::Back { who: Some(_) }
                | Request::ServerSettings {
                    change: Some(_),
                    ..
                }
                | Request::ServerSettings { storage: true, .. }
        )
    }
}
