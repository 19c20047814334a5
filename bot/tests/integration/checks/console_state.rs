//! The console is a front end like the chats (issue 46): it asks the application layer
//! (`vliv_service::app`) and prints the views it builds for one reader, so no code of it may
//! name a game's whole state (`GameState`, where every hand lies open), take one from the
//! service (`.live(`, `.replay(`) or deal one itself (`new_game(`). Nor may it choose which
//! of the game's events a reader sees (an event's audience, `shown_to(`, a report's or the
//! deal's `.events`): the application layer gives each reader its lines
//! (`app::events_since`). Comments count too: the words are the check's, not the code's.

use std::path::{Path, PathBuf};

/// The console's sources: its module root and its folder.
fn console_sources() -> Vec<PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![src.join("console.rs")];
    let mut dirs = vec![src.join("console")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
}

/// What only code holding a game's state, or choosing who reads an event, writes.
const HOLDING: [&str; 8] = [
    "GameState",
    ".live(",
    ".replay(",
    "new_game(",
    "Audience",
    "audience",
    "shown_to(",
    ".events",
];

/// The lines of `text` (the file `name`) that hold a game's state.
fn holding(name: &str, text: &str) -> Vec<String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| HOLDING.iter().any(|h| line.contains(h)))
        .map(|(n, line)| format!("{name}:{}: {}", n + 1, line.trim()))
        .collect()
}

#[test]
fn the_console_holds_no_game_state() {
    let files = console_sources();
    assert!(files.len() >= 5, "the console's sources: {files:?}");
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        found.extend(holding(&path.display().to_string(), &text));
    }
    assert!(
        found.is_empty(),
        "console code holding a game state or choosing who reads an event: {found:#?}"
    );
}

/// The check sees a state where the console used to take one (its table before issue 46).
#[test]
fn the_check_finds_a_console_taking_the_games_state() {
    let before = "            let state = self.service.live(&report.game)?;\n\
                  fn human_to_ask(&self, state: &dyn GameState) -> Option<Seat> {\n\
                  let (dealt, _) = self.service.replay(&report.game, Some(0)).await?;\n\
                  .new_game(&OptionValues::new(), seats.len(), seed)\n\
                  let pending = app::waiting(self.service, rec)?;";
    assert_eq!(holding("table.rs", before).len(), 4);
}

/// The check sees the console choosing an event's reader (its log before `events_since`).
#[test]
fn the_check_finds_a_console_filtering_events_by_audience() {
    let before = "            self.seen.push(applied.events.iter().cloned());\n\
                  .filter(|e| e.audience.shown_to(viewer))\n\
                  Audience::Public => writeln!(self.out, \"{}\", self.say(&e.text))?,\n\
                  self.print_lines(reader, &lines)?;";
    assert_eq!(holding("seen.rs", before).len(), 3);
}
