//! The book's reference pages (`docs/src/reference/`) cannot drift from the code: each test
//! builds its list from the code itself (poise's commands, the Matrix parser and help texts,
//! the `vliv` binary's help, the configuration's serde fields and environment overrides)
//! and compares it with the page's table both ways, saying which row to add, change or
//! remove.

mod config;
mod console;
mod discord;
mod matrix;
mod tables;
