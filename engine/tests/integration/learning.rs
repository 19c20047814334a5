//! Learning mode ("a first game that teaches"): every choice of every pending menu gets
//! exactly one explanation, non-empty in Czech and English; the explanations read only what
//! their seat may know (they are the same on a determinization of the state for that seat,
//! which re-deals everything hidden from it); scoring events explain themselves; and the
//! lines say what really happens (Claim's trick, Fantasy Realms' score).
//!
//! Seeded games per game and seat count: `VLIV_CASES_LEARN`, else `VLIV_CASES`, else 4.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_engine::{registry, Actor, Arg, GameState, Lang, OptionValue, OptionValues, Seat, Text};

fn cases() -> u64 {
    ["VLIV_CASES_LEARN", "VLIV_CASES"]
        .iter()
        .find_map(|k| std::env::var(k).ok()?.parse().ok())
        .unwrap_or(4)
}

/// Steps per game: enough for rounds, tricks and evaluations to end, and a bound for a
/// game (Ovlivnění without a turn limit) that random play does not finish.
const STEPS: usize = 1_500;

fn say(lang: Lang, text: &Text) -> String {
    lang.try_text(text, &|s| format!("P{s}"))
        .unwrap_or_else(|e| panic!("{lang:?}: {text:?}: {e}"))
}

fn options(id: &str) -> OptionValues {
    let mut o = OptionValues::new();
    if id == "ovlivneni" {
        o.insert("turn_limit".into(), OptionValue::Int(60));
    }
    o
}

/// Plays seeded random games of `id`, calling `check` on every state before a choice.
fn play(
    id: &str,
    mut check: impl FnMut(&dyn GameState, u64),
    mut events: impl FnMut(&[vliv_engine::Event]),
) {
    let kind = registry::find(id).unwrap();
    let (min, max) = kind.seat_range();
    for seats in min..=max {
        for case in 0..cases() {
            let seed = case * 31 + seats as u64;
            let mut state = kind.new_game(&options(id), seats, seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for step in 0..STEPS {
                let pending = state.pending();
                if pending.is_empty() {
                    break;
                }
                check(state.as_ref(), seed ^ step as u64);
                let actor = pending[rng.random_range(0..pending.len())].actor;
                let choice = registry::random_choice(state.as_ref(), actor, &mut rng).unwrap();
                let happened = state.apply(actor, choice).unwrap();
                events(&happened);
            }
        }
    }
}

fn seats_pending(state: &dyn GameState) -> Vec<Seat> {
    state
        .pending()
        .iter()
        .filter_map(|p| match p.actor {
            Actor::Seat(s) => Some(s),
            Actor::System => None,
        })
        .collect()
}

#[test]
fn every_choice_has_one_line_in_both_languages_and_reads_only_what_its_seat_knows() {
    for kind in registry::all() {
        let id = kind.id();
        let mut menus = 0;
        let mut explained_events = 0;
        play(
            id,
            |state, seed| {
                for seat in seats_pending(state) {
                    let menu = state.menu(Actor::Seat(seat)).unwrap();
                    let lines = state
                        .explain_choices(seat)
                        .unwrap_or_else(|| panic!("{id}: no lines for {:?}", menu.prompt));
                    assert_eq!(lines.len(), menu.choices.len(), "{id}: {:?}", menu.prompt);
                    for (line, choice) in lines.iter().zip(&menu.choices) {
                        for lang in Lang::ALL {
                            let text = say(lang, line);
                            assert!(!text.trim().is_empty(), "{id}: {:?}", choice.label);
                            assert!(!text.contains('\n'), "{id}: one line: {text}");
                        }
                    }
                    // No peeking: the same lines where all hidden from `seat` is re-dealt.
                    let other = state.determinize(seat, seed);
                    assert_eq!(
                        other.explain_choices(seat).as_ref(),
                        Some(&lines),
                        "{id}: seat {seat}'s lines depend on what it cannot see"
                    );
                    menus += 1;
                }
            },
            |events| {
                for e in events {
                    for line in &e.explanation {
                        for lang in Lang::ALL {
                            assert!(!say(lang, line).trim().is_empty());
                        }
                        explained_events += 1;
                    }
                }
            },
        );
        assert!(menus > 0, "{id}: no menus checked");
        assert!(explained_events > 0, "{id}: no scoring was explained");
    }
}

/// The text argument `name` of `text`.
fn arg<'a>(text: &'a Text, name: &str) -> Option<&'a Arg> {
    text.args.iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

#[test]
fn claim_a_followers_line_tells_who_takes_the_trick() {
    let mut checked = 0;
    play(
        "claim",
        |state, _| {
            let seat = seats_pending(state)[0];
            let menu = state.menu(Actor::Seat(seat)).unwrap();
            let lines = state.explain_choices(seat).unwrap();
            for (line, choice) in lines.iter().zip(&menu.choices) {
                let Some(Arg::Text(result)) = arg(line, "result") else {
                    continue; // a lead: the answer is not known yet
                };
                let mut after = state.clone_box();
                let events = after.apply(Actor::Seat(seat), choice.id).unwrap();
                let won = events
                    .iter()
                    .find(|e| e.text.key == "claim-ev-trick-won")
                    .and_then(|e| arg(&e.text, "player").cloned());
                let says_wins = result.key == "claim-learn-wins";
                assert_eq!(won == Some(Arg::Seat(seat)), says_wins, "{line:?}");
                checked += 1;
            }
        },
        |_| {},
    );
    assert!(checked > 100);
}

#[test]
fn fantasy_realms_a_discard_line_gives_the_score_the_hand_then_has() {
    let mut checked = 0;
    play(
        "fantasy-realms",
        |state, _| {
            for seat in seats_pending(state) {
                let menu = state.menu(Actor::Seat(seat)).unwrap();
                let lines = state.explain_choices(seat).unwrap();
                for (line, choice) in lines.iter().zip(&menu.choices) {
                    if line.key != "fr-learn-discard" {
                        continue;
                    }
                    let Some(&Arg::Int(total)) = arg(line, "total") else {
                        panic!("{line:?}");
                    };
                    let mut after = state.clone_box();
                    after.apply(Actor::Seat(seat), choice.id).unwrap();
                    // Mid-game the view shows the hand's best score; at the end, the result.
                    let view = after.view_json(vliv_engine::Viewer::Seat(seat));
                    let score = view["me"]["score"]["total"]
                        .as_i64()
                        .or_else(|| view["result"][seat as usize]["score"]["total"].as_i64())
                        .unwrap();
                    assert_eq!(score, total, "{line:?}");
                    checked += 1;
                }
            }
        },
        |_| {},
    );
    assert!(checked > 50);
}
