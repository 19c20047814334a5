//! The Vliv bot: the session service over a durable store, and the front ends that use it
//! (the Discord layer, the Matrix layer and the console). The rules live in `vliv-engine`.

pub mod app;
pub mod config;
pub mod discord;
pub mod dispatch;
pub mod game_data;
pub mod i18n;
pub mod keyed_lock;
pub mod logging;
pub mod matrix;
pub mod render;
pub mod service;
pub mod shards;
pub mod store;
