//! Pictures of a game's table and of a player's hand, for Discord embeds and the console.
//!
//! What it is for: turning an engine [`Scene`] (built by the game from a viewer's view, so
//! it holds nothing that viewer may not see) into a PNG about 900 px wide: boxes drawn by
//! `tiny-skia`, text from the embedded DejaVu Sans through a glyph cache. What it is not: it knows no
//! game (every layout decision is generic over zones, cards, backs, counters and lines) and
//! no Discord.

mod card;
mod font;
mod layout;
mod palette;
mod position;
mod raster;
mod shape;

pub use card::Lettering;
pub use layout::{Drawing, MAX_HEIGHT};
pub use position::position;
pub use raster::MAX_PNG_BYTES;
pub use shape::{Anchor, Shape};
use vliv_engine::{Lang, Scene, Seat};

#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the picture has no pixels")]
    Size,
    #[error("PNG encoding failed: {0}")]
    Png(String),
}

/// A rendered picture with what was laid out in it.
#[derive(Debug)]
pub struct Picture {
    pub png: Vec<u8>,
    pub width: u32,
    pub height: u32,
    pub drawing: Drawing,
}

/// The drawn width of `text` at `size` px in the pictures' font: what tests measure a
/// text's fit with.
pub fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    font::width(text, size, bold)
}

/// Lays `scene` out in `lang` (players named by `names`) without drawing pixels: what a
/// picture would show, for tests.
pub fn lay_out(scene: &Scene, lang: Lang, names: &dyn Fn(Seat) -> String) -> Drawing {
    layout::lay_out(scene, lang, names)
}

/// Draws `scene` as a PNG. Pass `scene.public()` for a table and `scene.private()` for a
/// hand: the picture shows every zone it is given.
pub fn draw(
    scene: &Scene,
    lang: Lang,
    names: &dyn Fn(Seat) -> String,
) -> Result<Picture, PictureError> {
    let drawing = layout::lay_out(scene, lang, names);
    let (width, height) = (drawing.width as u32, drawing.height as u32);
    let png = raster::to_png(&drawing)?;
    Ok(Picture {
        png,
        width,
        height,
        drawing,
    })
}
