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

mod budget;
mod card_texts;
mod client;
mod command;
mod commands;
mod config;
mod crypto;
mod dispatched;
mod fault;
mod history;
mod ids;
mod invitations;
mod lease;
mod log;
mod members;
mod pictures;
mod player_time;
mod power;
mod preferences;
mod publish;
mod ratings;
mod reference;
mod render;
mod replays;
mod requests;
mod spectate;
mod status_cooldown;
mod teaching;

use std::{collections::HashSet, sync::Arc, time::Duration};
use vliv_service::service::{ChannelId, GuildId};

use anyhow::Context as _;
use tokio::sync::{watch, Mutex};
use vliv_engine::Text;

pub use client::{Client, Credentials, MatrixError, Message};
pub use command::{parse, Command, MySetting, Setting, PREFIX};
pub use config::MatrixConfig;
pub use power::is_moderator;

use client::SyncResponse;
use commands::{Origin, Reply, Stop};
use crypto::{Crypto, Undecrypted};
use ruma::{
    api::client::sync::sync_events::v3::{InvitedRoom, JoinedRoom, State},
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
/// How many times a batch whose commands could not all be answered (the database did not
/// answer) is read again before the position moves past it anyway: about a minute of
/// outage, after which a command that still fails is not allowed to hold up the account.
const BATCH_RETRIES: u32 = 30;

/// The front end: the homeserver client and the service.
pub struct Matrix {
    client: Client,
    service: Arc<Service>,
    crypto: Arc<Crypto>,
    /// Encrypted rooms already told this run that the bot cannot read a message yet.
    warned: Mutex<HashSet<String>>,
    /// Whether this process is the one of a fleet that reads the account now.
    lease: Arc<lease::Lease>,
    /// Turns `true` when the process is asked to stop (SIGTERM): the command in hand is
    /// finished, no other is started.
    stop: watch::Receiver<bool>,
    /// Each sender's command budget.
    budgets: budget::Budgets,
    /// The rooms joined on invitation, against their caps.
    invitations: invitations::Invitations,
    /// When each room's table was last posted again by `!vliv status`.
    statuses: status_cooldown::Recent,
}

/// Logs in and serves the rooms until `stop` turns `true`; then it finishes the command in
/// hand and returns. Once logged in, the front end registers with `dispatcher`, whose sweep
/// hands it the Matrix games' deadlines and notices.
pub async fn run(
    service: Arc<Service>,
    config: &MatrixConfig,
    credentials: Credentials,
    dispatcher: Arc<Dispatcher>,
    mut stop: watch::Receiver<bool>,
) -> anyhow::Result<()> {
    let client = Client::login(&config.homeserver, &config.user_id, &credentials)
        .await
        .context("cannot log in to the Matrix homeserver")?;
    tracing::info!(user = %client.user_id, "Matrix accepted the login");
    // A standby of a fleet touches nothing of the account (its keys, its rooms, the
    // sweep's Matrix games) until it holds the account's lease.
    let lease = lease::Lease::start(service.clone(), &client.user_id).await;
    tokio::select! {
        () = lease.wait_serving() => {}
        _ = stop.wait_for(|stop| *stop) => return Ok(()),
    }
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
        stop,
        budgets: {
            let (burst, every) = config.command_budget();
            budget::Budgets::new(burst, every)
        },
        invitations: invitations::Invitations::new(config.room_caps()),
        statuses: status_cooldown::Recent::new(status_cooldown::WINDOW),
    });
    dispatcher.register(matrix.clone());
    matrix.sync_until_stopped().await;
    tracing::info!("the Matrix front end stopped");
    Ok(())
}

impl Matrix {
    /// Whether the process was asked to stop.
    fn stopping(&self) -> bool {
        *self.stop.borrow()
    }

    async fn sync_until_stopped(&self) {
        let account = self.client.user_id.clone();
        let mut since = self.stored_position(&account).await;
        let mut stop = self.stop.clone();
        // Readings in a row of a batch with a command left unanswered.
        let mut retries = 0;
        loop {
            if self.stopping() {
                return;
            }
            if !self.lease.serving() {
                // Another process reads the account; when this one takes over, it goes
                // on from where that one stored it had got to.
                tokio::select! {
                    () = self.lease.wait_serving() => {}
                    _ = stop.wait_for(|stop| *stop) => return,
                }
                since = self.stored_position(&account).await;
            }
            let wait = match since {
                Some(_) => SYNC_WAIT,
                None => Duration::ZERO,
            };
            // A stop ends the wait for news at once: nothing of it was read yet.
            let batch = tokio::select! {
                batch = self.client.sync(since.as_deref(), wait) => batch,
                _ = stop.wait_for(|stop| *stop) => return,
            };
            let batch = match batch {
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
                        self.run_commands(&[(room.as_str(), event)]).await;
                    }
                }
            }
            // The first sync ever returns the rooms' history: commands from before the bot
            // ran are not answered.
            let all_answered = self.on_batch(&batch, since.is_none()).await;
            if self.stopping() {
                // Stopped part-way: the position stays before this batch, so the next start
                // reads it again; what was answered is marked so and not run twice.
                return;
            }
            if !self.lease.serving() {
                // Lost while answering: the answered commands are marked so, and the next
                // holder reads the batch again from the stored position.
                continue;
            }
            if !all_answered && retries < BATCH_RETRIES {
                // A command failed before its answer (the database did not answer): the
                // position stays, and the batch is read again; the commands answered
                // meanwhile are marked so and not run twice. Moving on would drop the
                // command unanswered.
                retries += 1;
                tokio::time::sleep(RETRY_SLEEP).await;
                continue;
            }
            if !all_answered {
                tracing::warn!("a batch's commands still fail; the reading moves on");
            }
            retries = 0;
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

    /// Whether every command of the batch was answered (or needs no answer).
    async fn on_batch(&self, batch: &SyncResponse, history: bool) -> bool {
        for (room, invited) in &batch.rooms.invite {
            self.on_invitation(room, invited).await;
        }
        // The batch lists its rooms by id; the commands run in the order they were sent,
        // across rooms (a leader's move in their DM room before the follower's answer in
        // the table's room). The sort is stable: a room's own events keep their order.
        let mut events = Vec::new();
        for (room, joined) in &batch.rooms.join {
            for event in self.on_room(room.as_str(), joined, history).await {
                events.push((room.as_str(), event));
            }
        }
        events.sort_by_key(|(_, event)| event.origin_server_ts());
        self.run_commands(&events).await
    }

    /// A room's clear timeline events of this batch (decrypted where they were encrypted);
    /// none for the history the bot was not there for.
    async fn on_room(
        &self,
        room: &str,
        joined: &JoinedRoom,
        history: bool,
    ) -> Vec<AnySyncTimelineEvent> {
        let Ok(room_id) = RoomId::parse(room) else {
            return Vec::new();
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
            return Vec::new();
        }
        timeline
    }

    /// Runs the commands among `events` (clear events, each with its room) in order, a
    /// sender's burst after the others' first few. Every sender's budget is settled for all
    /// of them first: a flood read in one batch is cut to its sender's budget at once, not
    /// as the commands before it are worked through. Whether each was answered (or needs
    /// none).
    async fn run_commands(&self, events: &[(&str, AnySyncTimelineEvent)]) -> bool {
        let mut budgeted = Vec::new();
        for (room, event) in events {
            let Some((message, text)) = self.command_of(event) else {
                continue;
            };
            // Before any database work: a flood costs the bot next to nothing.
            match self.budgets.check(message.sender.as_str()) {
                budget::Verdict::Go => {
                    budgeted.push((message.sender.to_string(), (*room, message, text)))
                }
                budget::Verdict::Drop => {}
                budget::Verdict::Tell(secs) => self.tell_to_wait(room, message, secs).await,
            }
        }
        let budgeted = budget::fair_order(budgeted);
        let mut all_answered = true;
        for (room, message, text) in budgeted {
            if self.stopping() {
                return false;
            }
            if let Err(e) = self.on_command(room, message, text).await {
                tracing::warn!(error = %e, "a command was not answered");
                all_answered = false;
            }
        }
        all_answered
    }

    /// A message that may be a command for the bot: the event and its trimmed text.
    fn command_of<'a>(
        &self,
        event: &'a AnySyncTimelineEvent,
    ) -> Option<(&'a OriginalSyncRoomMessageEvent, &'a str)> {
        let AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomMessage(
            SyncMessageLikeEvent::Original(message),
        )) = event
        else {
            return None;
        };
        if message.sender.as_str() == self.client.user_id {
            return None;
        }
        // An edit's command was read when it was first sent.
        if matches!(message.content.relates_to, Some(Relation::Replacement(_))) {
            return None;
        }
        let MessageType::Text(text) = &message.content.msgtype else {
            return None;
        };
        let trimmed = text.body.trim();
        let maybe_command = trimmed
            .get(..PREFIX.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(PREFIX))
            || (!trimmed.is_empty() && trimmed.bytes().all(|b| b.is_ascii_digit()));
        maybe_command.then_some((message, trimmed))
    }

    /// Joins a room it is invited to, or declines within the caps.
    async fn on_invitation(&self, room: &ruma::OwnedRoomId, invited: &InvitedRoom) {
        let inviter = invitations::inviter(invited, &self.client.user_id);
        let rooms = match invitations::joined_count(&self.client).await {
            Ok(rooms) => rooms,
            Err(e) => {
                tracing::warn!(error = %e, "rooms not counted; the invitation waits");
                return;
            }
        };
        match self.invitations.decide(inviter.as_deref(), rooms) {
            invitations::Decision::Join => match self.client.join(room.as_str()).await {
                Ok(()) => {
                    self.invitations.joined(inviter.as_deref());
                    tracing::info!("joined a room on invitation");
                }
                Err(e) => tracing::warn!(error = %e, "invitation not accepted"),
            },
            invitations::Decision::Decline(why) => {
                // No room's language yet: the configured default's.
                let lang = self.room_lang(ChannelId(0)).await;
                let reason = tr(lang, &why, &|s| lang.seat_name(s));
                match invitations::decline(&self.client, room.clone(), reason).await {
                    Ok(()) => tracing::info!(rooms, "an invitation declined: over a cap"),
                    Err(e) => tracing::warn!(error = %e, "invitation not declined"),
                }
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
            _ => self.room_lang(ChannelId(0)).await,
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

    /// A sender over their budget is told once to wait (the words of Discord's cooldowns).
    async fn tell_to_wait(&self, room: &str, event: &OriginalSyncRoomMessageEvent, secs: u64) {
        tracing::info!(secs, "a sender over their command budget was told to wait");
        let lang = match self.service.known_identity(Platform::Matrix, room).await {
            Ok(Some(id)) => self.room_lang(id).await,
            _ => self.room_lang(ChannelId(0)).await,
        };
        let text = Text::new("err-cooldown").arg("secs", secs as i64);
        let text = tr(lang, &text, &|s| lang.seat_name(s));
        let reader = vliv_service::render::Reader::new(lang, &[], self.service.now_ms());
        let message = render::reply(&text, &reader, &Default::default());
        let (event_id, txn) = (event.event_id.as_str(), format!("wait-{}", event.event_id));
        if let Err(e) = self.client.send_reply(room, &txn, event_id, &message).await {
            tracing::warn!(error = %e, "a sender over budget was not told to wait");
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
        let (name, began) = (command_name(&command), std::time::Instant::now());
        tracing::info!(%room, %user, command = name, "command");
        let answer = match self.execute(&origin, command).await {
            Ok(reply) => reply,
            Err(Stop::Refused(text)) => Reply::Text(text),
            Err(Stop::Failed(e)) => {
                tracing::warn!(%room, %user, error = %e, "command failed");
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
        let reader = publish::player_reader(
            &self.client,
            &self.service,
            Some(user),
            GuildId::of_room(room),
            lang,
        )
        .await?;
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
        // Carried out, published and answered: how long it took (the encryption bench
        // reads it).
        let ms = began.elapsed().as_millis() as u64;
        tracing::info!(%room, command = name, ms, "answered");
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
        Command::Prefs { .. } => "prefs",
        Command::Vacation(_) => "vacation",
        Command::Back(_) => "back",
        Command::Card { .. } => "card",
        Command::Rules(_) => "rules",
        Command::Replay { .. } => "replay",
        Command::Export(_) => "export",
        Command::Leaderboard { .. } => "leaderboard",
        Command::Stats { .. } => "stats",
        Command::Score { .. } => "score",
        Command::Watch => "watch",
        Command::Unwatch => "unwatch",
        Command::Unknown(_) => "unknown",
    }
}
