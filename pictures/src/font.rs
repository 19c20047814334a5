//! The embedded font (DejaVu Sans, every Czech diacritic; licence in `fonts/`): advance
//! widths for wrapping text, and glyphs rasterised once per size and kept, since a table is
//! drawn on every move and shaping each glyph anew took most of the time.

use std::{
    collections::HashMap,
    sync::{Arc, LazyLock, Mutex},
};

use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Transform};

static REGULAR_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

struct Metrics {
    units_per_em: f32,
    /// Advances of the Latin-1 and Latin Extended-A range (Czech lives there), by code point.
    table: Vec<u16>,
    face: ttf_parser::Face<'static>,
}

impl Metrics {
    fn new(data: &'static [u8]) -> Metrics {
        let face = ttf_parser::Face::parse(data, 0).expect("the embedded font parses");
        let table = (0..0x180u32)
            .map(|c| advance(&face, char::from_u32(c).unwrap_or(' ')))
            .collect();
        Metrics {
            units_per_em: face.units_per_em() as f32,
            table,
            face,
        }
    }

    fn width(&self, text: &str, size: f32) -> f32 {
        let units: u32 = text
            .chars()
            .map(|c| match self.table.get(c as usize) {
                Some(&a) => a as u32,
                None => advance(&self.face, c) as u32,
            })
            .sum();
        units as f32 * size / self.units_per_em
    }
}

fn advance(face: &ttf_parser::Face, c: char) -> u16 {
    face.glyph_index(c)
        .or_else(|| face.glyph_index('?'))
        .and_then(|g| face.glyph_hor_advance(g))
        .unwrap_or(0)
}

/// One glyph's coverage mask at one size, placed relative to the pen on the baseline.
pub struct Glyph {
    pub left: i32,
    pub top: i32,
    pub width: u32,
    pub height: u32,
    pub alpha: Vec<u8>,
    pub advance: f32,
}

type GlyphKey = (bool, u32, char);
static GLYPHS: LazyLock<Mutex<HashMap<GlyphKey, Arc<Glyph>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// The glyphs of `text` at `size` px, rasterised on first use.
pub fn glyphs(text: &str, size: f32, bold: bool) -> Vec<Arc<Glyph>> {
    let key_size = (size * 10.0).round() as u32;
    // A poisoned cache still holds whole glyphs: each is inserted complete.
    let mut cache = GLYPHS.lock().unwrap_or_else(|e| e.into_inner());
    text.chars()
        .map(|c| {
            cache
                .entry((bold, key_size, c))
                .or_insert_with(|| Arc::new(rasterise(c, size, bold)))
                .clone()
        })
        .collect()
}

struct Outline {
    path: PathBuilder,
    scale: f32,
}

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.path.move_to(x * self.scale, -y * self.scale);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.path.line_to(x * self.scale, -y * self.scale);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let s = self.scale;
        self.path.quad_to(x1 * s, -y1 * s, x * s, -y * s);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let s = self.scale;
        self.path
            .cubic_to(x1 * s, -y1 * s, x2 * s, -y2 * s, x * s, -y * s);
    }
    fn close(&mut self) {
        self.path.close();
    }
}

fn rasterise(c: char, size: f32, bold: bool) -> Glyph {
    let m: &Metrics = if bold { &BOLD } else { &REGULAR };
    let scale = size / m.units_per_em;
    let advance = m.width(c.encode_utf8(&mut [0; 4]), size);
    let empty = Glyph {
        left: 0,
        top: 0,
        width: 0,
        height: 0,
        alpha: Vec::new(),
        advance,
    };
    let Some(id) = m.face.glyph_index(c).or_else(|| m.face.glyph_index('?')) else {
        return empty;
    };
    let mut outline = Outline {
        path: PathBuilder::new(),
        scale,
    };
    let Some(bbox) = m.face.outline_glyph(id, &mut outline) else {
        return empty;
    };
    let Some(path) = outline.path.finish() else {
        return empty;
    };
    let left = (bbox.x_min as f32 * scale).floor() as i32 - 1;
    let top = (bbox.y_max as f32 * scale).ceil() as i32 + 1;
    let width = ((bbox.x_max as f32 * scale).ceil() as i32 - left + 1).max(1) as u32;
    let height = (top - (bbox.y_min as f32 * scale).floor() as i32 + 1).max(1) as u32;
    let Some(mut mask) = Pixmap::new(width, height) else {
        return empty;
    };
    let mut paint = Paint {
        anti_alias: true,
        ..Paint::default()
    };
    paint.set_color_rgba8(255, 255, 255, 255);
    mask.fill_path(
        &path,
        &paint,
        FillRule::Winding,
        Transform::from_translate(-left as f32, top as f32),
        None,
    );
    Glyph {
        left,
        top,
        width,
        height,
        alpha: mask.data().chunks_exact(4).map(|p| p[3]).collect(),
        advance,
    }
}

static REGULAR: LazyLock<Metrics> = LazyLock::new(|| Metrics::new(REGULAR_TTF));
static BOLD: LazyLock<Metrics> = LazyLock::new(|| Metrics::new(BOLD_TTF));

/// The drawn width of `text` at `size` px (no kerning: wrapping errs on the wide side).
pub fn width(text: &str, size: f32, bold: bool) -> f32 {
    if bold { &BOLD } else { &REGULAR }.width(text, size)
}

/// `text` broken into lines no wider than `max`, at most `max_lines` of them; a cut last
/// line ends in "…". A word wider than a line is broken between characters.
pub fn wrap(text: &str, size: f32, bold: bool, max: f32, max_lines: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() {
            word.to_owned()
        } else {
            format!("{current} {word}")
        };
        if width(&candidate, size, bold) <= max {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        for c in word.chars() {
            current.push(c);
            if width(&current, size, bold) > max && current.chars().count() > 1 {
                current.pop();
                lines.push(std::mem::take(&mut current));
                current.push(c);
            }
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    if lines.len() > max_lines.max(1) {
        lines.truncate(max_lines.max(1));
        let last = lines.last_mut().expect("at least one line");
        while !last.is_empty() && width(&format!("{last}…"), size, bold) > max {
            last.pop();
        }
        last.push('…');
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_czech_letter_has_a_glyph() {
        let face = ttf_parser::Face::parse(REGULAR_TTF, 0).unwrap();
        let bold = ttf_parser::Face::parse(BOLD_TTF, 0).unwrap();
        assert!(!glyphs("ř", 16.0, true)[0].alpha.is_empty());
        for c in "áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ→–—·…×".chars()
        {
            assert!(face.glyph_index(c).is_some(), "{c}");
            assert!(bold.glyph_index(c).is_some(), "{c} bold");
        }
    }

    #[test]
    fn wrapping_keeps_lines_within_the_width_and_marks_a_cut() {
        let text = "Příliš žluťoučký kůň úpěl ďábelské ódy na louce za domem";
        let lines = wrap(text, 14.0, false, 100.0, 3);
        assert_eq!(lines.len(), 3);
        assert!(lines.iter().all(|l| width(l, 14.0, false) <= 100.0));
        assert!(lines[2].ends_with('…'));
        assert_eq!(wrap("krátký", 14.0, false, 100.0, 2), vec!["krátký"]);
        assert!(wrap("", 14.0, false, 100.0, 2).is_empty());
    }

    #[test]
    fn a_word_wider_than_a_line_is_broken() {
        let lines = wrap("Nejneobhospodařovávatelnějšími", 14.0, true, 60.0, 10);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| width(l, 14.0, true) <= 60.0));
        assert_eq!(lines.concat(), "Nejneobhospodařovávatelnějšími");
    }
}
