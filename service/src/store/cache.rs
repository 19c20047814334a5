//! The games (and settings) a bot process keeps in memory, so an accepted move costs its one
//! version-checked write and no read.

use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
};

use sqlx::Row;
use vliv_engine::Lang;

use super::{
    Deadline, GameId, GameRecord, GuildId, Spectator, Status, Store, StoreResult, TimeSettings,
    UserId, Vacation,
};

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
    /// What a move reads besides the game, kept by the sole writer only (like settings).
    facts: std::sync::Mutex<Facts>,
    /// Bumped by every write of a kind of fact: a read that overlapped one does not cache
    /// its (maybe older) answer.
    epochs: [AtomicU64; Fact::KINDS],
    /// Not the games' only writer: a cached game is used only at the stored version.
    probe: bool,
}

/// A kind of fact, for its writes' epoch.
#[derive(Clone, Copy, Debug)]
pub(super) enum Fact {
    ClientLang,
    Deadlines,
    Vacations,
    Times,
    Spectators,
    Names,
    FinishedKinds,
}

impl Fact {
    const KINDS: usize = 7;
}

/// The rows a move's publishing reads on every move besides the game (issue 22: a move is
/// one round trip), as this process last read or wrote them.
#[derive(Debug, Default)]
pub(super) struct Facts {
    /// The client language last stored per user (`user_clients.lang`).
    pub client_langs: HashMap<UserId, Lang>,
    /// The deadlines of the cached games, ordered by kind as the database orders them.
    pub deadlines: HashMap<GameId, Vec<Deadline>>,
    /// Each player's vacations in a server not ended and not over when read.
    pub vacations: HashMap<(GuildId, UserId), Vec<Vacation>>,
    /// Each player's time zone and quiet hours.
    pub times: HashMap<UserId, Option<TimeSettings>>,
    /// The spectators of the cached games.
    pub spectators: HashMap<GameId, Vec<Spectator>>,
    /// Each player's display name (`None`: none kept), which every table and panel that
    /// names a player reads.
    pub names: HashMap<UserId, Option<String>>,
    /// Whether a player has finished a game of a kind on a server (learning mode's
    /// default, read for every hand shown).
    pub finished_kinds: HashMap<(GuildId, UserId, String), bool>,
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

    fn facts(&self) -> std::sync::MutexGuard<'_, Facts> {
        self.facts.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Store {
    /// The cache of facts, for the sole writer (a fleet member reads the database).
    fn fact_cache(&self) -> Option<&GameCache> {
        self.games.as_deref().filter(|c| c.keeps_settings())
    }

    pub(super) fn keeps_facts(&self) -> bool {
        self.fact_cache().is_some()
    }

    /// Reads a fact from the cache, else with `load` from the database, caching what
    /// was read unless a write of a fact overlapped the read.
    pub(super) async fn cached_fact<T: Clone, F>(
        &self,
        kind: Fact,
        get: impl Fn(&Facts) -> Option<T>,
        load: F,
        put: impl FnOnce(&mut Facts, T),
    ) -> StoreResult<T>
    where
        F: std::future::Future<Output = StoreResult<T>>,
    {
        let Some(cache) = self.fact_cache() else {
            return load.await;
        };
        if let Some(known) = get(&cache.facts()) {
            return Ok(known);
        }
        let epoch = &cache.epochs[kind as usize];
        let before = epoch.load(Ordering::SeqCst);
        let loaded = load.await?;
        let mut facts = cache.facts();
        if epoch.load(Ordering::SeqCst) == before {
            put(&mut facts, loaded.clone());
        }
        Ok(loaded)
    }

    /// A fact was written (or a write failed): `change` brings the cache up to date
    /// (usually by forgetting the entry).
    pub(super) fn fact_written(&self, kind: Fact, change: impl FnOnce(&mut Facts)) {
        if let Some(cache) = self.fact_cache() {
            cache.epochs[kind as usize].fetch_add(1, Ordering::SeqCst);
            change(&mut cache.facts());
        }
    }

    /// Whether `lang` is what this process last stored as `user`'s client language.
    pub(super) fn client_lang_known(&self, user: UserId, lang: Lang) -> bool {
        self.fact_cache()
            .is_some_and(|c| c.facts().client_langs.get(&user) == Some(&lang))
    }

    /// A game's deadlines were replaced by `written` (`None`: unknown after a failed
    /// write, read again next time).
    pub(super) fn deadlines_written(&self, game: GameId, written: Option<&[Deadline]>) {
        let cached = self.game_is_cached(game);
        self.fact_written(Fact::Deadlines, |f| match written {
            Some(d) if cached => {
                let mut d = d.to_vec();
                d.sort_by_key(|d| d.kind.key());
                f.deadlines.insert(game, d);
            }
            _ => {
                f.deadlines.remove(&game);
            }
        });
    }

    /// Whether a game's deadlines may be cached: it is one of the cached games.
    pub(super) fn game_is_cached(&self, game: GameId) -> bool {
        self.games
            .as_ref()
            .is_some_and(|c| c.lock().contains_key(&game))
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
        let mut lent = self.kept.lend(&self.pool).await?;
        let ran = sqlx::query("SELECT version FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(lent.conn())
            .await;
        let row = lent.keep_if_ok(ran)?;
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
                drop(games);
                self.deadlines_written(game.id, None);
                self.fact_written(Fact::Spectators, |f| {
                    f.spectators.remove(&game.id);
                });
            }
        }
    }
}
