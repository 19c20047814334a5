//! Component data overrides (`[game_data]` in the config): a game's data file replaced by
//! one its owner corrected, validated at start. Stored games remember the hash of the data
//! they began with; a game whose data changed since is frozen, never replayed differently.

use std::{collections::BTreeMap, path::PathBuf, sync::Arc};

use anyhow::{anyhow, Context, Result};
use vliv_engine::registry;

/// The data in force per game id: override texts, and the hash new games start with.
#[derive(Clone, Debug)]
pub struct GameData {
    texts: BTreeMap<String, Arc<str>>,
    hashes: BTreeMap<String, String>,
}

impl Default for GameData {
    /// Every game on its embedded data.
    fn default() -> Self {
        let hashes = registry::all()
            .iter()
            .filter_map(|k| Some((k.id().to_owned(), k.data_hash(k.default_data()?).ok()?)))
            .collect();
        GameData {
            texts: BTreeMap::new(),
            hashes,
        }
    }
}

impl GameData {
    /// Reads and validates every override file; the error names the game, the file and
    /// (from the engine) the entry at fault.
    pub fn load(files: &BTreeMap<String, PathBuf>) -> Result<GameData> {
        let mut out = GameData::default();
        for (id, path) in files {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("game_data.{id}: cannot read {}", path.display()))?;
            out.insert(id, text)
                .with_context(|| format!("game_data.{id} ({})", path.display()))?;
        }
        Ok(out)
    }

    /// Puts an override in force from its text.
    pub fn insert(&mut self, id: &str, text: String) -> Result<()> {
        let kind = registry::find(id).ok_or_else(|| anyhow!("no game `{id}`"))?;
        if kind.default_data().is_none() {
            return Err(anyhow!("`{id}` has no component data to override"));
        }
        let hash = kind.data_hash(&text).map_err(|e| anyhow!("{e}"))?;
        self.hashes.insert(id.to_owned(), hash);
        self.texts.insert(id.to_owned(), text.into());
        Ok(())
    }

    /// The override's text for a game, if one is in force.
    pub fn text(&self, id: &str) -> Option<&str> {
        self.texts.get(id).map(|t| &**t)
    }

    /// The hash of the data new games of `id` start with (`None`: the game has none).
    pub fn hash(&self, id: &str) -> Option<&str> {
        self.hashes.get(id).map(String::as_str)
    }
}
