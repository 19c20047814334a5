//! Which requests each front end offers: every [`Kind`] is reached by a front end's code or
//! named here with the reason it is not offered there. A test keeps this true both ways
//! (see `tests`), and the book's reference page `docs/src/reference/chats.md` prints the table.

use vliv_service::app::Kind;

/// A front end's requests it does not offer, and why.
pub struct FrontEnd {
    pub name: &'static str,
    /// The front end's source files and folders, from the workspace's root.
    pub code: &'static [&'static str],
    pub not_offered: &'static [(Kind, &'static str)],
}

/// What the console leaves to the chats: one game at a terminal, its seats at one keyboard,
/// started from the command line and gone when it ends.
const CHATS_ONLY: &str = "in a chat: the console plays one game from its command line, then ends";

/// What the web table leaves to the chats: a page opens one game from a link the chat gave.
const CHAT_ONLY: &str = "in the chat, where the game lives";

pub const FRONT_ENDS: [FrontEnd; 4] = [
    FrontEnd {
        name: "Discord",
        code: &["discord/src"],
        not_offered: &[],
    },
    FrontEnd {
        name: "Matrix",
        code: &["matrix/src"],
        not_offered: &[
            (
                Kind::CheckLobby,
                "a room is its lobby's place: no thread is made for a lobby first",
            ),
            (
                Kind::Click,
                "a room has no buttons: a choice is typed (Play) or its number answered",
            ),
            (
                Kind::ConversationClocks,
                "a room is a server of its own: its moderators set its clocks (ServerSettings)",
            ),
        ],
    },
    FrontEnd {
        name: "Web",
        code: &["web/src"],
        not_offered: &[
            (Kind::CheckLobby, CHAT_ONLY),
            (Kind::OpenLobby, CHAT_ONLY),
            (Kind::Join, CHAT_ONLY),
            (Kind::AddAi, CHAT_ONLY),
            (Kind::Start, CHAT_ONLY),
            (Kind::Leave, CHAT_ONLY),
            (Kind::Status, "the page is the table, kept up to date"),
            (Kind::Hand, "the page shows the reader's hand"),
            (Kind::Play, "a choice is clicked (Click), not typed"),
            (Kind::Concede, CHAT_ONLY),
            (Kind::OfferDraw, CHAT_ONLY),
            (Kind::Abandon, CHAT_ONLY),
            (Kind::Watch, "a spectator's link is the public view"),
            (Kind::Unwatch, "a spectator closes the page"),
            (Kind::Substitute, CHAT_ONLY),
            (Kind::Rematch, CHAT_ONLY),
            (Kind::Vacation, CHAT_ONLY),
            (Kind::Back, CHAT_ONLY),
            (Kind::History, CHAT_ONLY),
            (Kind::MyGames, CHAT_ONLY),
            (Kind::Log, "the page shows the log the reader may read"),
            (
                Kind::CardTexts,
                "the page shows the whole text of every card the reader sees, beside the table",
            ),
            (Kind::Hint, "not offered yet on the page: ask in the chat"),
            (Kind::Rules, CHAT_ONLY),
            (
                Kind::CardLookup,
                "not offered yet on the page: ask in the chat",
            ),
            (Kind::Score, CHAT_ONLY),
            (Kind::Export, CHAT_ONLY),
            (Kind::Stats, CHAT_ONLY),
            (Kind::MySettings, CHAT_ONLY),
            (Kind::GamePreferences, CHAT_ONLY),
            (Kind::ConversationClocks, CHAT_ONLY),
            (Kind::ServerSettings, CHAT_ONLY),
        ],
    },
    FrontEnd {
        name: "Console",
        code: &["bot/src/console.rs", "bot/src/console"],
        not_offered: &[
            (
                Kind::CheckLobby,
                "the command line names the game and its seats: there is no lobby to check",
            ),
            (
                Kind::OpenLobby,
                "the command line opens the game (`vliv console GAME`), seats and all",
            ),
            (Kind::Join, "the seats are given on the command line"),
            (Kind::AddAi, "the seats are given on the command line"),
            (Kind::Leave, CHATS_ONLY),
            (Kind::Concede, CHATS_ONLY),
            (Kind::OfferDraw, CHATS_ONLY),
            (Kind::Abandon, "closing the console ends its game"),
            (
                Kind::Watch,
                "everyone at the terminal sees the public table",
            ),
            (
                Kind::Unwatch,
                "everyone at the terminal sees the public table",
            ),
            (Kind::Substitute, CHATS_ONLY),
            (Kind::Rematch, "run `vliv console` again"),
            (Kind::Vacation, CHATS_ONLY),
            (Kind::Back, CHATS_ONLY),
            (Kind::History, "the console keeps no history of its games"),
            (Kind::MyGames, "the console keeps no history of its games"),
            (
                Kind::Log,
                "each reader's lines of the log are printed as the game goes",
            ),
            (Kind::CardTexts, "a card's text is asked by its name (`?`)"),
            (Kind::WebLink, "a console game is not served on the web"),
            (Kind::Rules, "`vliv rules GAME` prints them"),
            (Kind::Score, "`vliv score GAME CARD…` counts a hand"),
            (Kind::Replay, "`vliv replay FILE` replays an exported game"),
            (Kind::Export, "the console keeps no games to export"),
            (Kind::Stats, "the console keeps no history of its games"),
            (
                Kind::Leaderboard,
                "the console keeps no history of its games",
            ),
            (
                Kind::MySettings,
                "the command line sets the language and learning mode (`--lang`, `--learn`)",
            ),
            (
                Kind::GamePreferences,
                "the console plays each game with its standard options",
            ),
            (
                Kind::ConversationClocks,
                "the console has no clocks: a turn waits for its player",
            ),
            (Kind::ServerSettings, CHATS_ONLY),
        ],
    },
];

/// The reference page's table: one row a request, one column a front end.
pub fn table() -> String {
    let mut out = String::from("| request |");
    for f in &FRONT_ENDS {
        out.push_str(&format!(" {} |", f.name));
    }
    out.push_str("\n|---|");
    for _ in &FRONT_ENDS {
        out.push_str("---|");
    }
    out.push('\n');
    for kind in Kind::ALL {
        out.push_str(&format!("| `{kind:?}` |"));
        for f in &FRONT_ENDS {
            match f.not_offered.iter().find(|(k, _)| *k == kind) {
                Some((_, why)) => out.push_str(&format!(" — {why} |")),
                None => out.push_str(" yes |"),
            }
        }
        out.push('\n');
    }
    out
}

/// What the chats do not offer, for the README: one line a request a chat leaves out, with
/// why (the web table and the console leave most to the chats; the reference page has them).
pub fn chat_gaps() -> String {
    let mut out = String::new();
    for f in FRONT_ENDS.iter().filter(|f| CHATS.contains(&f.name)) {
        if f.not_offered.is_empty() {
            out.push_str(&format!("- {}: every request.\n", f.name));
            continue;
        }
        out.push_str(&format!("- {}: every request but\n", f.name));
        for (kind, why) in f.not_offered {
            out.push_str(&format!("  - `{kind:?}`: {why};\n"));
        }
    }
    out
}

/// The front ends that are chats, whose gaps the README prints.
const CHATS: [&str; 2] = ["Discord", "Matrix"];

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Every `.rs` file's text at `path` (a file or a folder).
    fn sources(path: &Path, out: &mut String) {
        if path.is_file() {
            out.push_str(&std::fs::read_to_string(path).unwrap());
            return;
        }
        for entry in std::fs::read_dir(path).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push_str(&std::fs::read_to_string(&path).unwrap());
            }
        }
    }

    /// Each front end reaches every request it does not name as not offered, and names
    /// none it reaches.
    #[test]
    fn every_request_is_reached_by_each_front_end_or_named_as_not_offered() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut wrong = Vec::new();
        for f in &FRONT_ENDS {
            let mut code = String::new();
            for path in f.code {
                sources(&root.join(path), &mut code);
            }
            for kind in Kind::ALL {
                let reached = code.contains(&format!("Request::{kind:?}"));
                let gap = f.not_offered.iter().any(|(k, _)| *k == kind);
                match (reached, gap) {
                    (false, false) => {
                        wrong.push(format!("{}: {kind:?} neither reached nor named", f.name))
                    }
                    (true, true) => wrong.push(format!(
                        "{}: {kind:?} reached but named as not offered",
                        f.name
                    )),
                    _ => {}
                }
            }
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn the_reference_page_prints_the_table() {
        let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/src/reference/chats.md");
        let page = std::fs::read_to_string(page).unwrap();
        assert!(
            page.contains(&table()),
            "docs/src/reference/chats.md's table of requests differs; it should read:\n{}",
            table()
        );
    }

    #[test]
    fn the_readme_prints_what_the_chats_leave_out() {
        let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
        let readme = std::fs::read_to_string(readme).unwrap();
        let gaps = chat_gaps();
        assert!(
            gaps.contains("- Matrix: every request but\n  - `CheckLobby`: ")
                && gaps.contains("\n  - `Click`: a room has no buttons"),
            "{gaps}"
        );
        assert!(
            readme.contains(&gaps),
            "README.md's list of what the chats do not offer differs; it should read:\n{gaps}"
        );
    }

    /// The scan finds a request where the code names it, and only there.
    #[test]
    fn the_scan_tells_a_reached_request_from_an_unreached_one() {
        assert!("Request::Join(Target::Here)".contains(&format!("Request::{:?}", Kind::Join)));
        assert!(!"Request::Joined".contains(&format!("Request::{:?} ", Kind::Join)));
        assert!(!"ComponentAction::Join(g)".contains(&format!("Request::{:?}", Kind::Join)));
    }
}
