//! Which games changed, for any front end that shows a game live (the web table's open
//! pages): every committed move and every ending is announced here, whoever made it (a
//! Discord click, a Matrix line, an AI seat, a clock), so no front end has to tell another.

use tokio::sync::broadcast;

use super::{GameId, Service};

/// Announcements kept for a slow listener before it is told it missed some (it then reads
/// every game it shows again).
const BACKLOG: usize = 1024;

pub(super) struct Changes(broadcast::Sender<GameId>);

impl Default for Changes {
    fn default() -> Self {
        Changes(broadcast::channel(BACKLOG).0)
    }
}

impl Service {
    /// The ids of games as they change (after the change is committed).
    pub fn changes(&self) -> broadcast::Receiver<GameId> {
        self.changes.0.subscribe()
    }

    /// Announces a committed change of `game` (nobody listening is fine).
    pub(super) fn announce(&self, game: GameId) {
        let _ = self.changes.0.send(game);
    }
}
