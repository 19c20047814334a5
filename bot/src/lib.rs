//! The `vliv` program's library: its configuration, and the layers it starts under the names
//! the tests and benches reach them by. The service (`vliv-service`), the front ends
//! (`vliv-discord`, `vliv-matrix`) and the rules (`vliv-engine`) are crates of their own, so
//! Cargo keeps a lower layer from using a higher one.

pub mod config;
pub mod parity;

pub use vliv_discord as discord;
pub use vliv_discord::shards;
pub use vliv_matrix as matrix;
pub use vliv_service::{
    app, dispatch, game_data, i18n, keyed_lock, logging, render, service, store,
};
