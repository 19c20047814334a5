//! A Postgres server of the test's own, on a free port in a throwaway folder, that the test
//! stops the hard way (`pg_ctl -m immediate`: no checkpoint, connections dropped, as in a
//! crash or a failover) and starts again. The shared server of `.ci/run` cannot be stopped
//! under the other tests, so a test that stops its database starts its own.

#![allow(dead_code)]

use std::{
    path::{Path, PathBuf},
    process::Command,
};

pub struct PgServer {
    bin: PathBuf,
    dir: tempfile::TempDir,
    port: u16,
}

/// The folder of `initdb` and `pg_ctl`: `VLIV_TEST_PGBIN` (set by `.ci/run`), else the
/// newest of Debian's `/usr/lib/postgresql/*/bin`.
fn postgres_bin() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("VLIV_TEST_PGBIN") {
        return Some(PathBuf::from(dir));
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| Some(e.ok()?.path().join("bin")))
        .filter(|bin| bin.join("initdb").exists())
        .collect();
    found.sort();
    found.pop()
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// `program` of the server's, as the `postgres` user when the tests run as root (Postgres
/// refuses to run as root).
fn as_postgres(bin: &Path, program: &str) -> Command {
    if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(bin.join(program));
        c
    } else {
        Command::new(bin.join(program))
    }
}

fn run(mut command: Command, what: &str) {
    let out = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        out.status.success(),
        "{what}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

impl PgServer {
    /// A new server, started; `None` where this machine has no Postgres programs.
    pub fn start_new() -> Option<PgServer> {
        let bin = postgres_bin()?;
        let dir = tempfile::Builder::new()
            .prefix("vliv-pg-")
            .tempdir()
            .expect("a folder for the server");
        if is_root() {
            run(
                {
                    let mut c = Command::new("chown");
                    c.arg("postgres:postgres").arg(dir.path());
                    c
                },
                "chown",
            );
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let mut init = as_postgres(&bin, "initdb");
        init.arg("-D").arg(dir.path().join("data")).args([
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        ]);
        run(init, "initdb");
        let server = PgServer { bin, dir, port };
        server.start();
        Some(server)
    }

    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    pub fn start(&self) {
        let mut c = as_postgres(&self.bin, "pg_ctl");
        c.arg("-D")
            .arg(self.dir.path().join("data"))
            .arg("-l")
            .arg(self.dir.path().join("server.log"))
            .args(["-w", "-t", "60", "-o"])
            .arg(format!(
                "-p {} -k {} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off",
                self.port,
                self.dir.path().display()
            ))
            .arg("start");
        run(c, "pg_ctl start");
    }

    /// As a crash: no shutdown checkpoint, every connection dropped at once.
    pub fn stop_immediately(&self) {
        let mut c = as_postgres(&self.bin, "pg_ctl");
        c.arg("-D")
            .arg(self.dir.path().join("data"))
            .args(["-m", "immediate", "-w", "stop"]);
        run(c, "pg_ctl stop");
    }
}

impl Drop for PgServer {
    fn drop(&mut self) {
        let mut c = as_postgres(&self.bin, "pg_ctl");
        c.arg("-D")
            .arg(self.dir.path().join("data"))
            .args(["-m", "immediate", "-w", "stop"]);
        let _ = c.output();
    }
}
