//! A game of the place replayed step by step, or exported as a file. What a reader may
//! see is the service's rule: a running game replays as its public table showed it, and is
//! not exported (the file tells every hidden card).

use super::{Done, Why};
use crate::{
    app::{Answer, Origin, Outcome, Plan},
    service::{GameId, Service},
};

/// Read where the game lives, whatever the server allows now (as its history is).
pub(super) async fn replay(service: &Service, origin: &Origin, game: GameId, step: u32) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    let step = service
        .replay_step(&origin.place, game, step as usize)
        .await?;
    Ok(Outcome {
        answer: Answer::Replay(Box::new(step)),
        publish: Plan::Nothing,
    })
}

pub(super) async fn export(service: &Service, origin: &Origin, game: GameId) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    let exported = service.export(&origin.place, game).await?;
    Ok(Outcome {
        answer: Answer::Export(Box::new(exported)),
        publish: Plan::Nothing,
    })
}
