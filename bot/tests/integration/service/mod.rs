//! The session service without Discord, on SQLite and on a real Postgres (see `common`):
//! the tests are in this folder, by what they exercise; `database`, `life_of_a_game` and
//! `refusals` share the set-up below.

mod abuse;
mod abuser;
mod ai_seats;
mod ai_stop;
mod ai_thinking;
mod claim_voids;
mod database;
mod deadline_race;
mod every_game;
mod fleet_recovery;
mod fleet_recovery_scope;
mod game_clocks;
mod game_data;
mod held_notice_delivery;
mod history;
mod last_human_leaves;
mod learning_panel;
mod life_of_a_game;
mod quiet_hours;
mod reaction_windows;
mod read_during_outage;
mod refusals;
mod replays;
mod running_caps;
mod spectators_and_substitutes;
mod sweep_panic;
mod teaching;
mod typed_refusals;
mod vacations;

use crate::common;

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
