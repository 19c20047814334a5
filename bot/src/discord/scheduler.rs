//! Background work: re-render the tables of games found at start (and say why a game was
//! frozen), then serve deadlines from the database for as long as the bot runs.

use std::{sync::Arc, time::Duration};

use poise::serenity_prelude as serenity;
use tokio::sync::broadcast::error::RecvError;
use vliv_engine::Text;

use super::{late, publish};
use crate::{
    service::{Fired, Recovery, Report, SeatHolder, Service},
    shards::ShardPlan,
};

/// The longest sleep between deadline checks (a deadline set meanwhile is seen by then).
const MAX_SLEEP: Duration = Duration::from_secs(30);
/// The sleep while the database fails.
const RETRY_SLEEP: Duration = Duration::from_secs(1);
/// How soon a held notice whose delivery failed is tried again.
const HELD_RETRY: Duration = Duration::from_secs(60);
/// How often ended games past a server's retention period are deleted.
const RETENTION_SWEEP: Duration = Duration::from_secs(60 * 60);

/// `plan` says which servers' tables this process re-renders at start: the other
/// processes of a fleet re-render theirs. A game frozen now is announced by the process
/// that froze it, whichever shard its server is on.
pub fn spawn(
    http: Arc<serenity::Http>,
    service: Arc<Service>,
    mut recovery: Recovery,
    plan: ShardPlan,
) {
    recovery.resumed.retain(|rec| plan.owns(rec.guild));
    spawn_thinking_notices(http.clone(), service.clone());
    spawn_retention(service.clone());
    tokio::spawn(async move {
        for (rec, reason) in &recovery.frozen {
            let _ = publish::say_in_channel(&http, rec, &Text::new(reason.key())).await;
            let _ = publish::refresh_table(&http, &service, rec.id, false).await;
        }
        for rec in &recovery.resumed {
            if let Err(e) = publish::refresh_table(&http, &service, rec.id, false).await {
                tracing::warn!(game = rec.id, guild = rec.guild, error = %e, "table not re-rendered");
            }
        }
        let mut vacations_seen = service.now_ms();
        loop {
            serve_due(&http, &service).await;
            deliver_held_notices(&http, &service).await;
            refresh_after_vacations(&http, &service, &mut vacations_seen).await;
            expire_idle_lobbies(&http, &service).await;
            publish_late_tables(&http, &service).await;
            let now = service.now_ms();
            let sleep = match service.next_deadline().await {
                Ok(Some(due)) => Duration::from_millis((due - now).max(0) as u64).min(MAX_SLEEP),
                Ok(None) => MAX_SLEEP,
                // The database is away: games may wait for it, so look again soon.
                Err(_) => RETRY_SLEEP,
            };
            // A notice held for the end of someone's quiet hours is delivered on time.
            let sleep = match service.next_notice().await {
                Ok(Some(due)) => sleep.min(Duration::from_millis((due - now).max(0) as u64)),
                _ => sleep,
            };
            // A table the database kept behind is tried again soon.
            let sleep = match late::pending() {
                true => sleep.min(RETRY_SLEEP),
                false => sleep,
            };
            tokio::select! {
                _ = tokio::time::sleep(sleep.max(Duration::from_millis(200))) => {}
                _ = service.clock_set() => {}
            }
        }
    });
}

/// Tables of AI seats that think for over a second say so, beside the sweep that waits for
/// their thoughts.
fn spawn_thinking_notices(http: Arc<serenity::Http>, service: Arc<Service>) {
    let mut notices = service.thinking_notices();
    tokio::spawn(async move {
        loop {
            match notices.recv().await {
                Ok(notice) => {
                    if let Err(e) = publish::show_thinking(&http, &service, notice).await {
                        tracing::warn!(game = notice.game, error = %e, "thinking notice not shown");
                    }
                }
                Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => return,
            }
        }
    });
}

/// Ended games past their server's retention period go, once an hour (from the start).
fn spawn_retention(service: Arc<Service>) {
    tokio::spawn(async move {
        loop {
            if let Err(e) = service.sweep_retention().await {
                tracing::warn!(error = %e, "retention sweep failed");
            }
            tokio::time::sleep(RETENTION_SWEEP).await;
        }
    });
}

async fn serve_due(http: &serenity::Http, service: &Service) {
    let fired = match service.fire_due().await {
        Ok(f) => f,
        Err(e) => {
            tracing::warn!(error = %e, "deadlines not served");
            return;
        }
    };
    // A Matrix game's deadline is published by the Matrix front end, in its room.
    for f in fired.into_iter().filter_map(crate::matrix::route_fired) {
        let result = match &f {
            Fired::Reminder { game, .. } => {
                // Re-read under the lock: a move since may have replaced the ping.
                let _publishing = publish::publishing(game.id).await;
                match service.game(game.id).await {
                    Ok(rec) => publish::announce_turn(http, service, &rec, true).await,
                    Err(e) => Err(e.into()),
                }
            }
            Fired::TimedOut { report, seats } => {
                for &seat in seats {
                    let key = match report.game.seats.get(seat as usize) {
                        Some(SeatHolder::Ai {
                            forfeited_by: Some(_),
                            ..
                        }) => "timeout-ai-takes-over",
                        _ => "timeout-applied",
                    };
                    let _ = publish::say_in_channel(
                        http,
                        &report.game,
                        &Text::new(key).seat("player", seat),
                    )
                    .await;
                }
                publish::after_report(http, service, report, true).await
            }
            Fired::Moved { report } => publish::after_report(http, service, report, true).await,
            Fired::Abandoned { game, .. } => publish::refresh_table(http, service, game.id, false)
                .await
                .map(|_| ()),
        };
        if let Err(e) = result {
            tracing::warn!(error = %e, "a deadline's message was not posted");
        }
    }
}

/// Turn pings and DMs held while their players were quiet, now that their quiet hours
/// ended (each taken from the store once, so a second process does not repeat it).
async fn deliver_held_notices(http: &serenity::Http, service: &Service) {
    let due = match service.due_notices().await {
        Ok(due) => due,
        Err(e) => {
            tracing::warn!(error = %e, "held notices not read");
            return;
        }
    };
    for (rec, notice) in due {
        if let Err(e) = publish::deliver_held(http, service, rec.id, notice.seat, notice.user).await
        {
            let again = worth_retrying(&e);
            tracing::warn!(game = rec.id, guild = rec.guild, error = %e, again, "held notice not delivered");
            // Taken from the store before delivery: held again, or the player never hears.
            let due = service.now_ms() + HELD_RETRY.as_millis() as i64;
            if again {
                if let Err(e) = service
                    .hold_notice(rec.id, notice.user, notice.seat, due)
                    .await
                {
                    tracing::warn!(game = rec.id, error = %e, "held notice lost");
                }
            }
        }
    }
}

/// A failure that may pass: the database, the network, Discord's 5xx or 429. Discord's
/// other refusals (a channel deleted, the bot's access removed) would only repeat.
fn worth_retrying(e: &super::Error) -> bool {
    if let Some(e) = e.downcast_ref::<crate::service::ServiceError>() {
        return e.is_transient();
    }
    match e.downcast_ref::<serenity::Error>() {
        Some(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) => {
            r.status_code.is_server_error() || r.status_code.as_u16() == 429
        }
        _ => true,
    }
}

/// The tables of games whose players' vacations ran their course since the last look
/// (a restarted bot looks from its start: a table may say "on vacation" a while longer).
async fn refresh_after_vacations(http: &serenity::Http, service: &Service, seen: &mut i64) {
    let now = service.now_ms();
    match service.vacations_over(*seen).await {
        Ok(games) => {
            *seen = now;
            for rec in games {
                let _publishing = publish::publishing(rec.id).await;
                if let Err(e) = publish::refresh_table(http, service, rec.id, false).await {
                    tracing::warn!(game = rec.id, guild = rec.guild, error = %e, "table not refreshed after a vacation");
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "ended vacations not read"),
    }
}

/// Tables the database kept behind, published as their games stand now: the table, then
/// the turn ping (or its removal once the game is over).
async fn publish_late_tables(http: &serenity::Http, service: &Service) {
    for game in late::games() {
        let result = match service.game(game).await {
            Ok(rec) => publish::after_report(http, service, &Report::of(rec), true).await,
            Err(e) => Err(e.into()),
        };
        match result {
            Ok(()) => {
                late::done(game);
                tracing::info!(game, "late table published");
            }
            // Still away: the next round tries again.
            Err(e) if late::is_database(&e) => {}
            Err(e) => {
                late::done(game);
                tracing::warn!(game, error = %e, "late table not published");
            }
        }
    }
}

/// Idle lobbies close, their tables saying so (the stored expiry survives a restart).
async fn expire_idle_lobbies(http: &serenity::Http, service: &Service) {
    let closed = match service.expire_lobbies().await {
        Ok(closed) => closed,
        Err(e) => {
            tracing::warn!(error = %e, "idle lobbies not expired");
            return;
        }
    };
    for rec in closed.into_iter().filter_map(crate::matrix::route_closed) {
        if let Err(e) = publish::refresh_table(http, service, rec.id, false).await {
            tracing::warn!(game = rec.id, guild = rec.guild, error = %e, "expired lobby's table not edited");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::ServiceError;

    async fn discord_refusal(status: u16) -> super::super::Error {
        let body = r#"{"code": 10003, "message": "Unknown Channel"}"#;
        let response =
            reqwest::Response::from(http::Response::builder().status(status).body(body).unwrap());
        let refusal = serenity::ErrorResponse::from_response(response, reqwest::Method::POST).await;
        Box::new(serenity::Error::Http(
            serenity::HttpError::UnsuccessfulRequest(refusal),
        ))
    }

    #[tokio::test]
    async fn a_held_notice_is_retried_only_after_a_failure_that_may_pass() {
        assert!(worth_retrying(&discord_refusal(502).await));
        assert!(worth_retrying(&discord_refusal(429).await));
        assert!(!worth_retrying(&discord_refusal(404).await));
        assert!(!worth_retrying(&discord_refusal(403).await));
        let database: super::super::Error = Box::new(ServiceError::Conflict);
        assert!(worth_retrying(&database));
        let gone: super::super::Error = Box::new(ServiceError::NotYourSeat);
        assert!(!worth_retrying(&gone));
        let network: super::super::Error = "connection reset".into();
        assert!(worth_retrying(&network));
    }
}
