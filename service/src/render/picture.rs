//! The pictures a message carries (issue 19): the table drawn for everyone on the table
//! message, a seat's hand on its own panel and DM. The text stays beside them for screen
//! readers, search and notifications; a server can turn pictures off.
//!
//! Both are drawn from the engine's scene of a viewer (the spectator for the table), so a
//! picture holds nothing its readers may not see. Players are named by seat ("Player 2") in
//! a picture: Discord mentions are not readable there.

use std::{
    collections::VecDeque,
    hash::{DefaultHasher, Hash, Hasher},
    sync::{Arc, LazyLock, Mutex},
};

use vliv_engine::{GameState, Lang, Scene, Seat, Viewer};

use super::{MessageSpec, PictureSpec};

pub const TABLE_FILE: &str = "table.png";
pub const HAND_FILE: &str = "hand.png";

/// `spec` with the public table's picture, shown as its embed's image.
pub fn with_table_picture(spec: MessageSpec, state: &dyn GameState, lang: Lang) -> MessageSpec {
    with_table_scene(spec, &table_scene(state), lang)
}

/// `spec` with the public table's picture drawn from its scene.
pub fn with_table_scene(spec: MessageSpec, scene: &Scene, lang: Lang) -> MessageSpec {
    attach(spec, TABLE_FILE, scene, lang)
}

/// `spec` with `seat`'s hand as a picture (nothing if the game shows it no private zone).
pub fn with_hand_picture(
    spec: MessageSpec,
    state: &dyn GameState,
    seat: Seat,
    lang: Lang,
) -> MessageSpec {
    match hand_scene(state, seat) {
        Some(scene) => attach(spec, HAND_FILE, &scene, lang),
        None => spec,
    }
}

fn attach(spec: MessageSpec, file: &str, scene: &Scene, lang: Lang) -> MessageSpec {
    attach_png(spec, file, png_of(scene, lang))
}

/// The public table's scene, as the table's picture shows it.
pub fn table_scene(state: &dyn GameState) -> Scene {
    state.scene(Viewer::Spectator).public()
}

/// `seat`'s hand as its picture shows it (`None` if the game shows it no private zone).
pub fn hand_scene(state: &dyn GameState, seat: Seat) -> Option<Scene> {
    let scene = state.scene(Viewer::Seat(seat)).private();
    (!scene.zones.is_empty()).then_some(scene)
}

/// `spec`'s embed shows the message's file `file` (attached now, or one the message carries
/// and an edit keeps).
pub fn show_file(spec: &mut MessageSpec, file: &str) {
    if let Some(embed) = spec.embed.as_mut() {
        embed.image = Some(format!("attachment://{file}"));
    }
}

/// `spec` with a drawn picture `file`, shown as its embed's image.
pub fn attach_png(
    mut spec: MessageSpec,
    file: &str,
    png: Result<Arc<Vec<u8>>, vliv_pictures::PictureError>,
) -> MessageSpec {
    match png {
        Ok(png) => {
            show_file(&mut spec, file);
            spec.picture = Some(PictureSpec {
                filename: file.to_owned(),
                png: png.as_ref().clone(),
            });
        }
        // The text still says everything; a picture that cannot be drawn is left out.
        Err(e) => tracing::warn!(error = %e, "picture not drawn"),
    }
    spec
}

/// The pictures drawn last, newest at the back, and their total size. One state is often
/// drawn twice within moments (issue 22): the waiting player's panel is edited with their
/// hand and they open "My hand"; a hand the other player's move left alone is the same.
struct Drawn {
    pictures: VecDeque<(u64, Lang, Scene, Arc<Vec<u8>>)>,
    bytes: usize,
}

/// What the drawn pictures may hold: a few hundred hands, a few megabytes.
const DRAWN_BYTES: usize = 8 << 20;

static DRAWN: LazyLock<Mutex<Drawn>> = LazyLock::new(|| {
    Mutex::new(Drawn {
        pictures: VecDeque::new(),
        bytes: 0,
    })
});

/// The PNG of `scene` in `lang`: drawn again only if it is not among the last drawn (the
/// same scene and language, compared whole, draw the same bytes).
pub(super) fn png_of(
    scene: &Scene,
    lang: Lang,
) -> Result<Arc<Vec<u8>>, vliv_pictures::PictureError> {
    let key = scene_hash(scene);
    let drawn = || DRAWN.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((.., png)) = drawn()
        .pictures
        .iter()
        .rev()
        .find(|(k, l, s, _)| *k == key && *l == lang && s == scene)
    {
        return Ok(png.clone());
    }
    let png = Arc::new(vliv_pictures::draw(scene, lang, &|s| lang.seat_name(s))?.png);
    let mut d = drawn();
    d.bytes += png.len();
    d.pictures
        .push_back((key, lang, scene.clone(), png.clone()));
    while d.bytes > DRAWN_BYTES {
        let Some((.., old)) = d.pictures.pop_front() else {
            break;
        };
        d.bytes -= old.len();
    }
    Ok(png)
}

/// A hash of everything a scene shows.
fn scene_hash(scene: &Scene) -> u64 {
    let mut h = DefaultHasher::new();
    scene.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use vliv_engine::{Lang, Scene, Text};

    use super::png_of;

    #[test]
    fn a_scene_drawn_again_reuses_its_picture_and_another_is_drawn() {
        let scene = |title: &str| Scene {
            title: Text::new("claim-name").arg("x", title.to_owned()),
            zones: Vec::new(),
        };
        let first = png_of(&scene("a"), Lang::En).expect("drawn");
        let again = png_of(&scene("a"), Lang::En).expect("drawn");
        assert!(Arc::ptr_eq(&first, &again));
        let other = png_of(&scene("b"), Lang::En).expect("drawn");
        assert!(!Arc::ptr_eq(&first, &other));
        let czech = png_of(&scene("a"), Lang::Cs).expect("drawn");
        assert!(!Arc::ptr_eq(&first, &czech));
        let fresh = vliv_pictures::draw(&scene("a"), Lang::En, &|s| Lang::En.seat_name(s));
        assert_eq!(*first, fresh.expect("drawn").png);
    }
}
