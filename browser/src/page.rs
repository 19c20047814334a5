//! Waiting on a live page: the version it shows, its choices, its address.

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::json;

/// Long enough for a debug build on a busy 2-core machine; each wait ends as soon as the
/// page shows what it waits for.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// The version of the game the page shows now (0 while it shows none). Read by a script:
/// the live part may be swapped between finding an element and reading it.
pub async fn shown_version(page: &Client) -> i64 {
    let read = page
        .execute(
            "const h = document.querySelector('h1[data-version]'); return h ? Number(h.dataset.version) : 0;",
            vec![],
        )
        .await
        .expect("the page runs scripts");
    read.as_i64().unwrap_or(0)
}

/// Waits until the page shows `version` or later.
pub async fn until_shown(page: &Client, version: i64) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        if shown_version(page).await >= version {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the page never showed version {version}: {}",
            page.source().await.unwrap_or_default()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Clicks the `n`-th (wrapping) choice button of the page once it shows one; its label.
pub async fn click_choice(page: &Client, n: usize) -> String {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        // The page may swap its live part (an event) between finding and clicking: again.
        if let Ok(Some(label)) = try_click(page, n).await {
            return label;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no choice to click: {}",
            page.source().await.unwrap_or_default()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn try_click(page: &Client, n: usize) -> Result<Option<String>, fantoccini::error::CmdError> {
    let buttons = page.find_all(Locator::Css("button.choice:enabled")).await?;
    if buttons.is_empty() {
        return Ok(None);
    }
    let button = &buttons[n % buttons.len()];
    let label = button.attr("aria-label").await?.unwrap_or_default();
    assert!(!label.is_empty(), "every choice is labelled");
    button.click().await?;
    Ok(Some(label))
}

/// How many elements `css` finds now.
pub async fn count(page: &Client, css: &str) -> usize {
    let read = page
        .execute(
            "return document.querySelectorAll(arguments[0]).length;",
            vec![json!(css)],
        )
        .await
        .expect("the page runs scripts");
    read.as_u64().unwrap_or(0) as usize
}

/// Waits until the page's address holds `part`.
pub async fn until_url(page: &Client, part: &str) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let url = page.current_url().await.unwrap();
        if url.as_str().contains(part) {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the page never went to {part}: {url}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until the page's heading holds `part` (a record may show "being prepared" first).
pub async fn until_heading(page: &Client, part: &str) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let read = page
            .execute(
                "const h = document.querySelector('h1'); return h ? h.textContent : '';",
                vec![],
            )
            .await
            .expect("the page runs scripts");
        if read.as_str().is_some_and(|h| h.contains(part)) {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the page never showed the heading {part}: {read}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
