//! Issue 17 item 7: a choice a seat may mean but may not make is refused with the rule it
//! breaks, in both languages, naming none of another seat's hidden cards. Each game's main
//! case is found by playing seeded random games until it comes up.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_engine::{registry, Actor, GameState, Lang, OptionValues, Refused, Seat, Text};

/// The first state of a seeded random game in which a seat's refused choices include one
/// whose rule has the key `rule`.
fn find(id: &str, seats: usize, rule: &str) -> (Box<dyn GameState>, Seat, Refused) {
    let kind = registry::find(id).unwrap();
    for seed in 0..200 {
        let mut state = kind.new_game(&OptionValues::new(), seats, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..5_000 {
            let pending = state.pending();
            if pending.is_empty() {
                break;
            }
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
            let choice = ids[rng.random_range(0..ids.len())];
            state.apply(actor, choice).unwrap();
        }
    }
    panic!("{id}: no state refuses by {rule}");
}

fn say(lang: Lang, text: &Text) -> String {
    lang.text(text, &|s| format!("P{s}"))
}

/// The rule in both languages, exactly; no hidden card of another seat is named, and the
/// refused choice is not on the seat's menu.
fn refuses(id: &str, seats: usize, rule: &str, en: &str, cs: &str) {
    let (state, seat, refused) = find(id, seats, rule);
    assert_eq!(say(Lang::En, &refused.rule), en, "{id}");
    assert_eq!(say(Lang::Cs, &refused.rule), cs, "{id}");
    let menu = state.menu(Actor::Seat(seat)).unwrap();
    assert!(
        !menu.choices.iter().any(|c| c.label == refused.label),
        "{id}"
    );
    let shown = serde_json::to_string(&refused).unwrap();
    for secret in state.secrets(seat) {
        assert!(
            !shown.contains(&format!("\"{secret}\"")),
            "{id} names {secret}"
        );
    }
}

#[test]
fn claim_a_card_that_does_not_follow_names_the_led_faction() {
    let (_, _, r) = find("claim", 2, "claim-refused-follow");
    let faction = say(Lang::En, &r.rule);
    assert!(faction.starts_with("You must follow the led faction ("));
    refuses(
        "claim",
        2,
        "claim-refused-follow",
        &faction,
        &say(Lang::Cs, &r.rule),
    );
    // The exact sentence for Dwarves, as the issue asks.
    let dwarves =
        Text::new("claim-refused-follow").arg("faction", Text::new("claim-faction-dwarf"));
    assert_eq!(
        say(Lang::En, &dwarves),
        "You must follow the led faction (Dwarves)."
    );
    assert_eq!(say(Lang::Cs, &dwarves), "Musíte ctít barvu (Trpaslíci).");
}

#[test]
fn ruse_and_bruise_a_closed_column_says_it_is_closed() {
    let (_, _, r) = find("ruse-and-bruise", 3, "rb-refused-closed");
    let column = match &r.rule.args[0].1 {
        vliv_engine::Arg::Int(n) => *n,
        other => panic!("{other:?}"),
    };
    refuses(
        "ruse-and-bruise",
        3,
        "rb-refused-closed",
        &format!("That column is closed: column {column} was closed by a Storm this round."),
        &format!("Tento sloupec je uzavřený: sloupec {column} v tomto kole uzavřela Bouře."),
    );
}

#[test]
fn ovlivneni_a_reaction_is_no_main_phase_action() {
    refuses(
        "ovlivneni",
        2,
        "ov-refused-reaction",
        "A reaction can only be played in a reaction window, in answer to the opponent, not as a main-phase action.",
        "Reakci lze zahrát jen v okně reakcí jako odpověď soupeři, ne jako akci hlavní fáze.",
    );
}

#[test]
fn fantasy_realms_a_card_outside_the_discard_area_cannot_be_taken() {
    refuses(
        "fantasy-realms",
        3,
        "fr-refused-not-in-area",
        "That card is not in the discard area: take the top card of the deck or a card lying in the discard area.",
        "Tato karta neleží v odkládacím prostoru: vezměte si vrchní kartu z balíčku nebo kartu z odkládacího prostoru.",
    );
}

#[test]
fn louis_xiv_only_a_held_influence_card_is_played() {
    refuses(
        "louis-xiv",
        3,
        "lx-refused-card-not-in-hand",
        "You can only play an influence card from your hand.",
        "Zahrát můžete jen kartu vlivu, kterou máte v ruce.",
    );
}
