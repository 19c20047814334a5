//! The bench's AI round: games of one user against an AI seat at `hard`, played while the
//! human games are, so the human games' figures show what thinking costs them.

use std::{
    sync::{
        atomic::{AtomicBool, AtomicUsize, Ordering},
        Arc,
    },
    time::Duration,
};

use fakecord::Fake;
use serde_json::json;
use vliv_bot::service::SeatHolder;
use vliv_engine::Actor;

use super::{
    hand,
    loopback::{choose_on, options, Db},
    open_lobby, table_now, ANSWER, FIRST_AI_CHANNEL, FIRST_AI_USER, HARD,
};

/// K games of one user against an AI seat at `hard`, set up at once and played until
/// `stop`: the user answers each AI move at once, so the AI seats are always thinking (or
/// waiting for a worker). `thinking` counts the games whose AI had to think at least once.
pub async fn start_ai_games(
    fake: &Arc<Fake>,
    k: usize,
    stop: &Arc<AtomicBool>,
    thinking: &Arc<AtomicUsize>,
    wait: Duration,
) -> (Vec<u64>, Vec<tokio::task::JoinHandle<()>>) {
    let mut setups = Vec::new();
    for a in 0..k as u64 {
        let fake = fake.clone();
        setups.push(tokio::spawn(async move {
            let (channel, user) = (FIRST_AI_CHANNEL + a, FIRST_AI_USER + a);
            let (game, table) = open_lobby(&fake, channel, user, wait).await;
            let ix = fake.slash(user, channel, "game add-ai", &[("level", json!(HARD))]);
            fake.answer(ix, wait).await;
            let start = fake.click(user, table, &format!("vs:{game}"));
            fake.answer(start, wait).await;
            (game, table, user)
        }));
    }
    let (mut games, mut tasks) = (Vec::new(), Vec::new());
    for s in setups {
        let (game, table, user) = s.await.expect("an AI game was set up");
        games.push(game);
        let (fake, stop, thinking) = (fake.clone(), stop.clone(), thinking.clone());
        tasks.push(tokio::spawn(async move {
            play_against_ai(&fake, game, table, user, &stop, &thinking).await
        }));
    }
    (games, tasks)
}

async fn play_against_ai(
    fake: &Fake,
    game: u64,
    mut table: u64,
    user: u64,
    stop: &AtomicBool,
    thinking: &AtomicUsize,
) {
    let mut counted = false;
    for n in 0.. {
        table = table_now(fake, game, table);
        let edits = fake.world().messages.get(&table).map_or(0, |m| m.edits);
        let (panel, _) = hand(fake, user, game, table).await;
        if options(&panel).is_empty() {
            if !counted {
                thinking.fetch_add(1, Ordering::SeqCst);
                counted = true;
            }
            // The AI thinks: its move (or the notice that it thinks) edits the table.
            loop {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
                let now = table_now(fake, game, table);
                if now != table {
                    break; // moved: the AI's move is on it
                }
                let w = fake.world();
                let Some(t) = w.messages.get(&table) else {
                    return;
                };
                if !t.custom_ids().contains(&format!("vh:{game}")) {
                    return; // over
                }
                if t.edits > edits {
                    break;
                }
            }
            continue;
        }
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let ix = choose_on(fake, user, &panel, n * 7 + 2);
        fake.answer(ix, ANSWER).await;
    }
}

/// How many moves the AI seats of `games` have stored.
pub async fn ai_moves(db: &Db, games: &[u64]) -> usize {
    let service = db.service().await;
    let mut total = 0;
    for &game in games {
        let game = game as i64;
        let rec = service.game(game).await.expect("an AI game is stored");
        let moves = service.store().moves(game).await.expect("its moves");
        total += moves
            .iter()
            .filter(|m| matches!(m.actor, Actor::Seat(s) if matches!(rec.seats[s as usize], SeatHolder::Ai { .. })))
            .count();
    }
    total
}
