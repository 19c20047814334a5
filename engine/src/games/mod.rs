//! One module per game, each behind [`crate::Game`].

pub mod claim;
pub mod fantasy_realms;
pub mod louis_xiv;
pub mod ovlivneni;
pub mod ruse_and_bruise;
