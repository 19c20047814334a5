//! Vliv's rules engine: the pure, deterministic rules of every game Vliv hosts.
//!
//! What it is for: new games from (options, seats, seed), the pending decisions, menus of
//! legal choices, applying a choice, per-viewer views, outcomes and their neutral,
//! localizable presentation. What it is not: no I/O, no async, no clock, no Discord. The
//! session service owns time (deadlines) and storage; the bot and the console own rendering.
//!
//! A game implements [`Game`]; the [`registry`] erases the type so that callers never
//! match on a game kind.

pub mod ai;
pub mod card_lookup;
pub mod clocks;
pub mod conformance;
mod contract;
pub mod games;
pub mod i18n;
mod localize;
pub mod observed;
mod options;
mod panel;
pub mod random_player;
pub mod registry;
mod scene;
mod seat;
mod setup;
mod text;

pub use ai::Level;
pub use contract::{
    Actor, Audience, CardText, Choice, ChoiceId, DecisionKind, Game, Menu, Outcome, Pending,
    Refused, RuleError, Seat, SetupError, Viewer, MAX_MENU_CHOICES, MAX_SHORT_CARD_TEXT,
};
pub use i18n::Lang;
pub use options::{resolve_options, OptionKind, OptionSpec, OptionValue, OptionValues};
pub use panel::{LocalPanel, LocalSection, Panel, Section};
pub use registry::{Event, GameKind, GameState};
pub use scene::{CardFace, Item, Scene, Tint, Zone};
pub use text::{Arg, Text};
