//! When a table message gets a new picture: at most once per [`TABLE_PICTURE_EVERY`] while
//! its game runs, a table edited meanwhile keeping its previous picture until a catch-up
//! edit brings the latest (the panels' pictures are `pictures.rs`'s).

use std::{
    collections::HashMap,
    sync::{LazyLock, Mutex, OnceLock},
    time::{Duration, Instant},
};
use vliv_service::service::MessageId;

use vliv_service::service::GameId;

/// How long a running table's edit waits for its picture before it goes without it, unless
/// the settings say otherwise (`discord.table_draw_wait_ms`).
pub const TABLE_DRAW_WAIT: Duration = Duration::from_millis(200);

static DRAW_WAIT: OnceLock<Duration> = OnceLock::new();

/// Sets the wait of [`table_draw_wait`] once, at the start (0: [`TABLE_DRAW_WAIT`]).
pub fn set_table_draw_wait(millis: u64) {
    if millis > 0 {
        let _ = DRAW_WAIT.set(Duration::from_millis(millis));
    }
}

/// How long a running table's edit waits for its picture.
pub fn table_draw_wait() -> Duration {
    DRAW_WAIT.get().copied().unwrap_or(TABLE_DRAW_WAIT)
}

/// A table's picture is drawn at most this often while its game runs: each move's text is
/// on the table within a second, the picture within this.
pub const TABLE_PICTURE_EVERY: Duration = Duration::from_secs(3);

/// The picture a table message carries (`None`: none yet).
struct Table {
    message: MessageId,
    shown: Option<u64>,
    at: Instant,
    /// A catch-up edit is scheduled.
    owed: bool,
}

static TABLES: LazyLock<Mutex<HashMap<GameId, Table>>> = LazyLock::new(Default::default);

fn tables() -> std::sync::MutexGuard<'static, HashMap<GameId, Table>> {
    TABLES.lock().unwrap_or_else(|p| p.into_inner())
}

/// What a table edit does with its picture.
#[derive(Debug, PartialEq)]
pub enum TablePicture {
    /// Draw it now and send it with the text.
    Draw,
    /// The message carries it already.
    Keep,
    /// The message keeps its older picture; a catch-up edit is due then (`None`: one is
    /// already scheduled).
    Later(Option<Instant>),
}

/// The plan for `game`'s table `message` showing the picture `key` (a running game's
/// picture waits for its turn; a finished game's is drawn at once).
pub fn table_picture(
    game: GameId,
    message: Option<MessageId>,
    key: u64,
    running: bool,
) -> TablePicture {
    if super::HANDLES.get().is_none() {
        // No catch-up edits without them.
        return TablePicture::Draw;
    }
    plan_table(&mut tables(), game, message, key, running)
}

fn plan_table(
    tables: &mut HashMap<GameId, Table>,
    game: GameId,
    message: Option<MessageId>,
    key: u64,
    running: bool,
) -> TablePicture {
    let Some(table) = tables.get_mut(&game).filter(|t| Some(t.message) == message) else {
        return TablePicture::Draw;
    };
    if table.shown == Some(key) {
        return TablePicture::Keep;
    }
    let due = table.at + TABLE_PICTURE_EVERY;
    if !running || table.shown.is_none() || Instant::now() >= due {
        return TablePicture::Draw;
    }
    match std::mem::replace(&mut table.owed, true) {
        true => TablePicture::Later(None),
        false => TablePicture::Later(Some(due)),
    }
}

/// The table `message` of `game` now carries the picture `key`.
pub fn table_drawn(game: GameId, message: MessageId, key: u64) {
    tables().insert(
        game,
        Table {
            message,
            shown: Some(key),
            at: Instant::now(),
            owed: false,
        },
    );
}

/// The picture of `game`'s table `message` was not drawn in time: whether the message
/// carries an older one (it keeps it), and when a catch-up edit is due (`None`: one is
/// already scheduled).
pub fn table_late(game: GameId, message: MessageId) -> (bool, Option<Instant>) {
    let mut t = tables();
    let table = t
        .entry(game)
        .and_modify(|t| {
            if t.message != message {
                t.message = message;
                t.shown = None;
            }
        })
        .or_insert(Table {
            message,
            shown: None,
            at: Instant::now(),
            owed: false,
        });
    let due =
        (!std::mem::replace(&mut table.owed, true)).then(|| Instant::now() + TABLE_PICTURE_EVERY);
    (table.shown.is_some(), due)
}

/// Whether `game`'s table `message` carries a picture.
pub fn table_carries(game: GameId, message: MessageId) -> bool {
    tables()
        .get(&game)
        .is_some_and(|t| t.message == message && t.shown.is_some())
}

/// Whether the catch-up edit scheduled for `game` is still owed (no picture since).
pub fn table_owed(game: GameId) -> bool {
    tables().get(&game).is_some_and(|t| t.owed)
}

/// A game is over: forget what its table carries.
pub(super) fn forget(game: GameId) {
    tables().remove(&game);
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use vliv_service::service::MessageId;

    use vliv_engine::{Lang, Scene, Text};

    use super::{plan_table, Table, TablePicture};
    use crate::pictures::key;

    fn scene(title: &str) -> u64 {
        let scene = Scene {
            title: Text::new("claim-name").arg("x", title.to_owned()),
            zones: Vec::new(),
        };
        key(&scene, Lang::En)
    }

    #[test]
    fn a_running_table_gets_a_new_picture_at_most_every_few_seconds_and_a_catch_up() {
        let (game, mut tables) = (41, HashMap::new());
        let (a, b, c) = (scene("a"), scene("b"), scene("c"));
        let first = plan_table(&mut tables, game, Some(MessageId(9)), a, true);
        assert_eq!(first, TablePicture::Draw, "nothing drawn yet");
        tables.insert(
            game,
            Table {
                message: MessageId(9),
                shown: Some(a),
                at: std::time::Instant::now(),
                owed: false,
            },
        );
        let mut plan = |message, key, running| plan_table(&mut tables, game, message, key, running);
        assert_eq!(plan(Some(MessageId(9)), a, true), TablePicture::Keep);
        assert!(matches!(
            plan(Some(MessageId(9)), b, true),
            TablePicture::Later(Some(_))
        ));
        // One catch-up is enough however many edits come meanwhile.
        assert_eq!(plan(Some(MessageId(9)), c, true), TablePicture::Later(None));
        // The final table and another message: drawn at once.
        assert_eq!(plan(Some(MessageId(9)), c, false), TablePicture::Draw);
        assert_eq!(plan(Some(MessageId(10)), c, true), TablePicture::Draw);
        assert!(tables[&game].owed);
    }
}
