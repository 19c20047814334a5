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
    Caller, Clock, Ending, Fired, FreezeReason, SeatHolder, ServiceError, Status, TimeoutAction,
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

/// The last migration of the first release that ran as a fleet: those after it are held to
/// the rules a rolling upgrade needs (migrations/README.md).
const LAST_BEFORE_ROLLING_RULES: u32 = 13;

/// What keeps migration `name` of `dir` from the rules a rolling upgrade needs: an older
/// release runs beside a newer one's migrations (it ignores the versions it does not know),
/// so a migration may only add — no dropped or renamed table or column, no column retyped —
/// and on Postgres an index is built without blocking the writes of the running fleet.
fn migration_problems(dir: &str, name: &str, sql: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let statements: String = sql
        .lines()
        .filter(|l| !l.trim_start().starts_with("--"))
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase();
    for word in ["DROP ", "RENAME ", "ALTER COLUMN"] {
        if statements.contains(word) {
            problems.push(format!("{dir}/{name} has {word:?}"));
        }
    }
    let version: u32 = name
        .get(..4)
        .and_then(|v| v.parse().ok())
        .unwrap_or(u32::MAX);
    let indexes = statements.matches("CREATE INDEX").count()
        + statements.matches("CREATE UNIQUE INDEX").count();
    if dir == "postgres" && version > LAST_BEFORE_ROLLING_RULES && indexes > 0 {
        if statements.matches(" INDEX CONCURRENTLY").count() != indexes {
            problems.push(format!("{dir}/{name}: CREATE INDEX without CONCURRENTLY"));
        }
        // CONCURRENTLY cannot run inside the transaction sqlx wraps a file in.
        if !sql.starts_with("-- no-transaction") {
            problems.push(format!("{dir}/{name} must begin with `-- no-transaction`"));
        }
    }
    problems
}

#[test]
fn migrations_only_add_and_postgres_builds_new_indexes_concurrently() {
    for dir in ["sqlite", "postgres"] {
        let folder = format!("{}/../migrations/{dir}", env!("CARGO_MANIFEST_DIR"));
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let sql = std::fs::read_to_string(&path).unwrap();
            assert_eq!(migration_problems(dir, &name, &sql), Vec::<String>::new());
        }
    }
    // The rules catch what they are for.
    let blocking = "CREATE INDEX games_by_x ON games (x);";
    assert_eq!(
        migration_problems("postgres", "0014_x.sql", blocking).len(),
        2
    );
    let concurrent = "-- no-transaction\nCREATE INDEX CONCURRENTLY IF NOT EXISTS g ON games (x);";
    assert!(migration_problems("postgres", "0014_x.sql", concurrent).is_empty());
    assert!(migration_problems("sqlite", "0014_x.sql", blocking).is_empty());
    let dropping = "ALTER TABLE games DROP COLUMN seed;";
    assert_eq!(
        migration_problems("sqlite", "0014_x.sql", dropping).len(),
        1
    );
    let renaming = "ALTER TABLE games RENAME COLUMN seed TO s;";
    assert_eq!(
        migration_problems("postgres", "0014_x.sql", renaming).len(),
        1
    );
}
