//! Issue 51 item 4: a server admin chooses the layout. On Components V2 the running game's
//! table becomes one V2 message (text displays, the buttons) that the loopback Discord
//! accepted, the game goes on through it, and a hand panel opened then is an ephemeral V2
//! message; back on the classic layout, the V2 table (which Discord will not turn back
//! into an embed) is posted anew as an embed and the V2 one deleted, a new panel is an
//! embed, with no refused request.

use crate::loopback;

use fakecord::{validate::IS_COMPONENTS_V2, Audience, Message};
use loopback::*;
use serde_json::json;
use vliv_bot::service::GameId;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_switches_the_table_to_components_v2_and_back_mid_game() {
    // The classic layout is the default unless the run says otherwise.
    let scene = Scene::start_with(Db::sqlite(), vec![("VLIV_LAYOUT", Some("embed"))]).await;
    let game = scene.started_claim().await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    assert_eq!(
        scene.table(game).flags & IS_COMPONENTS_V2,
        0,
        "an embed first"
    );

    // The second choice is Components V2.
    let set = scene
        .run(CAROL, "vliv-admin layout", &[("layout", json!(1))])
        .await;
    assert_eq!(set.audience, Audience::Ephemeral(CAROL));
    assert!(set.text().contains("new (Components V2)"), "{set:?}");
    scene.play_one(game, [ALICE, BOB], 0).await;
    let table = scene
        .fake
        .wait("the table as V2", STEP, |w| {
            table_in(w, game).filter(|t| t.flags & IS_COMPONENTS_V2 != 0)
        })
        .await;
    assert!(table.embeds.as_array().is_none_or(|e| e.is_empty()));
    assert!(layout::title(&json!({ "components": table.components })).is_some());
    assert!(table.custom_ids().contains(&format!("vh:{game}")));
    // A new hand panel is V2 too, and ephemeral: its title, its choices.
    let panel = scene.hand(ALICE, game).await;
    assert_ne!(panel.flags & IS_COMPONENTS_V2, 0, "{panel:?}");
    assert_eq!(panel.audience, Audience::Ephemeral(ALICE));
    assert!(panel.embeds.as_array().is_none_or(|e| e.is_empty()));
    assert!(layout::title(&json!({ "components": panel.components })).is_some());

    // Back to the classic layout: the V2 table is replaced, not edited in vain.
    let v2_table = table.id;
    scene
        .run(CAROL, "vliv-admin layout", &[("layout", json!(0))])
        .await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    let table = scene
        .fake
        .wait("the table as an embed again", STEP, |w| {
            table_in(w, game).filter(|t| t.flags & IS_COMPONENTS_V2 == 0)
        })
        .await;
    assert_ne!(table.id, v2_table, "a new message");
    // A panel opened now is an embed again.
    let panel = scene.hand(ALICE, game).await;
    assert_eq!(panel.flags & IS_COMPONENTS_V2, 0, "{panel:?}");
    assert!(panel.embeds.as_array().is_some_and(|e| !e.is_empty()));
    scene
        .fake
        .wait("the V2 table deleted", STEP, |w| {
            w.messages[&v2_table].deleted.then_some(())
        })
        .await;
    let w = scene.fake.world();
    let refused: Vec<String> = w
        .requests
        .iter()
        .filter(|r| r.status == 400)
        .map(|r| format!("{} {} -> {}", r.method, r.path, r.response))
        .collect();
    assert!(refused.is_empty(), "{refused:?}");
}

/// After a restart the process no longer knows which tables are V2: the embed edit of one
/// is refused (a 400), and the table is then replaced all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_a_v2_table_back_on_embeds_is_replaced_after_a_refused_edit() {
    let mut scene =
        Scene::start_with(Db::sqlite(), vec![("VLIV_LAYOUT", Some("components_v2"))]).await;
    let game = scene.started_claim().await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    let v2_table = scene
        .fake
        .wait("the table as V2", STEP, |w| {
            table_in(w, game).filter(|t| t.flags & IS_COMPONENTS_V2 != 0)
        })
        .await
        .id;
    scene.restart().await;
    scene
        .run(CAROL, "vliv-admin layout", &[("layout", json!(0))])
        .await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    let table = scene
        .fake
        .wait("the table as an embed", STEP, |w| {
            table_in(w, game).filter(|t| t.flags & IS_COMPONENTS_V2 == 0)
        })
        .await;
    assert_ne!(table.id, v2_table);
    scene
        .fake
        .wait("the V2 table deleted", STEP, |w| {
            w.messages[&v2_table].deleted.then_some(())
        })
        .await;
    let refused = scene
        .fake
        .requests()
        .iter()
        .filter(|r| r.status == 400)
        .count();
    assert!(
        refused <= 2,
        "the token's edit and the channel's, at most: {refused}"
    );
}

/// What a panel Components V2 could no longer hold says, in English.
const MOVED: &str = "no longer fits this panel";

/// A waiting player's V2 panel that their turn outgrows (a first game of Ovlivnění: each
/// choice is explained on the panel, the longest panels there are) is replaced, whole, by
/// a new classic panel, a follow-up of the interaction that opened it; the old one says
/// where the hand went and offers nothing; the game goes on from the new panel, which
/// stays classic. Nothing is refused on the way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_v2_panel_the_next_turn_outgrows_is_replaced_whole_by_a_classic_one() {
    let scene = Scene::start_with(Db::sqlite(), vec![("VLIV_LAYOUT", Some("components_v2"))]).await;
    // Learning mode in every game, not only the first: a game may end before a panel
    // outgrows V2, and the next one explains too.
    for user in [ALICE, BOB] {
        scene
            .run(user, "vliv settings", &[("learning", json!(1))])
            .await;
    }
    let mut replaced = None;
    for _ in 0..4 {
        let game = scene.started(BOB, "ovlivneni", None).await;
        replaced = outgrown_in(&scene, game).await;
        if replaced.is_some() {
            break;
        }
    }
    let (old, new) = replaced.expect("a V2 panel outgrew V2 in four games");
    let user = match old.audience {
        Audience::Ephemeral(u) => u,
        a => panic!("a panel is ephemeral: {a:?}"),
    };
    assert_eq!(new.audience, Audience::Ephemeral(user), "{new:?}");
    assert_eq!(new.flags & IS_COMPONENTS_V2, 0, "the new panel is classic");
    assert!(!options(&new).is_empty(), "its choices: {new:?}");
    let fields = layout::fields(&new.embeds, &new.components);
    assert!(
        fields
            .iter()
            .any(|(name, _)| name == "What each choice does"),
        "{fields:?}"
    );
    let old = scene
        .fake
        .wait("the old panel's notice", STEP, |w| {
            let m = &w.messages[&old.id];
            m.text().contains(MOVED).then(|| m.clone())
        })
        .await;
    assert_ne!(old.flags & IS_COMPONENTS_V2, 0);
    assert!(old.custom_ids().is_empty(), "no choice left: {old:?}");

    // Play goes on from the new panel, which stays classic.
    let ix = scene.choose(user, &new, 0);
    let answer = scene
        .fake
        .answer_where(ix, STEP, |m| m.id == new.id && m.edits > new.edits)
        .await;
    assert_eq!(answer.flags & IS_COMPONENTS_V2, 0);
    let refused: Vec<String> = (scene.fake.requests().iter())
        .filter(|r| r.status >= 400)
        .map(|r| format!("{} {} -> {}", r.method, r.path, r.response))
        .collect();
    assert!(refused.is_empty(), "{refused:?}");
}

/// Plays `game` until a V2 panel's next view outgrows V2: (the old panel, the new one), or
/// `None` if the game ended first.
async fn outgrown_in(scene: &Scene, game: GameId) -> Option<(Message, Message)> {
    for n in 0..300 {
        // The waiting player looks at their panel: their turn will show there.
        let over = |t: &Message| !t.custom_ids().contains(&format!("vh:{game}"));
        if scene.table_opt(game).is_none_or(|t| over(&t)) {
            return None;
        }
        let alice = scene.hand(ALICE, game).await;
        let bob = scene.hand(BOB, game).await;
        let (mover, panel, waiting) = match (options(&alice).is_empty(), options(&bob).is_empty()) {
            (false, _) => (ALICE, alice, bob),
            (true, false) => (BOB, bob, alice),
            // Nobody asked for a moment (a reaction window's timer, the game's end).
            (true, true) => {
                tokio::time::sleep(std::time::Duration::from_millis(250)).await;
                continue;
            }
        };
        let ix = scene.choose(mover, &panel, n * 7 + 2);
        let answer = scene
            .fake
            .answer_where(ix, STEP, |m| m.id != panel.id || m.edits > panel.edits)
            .await;
        // The mover's own V2 panel may be the one outgrown (they choose again).
        if answer.id != panel.id || answer.text().contains(MOVED) {
            let new = scene
                .fake
                .wait("the mover's new panel", STEP, |w| {
                    let mine = Audience::Ephemeral(mover);
                    (w.messages.values())
                        .find(|m| {
                            m.interaction == Some(ix) && m.id != panel.id && m.audience == mine
                        })
                        .cloned()
                })
                .await;
            return Some((panel, new));
        }
        let turn_passes = options(&answer).is_empty();
        let waiting_v2 = waiting.flags & IS_COMPONENTS_V2 != 0;
        if !(turn_passes && options(&waiting).is_empty() && waiting_v2) {
            continue;
        }
        // The turn shows on the waiting panel: in place, or on a panel replacing it.
        let opener = waiting.interaction;
        let new = scene
            .fake
            .wait("the turn on the waiting panel", STEP, |w| {
                let moved = w
                    .messages
                    .values()
                    .find(|m| m.interaction == opener && m.id != waiting.id)
                    .cloned();
                let old = &w.messages[&waiting.id];
                let over = table_in(w, game)
                    .is_some_and(|t| !t.custom_ids().contains(&format!("vh:{game}")));
                match moved {
                    Some(m) => Some(Some(m)),
                    None if old.edits > waiting.edits && !options(old).is_empty() => Some(None),
                    None if over => Some(None),
                    None => None,
                }
            })
            .await;
        if let Some(new) = new {
            return Some((waiting, new));
        }
    }
    None
}
