//! A SIGKILL of the bot while the AI is thinking (issue 15), through the loopback Discord:
//! the table says the AI is thinking (so a search is running), the bot is killed, and the
//! restarted bot thinks again and moves exactly once; nothing accepted is lost and the game
//! goes on to its end.
//!
//! The first bot searches with a budget it cannot finish (`VLIV_AI_ITERATIONS`, read at
//! start), the restarted one with a small one: the test sets the variable on the command of
//! each process it spawns.

use crate::loopback;
use vliv_bot::service::UserId;

use std::time::{Duration, Instant};

use loopback::*;
use serde_json::json;
use vliv_bot::service::{GameId, Status};
use vliv_engine::Actor;

/// What the English table says while an AI seat thinks for over a second.
const THINKING: &str = "is thinking";

/// A search the first bot cannot finish before it is killed (minutes of work).
const ENDLESS: &str = "100000000";

/// How long a step of the game may take on a busy two-core machine.
const PATIENCE: Duration = Duration::from_secs(60);

/// Alice's panel once she must move, or `None` when the game is over; `Err` as soon as the
/// table says the AI is thinking, if `watch`.
async fn alice_or_thinking(
    scene: &Scene,
    game: GameId,
    watch: bool,
) -> Result<Option<fakecord::Message>, ()> {
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < PATIENCE, "game {game} is stuck");
        match scene.table_opt(game) {
            Some(t) if watch && t.text().contains(THINKING) => return Err(()),
            Some(t) if !t.custom_ids().contains(&format!("vh:{game}")) => return Ok(None),
            Some(_) => {
                let panel = scene.hand(ALICE, game).await;
                if !options(&panel).is_empty() {
                    return Ok(Some(panel));
                }
            }
            None => {}
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The table edits that said an AI seat was thinking.
fn thinking_edits(scene: &Scene) -> usize {
    scene
        .fake
        .requests()
        .iter()
        // In the channel, or through the token of the follow-up that posted the table.
        .filter(|r| {
            r.method == "PATCH"
                && (r.path.starts_with(&format!("channels/{CHANNEL}/messages/"))
                    || (r.path.starts_with("webhooks/") && !r.path.ends_with("@original")))
        })
        .filter(|r| strings(&r.body).contains(THINKING))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_while_the_ai_thinks_loses_nothing_and_the_ai_then_moves_once() {
    let mut scene =
        Scene::start_with(Db::sqlite(), vec![("VLIV_AI_ITERATIONS", Some(ENDLESS))]).await;
    let game = scene.new_claim(ALICE).await;
    scene
        .run(ALICE, "game add-ai", &[("level", json!(1))])
        .await;
    scene.click_table(ALICE, game, "vs").await;

    // Alice plays until the AI must answer: its endless search is announced after a second.
    let mut alice_moves = 0;
    loop {
        match alice_or_thinking(&scene, game, true).await {
            Err(()) => break,
            Ok(Some(panel)) => {
                let ix = scene.choose(ALICE, &panel, alice_moves * 3 + 1);
                scene.fake.answer(ix, STEP).await;
                alice_moves += 1;
            }
            Ok(None) => panic!("the game ended before the AI had to think"),
        }
    }
    assert_eq!(
        thinking_edits(&scene),
        1,
        "one edit says the AI is thinking"
    );
    let service = scene.db.service().await;
    let before = service.store().moves(game).await.unwrap();
    let rec = service.game(game).await.unwrap();
    let ai = 1 - rec.seat_of(UserId(ALICE)).unwrap();
    let state = service.live(&rec).unwrap();
    assert!(
        state.pending().iter().any(|p| p.actor == Actor::Seat(ai)),
        "the AI is the one to move"
    );

    // Killed mid-thought; the restarted bot thinks quickly.
    scene.env = vec![("VLIV_AI_ITERATIONS", Some("20"))];
    scene.restart().await;
    // The restarted bot re-renders the table (still saying "thinking") until the AI moved.
    let mut panel = alice_or_thinking(&scene, game, false).await.unwrap();
    let after = service.store().moves(game).await.unwrap();
    assert_eq!(after[..before.len()], before[..], "nothing stored was lost");
    assert_eq!(
        after[before.len()].actor,
        Actor::Seat(ai),
        "the AI moved after the restart"
    );
    let start = Instant::now();
    while scene.table(game).text().contains(THINKING) {
        assert!(
            start.elapsed() < PATIENCE,
            "the table's next edit drops the notice"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The game goes on to its end.
    while let Some(p) = panel {
        assert!(alice_moves < 40, "Alice has 26 moves in a Claim game");
        let ix = scene.choose(ALICE, &p, alice_moves * 3 + 1);
        scene.fake.answer(ix, STEP).await;
        alice_moves += 1;
        panel = alice_or_thinking(&scene, game, true)
            .await
            .expect("quick thoughts are not announced");
    }
    let rec = service.game(game).await.unwrap();
    assert_eq!(rec.status, Status::Finished, "the game reached its end");
    assert_eq!(service.verify(&rec).await.unwrap(), Ok(()), "it replays");
    let moves = service.store().moves(game).await.unwrap();
    assert_eq!(moves.len(), 52, "every card played once, none twice");
    // Each decision of each seat stored once: counters run 0, 1, 2, … without repeats.
    for seat in [ai, 1 - ai] {
        let counters: Vec<u32> = moves
            .iter()
            .filter(|m| m.actor == Actor::Seat(seat))
            .map(|m| m.seat_counter)
            .collect();
        assert_eq!(counters, (0..counters.len() as u32).collect::<Vec<_>>());
    }
    assert_eq!(
        alice_moves,
        moves
            .iter()
            .filter(|m| m.actor == Actor::Seat(1 - ai))
            .count(),
        "each click stored once"
    );
    assert_eq!(
        thinking_edits(&scene),
        1,
        "the quick thoughts were never announced"
    );
}
