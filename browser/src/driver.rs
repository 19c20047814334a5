//! chromedriver and the browser sessions it starts, all stopped when the [`Driver`] drops.

use std::{
    net::TcpListener,
    os::unix::process::CommandExt,
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::Duration,
};

use fantoccini::{Client, ClientBuilder};
use serde_json::json;

use crate::PATIENCE;

/// Switches for a harness page (an opaque `data:` page) framing the table on a loopback
/// address: Chromium's local network checks would block that frame (in Discord or Element,
/// a public page frames a public one).
pub const LOOPBACK_FRAMES: &str =
    "--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests";

/// chromedriver on a free loopback port, in a process group of its own; dropping it (at
/// the end of a test or while a failed one unwinds) kills the whole group, so the Chromium
/// processes it started go with it.
pub struct Driver {
    child: Child,
    url: String,
    profiles: tempfile::TempDir,
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The group's id is chromedriver's pid (`process_group(0)` below); Chromium and its
        // helpers are its descendants in that group. Chromium's crash reporter leaves the
        // group, but it exits by itself once the browser is gone.
        if let Ok(group) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals that process group only; it
            // touches no memory of ours.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn found(names: &[&str]) -> Option<PathBuf> {
    names
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .or_else(|| {
            let path = std::env::var_os("PATH")?;
            std::env::split_paths(&path)
                .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
                .find(|p| p.exists())
        })
}

/// The driver, or why there is none (a failure under CI).
pub async fn driver() -> Option<Driver> {
    let chromium = found(&["/usr/bin/chromium", "chromium"]);
    let chromedriver = found(&["/usr/bin/chromedriver", "chromedriver"]);
    let (Some(_), Some(chromedriver)) = (chromium, chromedriver) else {
        let why = "chromium or chromedriver is not installed (Debian: apt-get install chromium chromium-driver)";
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("CI=true: the browser tests must run, but {why}");
        }
        eprintln!("notice: the browser test is skipped: {why}");
        return None;
    };
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let profiles = tempfile::tempdir().unwrap();
    let child = Command::new(chromedriver)
        .arg(format!("--port={port}"))
        // Chromium's own output too, so a browser that never starts says why.
        .arg(format!(
            "--log-path={}",
            profiles.path().join(LOG).display()
        ))
        .arg("--enable-chrome-logs")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
        profiles,
    };
    // Ready when it answers its status.
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        if let Ok(answer) = reqwest::get(format!("{}/status", driver.url)).await {
            if answer.status().is_success() {
                break;
            }
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "chromedriver never answered"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Some(driver)
}

impl Driver {
    /// chromedriver's process group, which Chromium's processes share.
    pub fn group(&self) -> u32 {
        self.child.id()
    }

    /// The end of chromedriver's log, Chromium's output included, without the profile
    /// files it prints as indented JSON.
    fn log_tail(&self) -> String {
        let log = std::fs::read_to_string(self.profiles.path().join(LOG)).unwrap_or_default();
        let lines: Vec<&str> = log
            .lines()
            .filter(|l| !l.starts_with([' ', '}', ']']))
            .collect();
        lines[lines.len().saturating_sub(25)..].join("\n")
    }
}

const LOG: &str = "chromedriver.log";

/// How many times a browser is started before a test gives up. A cold Chromium on a busy
/// 2-core machine has once missed chromedriver's 60 s wait for its DevTools port
/// ("DevToolsActivePort file doesn't exist"); the page under test is not involved yet.
const STARTS: usize = 3;

/// The pids whose process group is `group` (Linux: read from /proc).
pub fn processes_in_group(group: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            // /proc/PID/stat: "pid (comm) state ppid pgrp ...", comm may hold spaces.
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .ok()
                .and_then(|s| {
                    let rest = &s[s.rfind(')')? + 2..];
                    let state = rest.split(' ').next()?;
                    let pgrp = rest.split(' ').nth(2)?.parse::<u32>().ok()?;
                    Some(pgrp == group && state != "Z")
                })
                .unwrap_or(false)
        })
        .collect()
}

/// A new browser session, phone-sized, with a profile of its own.
pub async fn browser(driver: &Driver, name: &str) -> Client {
    browser_with(driver, name, &[]).await
}

/// [`browser`], with more command-line switches for Chromium.
pub async fn browser_with(driver: &Driver, name: &str, more: &[&str]) -> Client {
    let mut starts = Vec::new();
    for start in 1..=STARTS {
        // A fresh profile each time: a failed start may have left its profile locked.
        let profile = driver.profiles.path().join(format!("{name}-{start}"));
        let began = std::time::Instant::now();
        match session(driver, &profile, more).await {
            Ok(client) => return client,
            Err(e) => {
                let why = format!("{e}");
                eprintln!("browser start {start} of {STARTS} failed: {e:?}");
                starts.push(format!(
                    "start {start} failed after {:.1} s: {why}",
                    began.elapsed().as_secs_f64()
                ));
                // Whatever made Chromium exit (a full disk, a busy machine) may pass; after
                // the last start there is nothing left to wait for.
                if start < STARTS {
                    tokio::time::sleep(Duration::from_secs(2 * start as u64)).await;
                }
            }
        }
    }
    // Everything in the panic message itself: a CI summary may keep only that.
    panic!(
        "a browser session:\n{}\n{}\nchromedriver's log, its end:\n{}",
        starts.join("\n"),
        surroundings(driver.profiles.path()),
        driver.log_tail()
    );
}

/// What a browser that will not start may be short of: room for its profile and shared
/// memory, and the processes already running.
fn surroundings(profiles: &std::path::Path) -> String {
    let room = |path: &std::path::Path| -> String {
        let Ok(c) = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()) else {
            return "?".into();
        };
        // SAFETY: statvfs(3) writes only into the zeroed struct we pass.
        let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
        if unsafe { libc::statvfs(c.as_ptr(), &mut st) } != 0 {
            return "?".into();
        }
        format!(
            "{} MB free",
            (st.f_bavail as u64).saturating_mul(st.f_frsize as u64) / 1_000_000
        )
    };
    let processes = std::fs::read_dir("/proc")
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
                .count()
        })
        .unwrap_or(0);
    let chromiums = std::fs::read_dir("/proc")
        .map(|d| {
            d.filter_map(|e| {
                let pid = e.ok()?.file_name().to_str()?.parse::<u32>().ok()?;
                let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).ok()?;
                comm.contains("chrom").then_some(())
            })
            .count()
        })
        .unwrap_or(0);
    format!(
        "profiles in {} ({}), /dev/shm {}, {processes} processes, {chromiums} of them Chromium's",
        profiles.display(),
        room(profiles),
        room(std::path::Path::new("/dev/shm")),
    )
}

async fn session(
    driver: &Driver,
    profile: &std::path::Path,
    more: &[&str],
) -> Result<Client, fantoccini::error::NewSessionError> {
    let args = [
        // chromedriver talks to Chromium through a pipe rather than waiting for the
        // DevToolsActivePort file, which is what a slow start once missed.
        "--remote-debugging-pipe",
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=390,844",
        "--lang=en-US",
    ]
    .iter()
    .chain(more)
    .map(|a| a.to_string())
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect::<Vec<_>>();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        // A phone's viewport exactly (a headless window is at least 500 px wide).
        json!({
            "binary": "/usr/bin/chromium",
            "args": args,
            "mobileEmulation": { "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 1.0 } },
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&driver.url)
        .await
}
