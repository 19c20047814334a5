//! Runs the `vliv` binary as a user would; shared by the console and calculator tests.
// Each test crate uses only some of these.
#![allow(dead_code)]

use std::process::Command;

/// Exit success, stdout and stderr.
pub fn vliv_full(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_vliv"))
        .args(args)
        // AI seats play the random player: whole games of every game stay quick in a
        // debug build (the service tests cover the search).
        .env("VLIV_AI_ITERATIONS", "0")
        .output()
        .expect("the vliv binary runs");
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("utf-8 output"),
        String::from_utf8(out.stderr).expect("utf-8 errors"),
    )
}

/// Exit success and stdout.
pub fn vliv(args: &[&str]) -> (bool, String) {
    let (ok, out, _) = vliv_full(args);
    (ok, out)
}
