//! The session service without Discord, on SQLite and on a real Postgres (see `common`):
//! the tests are in this folder, by what they exercise.

#[path = "../common/mod.rs"]
mod common;
mod database;
mod life_of_a_game;
mod refusals;

use common::*;
use vliv_bot::service::{
    Caller, Clock, ComponentAction, Ending, Fired, FreezeReason, SeatHolder, ServiceError, Status,
    TimeoutAction,
};
use vliv_engine::{ChoiceId, Level};

#[test]
fn both_backends_have_the_same_migration_versions() {
    let names = |dir: &str| {
        let mut v: Vec<String> = std::fs::read_dir(format!(
            "{}/../migrations/{dir}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
        v.sort();
        v
    };
    assert_eq!(names("sqlite"), names("postgres"));
    assert!(!names("sqlite").is_empty());
}
