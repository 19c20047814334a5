//! End to end (issue 20, part B): a spectator watches a Claim game through its DM and never
//! receives a hand; the seat's player hands it to another member mid-game, whose DM brings
//! the hand, while the former player's stale button is refused; the new player finishes the
//! game; then `/game history` pages and replays it in English and Czech, and `/game export`
//! gives a file that `vliv replay` rebuilds to the same final state.

use crate::loopback;

use fakecord::{Audience, Message};
use loopback::*;
use serde_json::json;
use vliv_bot::service::ExportedGame;
use vliv_engine::{
    games::claim::{cards::Card, rules::ClaimState, Claim},
    Actor, Game, Lang, Seat,
};

/// The whole-word card names hidden from both seats after each stored prefix of moves.
async fn hidden_after_each_prefix(scene: &Scene, game: i64) -> (Vec<Vec<String>>, Vec<Actor>) {
    let service = scene.db.service().await;
    let rec = service.game(game).await.unwrap();
    let moves = service.store().moves(game).await.unwrap();
    let all: Vec<Card> = (0..vliv_engine::games::claim::cards::DECK_SIZE)
        .map(Card)
        .collect();
    let label = |c: Card, l: Lang| vliv_bot::i18n::tr(l, &c.text(), &|s| l.seat_name(s));
    let mut out = Vec::new();
    for p in 0..=moves.len() {
        let (state, _) = service.replay(&rec, Some(p)).await.unwrap();
        let st: ClaimState = serde_json::from_str(&state.to_json()).unwrap();
        let ids: Vec<String> = (0..2 as Seat)
            .flat_map(|s| Claim::secrets(&st, s))
            .collect();
        let names: Vec<String> = all
            .iter()
            .filter(|c| ids.contains(&c.id()))
            .flat_map(|&c| [Lang::En, Lang::Cs].map(|l| label(c, l)))
            // A name several cards share (the Goblin 0s) proves nothing.
            .filter(|n| {
                all.iter()
                    .filter(|&&o| label(o, Lang::En) == *n || label(o, Lang::Cs) == *n)
                    .count()
                    == 1
            })
            .collect();
        out.push(names);
    }
    (out, moves.iter().map(|m| m.actor).collect())
}

fn shows(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        !text[i + name.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    })
}

/// The stored prefix reachable with `clicks` user moves.
fn prefix_after(actors: &[Actor], clicks: usize) -> usize {
    let mut seat_moves = 0;
    let mut best = 0;
    for (i, a) in actors.iter().enumerate() {
        if matches!(a, Actor::Seat(_)) {
            seat_moves += 1;
        }
        if seat_moves <= clicks {
            best = i + 1;
        }
    }
    best
}

/// The message a command answered with, once its follow-up carries text.
async fn answer_text(
    scene: &Scene,
    user: u64,
    path: &str,
    options: &[(&str, serde_json::Value)],
) -> Message {
    let m = scene.run(user, path, options).await;
    assert_eq!(m.audience, Audience::Ephemeral(user), "{m:?}");
    m
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_a_substitute_and_a_replay_end_to_end() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    let watching = answer_text(&scene, DAVE, "game watch", &[]).await;
    assert!(
        watching.text().contains("You are watching"),
        "{}",
        watching.text()
    );
    let dm = scene
        .fake
        .wait("the spectator's table in a DM", STEP, |w| {
            w.messages
                .values()
                .find(|m| {
                    m.audience == Audience::Dm(DAVE)
                        && m.embeds.as_array().is_some_and(|e| !e.is_empty())
                })
                .cloned()
        })
        .await;
    assert!(
        dm.custom_ids().is_empty(),
        "a spectator's table has no buttons"
    );

    let mut marks = Vec::new();
    for n in 0..6 {
        marks.push(scene.fake.world().requests.len());
        scene.play_one(game, [ALICE, BOB], n).await;
    }
    // The spectator's DM follows the moves.
    scene
        .fake
        .wait("the spectator's table edited", STEP, |w| {
            (w.messages.get(&dm.id)?.edits >= 1).then_some(())
        })
        .await;

    // The spectator replays the running game to its latest move: public view only (the
    // leak check below reads these answers too).
    let running = answer_text(&scene, DAVE, "game replay", &[("id", json!(game))]).await;
    assert!(
        running.text().contains("still running"),
        "{}",
        running.text()
    );
    let last = running
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":4"))
        .expect("a ⏭ button");
    let ix = scene.fake.click(DAVE, running.id, &last);
    let latest = scene
        .fake
        .answer_where(ix, STEP, |m| m.id == running.id && m.edits > running.edits)
        .await;
    assert!(!latest.text().contains('🂠'), "{}", latest.text());

    // Alice's panel as she leaves it: a decision of hers.
    let stale = loop {
        let (mover, panel) = scene.mover(game, [ALICE, BOB]).await;
        if mover == ALICE {
            break panel;
        }
        marks.push(scene.fake.world().requests.len());
        scene.play_one(game, [ALICE, BOB], 1).await;
    };
    let clicks_before = marks.len();
    let done = answer_text(
        &scene,
        ALICE,
        "game substitute",
        &[("player", json!({ "type": 6, "value": EVA.to_string() }))],
    )
    .await;
    assert!(done.text().contains("Done"), "{}", done.text());
    // The hand-over is stored and published under the game's publishing lock: what the
    // channel is told first marks it. A turn DM composed before it may still arrive before
    // that note; nothing after it may carry the seat's hand to Alice.
    let handed_at = scene
        .fake
        .requests()
        .iter()
        .find(|r| strings(&r.body).contains("is played by"))
        .map(|r| r.seq as usize)
        .expect("the channel is told of the hand-over");
    // Eva gets the hand in her DM (in the server's language: the bot has not seen her
    // Czech client yet).
    scene
        .fake
        .wait("Eva's hand in a DM", STEP, |w| {
            w.messages
                .values()
                .find(|m| m.audience == Audience::Dm(EVA) && m.text().contains("You now play"))
                .map(|_| ())
        })
        .await;
    // Alice's stale button is refused with why.
    let ix = scene.choose(ALICE, &stale, 0);
    let refused = scene
        .fake
        .answer_where(ix, STEP, |m| m.text().contains("handed to another player"))
        .await;
    assert_eq!(refused.audience, Audience::Ephemeral(ALICE));

    // Eva and Bob finish the game.
    let rest = scene.play_to_end(game, [EVA, BOB]).await;
    marks.extend(rest);
    scene
        .fake
        .wait("the result on the table", STEP, |w| {
            table_in(w, game)?.text().contains("Result").then_some(())
        })
        .await;

    // No message to the spectator, nor to Alice after the hand-over, names a hidden card;
    // Eva's do (the check can see a hand).
    let (hidden, actors) = hidden_after_each_prefix(&scene, game).await;
    let requests = scene.fake.requests();
    let mut checked = 0;
    let mut eva_saw_her_hand = false;
    for r in &requests {
        let clicks = marks.iter().filter(|&&m| m <= r.seq as usize).count();
        let Some(names) = hidden.get(prefix_after(&actors, clicks)) else {
            continue;
        };
        let text = strings(&r.body);
        match r.audience {
            Audience::Dm(DAVE) | Audience::Ephemeral(DAVE) => {}
            Audience::Dm(ALICE) | Audience::Ephemeral(ALICE) if r.seq as usize > handed_at => {}
            Audience::Dm(EVA) | Audience::Ephemeral(EVA) => {
                eva_saw_her_hand |= names.iter().any(|n| shows(&text, n));
                continue;
            }
            _ => continue,
        }
        for n in names {
            assert!(!shows(&text, n), "{:?} (request {} {} {}, hand-over at {handed_at}) was shown the hidden card {n}: {text}", r.audience, r.seq, r.method, r.path);
        }
        checked += 1;
    }
    assert!(checked >= 6, "{checked} messages checked");
    assert!(
        eva_saw_her_hand,
        "Eva's hand never named a card: the check proves nothing"
    );
    assert!(clicks_before > 0);

    // The history, with the game's length and a replay button, in both languages.
    let history = answer_text(&scene, BOB, "game history", &[]).await;
    let text = history.text();
    assert!(
        text.contains(&format!("#{game}")) && text.contains("moves"),
        "{text}"
    );
    assert!(text.contains(&format!("<@{ALICE}> → <@{EVA}>")), "{text}");
    let cs = answer_text(&scene, EVA, "game history", &[]).await;
    assert!(
        cs.text().contains("Dohrané hry") && cs.text().contains("tahů"),
        "{}",
        cs.text()
    );
    let open = format!("vR:{game}:0:0");
    assert!(history.custom_ids().contains(&open));
    let ix = scene.fake.click(BOB, history.id, &open);
    let replay = scene
        .fake
        .answer_where(ix, STEP, |m| m.text().contains("Replay of game"))
        .await;
    assert!(
        replay
            .text()
            .contains(&format!("move 0 of {}", actors.len())),
        "{}",
        replay.text()
    );
    // ▶ turns the page in place.
    let next = replay
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":3"))
        .expect("a ▶ button");
    let ix = scene.fake.click(BOB, replay.id, &next);
    scene
        .fake
        .answer_where(ix, STEP, |m| {
            m.id == replay.id && m.text().contains("move 1 of")
        })
        .await;
    let cs = answer_text(&scene, EVA, "game replay", &[("id", json!(game))]).await;
    assert!(cs.text().contains("Záznam hry"), "{}", cs.text());

    // The export replays to the same final state with `vliv replay`.
    let export = scene
        .fake
        .answer_where(
            scene
                .fake
                .slash(BOB, CHANNEL, "game export", &[("id", json!(game))]),
            STEP,
            |m| !m.attachments.is_empty(),
        )
        .await;
    let file = &export.attachments[0];
    assert_eq!(file.filename, format!("vliv-game-{game}.json"));
    let exported: ExportedGame = serde_json::from_slice(&file.bytes).unwrap();
    assert_eq!(exported.moves.len(), actors.len());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    std::fs::write(&path, &*file.bytes).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vliv"))
        .arg("replay")
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("final state: identical"), "{stdout}");
}
