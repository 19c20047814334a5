//! The bot's integration tests, one binary (issue 46): a module per area, a file per former
//! test binary, and the shared set-up beside them. All of it runs as threads of one process,
//! so no test may change the process's environment, working directory or global tracing
//! subscriber: a setting meant for a spawned `vliv` goes on its command (`Scene::start_with`).
//!
//! Shared set-up: `common` (the service on SQLite and Postgres, and the helpers of the other
//! areas), `loopback` (the loopback Discord and the real `vliv run`), `matrix_support` (a
//! loopback Synapse), `cli` (the `vliv` binary on a terminal).

mod cli;
mod common;
mod loopback;
mod matrix_support;
// Where `loopback` finds it (the loopback bench declares it there too).
use common::test_databases;

mod app;
mod app_clocks;
mod checks;
mod console;
mod discord;
mod fullest_table;
mod logging;
mod matrix;
mod ratings;
mod render;
mod render_embed;
mod render_v2;
mod service;
mod store;
