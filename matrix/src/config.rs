//! The `[matrix]` section of the bot's configuration.

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
}
