//! The games (and settings) a bot process keeps in memory, so an accepted move costs its one
//! version-checked write and no read.

use std::sync::Arc;

use sqlx::Row;

use super::{GameId, GameRecord, Status, Store, StoreResult};

/// Game rows as this process last read or wrote them. Every write of a game goes through
/// this store, under the version check: a row another writer changed answers `Conflict`,
/// and the entry is dropped so the next read reloads it.
/// Settings rows (server and player) are kept the same way, by table and id.
/// In a fleet another process may write a game this one cached (a DM panel's click reaches
/// shard 0's process): a fleet member then asks the row's version before it uses a cached
/// game, and keeps no settings (those change from any process).
#[derive(Debug, Default)]
pub struct GameCache {
    games: std::sync::Mutex<std::collections::HashMap<GameId, GameRecord>>,
    settings: std::sync::Mutex<std::collections::HashMap<(String, u64), Option<String>>>,
    /// Not the games' only writer: a cached game is used only at the stored version.
    probe: bool,
}

impl GameCache {
    pub(super) fn lock(
        &self,
    ) -> std::sync::MutexGuard<'_, std::collections::HashMap<GameId, GameRecord>> {
        self.games.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Only the sole writer keeps settings: a fleet's players change theirs anywhere.
    pub(super) fn keeps_settings(&self) -> bool {
        !self.probe
    }

    pub(super) fn settings(
        &self,
    ) -> std::sync::MutexGuard<'_, std::collections::HashMap<(String, u64), Option<String>>> {
        self.settings.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Store {
    /// Keeps the games this process serves in memory (see [`GameCache`]). `sole_writer`:
    /// no other process writes the database's games (the bot serving every shard); else
    /// each cached read is checked against the stored version.
    pub fn with_game_cache(mut self, sole_writer: bool) -> Store {
        self.games = Some(Arc::new(GameCache {
            probe: !sole_writer,
            ..GameCache::default()
        }));
        self
    }

    /// The cached game if it may be used: a fleet member first reads the stored version
    /// (one small query instead of the row and its snapshot).
    pub(super) async fn cached_game(&self, id: GameId) -> StoreResult<Option<GameRecord>> {
        let Some(cache) = &self.games else {
            return Ok(None);
        };
        let Some(cached) = cache.lock().get(&id).cloned() else {
            return Ok(None);
        };
        if !cache.probe {
            return Ok(Some(cached));
        }
        let row = sqlx::query("SELECT version FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        let stored = row.map(|r| r.try_get::<i64, _>(0)).transpose()?;
        if stored == Some(cached.version) {
            return Ok(Some(cached));
        }
        cache.lock().remove(&id);
        Ok(None)
    }

    /// Remembers a game as written, or forgets it after a failed write. Finished games
    /// leave: they are rarely read again.
    pub(super) fn cache_written<T>(&self, game: &GameRecord, written: &StoreResult<T>) {
        let Some(cache) = &self.games else { return };
        let mut games = cache.lock();
        match written {
            Ok(_) if matches!(game.status, Status::Lobby | Status::Running) => {
                games.insert(game.id, game.clone());
            }
            _ => {
                games.remove(&game.id);
            }
        }
    }
}
