//! The test set-up cleans up its throwaway Postgres databases: a test's own when it is
//! done, and those of test runs that ended (the creating process no longer runs).

use crate::common;

use common::test_databases::{creator_pid, drop_stale};
use sqlx::{AnyPool, AssertSqlSafe, Row};

/// The admin URL of the test server, or `None` where these tests cannot run.
fn postgres_url() -> Option<String> {
    let url = std::env::var("VLIV_TEST_POSTGRES_URL").ok();
    assert!(
        url.is_some() || !std::env::var("CI").is_ok_and(|v| v == "true"),
        "CI=true but VLIV_TEST_POSTGRES_URL is not set"
    );
    if url.is_none() {
        eprintln!(
            "notice: VLIV_TEST_POSTGRES_URL is not set; the database clean-up was not tested"
        );
    }
    url
}

async fn databases(admin: &AnyPool) -> Vec<String> {
    sqlx::query("SELECT datname::text FROM pg_database")
        .fetch_all(admin)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
}

async fn create(admin: &AnyPool, name: &str) {
    sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(admin)
        .await
        .unwrap();
}

#[test]
fn the_creating_process_is_read_from_both_kinds_of_test_database() {
    assert_eq!(creator_pid("vliv_t_4321_7_99"), Some(4321));
    assert_eq!(creator_pid("vliv_e2e_4321_99"), Some(4321));
    assert_eq!(creator_pid("vliv_splits"), None);
    assert_eq!(creator_pid("postgres"), None);
    // Never put into SQL: not a plain identifier.
    assert_eq!(creator_pid("vliv_t_4321_\"x\""), None);
}

#[tokio::test]
async fn a_database_of_an_ended_run_is_dropped_and_one_of_a_running_process_kept() {
    let Some(base) = postgres_url() else {
        return;
    };
    sqlx::any::install_default_drivers();
    let admin = AnyPool::connect(&base).await.unwrap();
    // Process ids stay below pid_max, so no process has this one.
    let ended: u32 = std::fs::read_to_string("/proc/sys/kernel/pid_max")
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let tag = rand::random::<u32>();
    let stale = format!("vliv_e2e_{ended}_{tag}");
    let running = format!("vliv_t_{}_999999_{tag}", std::process::id());
    create(&admin, &stale).await;
    create(&admin, &running).await;

    let dropped = drop_stale(&admin).await;
    let left = databases(&admin).await;
    sqlx::query(AssertSqlSafe(format!("DROP DATABASE {running}")))
        .execute(&admin)
        .await
        .unwrap();

    assert!(dropped.contains(&stale), "dropped: {dropped:?}");
    assert!(!left.contains(&stale));
    assert!(!dropped.contains(&running));
    assert!(left.contains(&running));
}

#[tokio::test]
async fn a_tests_own_database_is_dropped_when_the_test_lets_go_of_it() {
    let Some(base) = postgres_url() else {
        return;
    };
    let dbs = common::backends().await;
    let own = dbs
        .iter()
        .find(|db| db.backend == "postgres")
        .map(|db| db.url.rsplit_once('/').unwrap().1.to_owned())
        .unwrap();
    let admin = AnyPool::connect(&base).await.unwrap();
    assert!(databases(&admin).await.contains(&own));
    drop(dbs);
    assert!(!databases(&admin).await.contains(&own));
}
