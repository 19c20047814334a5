//! Golden pictures: every game's table at a fixed mid-game position (`positions.rs`), in
//! Czech and English, compared with the PNGs checked in under `tests/golden/` within a small
//! tolerance (anti-aliasing may differ by a shade between CPUs).
//!
//! After an intended change of the layout, look at the new pictures, then refresh them:
//! `VLIV_BLESS=1 cargo test -p vliv-pictures --test golden`, and commit `tests/golden/`.

use crate::positions;

use std::path::PathBuf;

use vliv_engine::{Lang, Viewer};

/// A channel differing by more than this counts as a changed pixel…
const SHADE: u8 = 48;
/// …and at most this share of the pixels may change.
const CHANGED: f64 = 0.002;

fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// Compares `png` with the golden at `path` (or writes it when blessing): the failure, if any.
fn compare(path: &std::path::Path, png: &[u8], bless: bool) -> Option<String> {
    if bless {
        std::fs::create_dir_all(path.parent().expect("a golden folder")).unwrap();
        std::fs::write(path, png).unwrap();
        return None;
    }
    let golden = std::fs::read(path)
        .unwrap_or_else(|e| panic!("{}: {e} (VLIV_BLESS=1 writes it)", path.display()));
    let (gw, gh, want) = decode(&golden);
    let (w, h, got) = decode(png);
    if (gw, gh) != (w, h) {
        return Some(format!("{}: {w}×{h}, golden {gw}×{gh}", path.display()));
    }
    let pixels = want.len() / 3;
    let changed = want
        .chunks_exact(3)
        .zip(got.chunks_exact(3))
        .filter(|(a, b)| a.iter().zip(*b).any(|(x, y)| x.abs_diff(*y) > SHADE))
        .count();
    (changed as f64 > CHANGED * pixels as f64)
        .then(|| format!("{}: {changed} of {pixels} pixels changed", path.display()))
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn blessing() -> bool {
    std::env::var("VLIV_BLESS").is_ok_and(|v| v == "1")
}

#[test]
fn every_table_matches_its_golden_picture_in_both_languages() {
    let (dir, bless) = (golden_dir(), blessing());
    let mut failures = Vec::new();
    for p in positions::ALL {
        let scene = p.state().scene(Viewer::Spectator).public();
        for lang in Lang::ALL {
            let picture = vliv_pictures::draw(&scene, lang, &positions::names(lang)).unwrap();
            assert!(
                picture.png.len() <= vliv_pictures::MAX_PNG_BYTES,
                "{} {lang:?}",
                p.game
            );
            let path = dir.join(format!("{}-{}.png", p.game, lang.code()));
            failures.extend(compare(&path, &picture.png, bless));
        }
    }
    assert!(
        failures.is_empty(),
        "pictures differ from their goldens (look, then VLIV_BLESS=1):\n{}",
        failures.join("\n")
    );
}

/// The hands of the games whose cards carry their rules in the picture (each card's short
/// text under its name): seat 1's hand at the golden position, in both languages.
#[test]
fn every_hand_with_card_texts_matches_its_golden_picture_in_both_languages() {
    let (dir, bless) = (golden_dir(), blessing());
    let mut failures = Vec::new();
    for p in positions::ALL
        .iter()
        .filter(|p| ["fantasy-realms", "ruse-and-bruise"].contains(&p.game))
    {
        let scene = p.state().scene(Viewer::Seat(0)).private();
        for lang in Lang::ALL {
            let picture = vliv_pictures::draw(&scene, lang, &positions::names(lang)).unwrap();
            assert!(picture.png.len() <= vliv_pictures::MAX_PNG_BYTES);
            let path = dir.join(format!("{}-hand-{}.png", p.game, lang.code()));
            failures.extend(compare(&path, &picture.png, bless));
        }
    }
    assert!(
        failures.is_empty(),
        "hand pictures differ from their goldens (look, then VLIV_BLESS=1):\n{}",
        failures.join("\n")
    );
}

#[test]
fn a_changed_table_does_not_match_another_golden() {
    // The comparison can fail: two different positions differ by far more than the tolerance.
    let names = positions::names(Lang::En);
    let a = vliv_pictures::position("claim", 2, 7, 21).unwrap();
    let b = vliv_pictures::position("claim", 2, 7, 22).unwrap();
    let (_, _, pa) = decode(
        &vliv_pictures::draw(&a.scene(Viewer::Spectator).public(), Lang::En, &names)
            .unwrap()
            .png,
    );
    let (_, _, pb) = decode(
        &vliv_pictures::draw(&b.scene(Viewer::Spectator).public(), Lang::En, &names)
            .unwrap()
            .png,
    );
    let changed = pa
        .chunks_exact(3)
        .zip(pb.chunks_exact(3))
        .filter(|(x, y)| x.iter().zip(*y).any(|(p, q)| p.abs_diff(*q) > SHADE))
        .count();
    assert!(pa.len() != pb.len() || changed as f64 > CHANGED * (pa.len() / 3) as f64);
}
