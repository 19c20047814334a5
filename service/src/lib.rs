//! Vliv's service layer: sessions, seats, clocks, AI turns and persistence over a durable
//! store, and the application layer (`app`) every front end calls: a request in, an answer or
//! a refusal and a publish plan out. It knows no chat platform; the rules live in
//! `vliv-engine`.

pub mod app;
pub mod dispatch;
pub mod game_data;
pub mod i18n;
pub mod keyed_lock;
pub mod logging;
pub mod mark;
pub mod render;
pub mod service;
pub mod store;
