//! Issue 47: every card text drawn on a card reads when Discord shows the picture about
//! 400 px wide. For every face a game's pictures may draw with a rule (`GameKind::faces`),
//! in both languages, the card alone is laid out as a hand picture would be, and each of
//! its texts (name, effect, rule) must be at least 9 px at that width, whole (no "…", no
//! word broken between lines) and inside the card's body.

use vliv_engine::{registry, CardFace, Item, Lang, Scene, Zone};
use vliv_pictures::{lay_out, text_width, Drawing, Lettering, Shape};

/// Discord's embed image is shown about this many pixels wide…
const PREVIEW_WIDTH: f32 = 400.0;
/// …where a text under this size (in screen pixels) is no longer legible.
const LEGIBLE_PX: f32 = 9.0;
/// DejaVu Sans' ascent (with a háček on a capital) and descent, in em.
const ASCENT: f32 = 0.93;
const DESCENT: f32 = 0.24;

const GAMES: [&str; 3] = ["fantasy-realms", "ruse-and-bruise", "claim"];

/// One problem with `text` on the card, if any.
fn check(text: &Shape, area: [f32; 4], picture_width: f32) -> Option<String> {
    let Shape::Text {
        x,
        y,
        size,
        bold,
        text,
        ..
    } = text
    else {
        return Some("a card's text is not a text".into());
    };
    let [left, top, w, h] = area;
    let on_screen = size * PREVIEW_WIDTH / picture_width;
    let right = x + text_width(text, *size, *bold);
    if on_screen < LEGIBLE_PX {
        Some(format!("{text:?}: {on_screen:.2} px at {PREVIEW_WIDTH} px"))
    } else if text.contains('…') {
        Some(format!("{text:?} is cut"))
    } else if *x < left || right > left + w {
        Some(format!(
            "{text:?} spans x {x}–{right}, the card {left}–{}",
            left + w
        ))
    } else if y - ASCENT * size < top || y + DESCENT * size > top + h {
        Some(format!(
            "{text:?} at y {y} leaves the card {top}–{}",
            top + h
        ))
    } else {
        None
    }
}

/// Whether `lines` are `whole`'s words in order, each line ending where a word ends.
fn whole_words(lines: &[&str], whole: &str) -> bool {
    let drawn: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
    drawn == whole.split_whitespace().collect::<Vec<_>>()
}

fn lettering<'a>(d: &'a Drawing, face: &CardFace) -> (&'a Lettering, Vec<&'a str>) {
    let l = d
        .letterings
        .iter()
        .find(|l| l.id == face.id)
        .expect("the card is lettered");
    let texts = d
        .lettering(l)
        .iter()
        .filter_map(|s| match s {
            Shape::Text { text, .. } => Some(text.as_str()),
            Shape::Rect { .. } => None,
        })
        .collect();
    (l, texts)
}

#[test]
fn every_card_text_is_legible_at_discords_preview_width_and_fits_its_card() {
    let mut problems = Vec::new();
    for game in GAMES {
        let kind = registry::find(game).expect("a game of the registry");
        let faces = kind.faces();
        // Every card of the game (a Claim faction's cards share one text) has a face.
        let mut ids: Vec<&str> = faces.iter().map(|f| f.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert!(
            !ids.is_empty() && ids.len() >= kind.cards().len(),
            "{game}: faces of {} cards, {} cards",
            ids.len(),
            kind.cards().len()
        );
        for lang in Lang::ALL {
            let names = |s| lang.seat_name(s);
            for face in &faces {
                assert!(face.rule.is_some(), "{game}: {} has no rule", face.id);
                let scene = Scene {
                    title: kind.name(),
                    zones: vec![Zone::private(kind.name(), vec![Item::Card(face.clone())])],
                };
                let d = lay_out(&scene, lang, &names);
                let (l, texts) = lettering(&d, face);
                let say = |t| lang.text(t, &names);
                let words = [Some(&face.name), face.effect.as_ref(), face.rule.as_ref()]
                    .into_iter()
                    .flatten()
                    .map(say)
                    .collect::<Vec<_>>()
                    .join(" ");
                let id = format!("{game} {lang:?} {}", face.id);
                if !whole_words(&texts, &words) {
                    problems.push(format!("{id}: drew {texts:?} for {words:?}"));
                }
                for text in d.lettering(l) {
                    problems.extend(check(text, l.area, d.width).map(|p| format!("{id}: {p}")));
                }
                if l.area[0] + l.area[2] > d.width || l.area[1] + l.area[3] > d.height {
                    problems.push(format!("{id}: the card leaves the picture"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A table too tall with every rule (all 53 Fantasy Realms cards face up) keeps within
/// the height a picture may have by leaving the rules out, its names and effects still
/// legible and whole.
#[test]
fn a_picture_too_tall_with_its_rules_keeps_names_and_effects_legible() {
    let kind = registry::find("fantasy-realms").unwrap();
    let mut faces = kind.faces();
    faces.dedup_by(|a, b| a.id == b.id);
    let lang = Lang::En;
    let names = |s| lang.seat_name(s);
    let scene = Scene {
        title: kind.name(),
        zones: vec![Zone::public(
            kind.name(),
            faces.iter().cloned().map(Item::Card).collect(),
        )],
    };
    let d = lay_out(&scene, lang, &names);
    assert!(d.height <= vliv_pictures::MAX_HEIGHT);
    assert_eq!(d.letterings.len(), faces.len());
    for face in &faces {
        let (l, texts) = lettering(&d, face);
        let say = |t| lang.text(t, &names);
        let words = [Some(&face.name), face.effect.as_ref()]
            .into_iter()
            .flatten()
            .map(say)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(whole_words(&texts, &words), "{texts:?} for {words:?}");
        for text in d.lettering(l) {
            assert_eq!(check(text, l.area, d.width), None);
        }
    }
}

/// The check itself fails on what it must catch: a text too small, one over the card's
/// edge, a word broken between lines.
#[test]
fn the_legibility_check_catches_small_overflowing_and_broken_text() {
    let text = |x: f32, size: f32, text: &str| Shape::Text {
        x,
        y: 40.0,
        size,
        bold: false,
        fill: "#000000",
        anchor: vliv_pictures::Anchor::Start,
        text: text.into(),
    };
    let area = [0.0, 0.0, 200.0, 100.0];
    assert!(check(&text(5.0, 21.0, "Bonus"), area, 900.0).is_none());
    assert!(check(&text(5.0, 12.5, "Bonus"), area, 900.0).is_some());
    assert!(check(&text(150.0, 21.0, "Bonus"), area, 900.0).is_some());
    assert!(check(&text(5.0, 21.0, "Bon…"), area, 900.0).is_some());
    assert!(whole_words(&["+28 with", "Swamp."], "+28 with Swamp."));
    assert!(!whole_words(&["+28 with Sw", "amp."], "+28 with Swamp."));
}
