//! The bot's process beyond start and SIGKILL: a polite stop (SIGTERM), its exit, and the
//! environment of its next start (a fault point on or off).

use std::{
    process::ExitStatus,
    time::{Duration, Instant},
};

use super::Bot;

impl Bot {
    /// Sends SIGTERM (the stop of a service manager); the process is left to exit.
    pub fn terminate(&self) {
        let child = self.child.as_ref().expect("the bot runs");
        let status = std::process::Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "SIGTERM was not sent");
    }

    /// Waits up to `limit` for the process to exit on its own; its exit status.
    pub async fn exited(&mut self, limit: Duration) -> ExitStatus {
        let start = Instant::now();
        loop {
            let child = self.child.as_mut().expect("the bot was started");
            if let Some(status) = child.try_wait().expect("the bot's status") {
                self.child = None;
                return status;
            }
            assert!(
                start.elapsed() < limit,
                "the bot did not exit within {limit:?}:\n{}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The resident memory of the running process (`VmRSS`), in kibibytes.
    pub fn rss_kib(&self) -> u64 {
        let pid = self.child.as_ref().expect("the bot runs").id();
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("its status");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmRSS")
    }

    /// The environment beside the defaults for the next start (replacing the earlier).
    pub fn set_env(&mut self, env: Vec<(String, String)>) {
        self.extra_env = env;
    }
}
