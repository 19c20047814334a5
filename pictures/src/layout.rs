//! Where everything goes: a localized scene laid out as rectangles and lines of text.
//!
//! Zones are boxes packed left to right in rows (two seats side by side, a row of
//! columns), each as wide as its content needs and stretched to fill its row. Inside a
//! zone, cards, backs and counters flow in rows; a text line takes a row of its own.

use vliv_engine::{CardFace, Item, Lang, Scene, Seat, Tint, Zone};

use crate::{
    font::{width, wrap},
    palette,
};

pub const WIDTH: f32 = 900.0;
/// Taller pictures are cut here: Discord shrinks very tall images past reading.
pub const MAX_HEIGHT: f32 = 2400.0;
const PAD: f32 = 14.0;
const GAP: f32 = 10.0;
const ZONE_PAD: f32 = 10.0;
const TITLE_SIZE: f32 = 24.0;
const TITLE_BAND: f32 = 46.0;
const HEADING_SIZE: f32 = 16.0;
const HEADING_BAND: f32 = 28.0;
const LINE_SIZE: f32 = 16.0;
const LINE_HEIGHT: f32 = 21.0;
const CARD_W: f32 = 112.0;
const CARD_H: f32 = 156.0;
const BAND: f32 = 34.0;
const STACK_DY: f32 = 58.0;
const COUNTER_H: f32 = 70.0;
const NAME_SIZE: f32 = 13.0;
const EFFECT_SIZE: f32 = 12.0;
/// A card's rule (its short text): the largest size at which 100 characters fit on a card
/// in at most `RULE_LINES` lines, to stay legible in Discord's preview.
const RULE_SIZE: f32 = 12.5;
const RULE_LINE: f32 = 15.0;
const RULE_LINES: usize = 9;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Anchor {
    Start,
    Middle,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        r: f32,
        fill: &'static str,
        stroke: Option<(&'static str, f32)>,
    },
    Text {
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        fill: &'static str,
        anchor: Anchor,
        text: String,
    },
}

impl Shape {
    fn shifted(mut self, dx: f32, dy: f32) -> Shape {
        match &mut self {
            Shape::Rect { x, y, .. } | Shape::Text { x, y, .. } => {
                *x += dx;
                *y += dy;
            }
        }
        self
    }
}

/// A laid-out picture: what the rasteriser draws and what leak tests read.
#[derive(Clone, Debug, Default)]
pub struct Drawing {
    pub width: f32,
    pub height: f32,
    pub shapes: Vec<Shape>,
    /// The ids of the face-up cards drawn.
    pub cards: Vec<String>,
}

impl Drawing {
    /// Every string drawn, in drawing order.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.shapes.iter().filter_map(|s| match s {
            Shape::Text { text, .. } => Some(text.as_str()),
            Shape::Rect { .. } => None,
        })
    }
}

/// A zone in one language.
struct Local<'a> {
    zone: &'a Zone,
    heading: String,
    lines: Vec<Option<String>>,
}

pub fn lay_out(scene: &Scene, lang: Lang, names: &dyn Fn(Seat) -> String) -> Drawing {
    let say = |t| lang.text(t, names);
    let zones: Vec<Local> = scene
        .zones
        .iter()
        .map(|zone| Local {
            zone,
            heading: say(&zone.heading),
            lines: zone
                .items
                .iter()
                .map(|i| match i {
                    Item::Line(t) => Some(say(t)),
                    _ => None,
                })
                .collect(),
        })
        .collect();
    let mut d = Drawing {
        width: WIDTH,
        ..Drawing::default()
    };
    let title = say(&scene.title);
    let title_lines = wrap(&title, TITLE_SIZE, true, WIDTH - 2.0 * PAD, 2);
    let mut y = PAD;
    for line in title_lines {
        d.shapes
            .push(text(PAD, y + 26.0, TITLE_SIZE, true, palette::TEXT, line));
        y += TITLE_BAND - 12.0;
    }
    y += 10.0;
    let full = WIDTH - 2.0 * PAD;
    for row in pack(&zones, full) {
        let natural: f32 = row.iter().map(|&i| natural_width(&zones[i], full)).sum();
        let spare = (full - natural - GAP * (row.len() - 1) as f32).max(0.0) / row.len() as f32;
        let mut x = PAD;
        let mut placed = Vec::new();
        let mut row_h: f32 = 0.0;
        for &i in &row {
            let w = natural_width(&zones[i], full) + spare;
            let mut shapes = Vec::new();
            let h = zone_content(&zones[i], lang, names, w, &mut shapes, &mut d.cards);
            row_h = row_h.max(h);
            placed.push((x, w, i, shapes));
            x += w + GAP;
        }
        for (x, w, i, shapes) in placed {
            let zone = zones[i].zone;
            let fill = if zone.private {
                palette::ZONE_PRIVATE
            } else {
                palette::ZONE
            };
            let stroke = if zone.active {
                (palette::ACTIVE_EDGE, 3.0)
            } else {
                (palette::ZONE_EDGE, 1.0)
            };
            d.shapes.push(Shape::Rect {
                x,
                y,
                w,
                h: row_h,
                r: 10.0,
                fill,
                stroke: Some(stroke),
            });
            d.shapes.extend(shapes.into_iter().map(|s| s.shifted(x, y)));
        }
        y += row_h + GAP;
    }
    d.height = (y + PAD - GAP).clamp(80.0, MAX_HEIGHT).ceil();
    d
}

/// Greedy rows of zone indices: a zone joins the row if it still fits.
fn pack(zones: &[Local], full: f32) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut used = f32::INFINITY;
    for (i, z) in zones.iter().enumerate() {
        let w = natural_width(z, full);
        if used + GAP + w <= full {
            used += GAP + w;
            rows.last_mut().expect("a row is open").push(i);
        } else {
            used = w;
            rows.push(vec![i]);
        }
    }
    rows
}

fn per_row(inner: f32) -> usize {
    (((inner + GAP) / (CARD_W + GAP)).floor() as usize).max(1)
}

fn natural_width(z: &Local, full: f32) -> f32 {
    let inner_max = full - 2.0 * ZONE_PAD;
    let tiles = z
        .zone
        .items
        .iter()
        .filter(|i| !matches!(i, Item::Line(_)))
        .count();
    let tiles_w = match (tiles, z.zone.stacked) {
        (0, _) => 0.0,
        (_, true) => CARD_W,
        (n, false) => {
            let n = n.min(per_row(inner_max)) as f32;
            n * CARD_W + (n - 1.0) * GAP
        }
    };
    let lines_w = z
        .lines
        .iter()
        .flatten()
        .map(|l| width(l, LINE_SIZE, false) + 2.0)
        .fold(0.0, f32::max);
    let heading_w = width(&z.heading, HEADING_SIZE, true) + 2.0;
    (tiles_w.max(lines_w).max(heading_w).min(inner_max) + 2.0 * ZONE_PAD).min(full)
}

/// Draws a zone's heading and items at the origin, `w` wide; returns its height.
fn zone_content(
    z: &Local,
    lang: Lang,
    names: &dyn Fn(Seat) -> String,
    w: f32,
    out: &mut Vec<Shape>,
    cards: &mut Vec<String>,
) -> f32 {
    let inner = w - 2.0 * ZONE_PAD;
    let heading_fill = if z.zone.active {
        palette::ACTIVE_EDGE
    } else {
        palette::TEXT_DIM
    };
    for line in wrap(&z.heading, HEADING_SIZE, true, inner, 1) {
        out.push(text(ZONE_PAD, 21.0, HEADING_SIZE, true, heading_fill, line));
    }
    let mut y = HEADING_BAND + 4.0;
    let (mut col, mut row_h) = (0usize, 0.0f32);
    let per_row = per_row(inner);
    let mut stack_y = y;
    for (item, line) in z.zone.items.iter().zip(&z.lines) {
        if let Some(line) = line {
            if col > 0 {
                y += row_h + GAP;
                (col, row_h) = (0, 0.0);
            }
            for l in wrap(line, LINE_SIZE, false, inner, 4) {
                out.push(text(ZONE_PAD, y + 15.0, LINE_SIZE, false, palette::TEXT, l));
                y += LINE_HEIGHT;
            }
            y += 3.0;
            stack_y = y;
            continue;
        }
        if z.zone.stacked {
            let (x, top) = (ZONE_PAD, stack_y);
            row_h = tile(item, x, top, lang, names, out, cards) + (top - y);
            stack_y += STACK_DY;
            col = 1;
            continue;
        }
        if col == per_row {
            y += row_h + GAP;
            (col, row_h) = (0, 0.0);
        }
        let x = ZONE_PAD + col as f32 * (CARD_W + GAP);
        row_h = row_h.max(tile(item, x, y, lang, names, out, cards));
        col += 1;
    }
    if col > 0 {
        y += row_h;
    }
    y + ZONE_PAD
}

/// Draws one card, back or counter with its top left at (x, y); returns its height.
fn tile(
    item: &Item,
    x: f32,
    y: f32,
    lang: Lang,
    names: &dyn Fn(Seat) -> String,
    out: &mut Vec<Shape>,
    cards: &mut Vec<String>,
) -> f32 {
    let say = |t| lang.text(t, names);
    match item {
        Item::Card(card) => {
            cards.push(card.id.clone());
            card_face(
                card,
                &say(&card.name),
                card.effect.as_ref().map(say),
                card.rule.as_ref().map(say),
                x,
                y,
                out,
            )
        }
        // A small pile: two offset backs under the count, as high as a counter.
        Item::Backs { label, count } => {
            out.push(rect(
                x + 4.0,
                y,
                CARD_W - 4.0,
                COUNTER_H - 4.0,
                7.0,
                palette::BACK,
                Some((palette::BACK_EDGE, 1.0)),
            ));
            out.push(rect(
                x,
                y + 4.0,
                CARD_W - 4.0,
                COUNTER_H - 4.0,
                7.0,
                palette::BACK,
                Some((palette::BACK_EDGE, 2.0)),
            ));
            out.push(centred(
                x + CARD_W / 2.0 - 2.0,
                y + 33.0,
                24.0,
                true,
                palette::TEXT,
                count.to_string(),
            ));
            for (i, l) in wrap(&say(label), EFFECT_SIZE, true, CARD_W - 14.0, 2)
                .into_iter()
                .enumerate()
            {
                out.push(centred(
                    x + CARD_W / 2.0 - 2.0,
                    y + 51.0 + 13.0 * i as f32,
                    EFFECT_SIZE,
                    true,
                    palette::TEXT,
                    l,
                ));
            }
            COUNTER_H
        }
        Item::FaceDown { tint, label } => {
            let (frame, on_frame) = palette::tint(*tint);
            out.push(rect(
                x,
                y,
                CARD_W,
                CARD_H,
                8.0,
                frame,
                Some((palette::TEXT_DIM, 1.0)),
            ));
            out.push(rect(
                x + 7.0,
                y + 7.0,
                CARD_W - 14.0,
                CARD_H - 14.0,
                5.0,
                frame,
                Some((on_frame, 1.0)),
            ));
            out.push(centred(
                x + CARD_W / 2.0,
                y + 30.0,
                22.0,
                true,
                on_frame,
                "?".into(),
            ));
            for (i, l) in wrap(&say(label), EFFECT_SIZE, true, CARD_W - 20.0, 4)
                .into_iter()
                .enumerate()
            {
                out.push(centred(
                    x + CARD_W / 2.0,
                    y + 70.0 + 15.0 * i as f32,
                    EFFECT_SIZE,
                    true,
                    on_frame,
                    l,
                ));
            }
            CARD_H
        }
        Item::Counter { label, value, tint } => {
            let (frame, _) = palette::tint(*tint);
            out.push(rect(
                x,
                y,
                CARD_W,
                COUNTER_H,
                8.0,
                palette::COUNTER,
                Some((frame, 2.0)),
            ));
            out.push(rect(x, y, 7.0, COUNTER_H, 3.0, frame, None));
            out.push(centred(
                x + CARD_W / 2.0 + 3.0,
                y + 30.0,
                24.0,
                true,
                palette::TEXT,
                value.to_string(),
            ));
            for (i, l) in wrap(&say(label), EFFECT_SIZE, false, CARD_W - 16.0, 2)
                .into_iter()
                .enumerate()
            {
                out.push(centred(
                    x + CARD_W / 2.0 + 3.0,
                    y + 48.0 + 14.0 * i as f32,
                    EFFECT_SIZE,
                    false,
                    palette::TEXT_DIM,
                    l,
                ));
            }
            COUNTER_H
        }
        Item::Line(_) => 0.0,
    }
}

/// A light face in a frame of the suit's tint; the mark sits on the coloured band. A card
/// with a rule (what it does) grows downwards to hold it; returns the card's height.
fn card_face(
    card: &CardFace,
    name: &str,
    effect: Option<String>,
    rule: Option<String>,
    x: f32,
    y: f32,
    out: &mut Vec<Shape>,
) -> f32 {
    // The text first, so that the frame can be as tall as the text needs.
    let mut lines: Vec<Shape> = Vec::new();
    let mut ty = y + BAND + 17.0;
    // A long single word (Doppelganger, Nejneobhospodařovávatelnější) gets a smaller size
    // rather than a break in the middle.
    let longest = name
        .split_whitespace()
        .map(|w| width(w, NAME_SIZE, true))
        .fold(0.0, f32::max);
    let room = CARD_W - 14.0;
    let size = if longest > room {
        (NAME_SIZE * room / longest).max(9.0)
    } else {
        NAME_SIZE
    };
    for l in wrap(name, size, true, room, 3) {
        lines.push(text(x + 8.0, ty, size, true, palette::CARD_TEXT, l));
        ty += size + 3.0;
    }
    if let Some(effect) = effect {
        ty += 3.0;
        let room = match rule {
            // Above a rule the effect is one short line (a suit, a score).
            Some(_) => 2,
            None => ((y + CARD_H - 10.0 - ty) / 14.5).floor().max(1.0) as usize + 1,
        };
        for l in wrap(&effect, EFFECT_SIZE, false, CARD_W - 16.0, room) {
            lines.push(text(
                x + 9.0,
                ty,
                EFFECT_SIZE,
                false,
                palette::CARD_EFFECT,
                l,
            ));
            ty += 14.5;
        }
    }
    let mut height = CARD_H;
    if let Some(rule) = rule {
        ty += 4.0;
        for l in wrap(&rule, RULE_SIZE, false, CARD_W - 14.0, RULE_LINES) {
            lines.push(text(x + 8.0, ty, RULE_SIZE, false, palette::CARD_TEXT, l));
            ty += RULE_LINE;
        }
        height = height.max(ty - y - RULE_LINE + 14.0);
    }
    let (frame, on_frame) = palette::tint(card.tint);
    if card.marked {
        out.push(rect(
            x - 4.0,
            y - 4.0,
            CARD_W + 8.0,
            height + 8.0,
            11.0,
            palette::BACKGROUND,
            Some((palette::ACTIVE_EDGE, 3.0)),
        ));
    }
    let edge = if card.tint == Tint::Black {
        palette::TEXT_DIM
    } else {
        palette::CARD_TEXT
    };
    out.push(rect(x, y, CARD_W, height, 8.0, frame, Some((edge, 1.0))));
    out.push(rect(
        x + 5.0,
        y + BAND,
        CARD_W - 10.0,
        height - BAND - 5.0,
        5.0,
        palette::CARD_BODY,
        None,
    ));
    out.push(text(
        x + 9.0,
        y + 26.0,
        22.0,
        true,
        on_frame,
        card.mark.clone(),
    ));
    out.extend(lines);
    height
}

fn rect(
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    r: f32,
    fill: &'static str,
    stroke: Option<(&'static str, f32)>,
) -> Shape {
    Shape::Rect {
        x,
        y,
        w,
        h,
        r,
        fill,
        stroke,
    }
}

fn text(x: f32, y: f32, size: f32, bold: bool, fill: &'static str, text: String) -> Shape {
    Shape::Text {
        x,
        y,
        size,
        bold,
        fill,
        anchor: Anchor::Start,
        text,
    }
}

fn centred(x: f32, y: f32, size: f32, bold: bool, fill: &'static str, text: String) -> Shape {
    Shape::Text {
        x,
        y,
        size,
        bold,
        fill,
        anchor: Anchor::Middle,
        text,
    }
}
