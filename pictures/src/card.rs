//! One face-up card: its mark on a band of the suit's tint, its name, an effect line and,
//! on a card that does something, its rule. A card with a rule is a text card: wider, and
//! lettered large enough to read when Discord shows the picture about 400 px wide (issue
//! 47); a card without one stays small, as its name and value read at a glance.

use std::ops::Range;

use vliv_engine::{CardFace, Tint};

use crate::{
    font::{width, wrap},
    palette,
    shape::{rect, text, Shape},
};

/// A card without a rule.
pub const CARD_W: f32 = 112.0;
pub const CARD_H: f32 = 156.0;
const BAND: f32 = 34.0;
const NAME_SIZE: f32 = 13.0;
pub const EFFECT_SIZE: f32 = 12.0;
/// A text card: four side by side fill a zone as wide as the 900 px picture.
pub const TEXT_CARD_W: f32 = 204.0;
/// Every text of a text card: 9.3 px when the 900 px picture is shown 400 px wide; 9 px
/// (20.25 px here) is about the least that reads there.
const TEXT_SIZE: f32 = 21.0;
const TEXT_LINE: f32 = 25.0;
const TEXT_BAND: f32 = 40.0;
/// From the card's edge to its text; the light body starts at half of it.
const TEXT_INSET: f32 = 10.0;
/// In a stacked column a covered small card (or back) shows its band and name…
pub const STACK_DY: f32 = 58.0;
/// …and a covered text card its band and first name line.
const TEXT_STACK_DY: f32 = 76.0;
/// DejaVu Sans' descender, in em: a last line's tails stay on the body.
const DESCENT: f32 = 0.24;

/// A face-up card's own texts (name, effect, rule) and the box they must stay in.
#[derive(Clone, Debug, PartialEq)]
pub struct Lettering {
    pub id: String,
    /// The card's light body: x, y, width, height.
    pub area: [f32; 4],
    /// Where the texts are in the drawing's shapes.
    pub texts: Range<usize>,
}

impl Lettering {
    pub(crate) fn shifted(mut self, dx: f32, dy: f32, first: usize) -> Lettering {
        self.area[0] += dx;
        self.area[1] += dy;
        self.texts = self.texts.start + first..self.texts.end + first;
        self
    }
}

/// How the cards with a rule are drawn, from the most legible to the most compact: a
/// picture that would be taller than allowed takes the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Text cards with their rules.
    Rules,
    /// Text cards with their names and effects alone.
    Names,
    /// Small cards, as a card without a rule.
    Small,
}

fn is_text_card(card: &CardFace, style: Style) -> bool {
    card.rule.is_some() && style != Style::Small
}

/// How wide `card` is drawn.
pub fn card_width(card: &CardFace, style: Style) -> f32 {
    if is_text_card(card, style) {
        TEXT_CARD_W
    } else {
        CARD_W
    }
}

/// How much of `card` shows in a stacked column under the next card.
pub fn peek(card: &CardFace, style: Style) -> f32 {
    if is_text_card(card, style) {
        TEXT_STACK_DY
    } else {
        STACK_DY
    }
}

/// A card's texts in the viewer's language.
pub struct Words {
    pub name: String,
    pub effect: Option<String>,
    pub rule: Option<String>,
}

/// Draws `card` in `style` with its top left at (x, y); returns its height and where its
/// texts went. The rule is drawn only in `Style::Rules`. A `covered` text card (under the
/// next one in a stacked column) shows only its band and first name line, all that the
/// next card leaves visible.
pub fn card_face(
    card: &CardFace,
    words: Words,
    style: Style,
    covered: bool,
    (x, y): (f32, f32),
    out: &mut Vec<Shape>,
) -> (f32, Lettering) {
    let w = card_width(card, style);
    let rule = words.rule.filter(|_| style == Style::Rules);
    // The text first, so that the frame can be as tall as the text needs.
    let Inside {
        lines,
        height,
        band,
        mark_size,
    } = if !is_text_card(card, style) {
        small_lines(&words.name, words.effect, x, y)
    } else if covered {
        let mut head = text_lines(&words.name, None, None, x, y);
        head.lines.truncate(1);
        head.height = TEXT_STACK_DY + 12.0;
        head
    } else {
        text_lines(&words.name, words.effect, rule, x, y)
    };
    let (frame, on_frame) = palette::tint(card.tint);
    if card.marked {
        out.push(rect(
            x - 4.0,
            y - 4.0,
            w + 8.0,
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
    out.push(rect(x, y, w, height, 8.0, frame, Some((edge, 1.0))));
    let area = [x + 5.0, y + band, w - 10.0, height - band - 5.0];
    out.push(rect(
        area[0],
        area[1],
        area[2],
        area[3],
        5.0,
        palette::CARD_BODY,
        None,
    ));
    out.push(text(
        x + 9.0,
        y + band - 8.0,
        mark_size,
        true,
        on_frame,
        card.mark.clone(),
    ));
    let start = out.len();
    out.extend(lines);
    let lettering = Lettering {
        id: card.id.clone(),
        area,
        texts: start..out.len(),
    };
    (height, lettering)
}

/// What goes on a card under its mark: its text lines, and the sizes they need.
struct Inside {
    lines: Vec<Shape>,
    height: f32,
    band: f32,
    mark_size: f32,
}

/// A text card's lines, every one at `TEXT_SIZE` and wrapped between words, never cut: the
/// card grows downwards to hold them (a picture left without rules has none).
fn text_lines(name: &str, effect: Option<String>, rule: Option<String>, x: f32, y: f32) -> Inside {
    let room = TEXT_CARD_W - 2.0 * TEXT_INSET;
    let left = x + TEXT_INSET;
    let mut lines = Vec::new();
    let mut ty = y + TEXT_BAND + 5.0 + TEXT_SIZE;
    let parts = [
        (Some(name), true, palette::CARD_TEXT, 0.0),
        (effect.as_deref(), false, palette::CARD_EFFECT, 0.0),
        (rule.as_deref(), false, palette::CARD_TEXT, 6.0),
    ];
    for (part, bold, fill, gap) in parts {
        let Some(part) = part else { continue };
        ty += gap;
        for l in wrap(part, TEXT_SIZE, bold, room, usize::MAX) {
            lines.push(text(left, ty, TEXT_SIZE, bold, fill, l));
            ty += TEXT_LINE;
        }
    }
    let bottom = ty - TEXT_LINE + DESCENT * TEXT_SIZE + 9.0;
    Inside {
        lines,
        height: bottom - y,
        band: TEXT_BAND,
        mark_size: 26.0,
    }
}

/// A small card's name (a long single word gets a smaller size rather than a break in the
/// middle) and effect, within the fixed card.
fn small_lines(name: &str, effect: Option<String>, x: f32, y: f32) -> Inside {
    let mut lines = Vec::new();
    let mut ty = y + BAND + 17.0;
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
        let room = ((y + CARD_H - 10.0 - ty) / 14.5).floor().max(1.0) as usize + 1;
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
    Inside {
        lines,
        height: CARD_H,
        band: BAND,
        mark_size: 22.0,
    }
}
