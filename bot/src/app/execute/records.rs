//! What was played: a place's ended games, and the asker's games under way.

use super::{Done, Why};
use crate::{
    app::{Answer, Origin, Outcome, Plan},
    service::Service,
};

/// A page of the place's ended games: readable whatever the server allows now.
pub(super) async fn history(service: &Service, origin: &Origin, page: u32) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    let guild = origin.place.guild.unwrap_or_default();
    let page = service
        .history_page(guild, origin.place.channel, page)
        .await?;
    Ok(Outcome {
        answer: Answer::History(page),
        publish: Plan::Nothing,
    })
}

pub(super) async fn my_games(service: &Service, origin: &Origin) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    let guild = origin.place.guild.unwrap_or_default();
    let games = service.my_games(guild, origin.user).await?;
    Ok(Outcome {
        answer: Answer::Games(games),
        publish: Plan::Nothing,
    })
}
