//! When a decision's clock starts afresh: one rule for the session, which owns the time,
//! and for the conformance suite, which checks that no seat can stall a game with it.
//!
//! A clock belongs to one actor's pending decision. It restarts after that actor
//! *completes* an action: its choice showed the table something (a public event) or was
//! its timeout choice (a pass, "end the turn"). It runs on through the steps of an
//! unfinished action — a parameter, a cancel, a "back" — and through other actors' choices
//! (a trade during a trading period). Ovlivnění §7.4 item 8 (O-D38): "it restarts after
//! each completed action", never on a cancel, so a menu cannot hold a game for ever.

use crate::contract::Actor;

/// One applied choice, as the clock rule sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub mover: Actor,
    /// The choice was the mover's timeout choice before it was applied.
    pub timeout_choice: bool,
    /// The choice produced at least one public event.
    pub shown: bool,
}

/// Whether `owner`'s clock, running before `step`, still runs after it (when `owner` is
/// still pending): false means a fresh period starts.
pub fn carries(owner: Actor, step: Step) -> bool {
    step.mover != owner || !(step.timeout_choice || step.shown)
}
