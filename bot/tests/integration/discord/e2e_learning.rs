//! End to end on the loopback Discord: learning mode on the "My hand" panel of a player's
//! first Claim game, one line per choice of the menu it shows (the fake checks every
//! embed against Discord's limits), and `/vliv settings learning:off` turning it off.

use crate::loopback;

use loopback::*;
use serde_json::json;

const HEADING: &str = "What each choice does";

/// The learning lines of a panel: the field of the heading and those continuing it (no
/// name of their own, but Discord's zero-width one).
fn learning_lines(panel: &fakecord::Message) -> Vec<String> {
    let fields = layout::fields(&panel.embeds, &panel.components);
    let Some(first) = fields.iter().position(|(name, _)| name == HEADING) else {
        return Vec::new();
    };
    let continued = fields[first + 1..]
        .iter()
        // Discord's field names may not be empty: a continuing field's is a zero-width space
        // (a V2 text display holds the field and its continuations together).
        .take_while(|(name, _)| name.trim_matches('\u{200b}').is_empty());
    std::iter::once(&fields[first])
        .chain(continued)
        .flat_map(|(_, value)| value.lines().map(str::to_owned).collect::<Vec<_>>())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_game_explains_each_choice_on_the_hand_panel_until_switched_off() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    let mut panel = scene.hand(ALICE, game).await;
    let mut mover = ALICE;
    if options(&panel).is_empty() {
        panel = scene.hand(BOB, game).await;
        mover = BOB;
    }
    let choices = options(&panel).len();
    assert!(choices > 0, "{panel:?}");
    let lines = learning_lines(&panel);
    assert_eq!(lines.len(), choices, "{lines:?}");
    for (i, line) in lines.iter().enumerate() {
        assert!(line.starts_with(&format!("{}) ", i + 1)), "{line}");
        // The leader's line counts cards; the follower's says who takes the trick.
        assert!(
            line.contains("beat") || line.contains("the trick"),
            "{line}"
        );
    }

    // Off for this player, whatever the game: the next panel has no lines.
    let set = scene
        .run(mover, "vliv settings", &[("learning", json!(2))])
        .await;
    assert!(set.content.contains("Learning mode: off."), "{set:?}");
    let again = scene.hand(mover, game).await;
    assert!(!options(&again).is_empty());
    assert!(learning_lines(&again).is_empty(), "{again:?}");
}
