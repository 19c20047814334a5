//! The pictures' integration tests, one binary (issue 46): a module per former test binary;
//! `positions` are the fixed mid-game positions the golden and leak tests draw.

mod positions;

mod card_texts;
mod golden;
mod leaks;
mod legibility;
