//! What the dispatcher's sweep hands the Discord side: re-rendered tables at start (running
//! games and those that ended just before; and why a game was frozen) and the turn DMs a
//! kill lost, fired deadlines, held notices, ended vacations, late tables and thinking AI
//! seats, each published in its game's channel.

use std::{collections::HashSet, sync::Arc};

use futures::future::BoxFuture;
use poise::serenity_prelude as serenity;
use vliv_engine::Text;

use super::{lost_turn_dms, publish, turn_shown};
use vliv_service::{
    app,
    dispatch::FrontEnd,
    service::{Fired, GameRecord, HeldNotice, Platform, Recovery, Report, Service, ThinkingNotice},
};

use crate::shards::ShardPlan;

/// The Discord front end as the sweep sees it. `plan` says which servers' tables this
/// process re-renders at start: the other processes of a fleet re-render theirs. A game
/// frozen now is announced by the process that froze it, whichever shard its server is on.
pub struct Discord {
    pub http: Arc<serenity::Http>,
    pub service: Arc<Service>,
    pub plan: ShardPlan,
}

impl FrontEnd for Discord {
    fn platform(&self) -> Platform {
        Platform::Discord
    }

    /// Every running table is re-rendered, those of games that moved just before the start
    /// first, then the turn DMs a kill lost in those: their players are at the table now,
    /// while thousands of other tables take minutes under the global limit.
    fn recovered(&self, mut recovery: Recovery) -> BoxFuture<'_, ()> {
        recovery.resumed.retain(|rec| self.plan.owns(rec.guild));
        recovery.ended.retain(|rec| self.plan.owns(rec.guild));
        let moved: HashSet<_> = recovery.moved_lately.iter().copied().collect();
        recovery.resumed.sort_by_key(|rec| !moved.contains(&rec.id));
        Box::pin(async move {
            let (http, service) = (&self.http, &self.service);
            for (rec, reason) in &recovery.frozen {
                let _ = publish::say_in_channel(http, rec, &Text::new(reason.key())).await;
                let _ = publish::refresh_table(http, service, rec.id, false).await;
            }
            let lately = recovery
                .resumed
                .partition_point(|rec| moved.contains(&rec.id));
            let (lately, others) = recovery.resumed.split_at(lately);
            let refresh = |rec: &GameRecord| {
                let (game, guild) = (rec.id, rec.guild);
                async move {
                    if let Err(e) = publish::refresh_table(http, service, game, false).await {
                        tracing::warn!(game, %guild, error = %e, "table not re-rendered");
                    }
                }
            };
            for rec in lately {
                refresh(rec).await;
            }
            let games: Vec<_> = lately.iter().map(|rec| rec.id).collect();
            lost_turn_dms::send_owed(http, service, &games).await;
            // Ended games too: the result may not have reached the table before the restart.
            for rec in others.iter().chain(&recovery.ended) {
                refresh(rec).await;
            }
        })
    }

    fn fired(&self, fired: Fired) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if let Err(e) = self.publish_fired(&fired).await {
                tracing::warn!(game = fired.game().id, error = %e, "a deadline's message was not posted");
            }
        })
    }

    fn lobby_closed(&self, lobby: GameRecord) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if let Err(e) = publish::refresh_table(&self.http, &self.service, lobby.id, false).await
            {
                tracing::warn!(game = lobby.id, guild = %lobby.guild, error = %e, "expired lobby's table not edited");
            }
        })
    }

    /// The turn ping and DM the player would have had (once, however many turns and
    /// reminders came meanwhile).
    fn held_notice(
        &self,
        rec: GameRecord,
        notice: HeldNotice,
    ) -> BoxFuture<'_, Result<(), super::Error>> {
        Box::pin(async move {
            publish::deliver_held(&self.http, &self.service, rec.id, notice.seat, notice.user).await
        })
    }

    fn vacation_over(&self, rec: GameRecord) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            let _publishing = publish::publishing(rec.id).await;
            if let Err(e) =
                publish::refresh_table_held(&self.http, &self.service, rec.id, false).await
            {
                tracing::warn!(game = rec.id, guild = %rec.guild, error = %e, "table not refreshed after a vacation");
            }
        })
    }

    /// The table, then the turn ping (or its removal once the game is over).
    fn late_table(&self, rec: GameRecord) -> BoxFuture<'_, Result<(), super::Error>> {
        Box::pin(async move {
            publish::after_report(&self.http, &self.service, &Report::of(rec), true).await
        })
    }

    fn may_pass(&self, e: &super::Error) -> bool {
        may_pass(e)
    }

    fn publish(&self, plan: app::Plan) -> BoxFuture<'_, Result<(), super::Error>> {
        Box::pin(async move {
            let channel = super::requests::Channel {
                http: &self.http,
                service: &self.service,
            };
            app::carry_out(&channel, plan).await.map(|_| ())
        })
    }

    fn thinking(&self, notice: ThinkingNotice) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if let Err(e) = publish::show_thinking(&self.http, &self.service, notice).await {
                tracing::warn!(game = notice.game, error = %e, "thinking notice not shown");
            }
        })
    }
}

impl Discord {
    async fn publish_fired(&self, fired: &Fired) -> Result<(), super::Error> {
        let (http, service) = (&*self.http, &*self.service);
        match fired {
            Fired::Reminder { game, .. } => {
                // Re-read under the lock: a move since may have replaced the ping.
                let _publishing = publish::publishing(game.id).await;
                let rec = service.game(game.id).await?;
                publish::announce_turn(http, service, &rec, true).await
            }
            Fired::TimedOut { report, .. } => {
                for text in app::fired_notes(fired) {
                    let _ = publish::say_in_channel(http, &report.game, &text).await;
                }
                turn_shown::turn_on_panels(http, service, &report.game, None).await;
                publish::after_report(http, service, report, true).await
            }
            // An AI's move: the player it waits for sees their turn at once.
            Fired::Moved { report } => {
                turn_shown::turn_on_panels(http, service, &report.game, None).await;
                publish::after_report(http, service, report, true).await
            }
            Fired::Abandoned { game, .. } => publish::refresh_table(http, service, game.id, false)
                .await
                .map(|_| ()),
        }
    }
}

/// A failure of Discord's that may pass: the network, Discord's 5xx or 429. Discord's
/// other refusals (a channel deleted, the bot's access removed) would only repeat.
fn may_pass(e: &super::Error) -> bool {
    match e.downcast_ref::<serenity::Error>() {
        Some(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) => {
            r.status_code.is_server_error() || r.status_code.as_u16() == 429
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(may_pass(&discord_refusal(502).await));
        assert!(may_pass(&discord_refusal(429).await));
        assert!(!may_pass(&discord_refusal(404).await));
        assert!(!may_pass(&discord_refusal(403).await));
        let network: super::super::Error = "connection reset".into();
        assert!(may_pass(&network));
    }
}
