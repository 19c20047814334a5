//! The table page as HTML: the reader's choices first (buttons, each labelled), then their
//! hand, the public table and the log. One column on a phone; the bot serves its own style
//! and script, nothing comes from another host.

use std::fmt::Write;

use vliv_engine::{Lang, Text};
use vliv_service::i18n::tr;

pub use crate::html::esc;
use crate::html::{plain, rich};
use crate::{
    page_scene, records_page,
    scene::Picture,
    view::{Panel, TableView},
};

/// A note above the table: a move's answer (`Said`) or why it was refused.
pub enum Notice {
    Said(String),
    Refused(String),
}

/// The whole page; `base` is the link's own path (`/t/<token>`).
pub fn page(view: &TableView, base: &str, lang: Lang, notice: Option<&Notice>) -> String {
    let title = say(lang, Text::new("web-title").arg("game", view.name.clone()));
    format!(
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"/assets/table.css\">\
         <script defer src=\"/assets/table.js\"></script></head>\
         <body><p id=\"unlive\" class=\"notice refused\" role=\"alert\" hidden></p>\
         <main id=\"live\" data-base=\"{base}\" data-version=\"{version}\" \
         data-lost=\"{lost}\">{live}</main></body></html>\n",
        lang = lang.code(),
        title = esc(&title),
        base = esc(base),
        version = view.version,
        lost = esc(&say(lang, Text::new("web-live-lost"))),
        live = live(view, base, lang, notice),
    )
}

/// The part of the page that changes with the game (what the script swaps in).
pub fn live(view: &TableView, base: &str, lang: Lang, notice: Option<&Notice>) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<h1 data-version=\"{}\">{}</h1>",
        view.version,
        esc(&view.name)
    );
    match notice {
        Some(Notice::Said(text)) => {
            let _ = write!(out, "<p class=\"notice\" role=\"status\">{}</p>", esc(text));
        }
        Some(Notice::Refused(text)) => {
            let _ = write!(
                out,
                "<p class=\"notice refused\" role=\"alert\">{}</p>",
                esc(text)
            );
        }
        None => out.push_str("<p class=\"notice\" role=\"status\"></p>"),
    }
    out.push_str("<div class=\"columns\"><div class=\"mine\">");
    match (&view.decision, view.seat) {
        (Some(d), _) => {
            let _ = write!(
                out,
                "<section class=\"decision\" aria-labelledby=\"decision-h\">\
                 <h2 id=\"decision-h\">{}</h2><p class=\"prompt\">{}</p>\
                 <form method=\"post\" action=\"{}/move\" class=\"choices\">\
                 <input type=\"hidden\" name=\"seat\" value=\"{}\">\
                 <input type=\"hidden\" name=\"counter\" value=\"{}\">",
                esc(&say(lang, Text::new("web-heading-decision"))),
                rich(&d.prompt),
                esc(base),
                d.seat,
                d.counter,
            );
            for c in &d.choices {
                let _ = write!(
                    out,
                    "<button type=\"submit\" name=\"choice\" value=\"{}\" class=\"choice\" \
                     aria-label=\"{}\">{}</button>",
                    c.id,
                    esc(&plain(&c.label)),
                    rich(&c.label)
                );
            }
            out.push_str("</form></section>");
        }
        (None, Some(_)) if view.running => {
            let _ = write!(
                out,
                "<p class=\"waiting\">{}</p>",
                esc(&say(lang, Text::new("web-waiting")))
            );
        }
        (None, None) => {
            let _ = write!(
                out,
                "<p class=\"waiting\">{}</p>",
                esc(&say(lang, Text::new("web-spectating")))
            );
        }
        _ => {}
    }
    if let Some(hand) = &view.hand {
        section(
            &mut out,
            "hand",
            &say(lang, Text::new("web-heading-hand")),
            view.hand_picture.as_ref(),
            hand,
        );
    }
    if view.ended {
        records_page::links(&mut out, base, lang);
    }
    out.push_str("</div><div class=\"public\">");
    section(
        &mut out,
        "table",
        &say(lang, Text::new("web-heading-table")),
        view.table_picture.as_ref(),
        &view.table,
    );
    page_scene::card_rules(
        &mut out,
        &say(lang, Text::new("web-heading-cards")),
        &view.card_rules,
    );
    // The log scrolls: focusable, so a keyboard can scroll it too.
    let _ = write!(
        out,
        "<section class=\"log\" aria-labelledby=\"log-h\"><h2 id=\"log-h\">{}</h2>\
         <ol tabindex=\"0\" aria-labelledby=\"log-h\">",
        esc(&say(lang, Text::new("web-heading-log")))
    );
    let mine = say(lang, Text::new("web-private-mark"));
    for line in view.log.iter().rev() {
        match line.private {
            true => {
                let _ = write!(
                    out,
                    "<li class=\"private\"><span class=\"mark\">{}</span> {}</li>",
                    esc(&mine),
                    rich(&line.text)
                );
            }
            false => {
                let _ = write!(out, "<li>{}</li>", rich(&line.text));
            }
        }
    }
    out.push_str("</ol></section></div></div>");
    out
}

fn section(out: &mut String, class: &str, heading: &str, picture: Option<&Picture>, panel: &Panel) {
    let _ = write!(
        out,
        "<section class=\"{class}\" aria-labelledby=\"{class}-h\"><h2 id=\"{class}-h\">{}</h2>",
        esc(heading)
    );
    if let Some(picture) = picture {
        page_scene::picture(out, picture);
    }
    if !panel.title.is_empty() {
        let _ = write!(out, "<h3>{}</h3>", rich(&panel.title));
    }
    for line in panel
        .description
        .split('\n')
        .filter(|l| !l.trim().is_empty())
    {
        let _ = write!(out, "<p>{}</p>", rich(line));
    }
    for s in &panel.sections {
        if !s.heading.is_empty() {
            let _ = write!(out, "<h4>{}</h4>", rich(&s.heading));
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

/// A page saying why a link does not open (forged, expired, no such game).
pub fn refusal(lang: Lang, key: &'static str) -> String {
    let title = say(lang, Text::new("web-refused-title"));
    format!(
        "<!doctype html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{t}</title><link rel=\"stylesheet\" href=\"/assets/table.css\"></head>\
         <body><main><h1>{t}</h1><p role=\"alert\">{}</p></main></body></html>\n",
        lang.code(),
        esc(&say(lang, Text::new(key))),
        t = esc(&title),
    )
}

pub fn say(lang: Lang, text: Text) -> String {
    tr(lang, &text, &|s| lang.seat_name(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_bold_is_kept() {
        assert_eq!(
            rich("**<b>** & \"x\""),
            "<strong>&lt;b&gt;</strong> &amp; &quot;x&quot;"
        );
        assert_eq!(esc("\u{2068}Anna\u{2069}"), "Anna");
    }
}
