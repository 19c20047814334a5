//! Headless Chromium for the browser tests of the web table, shared by the web crate's
//! tests and the bot's (the half-web, half-Discord game): chromedriver on a loopback port,
//! phone-sized browser sessions, and the waits a test needs on a live page.
//!
//! Chromium and chromedriver come from Debian (`chromium`, `chromium-driver`; `.ci/run`
//! installs them). Without them [`driver`] says why and gives none, so a test passes
//! without running, except under `CI=true`, where it fails.

mod driver;
mod frame;
mod page;

pub use driver::{browser, browser_with, driver, processes_in_group, Driver, LOOPBACK_FRAMES};
pub use fantoccini;
pub use frame::{data_page, encode, in_frame};
pub use page::{
    click_choice, count, shown_version, until_heading, until_shown, until_url, PATIENCE,
};
