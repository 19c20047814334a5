//! Commands carried out through the application layer, their answers in a room's words and
//! their publish plans carried out with the Matrix primitives: the table event, notes in
//! the room, hands in each player's DM room.

use vliv_engine::Text;

use super::{
    card_texts,
    client::Client,
    commands::{place, Origin, Stop},
    log,
    power::is_moderator,
    publish, spectate, teaching, Error, Matrix,
};
use vliv_service::{
    app::{self, Answer, Carried, Publisher, Refusal, Request},
    service::{GameId, GameRecord, HandOver, Platform, Rematch, Report, Service, UserId},
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
        let answer = self.execute_plain(origin, request).await?;
        self.answer_text(origin, answer).await
    }

    /// `request` carried out for the sender and published; the answer as it came.
    pub(super) async fn execute_plain(
        &self,
        origin: &Origin,
        request: Request,
    ) -> Result<Answer, Stop> {
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
            name: None,
        };
        let outcome = app::execute(&self.service, &asker, request).await?;
        let room = Room {
            client: &self.client,
            service: &self.service,
        };
        if app::carry_out(&room, outcome.publish).await? == Carried::Unreached {
            // A new spectator the table cannot reach watches nothing.
            app::execute(&self.service, &asker, Request::Unwatch).await?;
            return Err(Stop::Refused(Text::new("matrix-watch-unreached")));
        }
        Ok(outcome.answer)
    }

    /// An answer in a room's words.
    async fn answer_text(&self, origin: &Origin, answer: Answer) -> Result<Text, Stop> {
        Ok(match answer {
            Answer::Said(text) => text,
            Answer::Started => Text::new("matrix-started"),
            Answer::Hands(seats) => {
                for (rec, seat) in &seats {
                    // Once for this asking, however often the command is read.
                    let txn = format!("hand-{}-{seat}", origin.event);
                    let (client, service) = (&self.client, &self.service);
                    publish::send_hand(client, service, rec, *seat, origin.user, &txn).await?;
                }
                Text::new("matrix-hand-sent")
            }
            Answer::ConfirmLeave(_) => Text::new("matrix-confirm-leave"),
            Answer::ConfirmAbandon(_) => Text::new("matrix-confirm-abandon"),
            Answer::Rematch { game, invited } if !invited.is_empty() => {
                let players: Vec<String> = invited
                    .iter()
                    .map(|&u| vliv_service::mark::user(u))
                    .collect();
                Text::new("matrix-rematch-invite")
                    .arg("host", vliv_service::mark::user(origin.user))
                    .arg("game", game)
                    .arg("players", players.join(", "))
            }
            Answer::Rematch { game, .. } => Text::new("lobby-opened").arg("game", game),
            Answer::CardTexts(hands) => {
                card_texts::send_card_texts(&self.client, &self.service, &hands, origin.user)
                    .await?;
                Text::new("matrix-card-texts-sent")
            }
            Answer::Hint(hint) => {
                teaching::send_hint(&self.client, &self.service, &hint, origin.user).await?;
                Text::new("matrix-hint-sent")
            }
            Answer::Review(job) => {
                let queued = job.queued;
                let (client, service) = (self.client.clone(), self.service.clone());
                teaching::review_in_background(client, service, *job, origin.user);
                match queued {
                    true => Text::new("matrix-review-queued"),
                    false => Text::new("matrix-review-sent"),
                }
            }
            Answer::Log { game, lines } => {
                log::send_log(&self.client, &self.service, &game, &lines, origin.user).await?;
                Text::new("matrix-log-sent")
            }
            Answer::WebLink { game, url } => {
                log::send_text(
                    &self.client,
                    &self.service,
                    &game,
                    &app::web_link_note(&game, origin.user, &url),
                    origin.user,
                )
                .await?;
                Text::new("matrix-web-link-sent")
            }
            // Not asked on Matrix, or rendered by its command (see the parity table).
            Answer::LobbyMayOpen { .. }
            | Answer::History(_)
            | Answer::Games(_)
            | Answer::Rules { .. }
            | Answer::Card(_)
            | Answer::Score(_)
            | Answer::Replay(_)
            | Answer::Export(_)
            | Answer::Stats(_)
            | Answer::Leaderboard(_)
            | Answer::MySettings { .. }
            | Answer::GamePreferences { .. }
            | Answer::ServerSettings { .. } => Text::new("move-applied"),
        })
    }
}

/// Matrix's publishing primitives: the game's room (its table event and notes) and each
/// player's DM room.
pub(crate) struct Room<'a> {
    pub(crate) client: &'a Client,
    pub(crate) service: &'a Service,
}

impl Publisher for Room<'_> {
    async fn table(&self, game: GameId, repost: bool) -> Result<(), Error> {
        match repost {
            true => publish::repost_table(self.client, self.service, game).await,
            false => publish::edit_table(self.client, self.service, game).await,
        }
    }

    async fn note(&self, game: &GameRecord, text: &Text) -> Result<(), Error> {
        publish::say_in_room(self.client, self.service, game, text).await
    }

    async fn report(&self, report: &Report, started: bool) -> Result<(), Error> {
        let published = publish::after_report(self.client, self.service, report, started).await;
        spectate::follow(self.client, self.service, report.game.id).await;
        published
    }

    /// A seat changed hands: the room is told, the table shows the new player, whose hand
    /// goes to their DM room (the caller holds the game's publishing lock).
    async fn hand_over(&self, done: &HandOver) -> Result<(), Error> {
        let rec = &done.game;
        publish::say_in_room(self.client, self.service, rec, &app::hand_over_note(done)).await?;
        publish::edit_table_held(self.client, self.service, rec.id).await?;
        let (seat, to) = (done.change.seat, done.change.to);
        let txn = format!("hand-over-{}-{}-{seat}", rec.id, rec.version);
        if let Err(e) = publish::send_hand(self.client, self.service, rec, seat, to, &txn).await {
            // The room's note names them; `!vliv hand` sends the hand again.
            tracing::info!(game = rec.id, error = %e, "the new player's hand not sent");
        }
        Ok(())
    }

    async fn rematch(&self, rematch: &Rematch) -> Result<(), Error> {
        publish::edit_table(self.client, self.service, rematch.lobby.id).await
    }

    /// The table to a new spectator's DM room.
    async fn welcome(&self, game: &GameRecord, user: UserId) -> Result<bool, Error> {
        spectate::welcome(self.client, self.service, game, user).await
    }
}
