//! What a picture lays out, for every game at many random positions: a table drawn for
//! everyone and seat A's hand never show a card hidden from them, every text exists in both
//! languages, and everything lies inside the picture.

use crate::positions;

use vliv_engine::{registry, Lang, Seat, Viewer};
use vliv_pictures::{lay_out, Drawing, Shape};

fn cases() -> u64 {
    std::env::var("VLIV_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40)
}

fn missing_message(text: &str) -> bool {
    // A missing fluent message is drawn as "[its-key]".
    text.split('[').skip(1).any(|rest| {
        rest.split(']')
            .next()
            .is_some_and(|k| k.contains('-') && !k.contains(' '))
    })
}

fn check_drawing(d: &Drawing, what: &str) {
    for t in d.texts() {
        assert!(!missing_message(t), "{what}: a missing message in {t:?}");
    }
    for s in &d.shapes {
        if let Shape::Rect { x, y, w, h, .. } = s {
            assert!(
                *x >= 0.0 && *y >= 0.0 && x + w <= d.width + 0.5 && y + h <= d.height + 0.5
                    || y + h > vliv_pictures::MAX_HEIGHT,
                "{what}: a box outside the picture: {s:?}"
            );
        }
    }
}

#[test]
fn no_picture_draws_a_card_hidden_from_its_viewer() {
    let mut checked = 0;
    for kind in registry::all() {
        let (min, max) = kind.seat_range();
        for case in 0..cases() {
            let seats = min + (case as usize % (max - min + 1));
            let moves = (case as usize * 7) % 90;
            let state = vliv_pictures::position(kind.id(), seats, case, moves).unwrap();
            let all: Vec<String> = (0..seats as Seat).flat_map(|s| state.secrets(s)).collect();
            for lang in Lang::ALL {
                let names = positions::names(lang);
                let what = format!("{} seed {case} after {moves} moves, {lang:?}", kind.id());
                let table = lay_out(&state.scene(Viewer::Spectator).public(), lang, &names);
                check_drawing(&table, &what);
                for id in &table.cards {
                    assert!(!all.contains(id), "{what}: the table shows hidden {id}");
                }
                let seat = (case % seats as u64) as Seat;
                let secrets = state.secrets(seat);
                let scene = state.scene(Viewer::Seat(seat));
                for d in [
                    lay_out(&scene.private(), lang, &names),
                    lay_out(&scene.public(), lang, &names),
                ] {
                    check_drawing(&d, &what);
                    for id in &d.cards {
                        assert!(
                            !secrets.contains(id),
                            "{what}: seat {seat} is shown hidden {id}"
                        );
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}

/// Claim's card names are unique (but for the five goblin 0s), so the words laid out show a
/// leak too: no hidden card's name appears anywhere in the table's text.
#[test]
fn claims_table_text_never_names_a_hidden_card() {
    for case in 0..cases() {
        let state = vliv_pictures::position("claim", 2, case, (case as usize * 5) % 52).unwrap();
        for lang in Lang::ALL {
            let names = positions::names(lang);
            let table = lay_out(&state.scene(Viewer::Spectator).public(), lang, &names);
            let text: Vec<&str> = table.texts().collect();
            for id in (0..2).flat_map(|s| state.secrets(s)) {
                let Some((faction, value)) = claim_name(&id, lang) else {
                    continue;
                };
                let name = format!("{faction} {value}");
                assert!(
                    !text
                        .iter()
                        .any(|t| t.split(", ").any(|part| part.ends_with(&name))),
                    "seed {case}: the table names hidden {id} ({name}): {text:?}"
                );
            }
        }
    }
}

/// `KNI-7` → ("Knight"/"Rytíř", "7"); the goblin 0s share one name and are skipped.
fn claim_name(id: &str, lang: Lang) -> Option<(&'static str, String)> {
    let (code, value) = id.split_once('-')?;
    if value.len() > 1 {
        return None;
    }
    let names = match lang {
        Lang::Cs => ["Skřet", "Trpaslík", "Nemrtvý", "Měňavec", "Rytíř"],
        Lang::En => ["Goblin", "Dwarf", "Undead", "Doppelganger", "Knight"],
    };
    let i = ["GOB", "DWA", "UND", "DOP", "KNI"]
        .iter()
        .position(|c| *c == code)?;
    Some((names[i], value.to_owned()))
}

#[test]
fn the_hand_picture_of_a_spectator_is_empty() {
    let state = vliv_pictures::position("claim", 2, 1, 10).unwrap();
    assert!(state.scene(Viewer::Spectator).private().zones.is_empty());
    assert!(!state.scene(Viewer::Seat(0)).private().zones.is_empty());
}
