//! The real `vliv run` process for the chaos run, with small AI budgets and short clocks,
//! started and SIGKILLed by the test.

#![allow(dead_code)]

use std::{
    path::PathBuf,
    process::{Child, Command, Stdio},
};

use fakecord::Fake;

pub struct Bot {
    child: Child,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl Bot {
    pub fn spawn(fake: &Fake, database_url: &str, token: &str) -> Bot {
        Bot::spawn_with(fake, database_url, token, &[])
    }

    /// As [`Bot::spawn`], with more environment settings (they win over the defaults
    /// above), e.g. the shards of one process of a fleet.
    pub fn spawn_with(fake: &Fake, database_url: &str, token: &str, env: &[(&str, &str)]) -> Bot {
        let program = std::path::Path::new(env!("CARGO_BIN_EXE_vliv"));
        Bot::spawn_program(program, fake, database_url, token, env)
    }

    /// As [`Bot::spawn_with`], with another build of `vliv` (the previous release's, say).
    pub fn spawn_program(
        program: &std::path::Path,
        fake: &Fake,
        database_url: &str,
        token: &str,
        env: &[(&str, &str)],
    ) -> Bot {
        super::panic_note::install();
        let dir = tempfile::tempdir().expect("a temp dir");
        let log = dir.path().join("bot.log");
        let out = std::fs::File::create(&log).expect("a log file");
        let err = out.try_clone().expect("a log file handle");
        let mut command = Command::new(program);
        command
            .arg("run")
            .current_dir(dir.path())
            .env("DISCORD_TOKEN", token)
            .envs(fake.bot_env(dir.path()))
            .env("VLIV_DATABASE_URL", database_url)
            .env("VLIV_LOG", "info")
            .env("VLIV_AI_ITERATIONS", "30")
            .env("VLIV_TIMEOUT_MINUTES", "1")
            .env("VLIV_REMINDER_MINUTES", "0")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err);
        for (k, v) in env {
            command.env(k, v);
        }
        let child = command.spawn().expect("the vliv binary starts");
        Bot {
            child,
            log,
            _dir: dir,
        }
    }

    /// SIGKILL: no shutdown code runs.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM (a service manager's stop), then waits up to `limit` for the exit; whether
    /// the process exited within it (else it is SIGKILLed).
    pub fn terminate(&mut self, limit: std::time::Duration) -> bool {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let end = std::time::Instant::now() + limit;
        while std::time::Instant::now() < end {
            if !self.running() {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        self.kill();
        false
    }

    /// Whether the process still runs (it has not exited on its own).
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let log = self.log();
            let tail: Vec<&str> = log.lines().rev().take(60).collect();
            eprintln!("--- bot log (newest first) ---\n{}", tail.join("\n"));
            eprintln!(
                "--- the last failures of this test process, again ---\n{}",
                super::panic_note::last(3).join("\n")
            );
        }
        self.kill();
    }
}
