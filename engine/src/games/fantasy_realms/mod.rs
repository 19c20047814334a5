//! Fantasy Realms ("Tajuplné říše", Bruce Glassco), 2–7 players: spec
//! `shared/rules/fantasy-realms.md`, Czech rulebook seed 003.

pub mod cards;
pub mod score;
pub mod search;

#[cfg(test)]
mod tests_cards;
#[cfg(test)]
mod tests_scoring;
