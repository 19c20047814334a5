//! Commands carried out through the application layer, their answers in a room's words and
//! their publish plans carried out with the Matrix primitives: the table event, notes in
//! the room, hands in each player's DM room.

use vliv_engine::Text;

use super::{
    commands::{place, Origin, Stop},
    power::is_moderator,
    publish, Matrix,
};
use crate::{
    app::{self, Answer, Plan, Refusal, Request},
    service::{Platform, Report, Service},
};

impl From<Refusal> for Stop {
    fn from(r: Refusal) -> Stop {
        match r {
            Refusal::Refused(text) => Stop::Refused(text),
            // The room reads that it did not go through completely, and to look at the table.
            Refusal::Failed(e) | Refusal::NotShown(e) => Stop::Failed(e),
        }
    }
}

impl Matrix {
    /// `request` carried out for the sender, published; the sender's answer.
    pub(super) async fn ask(&self, origin: &Origin, request: Request) -> Result<Text, Stop> {
        // A room's power levels cost a request: read only when the admin flag matters.
        let admin = match request.needs_admin_flag() && !origin.direct {
            true => {
                let state = self.client.room_state(&origin.room_id).await;
                is_moderator(&state.map_err(|e| Stop::Failed(e.into()))?, &origin.mxid)
            }
            false => false,
        };
        let asker = app::Origin {
            platform: Platform::Matrix,
            user: origin.user,
            place: place(origin),
            admin,
            private: origin.direct,
            key: Some(origin.event.clone()),
            reads: None,
        };
        let outcome = app::execute(&self.service, &asker, request).await?;
        self.carry_out(outcome.publish).await?;
        Ok(match outcome.answer {
            Answer::Said(text) => text,
            Answer::Started => Text::new("matrix-started"),
            Answer::Hands(seats) => {
                for (rec, seat) in &seats {
                    publish::send_hand(&self.client, &self.service, rec, *seat, origin.user)
                        .await?;
                }
                Text::new("matrix-hand-sent")
            }
            Answer::ConfirmLeave(_) => Text::new("matrix-confirm-leave"),
            Answer::Rematch { game, invited } if !invited.is_empty() => {
                let players: Vec<String> = invited.iter().map(|u| format!("<@{u}>")).collect();
                Text::new("matrix-rematch-invite")
                    .arg("host", format!("<@{}>", origin.user))
                    .arg("game", game)
                    .arg("players", players.join(", "))
            }
            Answer::Rematch { game, .. } => Text::new("lobby-opened").arg("game", game),
            // Not asked on Matrix (see the parity table).
            Answer::ConfirmAbandon(_) | Answer::LobbyMayOpen { .. } => Text::new("move-applied"),
        })
    }

    /// A publish plan, with the Matrix primitives.
    async fn carry_out(&self, plan: Plan) -> Result<(), Stop> {
        let (client, service): (_, &Service) = (&self.client, &self.service);
        match plan {
            Plan::Nothing => {}
            Plan::Table { game, repost: true } => {
                publish::repost_table(client, service, game).await?
            }
            Plan::Table {
                game,
                repost: false,
            } => publish::edit_table(client, service, game).await?,
            Plan::Report {
                report,
                started,
                note,
            } => {
                if let Some(note) = note {
                    publish::say_in_room(client, service, &report.game, &note).await?;
                }
                publish::after_report(client, service, &report, started).await?;
            }
            Plan::Note { game, text } => {
                publish::say_in_room(client, service, &game, &text).await?
            }
            Plan::Rematch(rematch) => {
                publish::edit_table(client, service, rematch.lobby.id).await?
            }
            Plan::HandOver { done, held } => {
                // Not asked on Matrix yet: the table at least shows the new holder.
                drop(held);
                let report = Report::of(done.game);
                publish::after_report(client, service, &report, false).await?;
            }
            Plan::Welcome { .. } => {}
            Plan::Tables(games) => {
                for game in games {
                    if let Err(e) = publish::edit_table(client, service, game).await {
                        tracing::warn!(game, error = %e, "table not refreshed after a vacation change");
                    }
                }
            }
        }
        Ok(())
    }
}
