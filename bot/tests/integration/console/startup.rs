//! Start-up errors that say what is wrong, and fast: a token Discord rejects, a database
//! URL of another kind, a Postgres that does not answer. Each `vliv run` must exit non-zero
//! within 10 s with a message naming the problem, in plain text when not on a terminal. And
//! the allocator the binary starts with.

use std::{
    process::{Command, Output, Stdio},
    time::{Duration, Instant},
};

use fakecord::Fake;

/// Runs `vliv run` with `env` in an empty directory (no stray `vliv.toml`); it must end by
/// itself within 10 s. Returns its output (stdout and stderr together) and how long it took.
fn run_bot(env: &[(&str, String)]) -> (Output, String, Duration) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vliv"));
    cmd.arg("run")
        .current_dir(dir.path())
        .env("VLIV_LOG", "info")
        .env("DISCORD_TOKEN", "some-token")
        .env(
            "VLIV_DATABASE_URL",
            format!("sqlite://{}", dir.path().join("vliv.db").display()),
        )
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let started = Instant::now();
    let mut child = cmd.spawn().expect("the vliv binary starts");
    while child.try_wait().expect("a child status").is_none() {
        if started.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let out = child.wait_with_output().expect("its output");
            panic!(
                "vliv run did not stop within 10 s: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let took = started.elapsed();
    let out = child.wait_with_output().expect("its output");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out, text, took)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rejected_token_is_said_and_the_bot_exits_within_seconds() {
    let fake = Fake::start().await;
    fake.world().bot_token = Some("the-right-token".into());
    let api = fake.api_base();
    let (out, text, took) = tokio::task::spawn_blocking(move || {
        run_bot(&[
            ("VLIV_API_BASE", api),
            ("DISCORD_TOKEN", "a-wrong-token".into()),
        ])
    })
    .await
    .unwrap();
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains("Discord rejected the token (401 Unauthorized)"),
        "{text}"
    );
    assert!(!text.contains("a-wrong-token"), "the token is never logged");
    assert!(
        !text.contains('\u{1b}'),
        "no colour codes off a terminal: {text:?}"
    );
    assert!(took < Duration::from_secs(10));
    // It asked once and stopped: no retries, no gateway (each 401 counts against a bot).
    assert_eq!(fake.world().unauthorized, 1);
    assert!(fake.requests().is_empty());
}

#[test]
fn an_unknown_database_scheme_is_named_as_unsupported() {
    let (out, text, _) = run_bot(&[("VLIV_DATABASE_URL", "mysql://u:pw@h/db".into())]);
    assert!(!out.status.success());
    assert!(
        text.contains("unsupported database URL `mysql…`, expected sqlite:// or postgres://"),
        "{text}"
    );
    assert!(!text.contains("corrupt"), "{text}");
    assert!(
        !text.contains("pw@"),
        "the URL's password is not echoed: {text}"
    );
}

#[test]
fn an_unreachable_postgres_is_named_by_host_and_port_within_10_s() {
    // Nothing listens on port 1 of the loopback: the connection is refused at once.
    let url = "postgres://vliv:secret@127.0.0.1:1/vliv".to_string();
    let (out, text, took) = run_bot(&[("VLIV_DATABASE_URL", url)]);
    assert!(!out.status.success());
    assert!(
        text.contains("cannot reach the database at 127.0.0.1:1"),
        "{text}"
    );
    assert!(!text.contains("secret"), "{text}");
    assert!(took < Duration::from_secs(10));
}

/// The binary allocates with jemalloc and the settings `src/main.rs` builds in (issue 22):
/// its own thread returns freed pages, after 1 s. `stats_print` makes jemalloc print the
/// options in force at exit.
#[cfg(not(target_env = "msvc"))]
#[test]
fn the_binary_runs_on_jemalloc_with_its_own_thread() {
    let out = Command::new(env!("CARGO_BIN_EXE_vliv"))
        .arg("--help")
        .env("_RJEM_MALLOC_CONF", "stats_print:true")
        .output()
        .expect("vliv runs");
    assert!(out.status.success());
    let stats = String::from_utf8_lossy(&out.stderr);
    for option in ["opt.background_thread: true", "opt.dirty_decay_ms: 1000"] {
        assert!(
            stats.contains(option),
            "{option} not in jemalloc's stats:\n{stats}"
        );
    }
}
