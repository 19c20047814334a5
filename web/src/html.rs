//! Text made safe to put in a page.

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
