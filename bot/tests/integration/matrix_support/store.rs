//! The bot's database as a test reads it: who is who, the room's game, what was published.

use std::{sync::Arc, time::Duration};

use vliv_bot::{
    service::{ChannelId, GameRecord, GuildId, Id, Platform, Service, Status, SystemClock, UserId},
    store::Store,
};

use super::{Bot, WAIT};

/// A view of the bot's database, to see whose turn it is (moves go through Matrix only).
pub async fn service(bot: &Bot) -> Service {
    let store = Store::connect(&bot.database_url)
        .await
        .expect("the bot's database");
    Service::new(store, Arc::new(SystemClock))
}

/// The internal id of a Matrix user the bot has seen.
pub async fn internal(service: &Service, mxid: &str) -> UserId {
    known(service, mxid).await
}

/// The internal id of a Matrix room the bot has seen.
pub async fn internal_room(service: &Service, room: &str) -> ChannelId {
    known(service, room).await
}

async fn known<I: Id>(service: &Service, mxid: &str) -> I {
    service
        .store()
        .known_identity(Platform::Matrix, mxid)
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("{mxid} is known to the bot"))
}

pub async fn game_in(service: &Service, room: &str) -> GameRecord {
    let room = internal_room(service, room).await;
    let games = service
        .store()
        .channel_games(
            GuildId::of_room(room),
            room,
            &[Status::Lobby, Status::Running, Status::Finished],
            10,
        )
        .await
        .unwrap();
    games.into_iter().next().expect("the room has a game")
}

/// Waits until the turn hand of the game's start is recorded as sent to `seat` (a restart
/// then owes none and sends none).
pub async fn start_published(service: &Service, rec: &GameRecord, seat: u8) {
    let recorded = (seat, rec.moves_stored() as i64);
    let start = std::time::Instant::now();
    while !service
        .store()
        .turn_notices(rec.id)
        .await
        .unwrap()
        .contains(&recorded)
    {
        assert!(
            start.elapsed() < WAIT,
            "the start's turn hand was never recorded"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
