//! The Matrix front end (issue 21): rooms are the channels, `!vliv …` messages are the
//! commands, the table is one message kept current with edits, a player's hand and menu
//! go to their direct-message room with the bot. Nothing here applies a move or decides
//! a rule; it reads the `/sync` stream, calls the session service and renders its answer.
//!
//! Durable like the Discord side: the stream position is stored after each batch, every
//! command is recorded with the move it resolved to before that move is applied, and its
//! answer goes out under a transaction id made from the command's event id, so a command
//! read again after a restart is applied and answered once.
//!
//! Encrypted rooms and DMs work as in any client (`crypto.rs`): commands are decrypted,
//! everything the bot sends into an encrypted room is encrypted, and the DM rooms it makes
//! are encrypted when the player has a device with keys. A message whose key has not come
//! is said once in its room, and answered when the key arrives.

mod card_texts;
mod client;
mod command;
mod commands;
mod config;
mod crypto;
mod dispatched;
mod history;
mod ids;
mod lease;
mod log;
mod pictures;
mod player_time;
mod power;
mod publish;
mod ratings;
mod reference;
mod render;
mod replays;
mod requests;
mod teaching;

use std::{collections::HashSet, sync::Arc, time::Duration};

use anyhow::Context as _;
use tokio::sync::Mutex;
use vliv_engine::Text;

pub use client::{Client, Credentials, MatrixError, Message};
pub use command::{parse, Command, MySetting, Setting, PREFIX};
pub use config::MatrixConfig;
pub use power::is_moderator;

use client::SyncResponse;
use commands::{Origin, Reply, Stop};
use crypto::{Crypto, Undecrypted};
use ruma::{
    api::client::sync::sync_events::v3::{JoinedRoom, State},
    events::{
        room::message::{MessageType, OriginalSyncRoomMessageEvent, Relation},
        AnySyncMessageLikeEvent, AnySyncStateEvent, AnySyncTimelineEvent, SyncMessageLikeEvent,
    },
    RoomId,
};
use vliv_service::i18n::tr;
use vliv_service::{
    dispatch::Dispatcher,
    service::{Platform, Service},
};

pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// How long one `/sync` waits for news.
const SYNC_WAIT: Duration = Duration::from_secs(30);
/// The pause after a failed `/sync` or database call.
const RETRY_SLEEP: Duration = Duration::from_secs(2);

/// The front end: the homeserver client and the service.
pub struct Matrix {
    client: Client,
    service: Arc<Service>,
    crypto: Arc<Crypto>,
    /// Encrypted rooms already told this run that the bot cannot read a message yet.
    warned: Mutex<HashSet<String>>,
    /// Whether this process is the one of a fleet that reads the account now.
    lease: Arc<lease::Lease>,
}

/// Logs in and serves the rooms until stopped; once logged in, the front end registers
/// with `dispatcher`, whose sweep hands it the Matrix games' deadlines and notices.
pub async fn run(
    service: Arc<Service>,
    config: &MatrixConfig,
    credentials: Credentials,
    dispatcher: Arc<Dispatcher>,
) -> anyhow::Result<()> {
    let client = Client::login(&config.homeserver, &config.user_id, &credentials)
        .await
        .context("cannot log in to the Matrix homeserver")?;
    tracing::info!(user = %client.user_id, "Matrix accepted the login");
    // A standby of a fleet touches nothing of the account (its keys, its rooms, the
    // sweep's Matrix games) until it holds the account's lease.
    let lease = lease::Lease::start(service.clone(), &client.user_id).await;
    lease.wait_serving().await;
    let crypto = Crypto::open(&client, &config.crypto_store_dir())
        .await
        .context("cannot open the Matrix encryption store")?;
    let password = match &credentials {
        Credentials::Password(password) => Some(password.as_str()),
        Credentials::AccessToken(_) => None,
    };
    if let Err(e) = crypto.cross_sign(&client, password).await {
        tracing::warn!(error = %e, "the bot's device was not cross-signed");
    }
    let client = client.with_encryption(crypto.clone());
    let matrix = Arc::new(Matrix {
        client,
        service,
        crypto,
        warned: Mutex::default(),
        lease,
    });
    dispatcher.register(matrix.clone());
    matrix.sync_forever().await;
    Ok(())
}

impl Matrix {
    async fn sync_forever(&self) {
        let account = self.client.user_id.clone();
        let mut since = self.stored_position(&account).await;
        loop {
            if !self.lease.serving() {
                // Another process reads the account; when this one takes over, it goes
                // on from where that one stored it had got to.
                self.lease.wait_serving().await;
                since = self.stored_position(&account).await;
            }
            let wait = match since {
                Some(_) => SYNC_WAIT,
                None => Duration::ZERO,
            };
            let batch = match self.client.sync(since.as_deref(), wait).await {
                Ok(batch) => batch,
                Err(e) => {
                    tracing::warn!(error = %e, "sync failed; retrying");
                    tokio::time::sleep(RETRY_SLEEP).await;
                    continue;
                }
            };
            if !self.lease.serving() {
                // Lost meanwhile: the holder reads this batch.
                continue;
            }
            // Keys first: a command's room key comes beside it, as a to-device event.
            if self.crypto.receive(&self.client, &batch).await {
                for (room, event) in self.crypto.decrypt_waiting().await {
                    if let Ok(event) = event.deserialize() {
                        self.on_timeline(room.as_str(), &[event]).await;
                    }
                }
            }
            // The first sync ever returns the rooms' history: commands from before the bot
            // ran are not answered.
            self.on_batch(&batch, since.is_none()).await;
            if !self.lease.serving() {
                // Lost while answering: the answered commands are marked so, and the next
                // holder reads the batch again from the stored position.
                continue;
            }
            while let Err(e) = self
                .service
                .set_stream_position(&account, &batch.next_batch)
                .await
            {
                tracing::warn!(error = %e, "sync position not stored; retrying");
                tokio::time::sleep(RETRY_SLEEP).await;
            }
            since = Some(batch.next_batch);
        }
    }

    /// Where this account's reading had got to (`None`: never read).
    async fn stored_position(&self, account: &str) -> Option<String> {
        loop {
            match self.service.stream_position(account).await {
                Ok(since) => return since,
                Err(e) => {
                    tracing::warn!(error = %e, "sync position not read; retrying");
                    tokio::time::sleep(RETRY_SLEEP).await;
                }
            }
        }
    }

    async fn on_batch(&self, batch: &SyncResponse, history: bool) {
        for room in batch.rooms.invite.keys() {
            match self.client.join(room.as_str()).await {
                Ok(()) => tracing::info!("joined a room on invitation"),
                Err(e) => tracing::warn!(error = %e, "invitation not accepted"),
            }
        }
        for (room, joined) in &batch.rooms.join {
            self.on_room(room.as_str(), joined, history).await;
        }
    }

    async fn on_room(&self, room: &str, joined: &JoinedRoom, history: bool) {
        let Ok(room_id) = RoomId::parse(room) else {
            return;
        };
        let state_encrypted = match &joined.state {
            State::Before(state) | State::After(state) => state
                .events
                .iter()
                .any(|e| matches!(e.deserialize(), Ok(AnySyncStateEvent::RoomEncryption(_)))),
            _ => false,
        };
        let mut timeline = Vec::new();
        let mut undecrypted = false;
        for raw in &joined.timeline.events {
            let Ok(event) = raw.deserialize() else {
                continue;
            };
            if let AnySyncTimelineEvent::State(AnySyncStateEvent::RoomEncryption(_)) = event {
                // Turned on mid-game: what the bot sends next is encrypted.
                self.crypto.note_encrypted(&room_id);
            }
            let AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomEncrypted(
                encrypted,
            )) = &event
            else {
                timeline.push(event);
                continue;
            };
            // The bot's own, and the history it was not there for, stay unread.
            if history || encrypted.sender().as_str() == self.client.user_id {
                continue;
            }
            match self.crypto.decrypt(&room_id, raw).await {
                Ok(clear) => match clear.deserialize() {
                    Ok(clear) => timeline.push(clear),
                    Err(e) => tracing::info!(error = %e, "a decrypted event was not understood"),
                },
                Err(Undecrypted::NoKeyYet) => undecrypted = true,
                Err(Undecrypted::Failed(e)) => {
                    tracing::info!(error = %e, "an encrypted event was not decrypted")
                }
            }
        }
        if state_encrypted {
            self.crypto.note_encrypted(&room_id);
        }
        if undecrypted {
            self.cannot_read_yet(room).await;
        }
        if history {
            return;
        }
        self.on_timeline(room, &timeline).await;
    }

    /// The commands among a room's (clear) events, in order.
    async fn on_timeline(&self, room: &str, timeline: &[AnySyncTimelineEvent]) {
        for event in timeline {
            let AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomMessage(
                SyncMessageLikeEvent::Original(message),
            )) = event
            else {
                continue;
            };
            if message.sender.as_str() == self.client.user_id {
                continue;
            }
            // An edit's command was read when it was first sent.
            if matches!(message.content.relates_to, Some(Relation::Replacement(_))) {
                continue;
            }
            if let MessageType::Text(text) = &message.content.msgtype {
                self.on_message(room, message, &text.body).await;
            }
        }
    }

    /// Says once per run in an encrypted room that a message there cannot be read yet (its
    /// key has not come): the sender knows why no answer came, and that one will.
    async fn cannot_read_yet(&self, room: &str) {
        if !self.warned.lock().await.insert(room.to_owned()) {
            return;
        }
        let lang = match self.service.known_identity(Platform::Matrix, room).await {
            Ok(Some(id)) => self.room_lang(id).await,
            // A room the bot never stored: the configured default language.
            _ => self.room_lang(0).await,
        };
        let text = tr(lang, &Text::new("matrix-cannot-decrypt-yet"), &|s| {
            lang.seat_name(s)
        });
        let reader = vliv_service::render::Reader::new(lang, &[], self.service.now_ms());
        let message = render::reply(&text, &reader, &Default::default());
        if let Err(e) = self.client.send(room, &ids::fresh_txn(), &message).await {
            tracing::warn!(error = %e, "an unreadable message was not said");
        }
    }

    async fn on_message(&self, room_id: &str, event: &OriginalSyncRoomMessageEvent, text: &str) {
        let trimmed = text.trim();
        let maybe_command = trimmed
            .get(..PREFIX.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(PREFIX))
            || (!trimmed.is_empty() && trimmed.bytes().all(|b| b.is_ascii_digit()));
        if !maybe_command {
            return;
        }
        match self.on_command(room_id, event, trimmed).await {
            Ok(()) => {}
            Err(e) => tracing::warn!(error = %e, "a command was not answered"),
        }
    }

    async fn on_command(
        &self,
        room_id: &str,
        event: &OriginalSyncRoomMessageEvent,
        text: &str,
    ) -> Result<(), Error> {
        let service = &self.service;
        let (event_id, sender) = (event.event_id.as_str(), event.sender.as_str());
        let entry = service.inbox_entry(Platform::Matrix, event_id).await?;
        if entry.as_ref().is_some_and(|e| e.answered) {
            return Ok(());
        }
        let room = service.identity(Platform::Matrix, room_id).await?;
        let user = service.identity(Platform::Matrix, sender).await?;
        let direct = service.direct_room(user).await? == Some(room);
        let Some(command) = parse(text, direct) else {
            return Ok(());
        };
        let origin = Origin {
            user,
            mxid: sender.to_owned(),
            room,
            room_id: room_id.to_owned(),
            direct,
            event: event_id.to_owned(),
        };
        tracing::info!(room, user, command = command_name(&command), "command");
        let answer = match self.execute(&origin, command).await {
            Ok(reply) => reply,
            Err(Stop::Refused(text)) => Reply::Text(text),
            Err(Stop::Failed(e)) => {
                tracing::warn!(room, user, error = %e, "command failed");
                Reply::Text(Text::new("matrix-failed"))
            }
        };
        // Read after the command: a change of the room's language answers in the new one,
        // and in the sender's DM room a change of their own.
        let lang = match direct {
            true => self.player_lang(user, room).await,
            false => self.room_lang(room).await,
        };
        // The sender reads their answer in their own zone (a changed one at once).
        let reader = publish::player_reader(&self.service, Some(user), room, lang).await?;
        let message = match answer {
            Reply::Text(answer) => {
                let answer = tr(lang, &answer, &|s| lang.seat_name(s));
                let who = publish::mentions(&self.service, &[&answer]).await?;
                render::reply(&answer, &reader, &who)
            }
            Reply::Spec(spec) => publish::to_message(&self.service, &spec, &reader).await?,
        };
        // The same command always answers under the same transaction id: read again after
        // a restart, the homeserver sends its answer once.
        let txn = format!("answer-{event_id}");
        self.client
            .send_reply(room_id, &txn, event_id, &message)
            .await?;
        service.receive(Platform::Matrix, event_id, None).await?;
        service.mark_answered(Platform::Matrix, event_id).await?;
        Ok(())
    }
}

/// A command's name for the log (never its arguments: a typed choice may name a card).
fn command_name(command: &Command) -> &'static str {
    match command {
        Command::New { .. } => "new",
        Command::Join => "join",
        Command::AddAi(_) => "ai",
        Command::Start => "start",
        Command::Play(_) => "play",
        Command::Hand => "hand",
        Command::Leave { .. } => "leave",
        Command::Status => "status",
        Command::Concede => "concede",
        Command::Draw => "draw",
        Command::Abandon { .. } => "abandon",
        Command::Rematch => "rematch",
        Command::History(_) => "history",
        Command::MyGames => "list",
        Command::Log => "log",
        Command::Web => "web",
        Command::CardTexts => "cards",
        Command::Hint => "hint",
        Command::Review { .. } => "review",
        Command::Substitute { .. } => "substitute",
        Command::Help => "help",
        Command::Settings(_) => "settings",
        Command::Me(_) => "me",
        Command::Vacation(_) => "vacation",
        Command::Back(_) => "back",
        Command::Card { .. } => "card",
        Command::Rules(_) => "rules",
        Command::Replay { .. } => "replay",
        Command::Export(_) => "export",
        Command::Leaderboard { .. } => "leaderboard",
        Command::Stats { .. } => "stats",
        Command::Score { .. } => "score",
        Command::Unknown(_) => "unknown",
    }
}
