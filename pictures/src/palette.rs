//! Colours. The picture brings its own dark slate background, so it reads the same in
//! Discord's dark and light themes; card faces are light with a frame in the suit's tint,
//! so the tint carries the suit and the text stays dark on light.

use vliv_engine::Tint;

pub const BACKGROUND: &str = "#1f242b";
pub const ZONE: &str = "#2c333d";
pub const ZONE_PRIVATE: &str = "#25392f";
pub const ZONE_EDGE: &str = "#465262";
pub const ACTIVE_EDGE: &str = "#f2c14e";
pub const TEXT: &str = "#eceae6";
pub const TEXT_DIM: &str = "#b4bcc8";
pub const CARD_BODY: &str = "#f7f3ea";
pub const CARD_TEXT: &str = "#1d1d1f";
pub const CARD_EFFECT: &str = "#3c3f45";
pub const BACK: &str = "#41557a";
pub const BACK_EDGE: &str = "#9fb3d6";
pub const COUNTER: &str = "#38404b";

/// The frame colour of a tint and the colour of text printed on it.
pub fn tint(t: Tint) -> (&'static str, &'static str) {
    const LIGHT: &str = "#ffffff";
    const DARK: &str = "#151515";
    match t {
        Tint::Red => ("#d64545", LIGHT),
        Tint::Orange => ("#e8833a", DARK),
        Tint::Yellow => ("#e6c130", DARK),
        Tint::Green => ("#47a04b", LIGHT),
        Tint::Teal => ("#23a597", DARK),
        Tint::Blue => ("#3b78d4", LIGHT),
        Tint::Purple => ("#8e5bd6", LIGHT),
        Tint::Pink => ("#e36fab", DARK),
        Tint::Brown => ("#94653f", LIGHT),
        Tint::Grey => ("#98a2ad", DARK),
        Tint::Black => ("#4a4f57", LIGHT),
        Tint::White => ("#e9e6df", DARK),
    }
}
