//! A server's ratings: a player's stats, a game's leaderboard. A Matrix room is its own
//! server; a private conversation has none.

use vliv_engine::Text;

use super::{Done, Why};
use crate::{
    app::{Answer, Origin, Outcome, Plan},
    service::{GuildId, PlaceKind, Service, ServiceError, UserId},
};

pub(super) async fn stats(
    service: &Service,
    origin: &Origin,
    player: Option<UserId>,
    game: Option<&str>,
) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    let guild = origin.place.scope();
    let user = player.unwrap_or(origin.user);
    let stats = service.stats(guild, user, game).await?;
    Ok(Outcome {
        answer: Answer::Stats(Box::new(stats)),
        publish: Plan::Nothing,
    })
}

pub(super) async fn leaderboard(
    service: &Service,
    origin: &Origin,
    game: &str,
    page: u64,
    of: Option<GuildId>,
) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    // Outside servers every conversation shares the one "no server" scope: its leaderboard
    // would name the players of other people's conversations.
    if origin.place.kind == PlaceKind::Conversation {
        return Err(Why::Rule(Text::new("no-leaderboard-outside-servers")));
    }
    let guild = origin.place.scope();
    if of.is_some_and(|named| named != guild) {
        return Err(ServiceError::ForeignBoard.into());
    }
    let board = service.leaderboard(guild, game.trim(), page).await?;
    Ok(Outcome {
        answer: Answer::Leaderboard(Box::new(board)),
        publish: Plan::Nothing,
    })
}
