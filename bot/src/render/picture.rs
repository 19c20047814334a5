//! The pictures a message carries (issue 19): the table drawn for everyone on the table
//! message, a seat's hand on its own panel and DM. The text stays beside them for screen
//! readers, search and notifications; a server can turn pictures off.
//!
//! Both are drawn from the engine's scene of a viewer (the spectator for the table), so a
//! picture holds nothing its readers may not see. Players are named by seat ("Player 2") in
//! a picture: Discord mentions are not readable there.

use vliv_engine::{GameState, Lang, Scene, Seat, Viewer};

use super::{MessageSpec, PictureSpec};

pub const TABLE_FILE: &str = "table.png";
pub const HAND_FILE: &str = "hand.png";

/// `spec` with the public table's picture, shown as its embed's image.
pub fn with_table_picture(spec: MessageSpec, state: &dyn GameState, lang: Lang) -> MessageSpec {
    let scene = state.scene(Viewer::Spectator).public();
    attach(spec, TABLE_FILE, &scene, lang)
}

/// `spec` with `seat`'s hand as a picture (nothing if the game shows it no private zone).
pub fn with_hand_picture(
    spec: MessageSpec,
    state: &dyn GameState,
    seat: Seat,
    lang: Lang,
) -> MessageSpec {
    let scene = state.scene(Viewer::Seat(seat)).private();
    if scene.zones.is_empty() {
        return spec;
    }
    attach(spec, HAND_FILE, &scene, lang)
}

fn attach(mut spec: MessageSpec, file: &str, scene: &Scene, lang: Lang) -> MessageSpec {
    match vliv_pictures::draw(scene, lang, &|s| lang.seat_name(s)) {
        Ok(picture) => {
            if let Some(embed) = spec.embed.as_mut() {
                embed.image = Some(format!("attachment://{file}"));
            }
            spec.picture = Some(PictureSpec {
                filename: file.to_owned(),
                png: picture.png,
            });
        }
        // The text still says everything; a picture that cannot be drawn is left out.
        Err(e) => tracing::warn!(error = %e, "picture not drawn"),
    }
    spec
}
