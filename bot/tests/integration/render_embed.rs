//! Every game at its largest table, deep into seeded random games: the public table as the
//! Discord front end sends it in the embed layout passes the loopback Discord's validator,
//! in both languages, with nothing cut (long sections continued in whole lines, every
//! public line of the position shown).

use fakecord::validate::{check_message_as, Use};
use vliv_bot::discord::{layout_v2, limits};
use vliv_bot::render::{public_fields, MessageSpec, Names};
use vliv_engine::{registry, GameState, Lang, Text};

use crate::fullest_table::{fullest_table, positions, record, thinking_line};

/// The largest sizes one game's tables reached, for the log.
#[derive(Default, Debug)]
struct Largest {
    section: usize,
    embed_total: usize,
    fields: usize,
}

fn check_table(
    kind: &str,
    state: &dyn GameState,
    seats: usize,
    recent: &[Text],
    largest: &mut Largest,
) {
    let rec = record(kind, seats, state);
    for lang in Lang::ALL {
        let what = format!("{kind} with {seats} seats in {lang:?}");
        let spec = fullest_table(&rec, state, recent, lang);
        limits::check_uncut(&spec)
            .unwrap_or_else(|e| panic!("{what}: Discord would get the table cut: {e}"));
        let body = layout_v2::legacy_body(&spec);
        if let Err(refused) = check_message_as(&body, Use::Create, false) {
            panic!("{what}: the table is refused: {refused:?}");
        }
        let sent = limits::fit(spec.clone());
        assert_uncut(&what, &sent, &thinking_line(&rec, lang));
        let shown = sent.visible_text();
        let names = Names::for_game(&rec, lang);
        for field in public_fields(state, &names, lang) {
            largest.section = largest.section.max(field.value.chars().count());
            for line in field.value.lines() {
                assert!(
                    shown.contains(line),
                    "{what}: the table lost the line {line:?}"
                );
            }
        }
        let embed = sent.embed.as_ref().unwrap();
        let total: usize = [&embed.title, &embed.description, &embed.footer]
            .iter()
            .map(|t| t.chars().count())
            .chain(
                embed
                    .fields
                    .iter()
                    .map(|f| f.name.chars().count() + f.value.chars().count()),
            )
            .sum();
        largest.embed_total = largest.embed_total.max(total);
        largest.fields = largest.fields.max(embed.fields.len());
    }
}

fn assert_uncut(what: &str, spec: &MessageSpec, own_ellipsis: &str) {
    let embed = spec.embed.as_ref().unwrap();
    let mut parts = vec![&embed.title, &embed.description, &embed.footer];
    for f in &embed.fields {
        parts.push(&f.name);
        parts.push(&f.value);
    }
    for part in parts.into_iter().filter(|p| p.as_str() != own_ellipsis) {
        assert!(!part.ends_with('…'), "{what}: a part is cut: {part:?}");
    }
}

#[test]
fn every_game_at_its_largest_table_shows_its_whole_public_table_within_discords_limits() {
    for kind in registry::all() {
        let mut worst = Largest::default();
        for seed in 0..6 {
            let moves = positions(*kind, seed, |state, seats, recent| {
                check_table(kind.id(), state, seats, recent, &mut worst)
            });
            // Fantasy Realms with 7 seats leaves a deck of 4: its games are short.
            assert!(moves >= 1, "{} played no move", kind.id());
        }
        eprintln!("{}: {worst:?}", kind.id());
    }
}
