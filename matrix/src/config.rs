//! The `[matrix]` section of the bot's configuration.

use std::path::PathBuf;

use serde::Deserialize;

/// The Matrix account the bot plays as. Its secret is never part of the configuration:
/// `MATRIX_ACCESS_TOKEN` (or `MATRIX_PASSWORD`) comes only from the environment.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Default)]
#[serde(default, deny_unknown_fields)]
pub struct MatrixConfig {
    /// The homeserver's client URL, e.g. `https://matrix.example.org`; empty: no Matrix.
    pub homeserver: String,
    /// The bot's user, e.g. `@vliv:example.org`.
    pub user_id: String,
    /// The folder of the bot's end-to-end encryption keys (one SQLite store per account and
    /// device below it); relative to the working directory. Empty: `matrix-crypto`.
    pub crypto_store: String,
}

impl MatrixConfig {
    /// The crypto store's folder as configured, else `matrix-crypto`.
    pub fn crypto_store_dir(&self) -> PathBuf {
        match self.crypto_store.is_empty() {
            true => PathBuf::from("matrix-crypto"),
            false => PathBuf::from(&self.crypto_store),
        }
    }
}
