//! A drawing to pixels to PNG: rounded boxes filled and stroked by tiny-skia, text blitted
//! from the glyph cache. The background is opaque, so the PNG is RGB, unfiltered, with zlib
//! level 1: measured on the golden tables, half the size of the `fdeflate` fast setting
//! (Louis XIV 122 KB instead of 272 KB, over the 150 KB budget) for 0.3 ms more; adaptive
//! filters cost 40 % more time for nothing on flat colours and text.

use std::cell::RefCell;

use tiny_skia::{Color, FillRule, IntSize, Paint, Path, PathBuilder, Pixmap, Stroke, Transform};

use crate::{
    font,
    layout::{Anchor, Drawing, Shape},
    palette, PictureError,
};

const LARGE_AREA: f32 = 40_000.0;

thread_local! {
    /// The last picture's pixel and RGB buffers, kept for the next one on this thread: a
    /// table is megabytes, and fresh ones cost a page fault per 4 KB each time (issue 22:
    /// under load about a third of the drawing thread's time).
    static BUFFERS: RefCell<(Vec<u8>, Vec<u8>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

pub fn to_png(d: &Drawing) -> Result<Vec<u8>, PictureError> {
    let (width, height) = (d.width as u32, d.height as u32);
    let size = IntSize::from_wh(width, height).ok_or(PictureError::Size)?;
    let (mut pixels, mut rgb) = BUFFERS.with(|b| std::mem::take(&mut *b.borrow_mut()));
    // Whatever the buffer holds is painted over: the background fills every pixel first.
    pixels.resize(size.width() as usize * size.height() as usize * 4, 0);
    let mut pixmap = Pixmap::from_vec(pixels, size).ok_or(PictureError::Size)?;
    let png = paint(d, &mut pixmap).and_then(|()| encode(&pixmap, &mut rgb));
    let pixels = pixmap.take();
    BUFFERS.with(|b| *b.borrow_mut() = (pixels, rgb));
    png
}

fn paint(d: &Drawing, pixmap: &mut Pixmap) -> Result<(), PictureError> {
    pixmap.fill(colour(palette::BACKGROUND));
    for shape in &d.shapes {
        match shape {
            Shape::Rect {
                x,
                y,
                w,
                h,
                r,
                fill,
                stroke,
            } => {
                let Some(path) = rounded(*x, *y, *w, *h, *r) else {
                    continue;
                };
                // A large stroked box (a zone) is filled without anti-aliasing, a quarter of
                // the time: its stroke, drawn with it, smooths the edge.
                let mut paint = Paint {
                    anti_alias: stroke.is_none() || w * h < LARGE_AREA,
                    ..Paint::default()
                };
                paint.set_color(colour(fill));
                pixmap.fill_path(
                    &path,
                    &paint,
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
                if let Some((edge, width)) = stroke {
                    paint.anti_alias = true;
                    paint.set_color(colour(edge));
                    let stroke = Stroke {
                        width: *width,
                        ..Stroke::default()
                    };
                    pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
                }
            }
            Shape::Text {
                x,
                y,
                size,
                bold,
                fill,
                anchor,
                text,
            } => {
                let glyphs = font::glyphs(text, *size, *bold);
                let advance: f32 = glyphs.iter().map(|g| g.advance).sum();
                let start = match anchor {
                    Anchor::Start => *x,
                    Anchor::Middle => x - advance / 2.0,
                };
                let rgb = rgb(fill);
                let mut pen = start;
                for g in &glyphs {
                    blit(pixmap, g, pen.round() as i32, y.round() as i32, rgb);
                    pen += g.advance;
                }
            }
        }
    }
    Ok(())
}

/// Blends a glyph's coverage in `rgb` onto the opaque pixmap with its pen at (`x`, `y`).
fn blit(pixmap: &mut Pixmap, g: &font::Glyph, x: i32, y: i32, rgb: [u8; 3]) {
    let (pw, ph) = (pixmap.width() as i32, pixmap.height() as i32);
    let data = pixmap.data_mut();
    for row in 0..g.height as i32 {
        let py = y - g.top + row;
        if py < 0 || py >= ph {
            continue;
        }
        for col in 0..g.width as i32 {
            let px = x + g.left + col;
            if px < 0 || px >= pw {
                continue;
            }
            let a = g.alpha[(row * g.width as i32 + col) as usize] as u32;
            if a == 0 {
                continue;
            }
            let i = ((py * pw + px) * 4) as usize;
            for c in 0..3 {
                let dst = data[i + c] as u32;
                data[i + c] = ((rgb[c] as u32 * a + dst * (255 - a) + 127) / 255) as u8;
            }
        }
    }
}

fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    let mut p = PathBuilder::new();
    p.move_to(x + r, y);
    p.line_to(x + w - r, y);
    p.quad_to(x + w, y, x + w, y + r);
    p.line_to(x + w, y + h - r);
    p.quad_to(x + w, y + h, x + w - r, y + h);
    p.line_to(x + r, y + h);
    p.quad_to(x, y + h, x, y + h - r);
    p.line_to(x, y + r);
    p.quad_to(x, y, x + r, y);
    p.close();
    p.finish()
}

/// A palette colour `#rrggbb`; anything else draws white, which a golden test would show.
fn rgb(hex: &str) -> [u8; 3] {
    let channel = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
    };
    match (
        hex.len(),
        hex.starts_with('#'),
        channel(1),
        channel(3),
        channel(5),
    ) {
        (7, true, Some(r), Some(g), Some(b)) => [r, g, b],
        _ => [255, 255, 255],
    }
}

fn colour(hex: &str) -> Color {
    let [r, g, b] = rgb(hex);
    Color::from_rgba8(r, g, b, 255)
}

/// The size a picture should stay under (the budget for a Discord attachment).
pub const MAX_PNG_BYTES: usize = 150 * 1024;

/// The opaque pixmap as an RGB PNG; `rgb` is scratch space.
fn encode(pixmap: &Pixmap, rgb: &mut Vec<u8>) -> Result<Vec<u8>, PictureError> {
    // Sized once and filled pixel by pixel: a push per pixel was most of `to_png`'s own time.
    rgb.resize(pixmap.data().len() / 4 * 3, 0);
    for (to, from) in rgb.chunks_exact_mut(3).zip(pixmap.data().chunks_exact(4)) {
        to.copy_from_slice(&from[..3]);
    }
    let mut png = Vec::with_capacity(rgb.len() / 16);
    let mut encoder = png::Encoder::new(&mut png, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_filter(png::Filter::NoFilter);
    encoder.set_deflate_compression(png::DeflateCompression::Level(1));
    let mut writer = encoder
        .write_header()
        .map_err(|e| PictureError::Png(e.to_string()))?;
    writer
        .write_image_data(rgb)
        .map_err(|e| PictureError::Png(e.to_string()))?;
    writer
        .finish()
        .map_err(|e| PictureError::Png(e.to_string()))?;
    Ok(png)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawing(width: f32, height: f32, fill: &'static str) -> Drawing {
        Drawing {
            width,
            height,
            shapes: vec![Shape::Rect {
                x: 4.0,
                y: 4.0,
                w: width / 2.0,
                h: height / 2.0,
                r: 3.0,
                fill,
                stroke: None,
            }],
            cards: Vec::new(),
        }
    }

    #[test]
    fn reused_buffers_leave_nothing_of_the_last_picture() {
        // Drawn on a fresh thread: fresh buffers.
        let fresh = |d: Drawing| std::thread::spawn(move || to_png(&d).expect("drawn"));
        let small = fresh(drawing(40.0, 30.0, "#1f242b")).join().expect("drawn");
        let large = fresh(drawing(300.0, 200.0, "#ffffff"))
            .join()
            .expect("drawn");
        // On this thread, one after another, each reusing the last one's buffers.
        assert_eq!(
            to_png(&drawing(300.0, 200.0, "#ffffff")).expect("drawn"),
            large
        );
        assert_eq!(
            to_png(&drawing(40.0, 30.0, "#1f242b")).expect("drawn"),
            small
        );
        assert_eq!(
            to_png(&drawing(300.0, 200.0, "#ffffff")).expect("drawn"),
            large
        );
        assert_ne!(small, large);
    }

    #[test]
    fn colours_parse_from_the_palette() {
        assert_eq!(rgb("#1f242b"), [0x1f, 0x24, 0x2b]);
        assert_eq!(rgb("bad"), [255, 255, 255]);
    }
}
