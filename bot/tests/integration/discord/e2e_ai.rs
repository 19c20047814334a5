//! One user against the AI through the loopback Discord (issue 15): `/game add-ai
//! level:normal`, a game played to its end with the AI thinking off the user's requests
//! (quickly: the table never says it is thinking),
//! and SIGKILLs of the bot right after the user's move, while the AI thinks: the restarted
//! bot thinks again and nothing is lost or stored twice.

use crate::loopback;
use vliv_bot::service::UserId;

use std::time::{Duration, Instant};

use loopback::*;
use serde_json::json;
use vliv_bot::service::{GameId, Status};
use vliv_engine::Actor;

/// How long the AI may take to answer one move on a busy two-core machine (a `normal`
/// search is capped at about a quarter of a second; the scheduler looks at once).
const AI_ANSWER: Duration = Duration::from_secs(60);

/// Alice's panel once she must move again, or `None` when the game is over.
async fn alice_to_move(scene: &Scene, game: GameId) -> Option<fakecord::Message> {
    let start = Instant::now();
    loop {
        assert!(
            start.elapsed() < AI_ANSWER,
            "the AI never answered in game {game}"
        );
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
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_user_plays_claim_to_the_end_against_a_normal_ai_across_two_sigkills() {
    let mut scene = Scene::start(Db::sqlite()).await;
    let game = scene.new_claim(ALICE).await;
    scene
        .run(ALICE, "game add-ai", &[("level", json!(1))]) // normal: choices go by index
        .await;
    scene.click_table(ALICE, game, "vs").await;
    let mut alice_moves = 0;
    let mut kills = 0;
    while let Some(panel) = alice_to_move(&scene, game).await {
        assert!(alice_moves < 40, "Alice has 26 moves in a Claim game");
        let ix = scene.choose(ALICE, &panel, alice_moves * 5 + 1);
        scene.fake.answer(ix, STEP).await;
        alice_moves += 1;
        if alice_moves == 4 || alice_moves == 15 {
            // Her move is answered; the AI may be thinking right now.
            scene.restart().await;
            kills += 1;
        }
    }
    assert_eq!(kills, 2);
    // A `normal` thought is capped well under a second: the table never said "thinking".
    let announced = scene
        .fake
        .requests()
        .iter()
        .filter(|r| strings(&r.body).contains("is thinking"))
        .count();
    assert_eq!(announced, 0, "quick thoughts are not announced");
    let service = scene.db.service().await;
    let rec = service.game(game).await.unwrap();
    assert_eq!(rec.status, Status::Finished, "the game reached its end");
    assert_eq!(service.verify(&rec).await.unwrap(), Ok(()), "it replays");
    let moves = service.store().moves(game).await.unwrap();
    let by = |seat| {
        moves
            .iter()
            .filter(|m| m.actor == Actor::Seat(seat))
            .count()
    };
    assert_eq!(by(0) + by(1), 52, "every card played once, none twice");
    assert_eq!(
        alice_moves,
        by(rec.seat_of(UserId(ALICE)).unwrap()),
        "each click stored once"
    );
    let ai = 1 - rec.seat_of(UserId(ALICE)).unwrap();
    assert_eq!(
        rec.seats[ai as usize],
        vliv_bot::service::SeatHolder::Ai {
            forfeited_by: None,
            level: vliv_engine::Level::Normal
        }
    );
}
