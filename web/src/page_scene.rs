//! A scene as HTML: each zone a box, each card a face in its tint with its corner mark,
//! name, effect and short rule, as the pictures draw them, but as text a reader can select,
//! zoom and hear. And the cards' whole texts.

use std::fmt::Write;

use crate::{
    html::esc,
    scene::{CardRule, Picture, Thing},
};

pub fn picture(out: &mut String, picture: &Picture) {
    out.push_str("<div class=\"scene\">");
    for zone in &picture.zones {
        let class = match (zone.active, zone.stacked) {
            (true, true) => "zone active stacked",
            (true, false) => "zone active",
            (false, true) => "zone stacked",
            (false, false) => "zone",
        };
        let _ = write!(out, "<div class=\"{class}\">");
        if !zone.heading.is_empty() {
            let _ = write!(out, "<h4>{}</h4>", esc(&zone.heading));
        }
        out.push_str("<ul class=\"things\">");
        for item in &zone.items {
            thing(out, item);
        }
        out.push_str("</ul></div>");
    }
    out.push_str("</div>");
}

fn thing(out: &mut String, item: &Thing) {
    match item {
        Thing::Card {
            tint,
            mark,
            name,
            effect,
            rule,
            marked,
        } => {
            let marked = if *marked { " marked" } else { "" };
            let _ = write!(out, "<li class=\"card tint-{tint}{marked}\">");
            // A mark the name already says ("Personality 4") is not said twice.
            if !name.split_whitespace().any(|word| word == mark) {
                let _ = write!(out, "<span class=\"mark\">{}</span> ", esc(mark));
            }
            let _ = write!(out, "<span class=\"name\">{}</span>", esc(name));
            for line in [effect, rule].into_iter().flatten() {
                let _ = write!(out, "<span class=\"rule\">{}</span>", esc(line));
            }
            out.push_str("</li>");
        }
        Thing::Backs { label, count } => {
            let _ = write!(
                out,
                "<li class=\"backs\"><span class=\"count\">{count}×</span> {}</li>",
                esc(label)
            );
        }
        Thing::FaceDown { tint, label } => {
            let _ = write!(
                out,
                "<li class=\"card down tint-{tint}\"><span class=\"name\">{}</span></li>",
                esc(label)
            );
        }
        Thing::Counter { label, value, tint } => {
            let _ = write!(
                out,
                "<li class=\"counter tint-{tint}\"><span class=\"value\">{value}</span> {}</li>",
                esc(label)
            );
        }
        Thing::Line { text } => {
            let _ = write!(out, "<li class=\"line\">{}</li>", esc(text));
        }
    }
}

/// The cards' whole texts, name then rule.
pub fn card_rules(out: &mut String, heading: &str, rules: &[CardRule]) {
    if rules.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<section class=\"rules\" aria-labelledby=\"rules-h\"><h2 id=\"rules-h\">{}</h2><dl>",
        esc(heading)
    );
    for rule in rules {
        let _ = write!(
            out,
            "<dt>{}</dt><dd>{}</dd>",
            esc(&rule.name),
            esc(&rule.text)
        );
    }
    out.push_str("</dl></section>");
}
