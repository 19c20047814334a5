//! A drawing to pixels to PNG: rounded boxes filled and stroked by tiny-skia, text blitted
//! from the glyph cache. The background is opaque, so the PNG is RGB, unfiltered, with zlib
//! level 1: measured on the golden tables, half the size of the `fdeflate` fast setting
//! (Louis XIV 122 KB instead of 272 KB, over the 150 KB budget) for 0.3 ms more; adaptive
//! filters cost 40 % more time for nothing on flat colours and text. zlib-rs's level 1
//! (quick) instead of miniz_oxide's: a third less time for 4–13 % more bytes.

use std::sync::{Mutex, MutexGuard, TryLockError};

use flate2::{Compress, Compression, FlushCompress, Status};
use tiny_skia::{Color, FillRule, Paint, Path, PathBuilder, PixmapMut, Stroke, Transform};

use crate::{
    font,
    layout::Drawing,
    palette,
    shape::{Anchor, Shape},
    PictureError,
};

const LARGE_AREA: f32 = 40_000.0;

/// What one picture needs beside its own PNG, kept for the next one: the pixels, the
/// scanlines and the compressor are hundreds of kilobytes to megabytes each, and fresh ones
/// cost a mapping, a page fault per 4 KB and zeroing each time (issue 22: under load a third
/// of the drawing thread's time). The buffers only grow, so a table after a smaller hand
/// picture reuses them as they are.
struct Scratch {
    pixels: Vec<u8>,
    scanlines: Vec<u8>,
    deflated: Vec<u8>,
    compressor: Compress,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            pixels: Vec::new(),
            scanlines: Vec::new(),
            deflated: Vec::new(),
            // zlib level 1 with its header (zlib-rs's quick deflate).
            compressor: Compress::new(Compression::new(1), true),
        }
    }

    fn encode(&mut self, d: &Drawing) -> Result<Vec<u8>, PictureError> {
        let (width, height) = (d.width as u32, d.height as u32);
        if width == 0 || height == 0 {
            return Err(PictureError::Size);
        }
        let len = width as usize * height as usize * 4;
        // Whatever the buffer holds is painted over: the background fills every pixel first.
        let pixels = at_least(&mut self.pixels, len);
        let mut pixmap = PixmapMut::from_bytes(pixels, width, height).ok_or(PictureError::Size)?;
        paint(d, &mut pixmap)?;
        let scanlines = scanlines_of(pixels, width as usize, &mut self.scanlines);
        let deflated = deflate(&mut self.compressor, scanlines, &mut self.deflated)?;
        png(width, height, deflated)
    }
}

/// One set of buffers, whichever thread draws next: the bot draws on two threads (a
/// background one and one for pictures a message waits for), and a set kept per thread would
/// hold megabytes more for the rare moment both draw at once (that one uses fresh buffers).
static SPARE: Mutex<Option<Scratch>> = Mutex::new(None);

/// The spare slot, unless another thread holds it: never wait for it, as the background
/// thread runs only on idle cores and may be held off while it has the lock.
fn spare() -> Option<MutexGuard<'static, Option<Scratch>>> {
    match SPARE.try_lock() {
        Ok(slot) => Some(slot),
        Err(TryLockError::Poisoned(p)) => Some(p.into_inner()),
        Err(TryLockError::WouldBlock) => None,
    }
}

/// The first `len` bytes of `buf`, grown (never shrunk) to hold them.
fn at_least(buf: &mut Vec<u8>, len: usize) -> &mut [u8] {
    if buf.len() < len {
        buf.resize(len, 0);
    }
    &mut buf[..len]
}

pub fn to_png(d: &Drawing) -> Result<Vec<u8>, PictureError> {
    let taken = spare().and_then(|mut slot| slot.take());
    let mut scratch = taken.unwrap_or_else(Scratch::new);
    let png = scratch.encode(d);
    if let Some(mut slot) = spare() {
        if slot.is_none() {
            *slot = Some(scratch);
        }
    }
    png
}

fn paint(d: &Drawing, pixmap: &mut PixmapMut) -> Result<(), PictureError> {
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
fn blit(pixmap: &mut PixmapMut, g: &font::Glyph, x: i32, y: i32, rgb: [u8; 3]) {
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

/// The opaque RGBA `pixels` as PNG scanlines, unfiltered: each is filter byte 0 and the
/// row's RGB.
fn scanlines_of<'a>(pixels: &[u8], width: usize, buf: &'a mut Vec<u8>) -> &'a [u8] {
    let line = 1 + width * 3;
    let height = pixels.len() / (width * 4);
    let scanlines = at_least(buf, line * height);
    for (to, from) in scanlines
        .chunks_exact_mut(line)
        .zip(pixels.chunks_exact(width * 4))
    {
        to[0] = 0;
        row_rgb(&mut to[1..], from);
    }
    scanlines
}

/// One row's RGB from its RGBA. Each pixel's four bytes are stored whole, the alpha over
/// the next pixel's red (written next), so the loop is one load and one store a pixel
/// instead of three byte stores: about half the time (Claim's table 0.35 -> 0.18 ms).
fn row_rgb(rgb: &mut [u8], rgba: &[u8]) {
    let pixels = rgba.len() / 4;
    if pixels == 0 {
        return;
    }
    for (i, px) in rgba.chunks_exact(4).take(pixels - 1).enumerate() {
        rgb[i * 3..i * 3 + 4].copy_from_slice(px);
    }
    let last = (pixels - 1) * 4;
    rgb[(pixels - 1) * 3..pixels * 3].copy_from_slice(&rgba[last..last + 3]);
}

/// An 8-bit RGB PNG of the `deflated` scanlines, as one IDAT chunk.
fn png(width: u32, height: u32, deflated: &[u8]) -> Result<Vec<u8>, PictureError> {
    let png_error = |e: png::EncodingError| PictureError::Png(e.to_string());
    let mut png = Vec::with_capacity(deflated.len() + 128);
    let mut encoder = png::Encoder::new(&mut png, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(png_error)?;
    writer
        .write_chunk(png::chunk::IDAT, deflated)
        .map_err(png_error)?;
    writer.finish().map_err(png_error)?;
    Ok(png)
}

/// `input` as a zlib stream in `out` (grown as needed), by the reused compressor.
fn deflate<'a>(
    compressor: &mut Compress,
    input: &[u8],
    out: &'a mut Vec<u8>,
) -> Result<&'a [u8], PictureError> {
    compressor.reset();
    if out.len() < 64 * 1024 {
        out.resize(64 * 1024, 0);
    }
    loop {
        let (read, written) = (compressor.total_in(), compressor.total_out());
        let status = compressor
            .compress(
                &input[read as usize..],
                &mut out[written as usize..],
                FlushCompress::Finish,
            )
            .map_err(|e| PictureError::Png(format!("deflate: {e}")))?;
        let done = compressor.total_out() as usize;
        if status == Status::StreamEnd {
            return Ok(&out[..done]);
        }
        if out.len() - done < 1024 {
            out.resize(out.len() * 2, 0);
        } else if (compressor.total_in(), compressor.total_out()) == (read, written) {
            // Room left and nothing moved: another round would spin the drawing thread.
            return Err(PictureError::Png("deflate made no progress".into()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Input that does not compress outgrows the first 64 KB of output, and the stream
    /// still inflates to it, also on the kept compressor's second use.
    #[test]
    fn deflate_grows_its_output_and_inflates_back() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let input: Vec<u8> = (0..300_000).map(|_| rng.random()).collect();
        let mut compressor = Compress::new(Compression::new(1), true);
        for _ in 0..2 {
            let mut out = Vec::new();
            let deflated = deflate(&mut compressor, &input, &mut out).expect("deflates");
            assert!(deflated.len() > 64 * 1024);
            let mut inflated = Vec::with_capacity(input.len() + 1);
            flate2::Decompress::new(true)
                .decompress_vec(deflated, &mut inflated, flate2::FlushDecompress::Finish)
                .expect("inflates");
            assert_eq!(inflated, input);
        }
    }

    #[test]
    fn a_rows_rgb_is_its_pixels_without_alpha() {
        for pixels in [0usize, 1, 2, 5] {
            let rgba: Vec<u8> = (0..pixels * 4).map(|i| i as u8).collect();
            let expected: Vec<u8> = rgba.chunks_exact(4).flat_map(|p| p[..3].to_vec()).collect();
            let mut rgb = vec![0xEE; pixels * 3];
            row_rgb(&mut rgb, &rgba);
            assert_eq!(rgb, expected, "{pixels} pixels");
        }
    }

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
            ..Drawing::default()
        }
    }

    #[test]
    fn reused_buffers_leave_nothing_of_the_last_picture() {
        let fresh = |d: Drawing| Scratch::new().encode(&d).expect("drawn");
        let small = fresh(drawing(40.0, 30.0, "#1f242b"));
        let large = fresh(drawing(300.0, 200.0, "#ffffff"));
        // One after another, each reusing the last one's buffers (other tests may draw
        // between them: they leave theirs too).
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
