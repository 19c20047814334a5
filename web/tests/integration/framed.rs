//! The table opened in a host's frame (Discord's client for an Activity, Element for a
//! widget): what the Activity and widget tests both check once the harness is loaded.

use serde_json::json;
use vliv_browser::{fantoccini::Client, in_frame, until_shown};

use crate::accessibility::no_serious_violation;

/// Opens `harness`, waits until its frame went from the login page to the reader's own
/// table at `version` (their hand shown), runs the accessibility check there, and returns
/// the table's path (`/t/…`); the page is left in the parent frame.
pub(crate) async fn own_table_in_frame(
    page: &Client,
    harness: &str,
    version: i64,
    what: &str,
) -> String {
    page.goto(harness).await.unwrap();
    let path = in_frame(
        page,
        "return location.pathname.startsWith('/t/') && document.querySelector('h1[data-version]') ? location.pathname : '';",
    )
    .await;
    let path = path.as_str().unwrap().to_owned();
    until_shown(page, version).await;
    let hand = in_frame(
        page,
        "const h = document.getElementById('hand-h'); return h ? h.textContent : '';",
    )
    .await;
    assert_eq!(hand, json!("Only you see this"), "{what}");
    // The check runs in the frame `in_frame` entered: the table as the host frames it.
    no_serious_violation(page, what).await;
    page.enter_parent_frame().await.unwrap();
    path
}
