//! A game under way: its table and hands, a typed move, and the ways out of it.

use vliv_engine::{Seat, Text};

use super::{closing, here, target, Done, Why};
use crate::{
    app::{typed_move, Answer, Numbers, Origin, Outcome, Plan, Target, TypedRefusal},
    service::{
        Click, ComponentAction, GameRecord, Platform, Report, Service, ServiceError, Status, UserId,
    },
};

/// The place's game's table posted again; once the game is over, its last table.
pub(super) async fn status(service: &Service, origin: &Origin) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    let guild = origin.place.scope();
    let rec = service
        .latest_game(guild, origin.place.channel)
        .await?
        .ok_or(ServiceError::NoGame)?;
    // The server's restrictions hold for the table as for every command.
    service.ensure_allowed(&rec, &origin.place).await?;
    Ok(Outcome::said(
        Text::new("move-applied"),
        Plan::Table {
            game: rec.id,
            repost: true,
        },
    ))
}

/// The games here that wait for the asker (in a private place, all their running games).
async fn games_of(service: &Service, origin: &Origin) -> Result<Vec<GameRecord>, Why> {
    if !origin.private {
        return Ok(vec![here(service, origin).await?]);
    }
    let games = service.running_games_of(origin.user).await?;
    match games.is_empty() {
        true => Err(ServiceError::NoGame.into()),
        false => Ok(games),
    }
}

/// The asker's seat in each running game here: their hands, for them only.
pub(super) async fn hand(service: &Service, origin: &Origin) -> Done {
    let games = match origin.private {
        true => service.running_games_of(origin.user).await?,
        false => vec![here(service, origin).await?],
    };
    let seats: Vec<(GameRecord, Seat)> = games
        .into_iter()
        .filter(|g| g.status == Status::Running)
        .filter_map(|g| g.seat_of(origin.user).map(|s| (g, s)))
        .collect();
    if seats.is_empty() {
        return Err(ServiceError::NotAPlayer.into());
    }
    Ok(Outcome {
        answer: Answer::Hands(seats),
        publish: Plan::Nothing,
    })
}

/// The cards of the asker's hand with their texts, in the game here (or the one a button
/// names) or, asked privately, in each of their running games.
pub(super) async fn card_texts(service: &Service, origin: &Origin, game: Target) -> Done {
    let games = match (origin.private, game) {
        (true, Target::Here) => service.running_games_of(origin.user).await?,
        (_, game) => {
            let rec = target(service, origin, game).await?;
            rec.seat_of(origin.user).ok_or(ServiceError::NotAPlayer)?;
            if rec.status != Status::Running {
                return Err(ServiceError::NotRunning.into());
            }
            vec![rec]
        }
    };
    let mut hands = Vec::new();
    for rec in games.into_iter().filter(|g| g.status == Status::Running) {
        let Some(seat) = rec.seat_of(origin.user) else {
            continue;
        };
        let state = service.live(&rec)?;
        let cards = crate::render::cards::hand_cards(state.as_ref(), seat);
        hands.push((rec, cards));
    }
    if hands.is_empty() {
        return Err(ServiceError::NotAPlayer.into());
    }
    Ok(Outcome {
        answer: Answer::CardTexts(hands),
        publish: Plan::Nothing,
    })
}

/// A choice typed: the move it resolves to is stored with the request's key before it is
/// applied, so a request read again after a restart replays that move (answered "done" if
/// it was applied) and never the next one.
pub(super) async fn play(
    service: &Service,
    origin: &Origin,
    typed: &str,
    numbers: Numbers,
) -> Done {
    let click = match &origin.key {
        None => resolve(service, origin, typed, numbers).await?,
        Some(key) => match service.inbox_entry(origin.platform, key).await? {
            Some(stored) => match stored.click.as_deref().map(Click::from_stored) {
                Some(Ok(click)) => click,
                _ => return Err(ServiceError::MalformedId.into()),
            },
            None => {
                let click = resolve(service, origin, typed, numbers).await?;
                let entry = service
                    .receive(origin.platform, key, Some(&click.stored()))
                    .await?;
                match entry.click.as_deref().map(Click::from_stored) {
                    Some(Ok(first)) => first,
                    _ => click,
                }
            }
        },
    };
    let report = match service.play(origin.user, click).await {
        Ok(report) => report,
        // Read again after a restart: the move was made before the bot stopped.
        Err(ServiceError::AlreadyApplied) if origin.key.is_some() => {
            Report::of(service.game(click.game).await?)
        }
        Err(e) => return Err(e.into()),
    };
    Ok(Outcome::said(
        Text::new("move-applied"),
        Plan::Report {
            report,
            started: false,
            note: None,
        },
    ))
}

/// A choice clicked where its game is shown: admitted only in the game's own place (or,
/// for a seated player, in their private conversation, where their hand is sent), then
/// judged by the service like a button's (stale, already applied, not your turn).
pub(super) async fn click(service: &Service, origin: &Origin, click: Click) -> Done {
    service
        .admit(
            &origin.place,
            origin.caller(),
            &ComponentAction::Move(click),
        )
        .await?;
    let report = service.play(origin.user, click).await?;
    Ok(Outcome::said(
        Text::new("move-applied"),
        Plan::Report {
            report,
            started: false,
            note: None,
        },
    ))
}

/// The click a typed choice stands for, in the first game here waiting for the asker.
async fn resolve(
    service: &Service,
    origin: &Origin,
    typed: &str,
    numbers: Numbers,
) -> Result<Click, Why> {
    let games = games_of(service, origin).await?;
    match typed_move(service, &games, origin.user, typed, numbers, origin.reads).await {
        Ok((_, click)) => Ok(click),
        Err(TypedRefusal::Service(e)) => Err(e.into()),
        Err(TypedRefusal::Rule(rule)) => Err(Why::Rule(rule)),
    }
}

pub(super) async fn concede(service: &Service, origin: &Origin) -> Done {
    let rec = here(service, origin).await?;
    let rec = service.concede(rec.id, origin.user).await?;
    Ok(Outcome::said(
        Text::new("conceded"),
        Plan::Report {
            report: Report::of(rec),
            started: false,
            note: None,
        },
    ))
}

pub(super) async fn offer_draw(service: &Service, origin: &Origin) -> Done {
    let rec = here(service, origin).await?;
    let offer = service.offer_draw(rec.id, origin.user).await?;
    let publish = match offer.agreed {
        true => Plan::Report {
            report: Report::of(offer.game),
            started: false,
            note: None,
        },
        false => {
            let seat = offer.game.seat_of(origin.user).unwrap_or(0);
            // The text names the command that accepts, in the platform's words.
            let key = match origin.platform {
                Platform::Discord => "draw-offered",
                Platform::Matrix => "matrix-draw-offered",
                // The console has no command to accept one.
                Platform::Console => "console-draw-offered",
            };
            Plan::Note {
                text: Text::new(key).seat("player", seat),
                game: offer.game,
            }
        }
    };
    Ok(Outcome::said(Text::new("move-applied"), publish))
}

/// The game ends for everyone: the host's or an admin's decision, confirmed first.
pub(super) async fn abandon(
    service: &Service,
    origin: &Origin,
    game: Target,
    confirmed: bool,
) -> Done {
    let rec = closing(service, origin, game).await?;
    if !confirmed {
        if rec.host != origin.user && !origin.admin {
            return Err(ServiceError::NotHost.into());
        }
        return Ok(Outcome {
            answer: Answer::ConfirmAbandon(rec.id),
            publish: Plan::Nothing,
        });
    }
    let rec = service.abandon(rec.id, origin.caller()).await?;
    Ok(Outcome::said(
        Text::new("game-abandoned"),
        Plan::Report {
            report: Report::of(rec),
            started: false,
            note: None,
        },
    ))
}

/// The asker follows the game privately, kept current on every move.
pub(super) async fn watch(service: &Service, origin: &Origin) -> Done {
    let rec = here(service, origin).await?;
    let rec = service.watch(rec.id, origin.user).await?;
    Ok(Outcome::said(
        Text::new("watch-started").arg("id", rec.id),
        Plan::Welcome {
            game: rec,
            user: origin.user,
        },
    ))
}

pub(super) async fn unwatch(service: &Service, origin: &Origin) -> Done {
    let rec = closing(service, origin, Target::Here).await?;
    service.unwatch(rec.id, origin.user).await?;
    Ok(Outcome::said(Text::new("watch-stopped"), Plan::Nothing))
}

/// A seat (the asker's own, or as an admin any) handed to another person.
pub(super) async fn substitute(
    service: &Service,
    origin: &Origin,
    to: UserId,
    seat: Option<i64>,
) -> Done {
    let seat = match seat {
        None => None,
        Some(n) => {
            Some(Seat::try_from(n - 1).map_err(|_| ServiceError::NoSuchSeat(n.max(0) as u32))?)
        }
    };
    let rec = here(service, origin).await?;
    let held = crate::app::publishing(rec.id).await;
    let done = service
        .substitute(rec.id, origin.caller(), seat, to)
        .await?;
    Ok(Outcome::said(
        Text::new("move-applied"),
        Plan::HandOver { done, held },
    ))
}

/// The asker's link to the game's web table: their seat's view if they hold one, the public
/// view otherwise; refused when no web table is served.
pub(super) async fn web_link(service: &Service, origin: &Origin, game: Target) -> Done {
    let rec = target(service, origin, game).await?;
    let reader = rec.seat_of(origin.user).map(|_| origin.user);
    let url = service
        .web_link(origin.platform, rec.id, reader)
        .ok_or_else(|| Why::Rule(Text::new("web-off")))?;
    Ok(Outcome {
        answer: Answer::WebLink {
            game: Box::new(rec),
            url,
        },
        publish: Plan::Nothing,
    })
}
