//! `/card` through the loopback Discord against the real `vliv run`: the card is
//! autocompleted among the chosen game's cards by a name in either language, and the answer
//! is the card's full text in the reader's language, only to them. The fake validates the
//! registration (names, descriptions, options) as Discord does.

use crate::loopback;

use fakecord::Audience;
use loopback::*;
use serde_json::{json, Value};

/// The values the autocomplete offered for `partial` with `game` chosen.
async fn offered(scene: &Scene, user: u64, game: &str, partial: &str) -> Vec<(String, String)> {
    let ix = scene.fake.autocomplete_with(
        user,
        CHANNEL,
        "card",
        &[("game", json!(game))],
        "card",
        partial,
    );
    let choices: Value = scene
        .fake
        .wait("the card names of /card", STEP, |w| {
            w.interactions[&ix].autocomplete.clone()
        })
        .await;
    choices
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            (
                c["name"].as_str().unwrap_or_default().to_owned(),
                c["value"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_tells_what_a_card_does_in_the_readers_language() {
    let scene = Scene::start(Db::sqlite()).await;

    // The registration Discord took has /card with its Czech name.
    let commands = scene.fake.world().commands.clone();
    let card = commands
        .iter()
        .find(|c| c["name"] == "card")
        .expect("/card is registered");
    assert_eq!(card["name_localizations"]["cs"], "karta");
    assert_eq!(card["options"][1]["autocomplete"], true);

    // Alice reads English, Eva Czech; each finds the card by a name in the other language.
    assert_eq!(
        offered(&scene, ALICE, "fantasy-realms", "bažin").await,
        vec![("Swamp".to_string(), "swamp".to_string())]
    );
    assert_eq!(
        offered(&scene, EVA, "fantasy-realms", "hydr").await,
        vec![("Hydra".to_string(), "hydra".to_string())]
    );
    let witch = offered(&scene, EVA, "ruse-and-bruise", "witch").await;
    assert_eq!(
        witch,
        vec![("Čarodějnice".to_string(), "witch".to_string())]
    );
    // No game chosen yet: nothing to offer.
    assert!(offered(&scene, ALICE, "chess", "a").await.is_empty());

    let hydra = [("game", json!("fantasy-realms")), ("card", json!("hydra"))];
    let en = scene.run(ALICE, "card", &hydra).await;
    assert_eq!(en.audience, Audience::Ephemeral(ALICE), "{en:?}");
    assert_eq!(en.content, "Hydra: Bonus: +28 with Swamp.");
    let cs = scene.run(EVA, "card", &hydra).await;
    assert_eq!(cs.content, "Hydra: Bonus: +28, máte-li Bažinu.");

    // A typed number or name works too; an unknown card is explained.
    let bell = [("game", json!("fantasy-realms")), ("card", json!("3"))];
    let bell = scene.run(ALICE, "card", &bell).await;
    assert_eq!(bell.content, "Bell Tower: Bonus: +15 with any Wizard.");
    let witch = [("game", json!("ruse-and-bruise")), ("card", json!("witch"))];
    let witch = scene.run(EVA, "card", &witch).await;
    assert!(
        witch.content.starts_with("Čarodějnice: Hodnota 1."),
        "{witch:?}"
    );
    let jester = [("game", json!("fantasy-realms")), ("card", json!("Jester"))];
    let jester = scene.run(ALICE, "card", &jester).await;
    assert!(
        jester.content.contains("has no card “Jester”"),
        "{jester:?}"
    );
}

/// The select options of a panel's move menu, as Discord received them.
fn select_options(panel: &fakecord::Message) -> Vec<Value> {
    panel
        .components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| {
            c["custom_id"]
                .as_str()
                .is_some_and(|id| id.starts_with("vM:"))
        })
        .flat_map(|c| c["options"].as_array().cloned().unwrap_or_default())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hand_panel_says_what_its_cards_do() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    // The leader of the first trick has 13 cards: a select menu, each card described.
    let (user, panel) = scene.mover(game, [ALICE, BOB]).await;
    let options = select_options(&panel);
    assert!(options.len() > 5, "{panel:?}");
    for o in &options {
        let label = o["label"].as_str().unwrap();
        let description = o["description"].as_str().unwrap_or_default();
        let expected = match label.split_whitespace().next().unwrap() {
            "Goblin" => "0–9 (five 0s). No power; a Knight that follows a led Goblin wins.",
            "Dwarf" => "0–9. Phase 2: dwarves played in a trick go to the loser's score pile.",
            "Undead" => "0–9. Phase 1: undead played in a trick go to the winner's score pile.",
            "Doppelganger" => {
                "0–9. May always follow and counts as the led faction (without its power)."
            }
            "Knight" => "2–9. A Knight played on a led Goblin beats it whatever the values.",
            other => panic!("no Claim card {other}"),
        };
        assert_eq!(description, expected, "{label}");
    }
    // "Card texts": every faction in the hand with its full text, to the clicker only.
    let button = format!("vc:{game}");
    assert!(panel.custom_ids().contains(&button), "{panel:?}");
    let ix = scene.fake.click(user, panel.id, &button);
    let texts = scene.fake.answer(ix, STEP).await;
    assert_eq!(texts.audience, Audience::Ephemeral(user), "{texts:?}");
    let embed = &texts.embeds[0];
    assert_eq!(embed["title"], "Claim: what your cards do");
    let fields = embed["fields"].as_array().unwrap();
    assert!(!fields.is_empty() && fields.len() <= 5, "{embed}");
    for f in fields {
        // The faction's name, then its rule: how many cards, which values, the power.
        let value = f["value"].as_str().unwrap();
        assert!(value.contains(" cards, "), "{f}");
    }
}
