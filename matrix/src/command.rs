//! What a room message asks: `!vliv <word> …` in English or Czech (with or without
//! diacritics), or a bare number in a direct-message room answering the menu sent there.
//! The words of the records and reference commands are read in `records`, those of the
//! settings in `settings`.

mod records;
mod settings;

use vliv_engine::{Lang, Level};

use settings::{my_setting, setting};

/// The prefix every command in a room starts with.
pub const PREFIX: &str = "!vliv";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Open a lobby: the game's id and its `key=value` options as typed.
    New {
        game: String,
        options: String,
    },
    Join,
    /// Seat an AI at a level in the lobby (host); `None`: a word that is no level.
    AddAi(Option<Level>),
    Start,
    /// A choice of the pending menu: its number in the list, or its label.
    Play(String),
    /// Send my hand to my DM room again.
    Hand,
    /// Leave the room's game; a running one only `confirmed` (it is forfeited).
    Leave {
        confirmed: bool,
    },
    /// Post the table again.
    Status,
    /// Concede the room's running game (it ends, the conceding seat last).
    Concede,
    /// Offer a draw in the room's running game, or accept the one offered.
    Draw,
    /// Abandon the room's game for everyone (its host or a moderator); only `confirmed`.
    Abandon {
        confirmed: bool,
    },
    /// A new lobby like the room's last ended game, the former players invited.
    Rematch,
    /// A page (from 1) of the room's ended games.
    History(u32),
    /// The sender's lobbies and running games in the room.
    MyGames,
    /// The room's game's events so far, as the sender may read them, to their DM room.
    Log,
    /// The cards of the sender's hand with their texts, to their DM room (in the DM room:
    /// of each of their running games).
    CardTexts,
    /// The AI's three best choices of the sender's decision, to their DM room.
    Hint,
    /// A review of an ended game (the room's latest, or the one numbered), of the sender's
    /// seat or the one numbered from 1, to their DM room.
    Review {
        game: Option<i64>,
        seat: Option<i64>,
    },
    /// The sender's link to the room's game's table in the browser, to their DM room.
    Web,
    /// Hand a seat to the Matrix user named (`None`: no user named): the sender's own seat,
    /// or (moderators) the seat numbered from 1.
    Substitute {
        to: Option<String>,
        seat: Option<i64>,
    },
    Help,
    /// The room's settings (moderators only): shown, or one changed.
    Settings(Setting),
    /// The sender's own time zone and quiet hours: shown, or one changed.
    Me(MySetting),
    /// The sender's preferences for a game (its id as typed, empty: none named): shown, or
    /// changed by the `key=value` pairs typed after it.
    Prefs {
        game: String,
        values: String,
    },
    /// A vacation of so many days in the room's games (`None`: no number given).
    Vacation(Option<u32>),
    /// A vacation ends now: the sender's, or (moderators) that of the Matrix user named.
    Back(Option<String>),
    /// What a card does: the game's id and the card's number or name as typed.
    Card {
        game: String,
        card: String,
    },
    /// A game's rules in short (its id as typed).
    Rules(String),
    /// A game of the room as it was after `step` moves (`None`: from the deal), to the
    /// sender's DM room; `game` `None`: no number given.
    Replay {
        game: Option<i64>,
        step: Option<u32>,
    },
    /// An ended game of the room as a file's text, to the sender's DM room.
    Export(Option<i64>),
    /// A page (from 1) of a game's leaderboard in the room.
    Leaderboard {
        game: String,
        page: u32,
    },
    /// A player's games and ratings in the room (the sender's when `None`), in one game
    /// or in all.
    Stats {
        player: Option<String>,
        game: Option<String>,
    },
    /// The best score of a hand of physical Fantasy Realms cards, named by number or name,
    /// separated by commas (or spaces when each is one word); `chaotic`: Chaotic Realms.
    Score {
        cards: Vec<String>,
        chaotic: bool,
    },
    /// The room's game's table sent privately and kept current.
    Watch,
    Unwatch,
    /// A word the bot does not know (echoed back, clipped).
    Unknown(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    Show,
    Language(Lang),
    /// The games this room may host; `None`: all of them.
    Games(Option<Vec<String>>),
    /// The table's picture shown or not.
    Pictures(bool),
    /// The zone the room's table reads in (an IANA name as typed).
    Zone(String),
    /// Vacation days each player may take in a calendar year (0–366).
    VacationDays(u32),
    /// The time to move stops in the acting player's quiet hours.
    SleepingClocks(bool),
    /// Players may ask the AI for a hint.
    Hints(bool),
    /// Something the settings do not have (the words as typed).
    Unknown(String),
}

/// What `!vliv me` changes: the sender's zone (an IANA name as typed), quiet hours
/// (`22-08`, or `off`) or the language of their direct messages (`None`: the room's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MySetting {
    Show,
    Zone(String),
    Quiet(String),
    Language(Option<Lang>),
    /// Learning mode: `Some(on)` for every game, `None` for the first game of a kind only.
    Learning(Option<bool>),
    Unknown(String),
}

/// Reads a message. `None`: not for the bot (no prefix, outside a DM room).
pub fn parse(text: &str, in_direct_room: bool) -> Option<Command> {
    let text = text.trim();
    if in_direct_room && !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Command::Play(text.into()));
    }
    let rest = strip_prefix(text)?;
    let (word, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let args = args.trim();
    Some(match fold(word).as_str() {
        "new" | "nova" => {
            let (game, options) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
            Command::New {
                game: game.to_lowercase(),
                options: options.trim().into(),
            }
        }
        "join" | "pridat-se" | "pridat" => Command::Join,
        "start" | "zacit" => Command::Start,
        "ai" => Command::AddAi(match fold(args).as_str() {
            "" | "normal" | "normalni" => Some(Level::Normal),
            "easy" | "lehka" => Some(Level::Easy),
            "hard" | "tezka" => Some(Level::Hard),
            _ => None,
        }),
        "play" | "hrat" => Command::Play(args.into()),
        "hand" | "ruka" => Command::Hand,
        "leave" | "odejit" => Command::Leave {
            confirmed: matches!(fold(args).as_str(), "confirm" | "potvrdit"),
        },
        "status" | "stav" | "table" | "stul" => Command::Status,
        "concede" | "vzdat" => Command::Concede,
        "draw" | "remiza" => Command::Draw,
        "abandon" | "zrusit" => Command::Abandon {
            confirmed: matches!(fold(args).as_str(), "confirm" | "potvrdit"),
        },
        "rematch" | "odveta" => Command::Rematch,
        "history" | "historie" => Command::History(args.parse().unwrap_or(1).max(1)),
        "list" | "games" | "seznam" | "hry" => Command::MyGames,
        "log" | "zaznam" => Command::Log,
        "cards" | "karty" => Command::CardTexts,
        // "Nápověda" is the help: a hint is a piece of advice.
        "hint" | "rada" | "poradit" => Command::Hint,
        "review" | "rozbor" => {
            let mut numbers = args
                .split_whitespace()
                .map(|w| w.trim_start_matches('#').parse().ok());
            Command::Review {
                game: numbers.next().flatten(),
                seat: numbers.next().flatten(),
            }
        }
        "web" => Command::Web,
        "substitute" | "nahradnik" => {
            let mut words = args.split_whitespace();
            Command::Substitute {
                to: words
                    .next()
                    .filter(|w| w.starts_with('@') && w.contains(':'))
                    .map(|w| w.chars().take(255).collect()),
                seat: words.next().and_then(|w| w.parse().ok()),
            }
        }
        "" | "help" | "napoveda" => Command::Help,
        "settings" | "nastaveni" => Command::Settings(setting(args)),
        "me" | "ja" => Command::Me(my_setting(args)),
        "prefs" | "preferences" | "predvolby" => {
            let (game, values) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
            Command::Prefs {
                game: game.to_lowercase(),
                values: values.trim().chars().take(200).collect(),
            }
        }
        "vacation" | "dovolena" => Command::Vacation(args.parse().ok()),
        "back" | "navrat" | "zpet" => Command::Back(
            args.split_whitespace()
                .next()
                .filter(|w| w.starts_with('@'))
                .map(|w| w.chars().take(255).collect()),
        ),
        folded => match records::parse(folded, args) {
            Some(command) => command,
            None => Command::Unknown(word.chars().take(40).collect()),
        },
    })
}

fn strip_prefix(text: &str) -> Option<&str> {
    let head = text.get(..PREFIX.len())?;
    if !head.eq_ignore_ascii_case(PREFIX) {
        return None;
    }
    let rest = &text[PREFIX.len()..];
    // `!vlivx` is someone else's command.
    match rest.chars().next() {
        None => Some(""),
        Some(c) if c.is_whitespace() => Some(rest.trim_start()),
        Some(_) => None,
    }
}

/// Lower case without Czech diacritics, so `Začít`, `začít` and `zacit` are one word.
pub(super) fn fold(word: &str) -> String {
    word.to_lowercase()
        .chars()
        .map(|c| match c {
            'á' => 'a',
            'č' => 'c',
            'ď' => 'd',
            'é' | 'ě' => 'e',
            'í' => 'i',
            'ň' => 'n',
            'ó' => 'o',
            'ř' => 'r',
            'š' => 's',
            'ť' => 't',
            'ú' | 'ů' => 'u',
            'ý' => 'y',
            'ž' => 'z',
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_and_czech_words_ask_the_same() {
        for (en, cs) in [
            ("!vliv join", "!vliv přidat-se"),
            ("!vliv start", "!vliv začít"),
            ("!vliv hand", "!vliv ruka"),
            ("!vliv help", "!vliv nápověda"),
            ("!vliv settings", "!vliv nastavení"),
            ("!vliv leave confirm", "!vliv odejít potvrdit"),
            ("!vliv concede", "!vliv vzdát"),
            ("!vliv rematch", "!vliv odveta"),
            ("!vliv history 2", "!vliv historie 2"),
            ("!vliv me", "!vliv já"),
            (
                "!vliv me timezone Europe/Prague",
                "!vliv já pásmo Europe/Prague",
            ),
            ("!vliv me quiet 22-08", "!vliv já klid 22-08"),
            ("!vliv me quiet off", "!vliv ja klid vypnout"),
            ("!vliv me language cs", "!vliv já jazyk čeština"),
            ("!vliv me language room", "!vliv já jazyk místnost"),
            ("!vliv vacation 5", "!vliv dovolená 5"),
            ("!vliv back", "!vliv návrat"),
            ("!vliv hint", "!vliv rada"),
            ("!vliv review 12 2", "!vliv rozbor 12 2"),
            (
                "!vliv prefs ovlivneni reactions=auto_pass",
                "!vliv předvolby Ovlivneni reactions=auto_pass",
            ),
            (
                "!vliv settings timezone Europe/Prague",
                "!vliv nastavení pásmo Europe/Prague",
            ),
        ] {
            assert_eq!(parse(en, false), parse(cs, false), "{en} / {cs}");
        }
        assert_eq!(
            parse("!VLIV Nová claim", false),
            Some(Command::New {
                game: "claim".into(),
                options: String::new()
            })
        );
        assert_eq!(
            parse(
                "!vliv new fantasy-realms variant=chaotic time_limit=10",
                false
            ),
            Some(Command::New {
                game: "fantasy-realms".into(),
                options: "variant=chaotic time_limit=10".into()
            })
        );
        assert_eq!(
            parse("!vliv hrát 3", false),
            Some(Command::Play("3".into()))
        );
        assert_eq!(parse("!vliv", false), Some(Command::Help));
        assert_eq!(
            parse("!vliv card fantasy-realms Bell Tower", false),
            Some(Command::Card {
                game: "fantasy-realms".into(),
                card: "Bell Tower".into()
            })
        );
        assert_eq!(
            parse("!vliv karta Ruse-and-Bruise  čarodějnice ", false),
            Some(Command::Card {
                game: "ruse-and-bruise".into(),
                card: "čarodějnice".into()
            })
        );
        assert_eq!(
            parse("!vliv card", false),
            Some(Command::Card {
                game: String::new(),
                card: String::new()
            })
        );
        assert_eq!(parse("!vliv history", false), Some(Command::History(1)));
        assert_eq!(
            parse("!vliv rozbor", false),
            Some(Command::Review {
                game: None,
                seat: None
            })
        );
        assert_eq!(
            parse("!vliv review #7", false),
            Some(Command::Review {
                game: Some(7),
                seat: None
            })
        );
        assert_eq!(parse("!vliv history 0", false), Some(Command::History(1)));
        assert_eq!(parse("!vliv historie x", false), Some(Command::History(1)));
        assert_eq!(
            parse("!vliv ai těžká", false),
            Some(Command::AddAi(Some(Level::Hard)))
        );
        assert_eq!(
            parse("!vliv ai", false),
            Some(Command::AddAi(Some(Level::Normal)))
        );
        assert_eq!(parse("!vliv ai genius", false), Some(Command::AddAi(None)));
    }

    #[test]
    fn other_messages_are_not_commands() {
        assert_eq!(parse("hello", false), None);
        assert_eq!(parse("!vlivx join", false), None);
        assert_eq!(parse("3", false), None, "a number in a room is chat");
        assert_eq!(parse(" 3 ", true), Some(Command::Play("3".into())));
        assert_eq!(
            parse("!vliv dance", false),
            Some(Command::Unknown("dance".into()))
        );
    }
}
