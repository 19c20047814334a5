//! The engine's integration tests, one binary (issue 46): a module per former test binary;
//! `ftl_check` is the plural checker the bot's tests share.

mod ftl_check;

mod ai;
mod card_texts;
mod conformance;
mod czech_grammar;
mod ftl_plurals;
mod infer;
mod learning;
mod refusals;
mod teach;
