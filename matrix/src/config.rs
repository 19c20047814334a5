//! The `[matrix]` section of the bot's configuration.

use std::path::PathBuf;

use serde::Deserialize;

/// The Matrix account the bot plays as. Its secret is never part of the configuration:
/// `MATRIX_ACCESS_TOKEN` (or `MATRIX_PASSWORD`) comes only from the environment.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct MatrixConfig {
    /// The homeserver's client URL, e.g. `https://matrix.example.org`; empty: no Matrix.
    pub homeserver: String,
    /// The bot's user, e.g. `@vliv:example.org`.
    pub user_id: String,
    /// The folder of the bot's end-to-end encryption keys (one SQLite store per account and
    /// device below it); relative to the working directory. Empty: `matrix-crypto`.
    pub crypto_store: String,
    /// How many commands one sender may send at once…
    pub command_burst: u32,
    /// …and how often one more after those, in milliseconds.
    pub command_every_ms: u64,
    /// How many rooms the bot joins on one user's invitations.
    pub rooms_per_inviter: u32,
    /// How many rooms the bot is in at most; it declines invitations beyond.
    pub max_rooms: u32,
}

impl Default for MatrixConfig {
    fn default() -> Self {
        MatrixConfig {
            homeserver: String::new(),
            user_id: String::new(),
            crypto_store: String::new(),
            command_burst: 20,
            command_every_ms: 500,
            rooms_per_inviter: 10,
            max_rooms: 1000,
        }
    }
}

impl MatrixConfig {
    /// The per-sender command budget: (burst, one more every).
    pub fn command_budget(&self) -> (u32, std::time::Duration) {
        let every = std::time::Duration::from_millis(self.command_every_ms);
        (self.command_burst, every)
    }

    /// The invitation caps: (rooms per inviter, rooms in all).
    pub fn room_caps(&self) -> (u32, u32) {
        (self.rooms_per_inviter, self.max_rooms)
    }

    /// The crypto store's folder as configured, else `matrix-crypto`.
    pub fn crypto_store_dir(&self) -> PathBuf {
        match self.crypto_store.is_empty() {
            true => PathBuf::from("matrix-crypto"),
            false => PathBuf::from(&self.crypto_store),
        }
    }
}
