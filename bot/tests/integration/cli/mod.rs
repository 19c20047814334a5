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

/// Exit success, stdout and stderr of a run that reads `input` as the terminal's typing.
pub fn vliv_typed(args: &[&str], input: &str) -> (bool, String, String) {
    vliv_typed_with(args, input, &[])
}

/// As [`vliv_typed`], with more environment variables set for the run.
pub fn vliv_typed_with(args: &[&str], input: &str, env: &[(&str, &str)]) -> (bool, String, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_vliv"))
        .args(args)
        .env("VLIV_AI_ITERATIONS", "0")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the vliv binary runs");
    let mut stdin = child.stdin.take().expect("a piped stdin");
    let input = input.to_owned();
    // Written from a thread: the binary may stop reading (the game ended) before the end.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("the vliv binary ends");
    writer.join().expect("the input is written");
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("utf-8 output"),
        String::from_utf8(out.stderr).expect("utf-8 errors"),
    )
}

/// A player who types a pseudo-random number from 1 to `most` per line, `lines` times
/// (a number past a menu's end is refused and the next line read, as for a person).
pub fn typing(seed: u64, most: u64, lines: usize) -> String {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..lines)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            format!("{}\n", (x >> 33) % most + 1)
        })
        .collect()
}
