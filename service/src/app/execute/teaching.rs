//! Hints and reviews: the AI's view of a decision, for the asker's eyes only.

use vliv_engine::Seat;

use super::{clicked, here, Done, Why};
use crate::{
    app::{Answer, Origin, Outcome, Plan, Target},
    service::{GameRecord, Service, ServiceError},
};

/// The asker's pending decision in the game here, with the AI's three best choices.
pub(super) async fn hint(service: &Service, origin: &Origin) -> Done {
    let rec = here(service, origin).await?;
    let hint = service.hint(&rec, origin.user).await?;
    Ok(Outcome {
        answer: Answer::Hint(Box::new(hint)),
        publish: Plan::Nothing,
    })
}

/// A review of an ended game's seat: the asker's own, or the one they name (a spectator,
/// or a player curious about another seat: the game has ended, nothing is hidden now).
pub(super) async fn review(
    service: &Service,
    origin: &Origin,
    game: Target,
    seat: Option<i64>,
) -> Done {
    let rec = ended(service, origin, game).await?;
    let seat = match seat {
        Some(n) if n >= 1 && n <= rec.seats.len() as i64 => (n - 1) as Seat,
        Some(n) => return Err(ServiceError::NoSuchSeat(n.clamp(0, u32::MAX as i64) as u32).into()),
        None => rec
            .seat_of(origin.user)
            .ok_or(ServiceError::ReviewWhichSeat)?,
    };
    let job = service.review(&rec, seat).await?;
    Ok(Outcome {
        answer: Answer::Review(Box::new(job)),
        publish: Plan::Nothing,
    })
}

/// The game a review is about: the place's latest game, or the one named, read where it
/// lives (an ended game's record is readable whatever the server allows now, as its
/// history is).
async fn ended(service: &Service, origin: &Origin, game: Target) -> Result<GameRecord, Why> {
    if origin.private {
        return Err(Why::Private);
    }
    match game {
        Target::Here => {
            let guild = origin.place.scope();
            Ok(service
                .latest_game(guild, origin.place.channel)
                .await?
                .ok_or(ServiceError::NoGame)?)
        }
        Target::Game(id) => clicked(service, origin, id, false).await,
    }
}
