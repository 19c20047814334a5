//! Lobbies: opening one, taking and leaving seats, AI seats, the start, and a rematch.

use vliv_engine::{registry, Level, Text};

use super::{closing, here, kind_name, target, Done, Why};
use crate::{
    app::{Answer, Origin, Outcome, Plan, Target},
    service::{
        typed_options, ChannelId, LobbyRequest, OpenLobby, PlaceKind, SeatHolder, Service,
        ServiceError, Status,
    },
};

/// Whether a lobby may open here: checked before a front end makes a place for it, so a
/// refused lobby leaves no thread behind.
pub(super) async fn check(service: &Service, origin: &Origin, game: &str, options: &str) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    let options = typed_options(options)?;
    let kind = registry::find(game).ok_or_else(|| ServiceError::UnknownGame(game.into()))?;
    let guild = origin.place.scope();
    service
        .check_lobby(&LobbyRequest {
            guild,
            channel: origin.place.parent.unwrap_or(origin.place.channel),
            kind: kind.id(),
            options: &options,
            host: origin.user,
        })
        .await?;
    let cfg = service.guild_config(guild).await?;
    Ok(Outcome {
        answer: Answer::LobbyMayOpen {
            name: kind_name(kind.id(), place_lang(service, origin, cfg.language).await),
        },
        publish: Plan::Nothing,
    })
}

/// The language a new game here is played in: the server's; outside a server, where no
/// server setting exists, the host's own (their `/vliv settings` language, else their
/// Discord client's), so two Czech friends play in Czech.
async fn place_lang(
    service: &Service,
    origin: &Origin,
    server: vliv_engine::Lang,
) -> vliv_engine::Lang {
    if origin.place.kind != PlaceKind::Conversation {
        return server;
    }
    if let Ok(Some(lang)) = service.user_settings(origin.user).await.map(|s| s.lang) {
        return lang;
    }
    match service.store().client_lang(origin.user).await {
        Ok(Some(lang)) => lang,
        _ => server,
    }
}

/// A lobby here (or in `thread`, made of this place), the asker seated.
pub(super) async fn open(
    service: &Service,
    origin: &Origin,
    game: &str,
    options: &str,
    thread: Option<ChannelId>,
) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    let options = typed_options(options)?;
    let kind = registry::find(game).ok_or_else(|| ServiceError::UnknownGame(game.into()))?;
    let guild = origin.place.scope();
    let cfg = service.guild_config(guild).await?;
    let lang = place_lang(service, origin, cfg.language).await;
    let rec = service
        .open(OpenLobby {
            guild,
            channel: thread.unwrap_or(origin.place.channel),
            parent: thread.map(|_| origin.place.channel),
            kind: kind.id().into(),
            host: origin.user,
            seats: vec![SeatHolder::User(origin.user)],
            options,
            seed: None,
            lang,
        })
        .await?;
    let name = kind_name(kind.id(), lang);
    Ok(Outcome::said(
        Text::new("lobby-opened").arg("game", name),
        Plan::Table {
            game: rec.id,
            repost: false,
        },
    ))
}

pub(super) async fn join(service: &Service, origin: &Origin, game: Target) -> Done {
    let rec = target(service, origin, game).await?;
    let rec = service.join(rec.id, origin.user).await?;
    // The answer every front end gives a join: who sat down.
    let seat = rec.seat_of(origin.user).unwrap_or(0);
    Ok(Outcome::said(
        Text::new("seat-taken").seat("player", seat),
        Plan::Table {
            game: rec.id,
            repost: false,
        },
    ))
}

pub(super) async fn add_ai(service: &Service, origin: &Origin, level: Level) -> Done {
    let rec = here(service, origin).await?;
    let rec = service.add_ai(rec.id, origin.caller(), level).await?;
    Ok(Outcome::said(
        Text::new("settings-saved"),
        Plan::Table {
            game: rec.id,
            repost: false,
        },
    ))
}

pub(super) async fn start(service: &Service, origin: &Origin, game: Target) -> Done {
    let rec = target(service, origin, game).await?;
    let report = service.start(rec.id, origin.caller()).await?;
    Ok(Outcome {
        answer: Answer::Started,
        publish: Plan::Report {
            report,
            started: true,
            note: None,
        },
    })
}

/// Leaving a lobby frees the seat; leaving a running game forfeits it to the AI, once the
/// asker confirms.
pub(super) async fn leave(
    service: &Service,
    origin: &Origin,
    game: Target,
    confirmed: bool,
) -> Done {
    let rec = closing(service, origin, game).await?;
    let running = rec.status == Status::Running;
    let report = match service.leave(rec.id, origin.user, confirmed).await {
        Ok(report) => report,
        Err(ServiceError::ConfirmForfeit) => {
            return Ok(Outcome {
                answer: Answer::ConfirmLeave(rec.id),
                publish: Plan::Nothing,
            })
        }
        Err(e) => return Err(e.into()),
    };
    let note = running.then(|| {
        let user = origin.user;
        let seat =
            report.game.seats.iter().position(
                |h| matches!(h, SeatHolder::Ai { forfeited_by: Some(u), .. } if *u == user),
            );
        Text::new("seat-forfeited").seat("player", seat.unwrap_or(0) as u8)
    });
    Ok(Outcome::said(
        Text::new("settings-saved"),
        Plan::Report {
            report,
            // The AI that took the seat is dealt in as at a start.
            started: running,
            note,
        },
    ))
}

/// A new lobby of an ended game (the place's latest, or the one a button names), the
/// asker seated and its former players invited.
pub(super) async fn rematch(service: &Service, origin: &Origin, game: Target) -> Done {
    let last = match game {
        Target::Game(_) => closing(service, origin, game).await?,
        Target::Here => {
            if origin.private {
                return Err(Why::Private);
            }
            let guild = origin.place.scope();
            service
                .latest_game(guild, origin.place.channel)
                .await?
                .ok_or(ServiceError::NoGame)?
        }
    };
    let rematch = service
        .rematch(last.id, origin.user, origin.place.parent)
        .await?;
    Ok(Outcome {
        answer: Answer::Rematch {
            game: kind_name(&rematch.lobby.kind, rematch.lobby.lang),
            invited: rematch.invited.clone(),
        },
        publish: Plan::Rematch(rematch),
    })
}
