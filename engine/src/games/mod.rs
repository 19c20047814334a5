//! One module per game, each behind [`crate::Game`].

pub mod claim;
pub mod ruse_and_bruise;
