//! The automated accessibility check: axe-core (vendored under `tests/vendor/axe-core`)
//! run in the page the browser shows, which must have no serious or critical violation.

use serde_json::Value;
use vliv_browser::fantoccini::Client;

const AXE: &str = include_str!("../vendor/axe-core/axe.min.js");

/// Runs axe on the page as it is now (the top frame) and fails on any serious or critical
/// violation, naming each with the elements at fault.
pub(crate) async fn no_serious_violation(page: &Client, what: &str) {
    // A script run by WebDriver is not bound by the page's Content-Security-Policy.
    page.execute(&format!("{AXE}\n;return true;"), vec![])
        .await
        .expect("axe loads into the page");
    let found: Value = page
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { resultTypes: ['violations'] })
               .then(r => done(r.violations
                 .filter(v => v.impact === 'serious' || v.impact === 'critical')
                 .map(v => ({ id: v.id, impact: v.impact, help: v.help,
                   nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + n.failureSummary) }))))
               .catch(e => done([{ id: 'axe-failed', help: String(e) }]));",
            vec![],
        )
        .await
        .expect("axe runs");
    let checked: Value = page
        .execute("return typeof axe === 'object' && axe.version;", vec![])
        .await
        .unwrap();
    assert!(checked.is_string(), "{what}: axe ran");
    assert_eq!(
        found,
        Value::Array(Vec::new()),
        "{what}: serious or critical accessibility violations: {found:#}"
    );
}
