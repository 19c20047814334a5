//! Every card of every registered game says what it does, in Czech and in English, within
//! the limit of every place it is shown, and a player finds it by number or by name.

use vliv_engine::{
    card_lookup::{self, fold},
    registry, CardText, Lang, Text, MAX_SHORT_CARD_TEXT,
};

fn render(lang: Lang, text: &Text) -> String {
    lang.try_text(text, &|_| String::new())
        .unwrap_or_else(|e| panic!("{lang:?}: {text:?}: {e:?}"))
}

/// The cards each game must list (spec tables): Claim's five factions; Fantasy Realms' 53;
/// Louis XIV's 12 tiles, 12 personality cards and the joker, 12 intrigue and 40 mission
/// cards; Ruse & Bruise's 25 characters; Ovlivnění's 27.
const COUNTS: [(&str, usize); 5] = [
    ("claim", 5),
    ("fantasy-realms", 53),
    ("louis-xiv", 12 + 12 + 1 + 12 + 40),
    ("ruse-and-bruise", 25),
    ("ovlivneni", 27),
];

#[test]
fn every_card_of_every_game_has_both_languages_within_every_limit() {
    for &(id, count) in &COUNTS {
        let game = registry::find(id).expect("a registered game");
        let cards = game.cards();
        assert_eq!(cards.len(), count, "{id}: cards listed");
        for card in &cards {
            for lang in Lang::ALL {
                let name = render(lang, &card.name);
                let full = render(lang, &card.full);
                let short = render(lang, &card.short);
                for (what, s) in [("name", &name), ("full", &full), ("short", &short)] {
                    assert!(!s.trim().is_empty(), "{id} {}: empty {what}", card.key);
                    assert!(!s.contains('['), "{id} {}: {what} {s}", card.key);
                }
                assert!(
                    short.chars().count() <= MAX_SHORT_CARD_TEXT,
                    "{id} {} {lang:?}: short text of {} characters: {short}",
                    card.key,
                    short.chars().count()
                );
                // A select option's label is the name, ≤ 100 characters too.
                assert!(name.chars().count() <= 100, "{id} {}: {name}", card.key);
            }
            // The two languages are two texts, not one copied.
            if id != "louis-xiv" {
                assert_ne!(
                    render(Lang::Cs, &card.full),
                    render(Lang::En, &card.full),
                    "{id} {}",
                    card.key
                );
            }
        }
        let mut keys: Vec<&str> = cards.iter().map(|c| c.key.as_str()).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), cards.len(), "{id}: keys are unique");
    }
}

#[test]
fn every_registered_game_lists_its_cards() {
    for game in registry::all() {
        assert!(
            COUNTS.iter().any(|&(id, _)| id == game.id()),
            "{} has no card texts",
            game.id()
        );
    }
}

fn found(id: &str, query: &str) -> CardText {
    let game = registry::find(id).expect("a registered game");
    card_lookup::find(game, query).unwrap_or_else(|| panic!("{id}: nothing for {query:?}"))
}

#[test]
fn a_card_is_found_by_its_number_and_by_either_name_whatever_the_case_and_accents() {
    for game in registry::all() {
        for card in game.cards() {
            for lang in Lang::ALL {
                let name = render(lang, &card.name);
                for query in [name.clone(), name.to_uppercase(), fold(&name)] {
                    let hit = card_lookup::find(*game, &query)
                        .unwrap_or_else(|| panic!("{}: nothing for {query:?}", game.id()));
                    assert_eq!(hit.key, card.key, "{}: {query:?}", game.id());
                }
            }
            if let Some(n) = card.number {
                assert_eq!(found(game.id(), &n.to_string()).key, card.key);
                assert_eq!(found(game.id(), &format!("?{n}")).key, card.key);
            }
        }
    }
    assert_eq!(found("fantasy-realms", "40").key, "hydra");
    assert_eq!(found("fantasy-realms", "zvonice").key, "bell-tower");
    assert_eq!(found("fantasy-realms", "STOLETA voda").key, "great-flood");
    assert_eq!(found("ruse-and-bruise", "carodejnice").key, "witch");
    assert_eq!(found("ruse-and-bruise", "Witch").key, "witch");
    assert_eq!(found("claim", "Měňavci").key, "doppelganger");
    assert_eq!(found("ovlivneni", "zurocení").key, "interest");
    assert_eq!(found("louis-xiv", "3").key, "tile-3");
    assert_eq!(found("louis-xiv", "L01").key, "l01");
    // A unique beginning is enough; an unknown name or number finds nothing.
    assert_eq!(found("fantasy-realms", "hyd").key, "hydra");
    let fr = registry::find("fantasy-realms").unwrap();
    assert!(card_lookup::find(fr, "54").is_none());
    assert!(card_lookup::find(fr, "chess").is_none());
    assert!(card_lookup::find(fr, "").is_none());
}

#[test]
fn the_texts_say_what_the_rulebook_says() {
    let text = |id: &str, query: &str, lang: Lang| render(lang, &found(id, query).full);
    assert_eq!(
        text("fantasy-realms", "hydra", Lang::Cs),
        "Bonus: +28, máte-li Bažinu."
    );
    assert_eq!(
        text("fantasy-realms", "hydra", Lang::En),
        "Bonus: +28 with Swamp."
    );
    assert!(text("ruse-and-bruise", "witch", Lang::Cs).contains("9 a nižší"));
    assert!(text("ovlivneni", "licence", Lang::En).contains("OR B: Reaction"));
    assert!(text("louis-xiv", "tile-7", Lang::En).contains("5 Louisdor"));
}

#[test]
fn autocomplete_suggests_names_in_the_readers_language_from_either() {
    let fr = registry::find("fantasy-realms").unwrap();
    let hits = card_lookup::suggest(fr, "zvon", Lang::En);
    assert_eq!(
        hits,
        vec![("Bell Tower".to_string(), "bell-tower".to_string())]
    );
    assert_eq!(card_lookup::suggest(fr, "", Lang::Cs).len(), 25);
}

#[test]
fn a_menu_label_names_its_card() {
    let fr = registry::find("fantasy-realms").unwrap();
    let label = Text::new("fr-prompt-discard").arg("card", Text::new("fr-card-hydra"));
    assert_eq!(fr.card_in(&label).map(|c| c.key), Some("hydra".into()));
    assert!(fr.card_in(&Text::new("fr-choice-deck")).is_none());
}
