//! Issue 17 item 7 through the front ends' typed path (`/play`, the console): a choice the
//! seat may mean but may not make is answered with the rule it breaks, anything else not
//! offered with "That choice is not available now.", in both languages, in every game.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_bot::{i18n::tr, service::typed_choice};
use vliv_engine::{registry, Actor, GameState, Lang, OptionValues, Refused, Seat, Text};

fn say(lang: Lang) -> impl Fn(&Text) -> String {
    move |t| tr(lang, t, &|s| format!("P{s}"))
}

/// A seeded random game's first state where `seat` has a refused choice by `rule`.
fn find(id: &str, seats: usize, rule: &str) -> (Box<dyn GameState>, Seat, Refused) {
    let kind = registry::find(id).unwrap();
    for seed in 0..200 {
        let mut state = kind.new_game(&OptionValues::new(), seats, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !state.pending().is_empty() {
            let pending = state.pending();
            for p in &pending {
                if let Actor::Seat(seat) = p.actor {
                    if let Some(r) = state.refused(seat).into_iter().find(|r| r.rule.key == rule) {
                        return (state, seat, r);
                    }
                }
            }
            let actor = pending[rng.random_range(0..pending.len())].actor;
            let mut ids = Vec::new();
            state.legal_ids(actor, &mut ids);
            state
                .apply(actor, ids[rng.random_range(0..ids.len())])
                .unwrap();
        }
    }
    panic!("{id}: no state refuses by {rule}");
}

/// Typing the refused choice's label gets `rule` (exact, both languages); typing nonsense
/// gets "not available now"; typing an offered label picks it.
fn typed(id: &str, seats: usize, rule: &str, en: &str, cs: &str) {
    let (state, seat, refused) = find(id, seats, rule);
    for (lang, expected) in [(Lang::En, en), (Lang::Cs, cs)] {
        let say = say(lang);
        let label = say(&refused.label);
        let answer = typed_choice(state.as_ref(), seat, &label, &say).unwrap_err();
        assert_eq!(say(&answer), expected, "{id} {lang:?}: {label}");
        let nonsense = typed_choice(state.as_ref(), seat, "no such thing", &say).unwrap_err();
        assert_eq!(nonsense.key, "error-illegal-choice");
        let menu = state.menu(Actor::Seat(seat)).unwrap();
        let first = &menu.choices[0];
        assert_eq!(
            typed_choice(state.as_ref(), seat, &say(&first.label), &say),
            Ok(first.id)
        );
    }
    let not_available = say(Lang::En)(&Text::new("error-illegal-choice"));
    assert_eq!(not_available, "That choice is not available now.");
}

#[test]
fn claim_names_the_led_faction() {
    let (_, _, r) = find("claim", 2, "claim-refused-follow");
    let Some((_, vliv_engine::Arg::Text(faction))) = r.rule.args.first() else {
        panic!("{r:?}");
    };
    // The faction as each language names it (Dwarves / Trpaslíci, …).
    let (en, cs) = (say(Lang::En)(faction), say(Lang::Cs)(faction));
    typed(
        "claim",
        2,
        "claim-refused-follow",
        &format!("You must follow the led faction ({en})."),
        &format!("Musíte ctít barvu ({cs})."),
    );
}

#[test]
fn ruse_and_bruise_says_the_column_is_closed() {
    let (_, _, r) = find("ruse-and-bruise", 3, "rb-refused-closed");
    let Some((_, vliv_engine::Arg::Int(column))) = r.rule.args.first() else {
        panic!("{r:?}");
    };
    typed(
        "ruse-and-bruise",
        3,
        "rb-refused-closed",
        &format!("That column is closed: column {column} was closed by a Storm this round."),
        &format!("Tento sloupec je uzavřený: sloupec {column} v tomto kole uzavřela Bouře."),
    );
}

#[test]
fn ovlivneni_says_a_reaction_is_no_main_phase_action() {
    typed(
        "ovlivneni",
        2,
        "ov-refused-reaction",
        "A reaction can only be played in a reaction window, in answer to the opponent, not as a main-phase action.",
        "Reakci lze zahrát jen v okně reakcí jako odpověď soupeři, ne jako akci hlavní fáze.",
    );
}

#[test]
fn fantasy_realms_says_the_card_is_not_in_the_discard_area() {
    typed(
        "fantasy-realms",
        3,
        "fr-refused-not-in-area",
        "That card is not in the discard area: take the top card of the deck or a card lying in the discard area.",
        "Tato karta neleží v odkládacím prostoru: vezměte si vrchní kartu z balíčku nebo kartu z odkládacího prostoru.",
    );
}

#[test]
fn louis_xiv_says_only_a_held_card_is_played() {
    typed(
        "louis-xiv",
        3,
        "lx-refused-card-not-in-hand",
        "You can only play an influence card from your hand.",
        "Zahrát můžete jen kartu vlivu, kterou máte v ruce.",
    );
}
