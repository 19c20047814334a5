//! What the dispatcher's sweep hands the Matrix front end: timeouts, reminders, game
//! clocks, automatic moves and idle lobbies of Matrix games, each followed by the room's
//! table and the hands of whoever must decide next; turn notices held for the end of a
//! player's quiet hours; tables after a vacation ends or the database failed them; AI
//! seats thinking long.

use futures::future::BoxFuture;
use vliv_engine::Text;

use super::{client::MatrixError, ids, publish, render, spectate, Matrix};
use vliv_service::i18n::tr;
use vliv_service::{
    app,
    dispatch::FrontEnd,
    service::{Fired, GameRecord, HeldNotice, Platform, Recovery, Report, ThinkingNotice},
};

impl FrontEnd for Matrix {
    fn platform(&self) -> Platform {
        Platform::Matrix
    }

    /// Games frozen at start are said in their rooms. A Matrix table is an event, and an
    /// edit with nothing new only adds one, so only the tables of running games that moved
    /// just before the start are edited: the last process may have died between a move's
    /// commit and its table's edit. Their players whose turn it is get the hand the kill
    /// lost, unless it is recorded as sent. A game that ended just before the start is
    /// published again unless its final picture is recorded (posted after the table's last
    /// edit).
    fn recovered(&self, recovery: Recovery) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            let moved: Vec<_> = recovery
                .resumed
                .iter()
                .map(|rec| rec.id)
                .filter(|id| recovery.moved_lately.contains(id))
                .collect();
            let mut owed = 0;
            for &game in &moved {
                if let Err(e) = publish::edit_table(&self.client, &self.service, game).await {
                    tracing::warn!(game, error = %e, "table not brought up to date at start");
                }
                match publish::send_owed_turns(&self.client, &self.service, game).await {
                    Ok(n) => owed += n,
                    Err(e) => tracing::warn!(game, error = %e, "owed turn hands not sent"),
                }
            }
            for (rec, reason) in recovery.frozen {
                if let Err(e) = self.say(&rec, &Text::new(reason.key())).await {
                    tracing::warn!(game = rec.id, error = %e, "frozen game not said");
                }
                self.publish_report(Report::of(rec)).await;
            }
            let mut republished = 0;
            for rec in recovery.ended {
                match self.service.table_picture(rec.id).await {
                    Ok(Some(picture)) if picture.last => {}
                    _ => {
                        self.publish_report(Report::of(rec)).await;
                        republished += 1;
                    }
                }
            }
            tracing::info!(
                moved_lately = moved.len(),
                turn_hands_owed = owed,
                ended_republished = republished,
                "Matrix tables brought up to date at start"
            );
        })
    }

    fn fired(&self, fired: Fired) -> BoxFuture<'_, ()> {
        Box::pin(self.publish_fired(fired))
    }

    fn lobby_closed(&self, lobby: GameRecord) -> BoxFuture<'_, ()> {
        Box::pin(self.publish_report(Report::of(lobby)))
    }

    /// The hand and menu the player would have had in their DM room.
    fn held_notice(
        &self,
        rec: GameRecord,
        notice: HeldNotice,
    ) -> BoxFuture<'_, Result<(), super::Error>> {
        Box::pin(
            async move { publish::deliver_held(&self.client, &self.service, &rec, notice).await },
        )
    }

    fn vacation_over(&self, rec: GameRecord) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if let Err(e) = publish::edit_table(&self.client, &self.service, rec.id).await {
                tracing::warn!(game = rec.id, error = %e, "table not refreshed after a vacation");
            }
        })
    }

    fn late_table(&self, rec: GameRecord) -> BoxFuture<'_, Result<(), super::Error>> {
        Box::pin(async move {
            publish::after_report(&self.client, &self.service, &Report::of(rec), false).await
        })
    }

    fn may_pass(&self, e: &super::Error) -> bool {
        may_pass(e)
    }

    fn publish(&self, plan: app::Plan) -> BoxFuture<'_, Result<(), super::Error>> {
        Box::pin(async move {
            let room = super::requests::Room {
                client: &self.client,
                service: &self.service,
            };
            app::carry_out(&room, plan).await.map(|_| ())
        })
    }

    fn thinking(&self, notice: ThinkingNotice) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if let Err(e) = publish::show_thinking(&self.client, &self.service, notice).await {
                tracing::warn!(game = notice.game, error = %e, "thinking notice not shown");
            }
        })
    }
}

impl Matrix {
    /// A fired deadline in its room: a timeout said, then the table and the hands.
    async fn publish_fired(&self, fired: Fired) {
        let notes = app::fired_notes(&fired);
        match fired {
            Fired::TimedOut { report, .. } => {
                for text in notes {
                    if let Err(e) = self.say(&report.game, &text).await {
                        tracing::warn!(game = report.game.id, error = %e, "timeout not said");
                    }
                }
                self.publish_report(report).await
            }
            Fired::Moved { report } => self.publish_report(report).await,
            Fired::Abandoned { game, .. } | Fired::Reminder { game, .. } => {
                self.publish_report(Report::of(game)).await
            }
        }
    }

    async fn publish_report(&self, report: Report) {
        let game = report.game.id;
        if let Err(e) = publish::after_report(&self.client, &self.service, &report, false).await {
            tracing::warn!(game, error = %e, "a deadline's table was not updated");
        }
        spectate::follow(&self.client, &self.service, game).await;
    }

    /// One line in the game's room, in the game's language, seats by name.
    async fn say(&self, rec: &GameRecord, text: &Text) -> Result<(), super::Error> {
        let names = vliv_service::render::Names::for_game(rec, rec.lang);
        let line = tr(rec.lang, text, &|s| names.get(s));
        let who = publish::mentions(&self.service, &[&line]).await?;
        let room = ids::room_of(&self.service, rec.channel).await?;
        let reader = publish::room_reader(&self.service, rec.guild, rec.lang).await?;
        let message = render::reply(&line, &reader, &who);
        self.client.send(&room, &ids::fresh_txn(), &message).await?;
        Ok(())
    }
}

/// A failure of the homeserver's that may pass: the network, its 5xx or 429. Its other
/// refusals (a room left, the bot banned) would only repeat.
fn may_pass(e: &super::Error) -> bool {
    match e.downcast_ref::<MatrixError>() {
        Some(MatrixError::Refused { status, .. }) => *status >= 500 || *status == 429,
        Some(MatrixError::Transport(_)) => true,
        Some(_) => false,
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_notice_is_retried_only_after_a_failure_that_may_pass() {
        let refused = |status| -> super::super::Error {
            Box::new(MatrixError::Refused {
                what: "send",
                status,
                errcode: "M_FORBIDDEN".into(),
            })
        };
        assert!(may_pass(&refused(502)));
        assert!(may_pass(&refused(429)));
        assert!(!may_pass(&refused(403)));
    }
}
