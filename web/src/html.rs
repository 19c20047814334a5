//! Text made safe to put in a page.

use std::fmt::Write;

/// Escaped for HTML text and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Fluent's isolation marks around arguments are noise in a page.
            '\u{2068}' | '\u{2069}' => {}
            c => out.push(c),
        }
    }
    out
}

/// A text's chat emphasis (`**bold**`) as HTML, the rest escaped.
pub fn rich(s: &str) -> String {
    let mut out = String::new();
    for (i, part) in s.split("**").enumerate() {
        match i % 2 {
            1 => {
                let _ = write!(out, "<strong>{}</strong>", esc(part));
            }
            _ => out.push_str(&esc(part)),
        }
    }
    out
}

/// A text without its chat emphasis (for an ARIA label).
pub fn plain(s: &str) -> String {
    s.replace("**", "")
}
