//! Where everything goes: a localized scene laid out as rectangles and lines of text.
//!
//! Zones are boxes packed left to right in rows (two seats side by side, a row of
//! columns), each as wide as its content needs and stretched to fill its row. Inside a
//! zone, cards, backs and counters flow in rows; a text line takes a row of its own.

use vliv_engine::{Item, Lang, Scene, Seat, Zone};

use crate::{
    card::{
        card_face, card_width, peek, Lettering, Style, Words, CARD_H, CARD_W, EFFECT_SIZE, STACK_DY,
    },
    font::{width, wrap},
    palette,
    shape::{centred, rect, text, Shape},
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
const COUNTER_H: f32 = 70.0;

/// A laid-out picture: what the rasteriser draws and what leak tests read.
#[derive(Clone, Debug, Default)]
pub struct Drawing {
    pub width: f32,
    pub height: f32,
    pub shapes: Vec<Shape>,
    /// The ids of the face-up cards drawn.
    pub cards: Vec<String>,
    /// Each face-up card's own texts and the box they must stay in.
    pub letterings: Vec<Lettering>,
}

impl Drawing {
    /// The shapes of a card's own texts.
    pub fn lettering(&self, l: &Lettering) -> &[Shape] {
        &self.shapes[l.texts.clone()]
    }

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

/// How a scene is worded: the viewer's language and players' names, and how the cards
/// with a rule are drawn.
struct Wording<'a> {
    lang: Lang,
    names: &'a dyn Fn(Seat) -> String,
    style: Style,
}

impl Wording<'_> {
    fn say(&self, t: &vliv_engine::Text) -> String {
        self.lang.text(t, self.names)
    }
}

/// The scene with every card's rule legible; if that is taller than a picture may be (a
/// table at the end with every hand face up, a long column), with the names and effects
/// alone, still legible; failing that, with small cards as before issue 47. The rules stay
/// in the menus and the card lookup.
pub fn lay_out(scene: &Scene, lang: Lang, names: &dyn Fn(Seat) -> String) -> Drawing {
    let mut drawing = Drawing::default();
    for style in [Style::Rules, Style::Names, Style::Small] {
        drawing = lay_out_worded(scene, &Wording { lang, names, style });
        if drawing.height < MAX_HEIGHT {
            break;
        }
    }
    drawing
}

fn lay_out_worded(scene: &Scene, wording: &Wording) -> Drawing {
    let say = |t| wording.say(t);
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
    let style = wording.style;
    for row in pack(&zones, full, style) {
        let natural: f32 = row
            .iter()
            .map(|&i| natural_width(&zones[i], full, style))
            .sum();
        let spare = (full - natural - GAP * (row.len() - 1) as f32).max(0.0) / row.len() as f32;
        let mut x = PAD;
        let mut placed = Vec::new();
        let mut row_h: f32 = 0.0;
        for &i in &row {
            let w = natural_width(&zones[i], full, style) + spare;
            let mut part = Drawing::default();
            let h = zone_content(&zones[i], wording, w, &mut part);
            row_h = row_h.max(h);
            placed.push((x, w, i, part));
            x += w + GAP;
        }
        for (x, w, i, part) in placed {
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
            let first = d.shapes.len();
            d.shapes
                .extend(part.shapes.into_iter().map(|s| s.shifted(x, y)));
            d.cards.extend(part.cards);
            d.letterings
                .extend(part.letterings.into_iter().map(|l| l.shifted(x, y, first)));
        }
        y += row_h + GAP;
    }
    d.height = (y + PAD - GAP).clamp(80.0, MAX_HEIGHT).ceil();
    d
}

/// Greedy rows of zone indices: a zone joins the row if it still fits.
fn pack(zones: &[Local], full: f32, style: Style) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut used = f32::INFINITY;
    for (i, z) in zones.iter().enumerate() {
        let w = natural_width(z, full, style);
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

fn tile_width(item: &Item, style: Style) -> f32 {
    match item {
        Item::Card(card) => card_width(card, style),
        _ => CARD_W,
    }
}

/// Where each tile of a zone `inner` wide goes: its column's x and its row, counted from
/// 0 and restarting after every text line (which takes a row of its own).
fn flow(items: &[Item], inner: f32, style: Style) -> Vec<(f32, usize)> {
    let (mut x, mut row) = (0.0f32, 0usize);
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        if matches!(item, Item::Line(_)) {
            if x > 0.0 {
                (x, row) = (0.0, row + 1);
            }
            out.push((0.0, row));
            continue;
        }
        let w = tile_width(item, style);
        if x > 0.0 && x + w > inner {
            (x, row) = (0.0, row + 1);
        }
        out.push((x, row));
        x += w + GAP;
    }
    out
}

fn natural_width(z: &Local, full: f32, style: Style) -> f32 {
    let inner_max = full - 2.0 * ZONE_PAD;
    let items = &z.zone.items;
    let tiles = items.iter().filter(|i| !matches!(i, Item::Line(_)));
    let tiles_w = if z.zone.stacked {
        tiles.map(|i| tile_width(i, style)).fold(0.0, f32::max)
    } else {
        flow(items, inner_max, style)
            .iter()
            .zip(items)
            .filter(|(_, i)| !matches!(i, Item::Line(_)))
            .map(|(&(x, _), i)| x + tile_width(i, style))
            .fold(0.0, f32::max)
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

/// Draws a zone's heading and items at the origin, `w` wide, into `out`; returns its height.
fn zone_content(z: &Local, wording: &Wording, w: f32, out: &mut Drawing) -> f32 {
    let inner = w - 2.0 * ZONE_PAD;
    let heading_fill = if z.zone.active {
        palette::ACTIVE_EDGE
    } else {
        palette::TEXT_DIM
    };
    for line in wrap(&z.heading, HEADING_SIZE, true, inner, 1) {
        out.shapes
            .push(text(ZONE_PAD, 21.0, HEADING_SIZE, true, heading_fill, line));
    }
    let mut y = HEADING_BAND + 4.0;
    let mut row_h = 0.0f32;
    let mut current = None;
    let mut stack_y = y;
    let places = flow(&z.zone.items, inner, wording.style);
    let items = &z.zone.items;
    for (k, ((item, line), &(x, row))) in items.iter().zip(&z.lines).zip(&places).enumerate() {
        if let Some(line) = line {
            if current.is_some() {
                y += row_h + GAP;
                (current, row_h) = (None, 0.0);
            }
            for l in wrap(line, LINE_SIZE, false, inner, 4) {
                out.shapes
                    .push(text(ZONE_PAD, y + 15.0, LINE_SIZE, false, palette::TEXT, l));
                y += LINE_HEIGHT;
            }
            y += 3.0;
            stack_y = y;
            continue;
        }
        if z.zone.stacked {
            let top = stack_y;
            let covered = items
                .get(k + 1)
                .is_some_and(|next| !matches!(next, Item::Line(_)));
            row_h = tile(item, covered, ZONE_PAD, top, wording, out) + (top - y);
            stack_y += match item {
                Item::Card(card) => peek(card, wording.style),
                _ => STACK_DY,
            };
            current = Some(row);
            continue;
        }
        if current.is_some_and(|r| r != row) {
            y += row_h + GAP;
            row_h = 0.0;
        }
        current = Some(row);
        row_h = row_h.max(tile(item, false, ZONE_PAD + x, y, wording, out));
    }
    if current.is_some() {
        y += row_h;
    }
    y + ZONE_PAD
}

/// Draws one card, back or counter with its top left at (x, y), `covered` by the next in
/// a stacked column or not; returns its height.
fn tile(item: &Item, covered: bool, x: f32, y: f32, wording: &Wording, d: &mut Drawing) -> f32 {
    let say = |t| wording.say(t);
    let out = &mut d.shapes;
    match item {
        Item::Card(card) => {
            d.cards.push(card.id.clone());
            let words = Words {
                name: say(&card.name),
                effect: card.effect.as_ref().map(say),
                rule: card.rule.as_ref().map(say),
            };
            let (height, lettering) = card_face(card, words, wording.style, covered, (x, y), out);
            d.letterings.push(lettering);
            height
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
