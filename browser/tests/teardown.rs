//! A browser test that fails leaves no Chromium behind: the driver's drop, run while the
//! failed test unwinds, ends chromedriver and every Chromium process it started.

use std::time::Duration;

use vliv_browser::{browser, driver, processes_in_group, PATIENCE};

#[tokio::test]
async fn a_failing_browser_test_leaves_no_chromium_running() {
    let Some(driver) = driver().await else {
        return;
    };
    let page = browser(&driver, "doomed").await;
    page.goto("data:text/html,<title>open</title>")
        .await
        .unwrap();
    let group = driver.group();
    let running = processes_in_group(group);
    assert!(
        running.len() > 1,
        "chromedriver and Chromium share the group: {running:?}"
    );
    // A test failing with its browser open, without closing the session.
    let failed = tokio::spawn(async move {
        let _driver = driver;
        let _page = page;
        panic!("a browser test fails");
    })
    .await;
    assert!(failed.unwrap_err().is_panic());
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let left = processes_in_group(group);
        if left.is_empty() {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "still running after the failed test: {left:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
