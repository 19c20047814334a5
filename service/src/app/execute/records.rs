//! What was played: a place's ended games, and the asker's games under way.

use super::{here, Done, Why};
use crate::{
    app::{log_lines, Answer, Origin, Outcome, Plan},
    service::Service,
};

/// A page of the place's ended games: readable whatever the server allows now.
pub(super) async fn history(service: &Service, origin: &Origin, page: u32) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    let guild = origin.place.scope();
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
    let guild = origin.place.scope();
    let games = service.my_games(guild, origin.user).await?;
    Ok(Outcome {
        answer: Answer::Games(games),
        publish: Plan::Nothing,
    })
}

/// The game's events the asker may read: a seat reads its own private events beside the
/// public ones, anyone else (a spectator) the public ones only.
pub(super) async fn log(service: &Service, origin: &Origin) -> Done {
    let rec = here(service, origin).await?;
    let lines = log_lines(service, &rec, Some(origin.user)).await?;
    Ok(Outcome {
        answer: Answer::Log {
            game: Box::new(rec),
            lines,
        },
        publish: Plan::Nothing,
    })
}
