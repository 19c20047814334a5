//! A game's records as pages: the replay with its steps, a review, the leaderboard. Plain
//! links (no script): each step, page or seat is an address a keyboard reaches with Tab and
//! opens with Enter, and a reader can keep or share.

use std::fmt::Write;

use vliv_engine::{Lang, Seat, Text};
use vliv_service::{i18n::tr, render::WHY_PREFIX};

use crate::{
    html::{esc, rich},
    view::Panel,
};

/// Where a paged record is (a replay's move, a board's page, from 0) and its last place.
#[derive(Clone, Copy)]
pub struct Nav {
    pub at: u32,
    pub last: u32,
}

pub fn say(lang: Lang, text: Text) -> String {
    tr(lang, &text, &|s| lang.seat_name(s))
}

/// The whole page around `body`.
fn shell(lang: Lang, title: &str, body: &str) -> String {
    shell_with(lang, title, "", body)
}

/// [`shell`], with more in the head (a script).
fn shell_with(lang: Lang, title: &str, head: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title><link rel=\"stylesheet\" href=\"/assets/table.css\">{head}</head>\
         <body><main>{body}</main></body></html>\n",
        lang.code(),
        esc(&title.replace("**", "")),
    )
}

/// A review being prepared: the page says so and (its script) asks again until the review
/// is there; without the script, its link asks again.
pub fn preparing(game: i64, queued: bool, lang: Lang) -> String {
    let title = say(
        lang,
        Text::new("web-review-preparing-title").arg("id", game),
    );
    let said = match queued {
        true => "web-review-queued",
        false => "web-review-preparing",
    };
    shell_with(
        lang,
        &title,
        "<script defer src=\"/assets/wait.js\"></script>",
        &format!(
            "<h1>{}</h1><p role=\"status\" id=\"preparing\">{}</p><p><a href=\"\">{}</a></p>",
            esc(&title),
            esc(&say(lang, Text::new(said))),
            esc(&say(lang, Text::new("web-review-again"))),
        ),
    )
}

/// An address of the reader's link, in the language the page is read in.
fn href(base: &str, path: &str, query: &str, lang: Lang) -> String {
    let sep = if query.is_empty() { "" } else { "&" };
    esc(&format!("{base}{path}?{query}{sep}lang={}", lang.code()))
}

/// Why a record is not shown, in the application layer's words.
pub fn refused(lang: Lang, text: &str) -> String {
    let title = say(lang, Text::new("web-refused-title"));
    shell(
        lang,
        &title,
        &format!(
            "<h1>{}</h1><p role=\"alert\">{}</p>",
            esc(&title),
            esc(text)
        ),
    )
}

/// The links of an ended game's table to its records.
pub fn links(out: &mut String, base: &str, lang: Lang) {
    let _ = write!(
        out,
        "<section class=\"records\" aria-labelledby=\"records-h\"><h2 id=\"records-h\">{}</h2><ul>",
        esc(&say(lang, Text::new("web-heading-records")))
    );
    for (path, key) in [
        ("/replay", "web-replay-link"),
        ("/review", "web-review-link"),
        ("/leaderboard", "web-leaderboard-link"),
    ] {
        let _ = write!(
            out,
            "<li><a href=\"{}\">{}</a></li>",
            href(base, path, "", lang),
            esc(&say(lang, Text::new(key)))
        );
    }
    out.push_str("</ul></section>");
}

/// A panel's text: its lines, its sections, its footer (the title is the page's heading).
fn panel_body(out: &mut String, panel: &Panel) {
    out.push_str("<section class=\"record\">");
    for line in panel
        .description
        .split('\n')
        .filter(|l| !l.trim().is_empty())
    {
        // A line in single stars is a remark (the chat's italics).
        match line.strip_prefix('*').and_then(|l| l.strip_suffix('*')) {
            Some(remark) if !line.starts_with("**") => {
                let _ = write!(out, "<p><em>{}</em></p>", esc(remark));
            }
            _ => {
                let _ = write!(out, "<p>{}</p>", rich(line));
            }
        }
    }
    for s in &panel.sections {
        if !s.heading.is_empty() {
            let _ = write!(out, "<h2>{}</h2>", rich(&s.heading));
        }
        if s.lines.is_empty() {
            continue;
        }
        out.push_str("<ul>");
        for line in &s.lines {
            let _ = write!(out, "<li>{}</li>", rich(line));
        }
        out.push_str("</ul>");
    }
    if !panel.footer.is_empty() {
        let _ = write!(out, "<p class=\"footer\">{}</p>", rich(&panel.footer));
    }
    out.push_str("</section>");
}

/// Links to other places of a paged record; the one shown now is no link.
fn nav(out: &mut String, label: &str, targets: &[(u32, &str, &str, String)], at: u32) {
    let _ = write!(
        out,
        "<nav class=\"steps\" aria-label=\"{}\"><ul>",
        esc(label)
    );
    for (target, rel, text, address) in targets {
        match *target == at {
            true => {
                let _ = write!(
                    out,
                    "<li><span class=\"here\" aria-disabled=\"true\">{}</span></li>",
                    esc(text)
                );
            }
            false => {
                let rel = match rel.is_empty() {
                    true => String::new(),
                    false => format!(" rel=\"{rel}\""),
                };
                let _ = write!(out, "<li><a href=\"{address}\"{rel}>{}</a></li>", esc(text));
            }
        }
    }
    out.push_str("</ul></nav>");
}

fn back(out: &mut String, base: &str, lang: Lang) {
    let _ = write!(
        out,
        "<p class=\"back\"><a href=\"{}\">{}</a></p>",
        href(base, "", "", lang),
        esc(&say(lang, Text::new("web-back-to-table")))
    );
}

/// A replay's step; `revealed`: the game has ended (its review can be read).
pub fn replay(panel: &Panel, at: Nav, base: &str, lang: Lang, revealed: bool) -> String {
    let mut out = format!("<h1>{}</h1>", rich(&panel.title));
    let step = |n: u32| href(base, "/replay", &format!("step={n}"), lang);
    let word = |key: &'static str| say(lang, Text::new(key));
    let targets = [
        (0, "first", word("web-replay-first"), step(0)),
        (
            at.at.saturating_sub(10),
            "",
            word("web-replay-back"),
            step(at.at.saturating_sub(10)),
        ),
        (
            at.at.saturating_sub(1),
            "prev",
            word("web-replay-previous"),
            step(at.at.saturating_sub(1)),
        ),
        (
            (at.at + 1).min(at.last),
            "next",
            word("web-replay-next"),
            step((at.at + 1).min(at.last)),
        ),
        (
            (at.at + 10).min(at.last),
            "",
            word("web-replay-forward"),
            step((at.at + 10).min(at.last)),
        ),
        (at.last, "last", word("web-replay-last"), step(at.last)),
    ];
    let targets: Vec<(u32, &str, &str, String)> = targets
        .iter()
        .map(|(n, rel, text, a)| (*n, *rel, text.as_str(), a.clone()))
        .collect();
    nav(&mut out, &word("web-replay-steps"), &targets, at.at);
    panel_body(&mut out, panel);
    if revealed {
        let _ = write!(
            out,
            "<p><a href=\"{}\">{}</a></p>",
            href(base, "/review", "", lang),
            esc(&word("web-review-link"))
        );
    }
    back(&mut out, base, lang);
    shell(lang, &panel.title, &out)
}

/// A review's lines (the first its title; `• ` lines are turning points), with links to
/// every seat's review.
pub fn review(
    lines: &[String],
    seats: &[(Seat, String)],
    reviewed: Seat,
    base: &str,
    lang: Lang,
) -> String {
    let title = lines.first().cloned().unwrap_or_default();
    let mut out = format!("<h1>{}</h1>", rich(&title));
    let targets: Vec<(u32, &str, &str, String)> = seats
        .iter()
        .map(|(s, name)| {
            let n = *s as u32 + 1;
            (
                n,
                "",
                name.as_str(),
                href(base, "/review", &format!("seat={n}"), lang),
            )
        })
        .collect();
    nav(
        &mut out,
        &say(lang, Text::new("web-review-seats")),
        &targets,
        reviewed as u32 + 1,
    );
    out.push_str("<section class=\"record\">");
    // A turning point ("• …") is an item of a list; what its choices do ("  – …"), a list
    // inside that item; any other line a paragraph.
    let (mut list, mut item, mut sub) = (false, false, false);
    for line in lines.iter().skip(1) {
        if let Some(why) = line.strip_prefix(WHY_PREFIX).filter(|_| item) {
            if !sub {
                out.push_str("<ul>");
                sub = true;
            }
            let _ = write!(out, "<li>{}</li>", rich(why));
            continue;
        }
        if sub {
            out.push_str("</ul>");
            sub = false;
        }
        if item {
            out.push_str("</li>");
            item = false;
        }
        match line.strip_prefix("• ") {
            Some(point) => {
                if !list {
                    out.push_str("<ul>");
                    list = true;
                }
                let _ = write!(out, "<li>{}", rich(point));
                item = true;
            }
            None => {
                if list {
                    out.push_str("</ul>");
                    list = false;
                }
                let _ = write!(out, "<p>{}</p>", rich(line));
            }
        }
    }
    if sub {
        out.push_str("</ul>");
    }
    if item {
        out.push_str("</li>");
    }
    if list {
        out.push_str("</ul>");
    }
    out.push_str("</section>");
    back(&mut out, base, lang);
    shell(lang, &title, &out)
}

/// A page of the leaderboard.
pub fn leaderboard(panel: &Panel, at: Nav, base: &str, lang: Lang) -> String {
    let mut out = format!("<h1>{}</h1>", rich(&panel.title));
    if at.last > 0 {
        let page = |n: u32| href(base, "/leaderboard", &format!("page={n}"), lang);
        let previous = say(lang, Text::new("web-leaderboard-previous"));
        let next = say(lang, Text::new("web-leaderboard-next"));
        let targets = [
            (
                at.at.saturating_sub(1),
                "prev",
                previous.as_str(),
                page(at.at.saturating_sub(1)),
            ),
            (
                (at.at + 1).min(at.last),
                "next",
                next.as_str(),
                page((at.at + 1).min(at.last)),
            ),
        ];
        nav(
            &mut out,
            &say(lang, Text::new("web-leaderboard-pages")),
            &targets,
            at.at,
        );
    }
    panel_body(&mut out, panel);
    back(&mut out, base, lang);
    shell(lang, &panel.title, &out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turning_points_explanation_is_a_list_inside_its_item() {
        let lines: Vec<String> = [
            "Review",
            "Turning points:",
            "• Move 3: a cost 9%.",
            "  – Your choice: a.",
            "  – The better one: b.",
            "• Move 7: c cost 2%.",
            "Decisions (2):",
            "Move 3: a",
        ]
        .map(String::from)
        .to_vec();
        let page = review(&lines, &[(0, "Ann".into())], 0, "/g/1", Lang::En);
        let expected = "<p>Turning points:</p><ul><li>Move 3: a cost 9%.<ul>\
                        <li>Your choice: a.</li><li>The better one: b.</li></ul></li>\
                        <li>Move 7: c cost 2%.</li></ul><p>Decisions (2):</p><p>Move 3: a</p>";
        assert!(page.contains(expected), "{page}");
    }
}
