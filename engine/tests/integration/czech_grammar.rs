//! Czech that reads like Czech: one exact rendered string per class of fix (issue 17, item
//! 2), and the wording rules over every `.ftl` file of the engine.
//!
//! Conventions: a player's action is in the present tense ("Petr hraje kartu …"), never a
//! past tense with "(a)"; a card's name stays nominative after a noun ("kartu Trpaslík 4",
//! "karta: …"); a card's state is said without gender ("(pod převlekem)"); the reader is
//! addressed formally ("vy"); no internal ids or words; the rulebooks' own terms: a card is
//! drawn ("dobírá", never "líže") and put away ("odkládá", never "odhazuje"), Claim's
//! follower "ctí barvu"; a number never runs into a player's name ("Hráč 1: 0", not
//! "Hráč 1 0"); a count on a picture agrees with its noun ("1 karta v ruce").

use crate::ftl_check;

use std::path::PathBuf;

use vliv_engine::{
    games::{
        claim::{cards::Card as ClaimCard, rules::ClaimEvent, Claim},
        fantasy_realms::{cards::Card as FrCard, rules::FrEvent, FantasyRealms},
        louis_xiv::{events::LouisEvent, LouisXiv},
        ovlivneni::{cards::Country, events::OvEvent, Ovlivneni},
        ruse_and_bruise::{
            cards::{Card as RbCard, Character, Colour},
            rules::RbEvent,
            RuseAndBruise,
        },
    },
    registry, Game, Item, Lang, Seat, Text, Viewer,
};

fn names(seat: Seat) -> String {
    ["Jana", "Petr"][seat as usize].to_string()
}

fn cs(text: &Text) -> String {
    Lang::Cs.try_text(text, &names).expect("a Czech text")
}

fn en(text: &Text) -> String {
    Lang::En.try_text(text, &names).expect("an English text")
}

#[test]
fn a_card_name_after_a_verb_stays_nominative() {
    // Card 18 is the Dwarf 4.
    let played = Claim::describe(&ClaimEvent::Played {
        seat: 0,
        card: ClaimCard(18),
    });
    assert_eq!(cs(&played), "Jana hraje kartu Trpaslík 4.");
    // A player's name stays nominative too: no "hráče Hráč 2".
    let to_score = Claim::describe(&ClaimEvent::ToScorePile {
        seat: 1,
        card: ClaimCard(18),
    });
    assert_eq!(
        cs(&to_score),
        "Karta Trpaslík 4 jde na skórovací balíček: Petr."
    );
    assert_eq!(en(&played), "Jana played Dwarf 4.");
    let queen = FrCard::all()
        .find(|c| c.id().ends_with("-queen"))
        .expect("the Queen");
    let taken = FantasyRealms::describe(&FrEvent::TookDiscard {
        seat: 1,
        card: queen,
    });
    assert_eq!(
        cs(&taken),
        "Petr si bere kartu Královna z odkládacího prostoru."
    );
}

#[test]
fn a_players_action_is_told_in_the_present_tense_in_every_game() {
    // Ovlivnění's events were masculine only ("investoval"); Fantasy Realms wrote "(a)".
    let invested = Ovlivneni::describe(&OvEvent::Invested {
        seat: 0,
        res: 0,
        country: Country(0),
        amount: 2,
    });
    assert_eq!(cs(&invested), "Jana investuje 2B do země Německo.");
    let queen = FrCard::all()
        .find(|c| c.id().ends_with("-queen"))
        .expect("the Queen");
    let discarded = FantasyRealms::describe(&FrEvent::Discarded {
        seat: 0,
        card: queen,
    });
    assert_eq!(cs(&discarded), "Jana odkládá kartu Královna.");
}

#[test]
fn a_feminine_card_under_the_disguise_has_no_gendered_verb() {
    let queen = RbCard {
        colour: Colour::Blue,
        character: Character::Queen,
    };
    let hidden = Text::new("rb-card-was-hidden").arg("card", queen.text());
    assert_eq!(cs(&hidden), "Královna (modrá) (pod převlekem)");
    let flipped = RuseAndBruise::describe(&RbEvent::Flipped {
        column: 2,
        card: queen,
    });
    assert_eq!(
        cs(&flipped),
        "Sloupec 3: karta Královna (modrá) se otáčí lícem nahoru."
    );
}

#[test]
fn the_reader_is_addressed_formally() {
    assert_eq!(cs(&Text::new("claim-prompt-lead")), "Vyneste kartu.");
    assert_eq!(
        cs(&Text::new("error-not-your-decision")),
        "Teď nejste na řadě s rozhodnutím."
    );
    assert_eq!(
        cs(&Text::new("lx-prompt-turn")),
        "Jste na tahu: zahrajte kartu vlivu."
    );
}

#[test]
fn no_internal_word_or_card_id_reaches_a_player() {
    let money = LouisXiv::describe(&LouisEvent::MoneyCard {
        id: "MC3".into(),
        income: 4,
        king: 1,
    });
    assert_eq!(
        cs(&money),
        "Peněžní karta: každý bere 4 louisdory; Ludvík XIV. stojí na kartičce č. 2."
    );
    assert_eq!(
        en(&money),
        "Money card: everyone takes 4 Louisdor; Louis XIV stands on tile 2."
    );
    assert_eq!(cs(&Text::new("rb-prompt-start")), "Kdo začne 1. kolo?");
}

#[test]
fn a_count_agrees_with_its_noun_in_both_languages() {
    let money = |n: i64| Text::new("lx-reward-money").arg("n", n);
    assert_eq!(cs(&money(1)), "1 louisdor");
    assert_eq!(cs(&money(3)), "3 louisdory");
    assert_eq!(cs(&money(5)), "5 louisdorů");
    // No "s 4 body" (the preposition would have to be "se" before some numbers).
    let won = |n: i64| {
        Text::new("rb-result-winner")
            .seat("player", 1)
            .arg("score", n)
    };
    assert_eq!(cs(&won(4)), "Vítězí Petr: 4 body.");
    assert_eq!(cs(&won(28)), "Vítězí Petr: 28 bodů.");
    assert_eq!(en(&won(1)), "Petr wins with 1 point.");
    let stones = |n: i64| Text::new("lx-choice-place").arg("n", n);
    assert_eq!(cs(&stones(1)), "Umístit až 1 kámen");
    assert_eq!(en(&stones(1)), "Place up to 1 stone");
    assert_eq!(en(&stones(4)), "Place up to 4 stones");
}

#[test]
fn a_card_is_drawn_and_put_away_in_the_rulebooks_words() {
    let drew = LouisEvent::MissionTaken {
        seat: 1,
        deck: vliv_engine::games::louis_xiv::data::Deck::Light,
    };
    assert_eq!(
        cs(&LouisXiv::describe(&drew)),
        "Petr si dobírá kartu mise (světle modrý balíček)."
    );
    assert_eq!(
        cs(&Text::new("fr-refused-not-in-hand")),
        "Odložit můžete jen kartu z ruky."
    );
    assert_eq!(
        cs(&Text::new("claim-refused-follow").arg("faction", Text::new("claim-faction-goblin"))),
        "Musíte ctít barvu (Skřeti)."
    );
}

#[test]
fn a_number_never_runs_into_a_players_name() {
    let vote = Text::new("claim-vote-count")
        .arg("faction", Text::new("claim-faction-goblin"))
        .seat("a", 0)
        .arg("na", 1)
        .arg("nb", 4)
        .seat("b", 1)
        .seat("winner", 1);
    assert_eq!(cs(&vote), "Skřeti: Jana – 1 : 4 – Petr → Petr");
    assert_eq!(en(&vote), "Goblins: Jana – 1 : 4 – Petr → Petr");
    let sizes = Text::new("fr-line-hand-sizes").arg(
        "sizes",
        vec![
            Text::new("fr-line-hand-size")
                .seat("player", 0)
                .arg("count", 0),
            Text::new("fr-line-hand-size")
                .seat("player", 1)
                .arg("count", 7),
        ],
    );
    assert_eq!(cs(&sizes), "Karty v rukou — Jana: 0, Petr: 7");
    assert_eq!(en(&sizes), "Cards in hand — Jana: 0, Petr: 7");
    // The check behind the wording rule finds the old forms.
    for old in [
        "{ $player } { $count }",
        "{ $a } { $na } – { $nb } { $b }",
        "neutrální { $n }, { $player } 3",
    ] {
        assert!(!ftl_check::numbers_next_to_names(old).is_empty(), "{old}");
    }
    assert!(ftl_check::numbers_next_to_names("{ $player }: { $count }").is_empty());
    assert!(ftl_check::numbers_next_to_names("{ $player } hraje kartu { $card }").is_empty());
}

#[test]
fn a_count_on_a_picture_agrees_with_its_noun() {
    let label = |n: usize| Text::new("fr-scene-hand").arg("count", n);
    assert_eq!(cs(&label(1)), "karta v ruce");
    assert_eq!(cs(&label(3)), "karty v ruce");
    assert_eq!(cs(&label(7)), "karet v ruce");
    assert_eq!(en(&label(1)), "card in hand");
    let counted = |key: &'static str, n: i64| cs(&Text::new(key).arg("count", n));
    assert_eq!(counted("lx-scene-coats", 1), "erb");
    assert_eq!(counted("lx-scene-coats", 12), "erbů");
    assert_eq!(counted("lx-scene-money", 3), "louisdory");
    assert_eq!(counted("rb-scene-won", 1), "bodová karta");
    assert_eq!(counted("claim-scene-followers", 0), "následovníků");
    // The Fantasy Realms picture passes the seat's count to its label.
    let kind = registry::find("fantasy-realms").expect("registered");
    let game = kind
        .new_game(&Default::default(), 3, 1)
        .expect("a three-player game");
    let scene = game.scene(Viewer::Spectator);
    let hands: Vec<String> = scene
        .zones
        .iter()
        .flat_map(|z| z.items.iter())
        .filter_map(|item| match item {
            Item::Backs { label, count } if label.key == "fr-scene-hand" => {
                Some(format!("{count} {}", cs(label)))
            }
            _ => None,
        })
        .collect();
    assert_eq!(hands, ["7 karet v ruce"; 3]);
}

#[test]
fn the_engine_and_bot_texts_follow_the_wording_rules() {
    // Every .ftl file of the engine and the bot, found by walking the directories: files
    // added later are checked too.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    ftl_check::assert_wording(&[
        root.join("src"),
        root.join("../service/locales"),
        root.join("../bot/locales"),
    ]);
}
