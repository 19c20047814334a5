//! Fault points for the end-to-end tests: with `VLIV_TEST_FAULT=<name>` in its environment,
//! the process dies at the named point as under SIGKILL (an abort: no shutdown code runs).
//! A kill between two steps that the test cannot time from outside is made exact this way.

/// Dies here when the environment names this point.
pub fn point(name: &str) {
    if std::env::var("VLIV_TEST_FAULT").is_ok_and(|fault| fault == name) {
        tracing::warn!(point = name, "dying at a test's fault point");
        std::process::abort();
    }
}
