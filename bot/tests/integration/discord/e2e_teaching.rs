//! Hints and reviews end to end against the loopback Discord: `/game hint` answers the
//! player to move only (ephemeral: nobody else, in the channel or in a DM, reads it, and it
//! names none of the other player's cards), the game is then not rated while an identical
//! game without a hint is; a lobby's `hints=off` and the server's `/vliv-admin hints` refuse
//! a hint with their reasons; `/game review` of an ended game answers its asker only, with
//! the turning points and every decision, and is refused while a game runs; the game's
//! export reviewed by `vliv review` gives the same review.

use crate::loopback;
use vliv_bot::service::UserId;

use fakecord::Audience;
use loopback::*;
use serde_json::json;
use vliv_bot::{i18n::tr, render::cards::hand_cards};
use vliv_engine::Lang;

const HINT_TITLE: &str = "what the AI would choose here, from what you know";
const REVIEW_TITLE: &str = "Review of game #";

/// Every message of the interaction `ix` (its answer and follow-ups) once `count` are there.
async fn messages_of(scene: &Scene, ix: u64, count: usize) -> Vec<fakecord::Message> {
    scene
        .fake
        .wait("the interaction's messages", STEP, |w| {
            let all: Vec<fakecord::Message> = w
                .messages
                .values()
                .filter(|m| m.interaction == Some(ix) && !m.content.is_empty())
                .cloned()
                .collect();
            (all.len() >= count).then_some(all)
        })
        .await
}

/// Alice opens a Claim lobby with `options`, Bob joins, Alice starts: the game's id.
async fn started_with_options(scene: &Scene, options: &str) -> i64 {
    scene.started(BOB, "claim", Some(options)).await
}

/// Bob concedes and the table says how the game counts.
async fn concede_and_read(scene: &Scene, game: i64, expected: &str) {
    scene.run(BOB, "game concede", &[]).await;
    scene
        .fake
        .wait("the result on the table", STEP, |w| {
            table_in(w, game).filter(|t| t.text().contains(expected))
        })
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_reaches_its_asker_only_a_hinted_game_is_unrated_and_a_review_follows_the_end() {
    let scene = Scene::start_with(Db::sqlite(), vec![("VLIV_AI_ITERATIONS", Some("30"))]).await;
    let game = scene.started_claim().await;
    let (mover, _) = scene.mover(game, [ALICE, BOB]).await;
    let other = if mover == ALICE { BOB } else { ALICE };

    // Not the other player's turn: refused, nothing marked.
    let refused = scene.run(other, "game hint", &[]).await;
    assert_eq!(refused.audience, Audience::Ephemeral(other));
    assert_eq!(refused.content, "It is not your turn.");

    let ix = scene.fake.slash(mover, CHANNEL, "game hint", &[]);
    let hint = scene
        .fake
        .answer_where(ix, STEP, |m| m.content.contains(HINT_TITLE))
        .await;
    assert_eq!(hint.audience, Audience::Ephemeral(mover));
    let lines: Vec<&str> = hint.content.lines().collect();
    assert!(
        (3..=5).contains(&lines.len()) && lines[1].starts_with("1. ") && lines[1].ends_with('%'),
        "a title, one to three choices with their chances, and the rating note: {lines:?}"
    );
    assert!(
        hint.content.contains("A game with a hint is not rated."),
        "{}",
        hint.content
    );
    // Nobody else read it: not the channel, not a DM, not another's ephemeral message.
    for m in scene.fake.world().messages.values() {
        if m.text().contains(HINT_TITLE) {
            assert_eq!(m.audience, Audience::Ephemeral(mover), "{m:?}");
        }
    }
    // And it names none of the other player's cards.
    let service = scene.db.service().await;
    let rec = service.game(game).await.unwrap();
    let state = service.live(&rec).unwrap();
    let (mine, theirs) = (
        rec.seat_of(UserId(mover)).unwrap(),
        rec.seat_of(UserId(other)).unwrap(),
    );
    let own = hand_cards(state.as_ref(), mine);
    for card in hand_cards(state.as_ref(), theirs) {
        if own.iter().any(|c| c.key == card.key) {
            continue;
        }
        let name = tr(Lang::En, &card.name, &|s| Lang::En.seat_name(s));
        assert!(!hint.content.contains(&name), "{name} in {}", hint.content);
    }

    // A few moves, then Bob concedes: the hinted game is not rated.
    for n in 0..4 {
        scene.play_one(game, [ALICE, BOB], n).await;
    }
    concede_and_read(&scene, game, "Not rated: a player asked the AI for a hint.").await;
    let history = scene.run(ALICE, "game history", &[]).await;
    assert!(
        history.text().contains("a hint was used, not rated"),
        "{}",
        history.text()
    );

    // Alice's review of it: only she reads it, turning points and every decision.
    let before = scene.fake.world().messages.len();
    let ix = scene
        .fake
        .slash(ALICE, CHANNEL, "game review", &[("id", json!(game))]);
    let review = messages_of(&scene, ix, 1).await;
    let text: String = review
        .iter()
        .map(|m| m.content.clone())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(text.contains(&format!("{REVIEW_TITLE}{game}")), "{text}");
    assert!(text.contains("Turning points:"), "{text}");
    assert!(text.contains("Move "), "{text}");
    for m in &review {
        assert_eq!(m.audience, Audience::Ephemeral(ALICE), "{m:?}");
        assert!(m.content.chars().count() <= 2000, "{m:?}");
    }
    let elsewhere = scene
        .fake
        .world()
        .messages
        .values()
        .skip(before)
        .filter(|m| m.text().contains(REVIEW_TITLE))
        .any(|m| m.audience != Audience::Ephemeral(ALICE));
    assert!(!elsewhere, "the review is nowhere else");

    // Its export reviewed by `vliv review` on the reader's machine, with the chat's budget:
    // below the title (which names the seat, not the user), line for line the same review.
    let ix = scene
        .fake
        .slash(BOB, CHANNEL, "game export", &[("id", json!(game))]);
    let export = scene
        .fake
        .answer_where(ix, STEP, |m| !m.attachments.is_empty())
        .await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    std::fs::write(&path, &*export.attachments[0].bytes).unwrap();
    let seat = (rec.seat_of(UserId(ALICE)).unwrap() + 1).to_string();
    let review_file = |lang: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_vliv"))
            .arg("review")
            .arg(&path)
            .args(["--seat", &seat, "--iterations", "30", "--lang", lang])
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout
    };
    let file_review = review_file("en");
    let lines = |t: &str| {
        t.trim_end()
            .lines()
            .skip(1)
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(lines(&file_review), lines(&text));
    assert!(
        file_review.starts_with(&format!("{REVIEW_TITLE}{game}, Player {seat}:")),
        "{file_review}"
    );
    let czech = review_file("cs");
    assert!(
        czech.starts_with(&format!("Rozbor hry č. {game} – Hráč {seat}:")),
        "{czech}"
    );
    assert!(czech.contains("Zlomové okamžiky:"), "{czech}");
    // A seat the game does not have is refused, and says which it has.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vliv"))
        .arg("review")
        .arg(&path)
        .args(["--seat", "3"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "vliv: the game has seats 1 to 2, not 3"
    );

    // An identical game without a hint is rated; its lobby turned hints off.
    let unhinted = started_with_options(&scene, "hints=off").await;
    let (mover, _) = scene.mover(unhinted, [ALICE, BOB]).await;
    // `/game hint` answers a user once in 5 s.
    tokio::time::sleep(std::time::Duration::from_secs(5)).await;
    let refused = scene.run(mover, "game hint", &[]).await;
    assert_eq!(
        refused.content,
        "Hints are off in this game: its lobby turned them off."
    );
    // A running game is not reviewed: its moves would tell the other player's cards.
    let running = scene.run(BOB, "game review", &[]).await;
    assert!(
        running.content.starts_with("This game is still running"),
        "{running:?}"
    );
    concede_and_read(&scene, unhinted, "Rated: the players' ratings").await;

    // The server turns hints off: refused with its reason, in Czech for Eva.
    let set = scene
        .run(CAROL, "vliv-admin hints", &[("on", json!(false))])
        .await;
    assert!(set.content.contains("hints: no"), "{set:?}");
    scene.started_claim_with(EVA).await;
    let eva = scene.run(EVA, "game hint", &[]).await;
    assert_eq!(eva.content, "Nápovědy jsou na tomto serveru vypnuté.");
    tokio::time::sleep(std::time::Duration::from_secs(5)).await;
    let alice = scene.run(ALICE, "game hint", &[]).await;
    assert_eq!(alice.content, "Hints are off on this server.");
}
