//! One module per game, each behind [`crate::Game`].

pub mod claim;
pub mod louis_xiv;
