//! The one publishing lock of every front end: a game's table, pings and hands are brought
//! up to date by one publisher at a time (two moves in quick succession otherwise both
//! delete the same old ping and both post a new one, or an older edit lands last).

use std::sync::LazyLock;

use crate::{
    keyed_lock::{KeyGuard, KeyedLocks},
    service::GameId,
};

/// Entries leave when the last publisher of a game lets go.
static PUBLISHING: LazyLock<KeyedLocks<GameId>> = LazyLock::new(Default::default);

/// Held while a game's table, ping and private messages are brought up to date.
pub async fn publishing(game: GameId) -> KeyGuard<'static, GameId> {
    PUBLISHING.lock(game).await
}
