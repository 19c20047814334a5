//! A seat that times out is taken over by the AI (issue 15), through the loopback Discord:
//! the server's timeout action is `ai` (`VLIV_TIMEOUT_ACTION`, with the shortest timeout,
//! one minute), its admin sets `/vliv-admin ai-level`, Bob stops playing, and the AI plays
//! his seat at that level until the game ends.
//!
//! The test sets the variables on the command of the bot process it spawns; it waits for
//! a real minute.

use crate::loopback;
use vliv_bot::service::UserId;

use std::time::{Duration, Instant};

use loopback::*;
use serde_json::json;
use vliv_bot::service::{GameId, SeatHolder, Status};
use vliv_engine::{Actor, Level};

/// One minute of timeout and the sweep's look at it, on a busy machine.
const TIMEOUT: Duration = Duration::from_secs(150);

/// Alice's panel once she must move, or `None` when the game is over.
async fn alice_to_move(
    scene: &Scene,
    game: GameId,
    patience: Duration,
) -> Option<fakecord::Message> {
    let start = Instant::now();
    loop {
        assert!(start.elapsed() < patience, "game {game} is stuck");
        match scene.table_opt(game) {
            Some(t) if !t.custom_ids().contains(&format!("vh:{game}")) => return None,
            Some(_) => {
                let panel = scene.hand(ALICE, game).await;
                if !options(&panel).is_empty() {
                    return Some(panel);
                }
            }
            None => {}
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_that_times_out_is_played_by_the_ai_at_the_servers_level_to_the_end() {
    let scene = Scene::start_with(
        Db::sqlite(),
        vec![
            ("VLIV_TIMEOUT_MINUTES", Some("1")),
            ("VLIV_REMINDER_MINUTES", Some("0")),
            ("VLIV_TIMEOUT_ACTION", Some("ai")),
            ("VLIV_AI_ITERATIONS", None),
        ],
    )
    .await;
    scene
        .run(CAROL, "vliv-admin ai-level", &[("level", json!(0))]) // easy, by index
        .await;
    let game = scene.started_claim().await;
    let service = scene.db.service().await;
    let rec = service.game(game).await.unwrap();
    let bob = rec.seat_of(UserId(BOB)).unwrap();

    // Alice plays whenever she is asked; Bob never does, so his turn times out.
    let mut alice_moves = 0;
    let mut panel = alice_to_move(&scene, game, TIMEOUT).await;
    while let Some(p) = panel {
        assert!(alice_moves < 40, "Alice has 26 moves in a Claim game");
        let ix = scene.choose(ALICE, &p, alice_moves * 3 + 1);
        scene.fake.answer(ix, STEP).await;
        alice_moves += 1;
        panel = alice_to_move(&scene, game, TIMEOUT).await;
    }

    let rec = service.game(game).await.unwrap();
    assert_eq!(rec.status, Status::Finished, "the game reached its end");
    assert_eq!(
        rec.seats[bob as usize],
        SeatHolder::Ai {
            forfeited_by: Some(UserId(BOB)),
            level: Level::Easy
        },
        "Bob's seat was handed to the AI at the server's level"
    );
    assert_eq!(service.verify(&rec).await.unwrap(), Ok(()), "it replays");
    let moves = service.store().moves(game).await.unwrap();
    assert_eq!(moves.len(), 52, "every card played once");
    assert_eq!(
        moves
            .iter()
            .filter(|m| m.actor == Actor::Seat(1 - bob))
            .count(),
        alice_moves,
        "each of Alice's clicks stored once"
    );
    let said = scene
        .fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && strings(&r.body).contains("the AI plays"))
        .count();
    assert_eq!(said, 1, "the channel was told once");
}
