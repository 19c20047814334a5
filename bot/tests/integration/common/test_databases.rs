//! The throwaway Postgres databases of the tests (`vliv_t_<pid>_…` of the service tests,
//! `vliv_e2e_<pid>_…` of the loopback tests). Each set-up that creates one first drops
//! those whose test process no longer runs, so killed or finished runs do not pile up.
//! A module of `common`, and of the loopback bench (with `#[path]`): it needs no other test code.

#![allow(dead_code)]

use std::path::Path;

use sqlx::{AnyPool, AssertSqlSafe, Row};

/// The name prefixes of the test databases; the creating process's id follows.
pub const PREFIXES: [&str; 2] = ["vliv_t_", "vliv_e2e_"];

/// The id of the test process that created database `name`; `None` for other databases
/// and for names that are not plain identifiers (they are never put into SQL).
pub fn creator_pid(name: &str) -> Option<u32> {
    if !name
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
    {
        return None;
    }
    let rest = PREFIXES.iter().find_map(|p| name.strip_prefix(p))?;
    rest.split('_').next()?.parse().ok()
}

/// Whether a process with this id runs on this machine. Only asked where `/proc` exists.
fn runs(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

/// Drops the test databases whose creating process no longer runs and returns their
/// names. Without `/proc` no process can be told dead, so nothing is dropped.
pub async fn drop_stale(admin: &AnyPool) -> Vec<String> {
    if !Path::new("/proc/self").exists() {
        return Vec::new();
    }
    let names: Vec<String> = match sqlx::query("SELECT datname::text FROM pg_database")
        .fetch_all(admin)
        .await
    {
        Ok(rows) => rows.iter().filter_map(|r| r.try_get(0).ok()).collect(),
        Err(e) => {
            eprintln!("notice: the stale test databases were not listed: {e}");
            return Vec::new();
        }
    };
    let mut dropped = Vec::new();
    for name in names {
        if creator_pid(&name).is_some_and(|pid| !runs(pid)) && drop_database(admin, &name).await {
            dropped.push(name);
        }
    }
    dropped
}

/// `DROP DATABASE … WITH (FORCE)`; a database another process dropped first is no error.
async fn drop_database(admin: &AnyPool, name: &str) -> bool {
    if creator_pid(name).is_none() {
        return false;
    }
    let sql = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
    match sqlx::query(AssertSqlSafe(sql)).execute(admin).await {
        Ok(_) => true,
        Err(e) => {
            eprintln!("notice: test database {name} was not dropped: {e}");
            false
        }
    }
}

/// Drops a test's own database when the test lets go of it. A failed test's database
/// stays to be looked at; the next run's sweep drops it once this process has ended.
pub struct DropWhenDone {
    /// The admin URL the database was created through.
    pub admin_url: String,
    pub name: String,
}

impl Drop for DropWhenDone {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let (url, name) = (self.admin_url.clone(), self.name.clone());
        // Drop runs inside the test's runtime, where no second runtime may block: a
        // thread with its own runtime does the work.
        let done = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .ok()?;
            runtime.block_on(async {
                let admin = AnyPool::connect(&url).await.ok()?;
                let dropped = drop_database(&admin, &name).await;
                admin.close().await;
                Some(dropped)
            })
        })
        .join();
        if !matches!(done, Ok(Some(true))) {
            eprintln!(
                "notice: test database {} stays until a later run sweeps it",
                self.name
            );
        }
    }
}
