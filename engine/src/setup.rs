//! Why a game could not be created: below the contract and the options schema, which both
//! report it.

/// Why a game could not be created.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("this game needs {min}–{max} players, not {got}")]
    SeatCount { min: usize, max: usize, got: usize },
    #[error("option `{key}`: {reason}")]
    BadOption { key: String, reason: String },
    #[error("unknown game `{0}`")]
    UnknownGame(String),
    /// A component data text (an override file) was refused; the message names the entry.
    #[error("{0}")]
    BadData(String),
    #[error("this game has no component data")]
    NoData,
}
