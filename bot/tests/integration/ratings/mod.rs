//! Ratings (issue 20): the Weng-Lin rule against examples worked by hand and the crate's
//! documented one; a game's end and its rating in one transaction; unrated games (AI seats,
//! a seat handed to the AI, abandoned games); `vliv admin rebuild-ratings` equal to the
//! ratings computed game by game over random games (`VLIV_CASES_RATINGS`, default 300);
//! stats, leaderboard pages and their buttons. The shared set-up is here, the tests are in
//! the other files of this folder.

mod boards;
mod rated_games;
mod rebuild;
mod rule;

use crate::common;
use common::*;
use rand::{Rng, SeedableRng};
use vliv_bot::service::UserId;
use vliv_bot::service::{ChannelId, GuildId};
use vliv_bot::{
    render::{leaderboard_message, stats_message},
    service::{
        rate, rating_of, BoardPage, Caller, ComponentAction, GameId, ManualClock, OpenLobby,
        SeatHolder, Service, ServiceError, Skill, Status, Unrated,
    },
};
use vliv_engine::{Lang, Level, OptionValues};

/// A lobby of `kind` in `channel` of `guild`, `users` seated in order, started.
async fn started_with(
    service: &Service,
    guild: u64,
    channel: u64,
    kind: &str,
    users: &[u64],
    seed: u64,
) -> GameId {
    let rec = service
        .open(OpenLobby {
            guild: GuildId(guild),
            channel: ChannelId(channel),
            parent: None,
            kind: kind.into(),
            host: UserId(users[0]),
            seats: vec![SeatHolder::User(UserId(users[0]))],
            options: OptionValues::new(),
            seed: Some(seed),
            lang: Lang::En,
        })
        .await
        .unwrap();
    for &u in &users[1..] {
        service.join(rec.id, UserId(u)).await.unwrap();
    }
    service
        .start(rec.id, Caller::user(UserId(users[0])))
        .await
        .unwrap();
    rec.id
}

/// Plays the game to its end, each pending user taking the `n`-th choice.
async fn play_out(service: &Service, game: GameId, users: &[u64], seed: u64) {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    for _ in 0..5_000 {
        let rec = service.game(game).await.unwrap();
        if rec.status != Status::Running {
            return;
        }
        let mut moved = false;
        for &u in users {
            if let Some(m) = service
                .pending_menus(game, UserId(u))
                .await
                .unwrap()
                .into_iter()
                .next()
            {
                let choice = m.menu.choices[rng.random_range(0..m.menu.choices.len())].id;
                service.play(UserId(u), m.click(choice)).await.unwrap();
                moved = true;
                break;
            }
        }
        assert!(moved, "nobody could move in game {game}");
    }
    panic!("game {game} did not end");
}
