//! End-to-end encryption: the matrix-rust-sdk's Olm/Megolm state machine (`OlmMachine`) fed
//! from the bot's own `/sync` loop, its requests (keys upload, query and claim, to-device
//! messages, signatures) sent through the bot's client. Rooms that turned encryption on get
//! every message of the bot encrypted for their members' devices; their members' messages
//! are decrypted before a command is read from them. Keys, sessions and devices live in a
//! SQLite store on disk, one per account and device, so a restart reads what it read before.

use std::{
    collections::{HashMap, HashSet},
    path::{Path, PathBuf},
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use futures::future::BoxFuture;
use matrix_sdk_crypto::{
    types::requests::{AnyIncomingResponse, AnyOutgoingRequest, OutgoingRequest},
    DecryptionSettings, EncryptionSettings, EncryptionSyncChanges, MegolmError, OlmMachine,
    TrustRequirement,
};
use matrix_sdk_sqlite::SqliteCryptoStore;
use ruma::{
    api::client::{
        keys::{get_keys, upload_signing_keys},
        membership::get_member_events,
        message::send_message_event,
        state::get_state_event_for_key,
        to_device::send_event_to_device,
    },
    events::{
        room::member::MembershipState, AnyMessageLikeEventContent, AnySyncTimelineEvent,
        StateEventType,
    },
    serde::Raw,
    OwnedRoomId, OwnedUserId, RoomId, TransactionId, UserId,
};
use tokio::sync::Mutex as AsyncMutex;

use super::client::{Client, Encryption, MatrixError, MatrixResult, SyncResponse};

/// How long an event that could not be decrypted waits for its key before it is dropped.
const KEY_WAIT: Duration = Duration::from_secs(600);

/// The bot's device's encryption state and what it learnt of the rooms this run.
pub struct Crypto {
    machine: OlmMachine,
    /// Rooms known to be encrypted (`true`) or not, read once per run.
    rooms: Mutex<HashMap<OwnedRoomId, bool>>,
    /// One sender of the machine's own requests at a time: two would send a key query twice.
    outgoing: AsyncMutex<()>,
    /// One room key shared at a time: two sends into a new session would make two.
    sharing: AsyncMutex<()>,
    /// Encrypted events whose key had not come yet, tried again when keys arrive.
    waiting: Mutex<Vec<Waiting>>,
}

struct Waiting {
    room: OwnedRoomId,
    event: Raw<AnySyncTimelineEvent>,
    since: Instant,
}

/// Why an event was not decrypted.
#[derive(Debug)]
pub enum Undecrypted {
    /// Its room key has not reached the bot (yet): kept to be tried again.
    NoKeyYet,
    /// Anything else (a broken event, a store failure): dropped.
    Failed(String),
}

/// Where the crypto store of `user`'s `device` lives under the configured directory: one
/// folder per account and device (a new login is a new device with new keys).
pub fn store_path(dir: &Path, user: &str, device: &str) -> PathBuf {
    let safe = |s: &str| -> String {
        s.chars()
            .map(|c| match c.is_ascii_alphanumeric() || "-_.=".contains(c) {
                true => c,
                false => '_',
            })
            .collect::<String>()
            // Never `..` or a hidden name.
            .replacen('.', "_", usize::from(s.starts_with('.')))
    };
    dir.join(safe(user.trim_start_matches('@')))
        .join(safe(device))
}

impl Crypto {
    /// Opens (or makes) the store for the client's account and device and uploads the
    /// device's keys if the homeserver does not have them yet.
    pub async fn open(client: &Client, dir: &Path) -> anyhow::Result<Arc<Crypto>> {
        let device = client
            .device_id
            .clone()
            .ok_or_else(|| anyhow::anyhow!("the homeserver named no device for the bot"))?;
        let path = store_path(dir, &client.user_id, &device);
        let store = SqliteCryptoStore::open(&path, None)
            .await
            .map_err(|e| anyhow::anyhow!("crypto store at {}: {e}", path.display()))?;
        let user = UserId::parse(client.user_id.as_str())?;
        let machine = OlmMachine::with_store(&user, device.as_str().into(), store, None)
            .await
            .map_err(|e| anyhow::anyhow!("crypto store at {}: {e}", path.display()))?;
        tracing::info!(store = %path.display(), "end-to-end encryption ready");
        let crypto = Arc::new(Crypto {
            machine,
            rooms: Mutex::default(),
            outgoing: AsyncMutex::new(()),
            sharing: AsyncMutex::new(()),
            waiting: Mutex::default(),
        });
        crypto.send_outgoing(client).await?;
        Ok(crypto)
    }

    /// Feeds one `/sync` batch's to-device events, device-list changes and key counts to
    /// the machine and sends what it asks for; notes the rooms that turned encryption on.
    /// Returns whether new room keys came (events waiting for one may now decrypt).
    pub async fn receive(&self, client: &Client, batch: &SyncResponse) -> bool {
        let changes = EncryptionSyncChanges {
            to_device_events: batch.to_device.events.clone(),
            changed_devices: &batch.device_lists,
            one_time_keys_counts: &batch.device_one_time_keys_count,
            unused_fallback_keys: batch.device_unused_fallback_key_types.as_deref(),
            next_batch_token: Some(batch.next_batch.clone()),
        };
        let keys = match self
            .machine
            .receive_sync_changes(changes, &decryption_settings())
            .await
        {
            Ok((_, keys)) => !keys.is_empty(),
            Err(e) => {
                tracing::warn!(error = %e, "encryption changes of a sync not read");
                false
            }
        };
        if let Err(e) = self.send_outgoing(client).await {
            tracing::warn!(error = %e, "encryption requests not sent");
        }
        keys
    }

    /// Remembers that `room` is encrypted (its `m.room.encryption` was seen).
    pub fn note_encrypted(&self, room: &RoomId) {
        self.rooms
            .lock()
            .expect("rooms lock")
            .insert(room.to_owned(), true);
    }

    /// The clear event behind an `m.room.encrypted` one, as a sync event.
    pub async fn decrypt(
        &self,
        room: &RoomId,
        event: &Raw<AnySyncTimelineEvent>,
    ) -> Result<Raw<AnySyncTimelineEvent>, Undecrypted> {
        let encrypted = event.cast_ref_unchecked();
        match self
            .machine
            .decrypt_room_event(encrypted, room, &decryption_settings())
            .await
        {
            Ok(clear) => Ok(clear.event.cast_unchecked()),
            Err(MegolmError::MissingRoomKey(_)) => {
                self.waiting.lock().expect("waiting lock").push(Waiting {
                    room: room.to_owned(),
                    event: event.clone(),
                    since: Instant::now(),
                });
                Err(Undecrypted::NoKeyYet)
            }
            Err(e) => Err(Undecrypted::Failed(e.to_string())),
        }
    }

    /// The waiting events that decrypt now, each with its room, oldest first; those that
    /// still cannot wait on (until [`KEY_WAIT`] has passed).
    pub async fn decrypt_waiting(&self) -> Vec<(OwnedRoomId, Raw<AnySyncTimelineEvent>)> {
        let waiting = std::mem::take(&mut *self.waiting.lock().expect("waiting lock"));
        let mut clear = Vec::new();
        let mut still = Vec::new();
        for w in waiting {
            match self
                .machine
                .decrypt_room_event(
                    w.event.cast_ref_unchecked(),
                    &w.room,
                    &decryption_settings(),
                )
                .await
            {
                Ok(event) => clear.push((w.room, event.event.cast_unchecked())),
                Err(MegolmError::MissingRoomKey(_)) if w.since.elapsed() < KEY_WAIT => {
                    still.push(w)
                }
                Err(e) => tracing::info!(error = %e, "an encrypted event was given up"),
            }
        }
        self.waiting.lock().expect("waiting lock").extend(still);
        clear
    }

    /// Gives the bot's account cross-signing keys, if the homeserver has none, and signs
    /// the bot's device with them: clients that share room keys only with devices their
    /// owner verified (MSC4153) then share them with the bot. A homeserver may ask for the
    /// account's password (user-interactive auth); Synapse does not for a first upload.
    pub async fn cross_sign(&self, client: &Client, password: Option<&str>) -> MatrixResult<()> {
        let me = UserId::parse(client.user_id.as_str())
            .map_err(|_| MatrixError::BadId(client.user_id.clone()))?;
        let mut query = get_keys::v3::Request::new();
        query.device_keys.insert(me.clone(), Vec::new());
        let published = client.call("keys/query", query).await?;
        if published.master_keys.contains_key(&me) {
            let status = self.machine.cross_signing_status().await;
            if !status.has_self_signing {
                tracing::warn!(
                    "the account has cross-signing keys this device does not hold: \
                     the bot's device stays unsigned"
                );
            }
            return Ok(());
        }
        let requests = self
            .machine
            .bootstrap_cross_signing(false)
            .await
            .map_err(store_error)?;
        if let Some(upload) = &requests.upload_keys_req {
            self.send_one(client, upload).await?;
        }
        let keys = &requests.upload_signing_keys_req;
        let json = |k: &Option<_>| serde_json::to_value(k).unwrap_or_default();
        let mut body = serde_json::json!({
            "master_key": json(&keys.master_key),
            "self_signing_key": json(&keys.self_signing_key),
            "user_signing_key": json(&keys.user_signing_key),
        });
        let (mut status, answer) = client
            .post_json("keys/device_signing/upload", &body)
            .await?;
        if status == 401 {
            let Some(password) = password else {
                tracing::warn!(
                    "the homeserver asks for the password to publish cross-signing keys: \
                     set MATRIX_PASSWORD; the bot's device stays unsigned"
                );
                return Ok(());
            };
            body["auth"] = serde_json::json!({
                "type": "m.login.password",
                "identifier": {"type": "m.id.user", "user": client.user_id},
                "password": password,
                "session": answer["session"],
            });
            status = client
                .post_json("keys/device_signing/upload", &body)
                .await?
                .0;
        }
        if status != 200 {
            return Err(MatrixError::Refused {
                what: "keys/device_signing/upload",
                status,
                errcode: String::new(),
            });
        }
        let uploaded = upload_signing_keys::v3::Response::new();
        self.machine
            .mark_request_as_sent(
                &TransactionId::new(),
                AnyIncomingResponse::SigningKeysUpload(&uploaded),
            )
            .await
            .map_err(store_error)?;
        client
            .call("signatures/upload", requests.upload_signatures_req.clone())
            .await?;
        tracing::info!("cross-signing keys published, the bot's device signed");
        Ok(())
    }

    /// Sends every request the machine has queued and hands it the answers.
    async fn send_outgoing(&self, client: &Client) -> MatrixResult<()> {
        let _one = self.outgoing.lock().await;
        let requests = self
            .machine
            .outgoing_requests()
            .await
            .map_err(store_error)?;
        for request in requests {
            self.send_one(client, &request).await?;
        }
        Ok(())
    }

    /// Sends one request of the machine's and hands it the answer.
    async fn send_one(&self, client: &Client, request: &OutgoingRequest) -> MatrixResult<()> {
        // Owned: a borrowed id held across the sends would make the future not `Send`.
        let id = request.request_id().to_owned();
        let id = &id;
        let marked = match request.request() {
            AnyOutgoingRequest::KeysUpload(r) => {
                let answer = client.call("keys/upload", r.clone()).await?;
                self.machine.mark_request_as_sent(id, &answer).await
            }
            AnyOutgoingRequest::KeysQuery(r) => {
                let mut query = get_keys::v3::Request::new();
                query.device_keys = r.device_keys.clone();
                query.timeout = r.timeout;
                let answer = client.call("keys/query", query).await?;
                self.machine.mark_request_as_sent(id, &answer).await
            }
            AnyOutgoingRequest::KeysClaim(r) => {
                let answer = client.call("keys/claim", r.clone()).await?;
                self.machine.mark_request_as_sent(id, &answer).await
            }
            AnyOutgoingRequest::ToDeviceRequest(r) => {
                let answer = client.call("sendToDevice", to_device(r)).await?;
                self.machine.mark_request_as_sent(id, &answer).await
            }
            AnyOutgoingRequest::SignatureUpload(r) => {
                let answer = client.call("signatures/upload", r.clone()).await?;
                self.machine.mark_request_as_sent(id, &answer).await
            }
            AnyOutgoingRequest::RoomMessage(r) => {
                let send = send_message_event::v3::Request::new(
                    r.room_id.clone(),
                    r.txn_id.clone(),
                    &*r.content,
                )
                .map_err(|e| MatrixError::Request {
                    what: "send",
                    reason: e.to_string(),
                })?;
                let answer = client.call("send", send).await?;
                self.machine.mark_request_as_sent(id, &answer).await
            }
        };
        if let Err(e) = marked {
            tracing::warn!(error = %e, "an encryption answer was not taken");
        }
        Ok(())
    }

    /// Whether the bot must encrypt in `room`: known from the sync, else read from the
    /// room's state once.
    async fn is_encrypted(&self, client: &Client, room: &RoomId) -> MatrixResult<bool> {
        if let Some(&known) = self.rooms.lock().expect("rooms lock").get(room) {
            return Ok(known);
        }
        let request = get_state_event_for_key::v3::Request::new(
            room.to_owned(),
            StateEventType::RoomEncryption,
            String::new(),
        );
        let encrypted = match client.call("state", request).await {
            Ok(_) => true,
            Err(MatrixError::Refused { status: 404, .. }) => false,
            Err(e) => return Err(e),
        };
        let mut rooms = self.rooms.lock().expect("rooms lock");
        // A sync may have seen it turned on meanwhile.
        let known = rooms.entry(room.to_owned()).or_insert(encrypted);
        *known |= encrypted;
        Ok(*known)
    }

    /// The room's joined and invited members: who must be able to read what the bot sends
    /// (a DM room's player is invited when their first hand goes out).
    async fn readers(&self, client: &Client, room: &RoomId) -> MatrixResult<Vec<OwnedUserId>> {
        let request = get_member_events::v3::Request::new(room.to_owned());
        let members = client.call("members", request).await?;
        let mut readers = HashSet::new();
        for event in members.chunk {
            let Ok(event) = event.deserialize() else {
                continue;
            };
            if matches!(
                event.membership(),
                MembershipState::Join | MembershipState::Invite
            ) {
                if let Ok(user) = UserId::parse(event.state_key().as_str()) {
                    readers.insert(user);
                }
            }
        }
        Ok(readers.into_iter().collect())
    }

    /// Makes sure every device of the room's members holds the room key the next message
    /// is encrypted with: their devices are queried, Olm sessions claimed, the key sent.
    async fn share_key(&self, client: &Client, room: &RoomId) -> MatrixResult<()> {
        let readers = self.readers(client, room).await?;
        let readers: Vec<&UserId> = readers.iter().map(|u| u.as_ref()).collect();
        let _one = self.sharing.lock().await;
        self.machine
            .update_tracked_users(readers.clone())
            .await
            .map_err(store_error)?;
        // The new members' device lists first: a key can only go to a device the bot knows.
        self.send_outgoing(client).await?;
        if let Some((id, claim)) = self
            .machine
            .get_missing_sessions(readers.iter().copied())
            .await
            .map_err(store_error)?
        {
            let answer = client.call("keys/claim", claim).await?;
            if let Err(e) = self.machine.mark_request_as_sent(&id, &answer).await {
                tracing::warn!(error = %e, "claimed one-time keys not taken");
            }
        }
        let settings = EncryptionSettings::default();
        let shares = self
            .machine
            .share_room_key(room, readers.iter().copied(), settings)
            .await
            .map_err(|e| MatrixError::Encryption(e.to_string()))?;
        for share in shares {
            let answer = client.call("sendToDevice", to_device(&share)).await?;
            let txn = share.txn_id.clone();
            if let Err(e) = self.machine.mark_request_as_sent(&txn, &answer).await {
                tracing::warn!(error = %e, "a shared room key was not marked sent");
            }
        }
        Ok(())
    }

    /// Whether a new DM room with `user` is made encrypted: as Element decides, when any
    /// device of theirs has published keys.
    async fn user_has_keys(&self, client: &Client, user: &UserId) -> MatrixResult<bool> {
        let mut query = get_keys::v3::Request::new();
        query.device_keys.insert(user.to_owned(), Vec::new());
        let answer = client.call("keys/query", query).await?;
        Ok(answer
            .device_keys
            .get(user)
            .is_some_and(|devices| !devices.is_empty()))
    }
}

impl Encryption for Crypto {
    fn seal<'a>(
        &'a self,
        client: &'a Client,
        room: &'a RoomId,
        event_type: &'a str,
        content: Raw<AnyMessageLikeEventContent>,
    ) -> BoxFuture<'a, MatrixResult<Option<Raw<AnyMessageLikeEventContent>>>> {
        Box::pin(async move {
            if !self.is_encrypted(client, room).await? {
                return Ok(None);
            }
            self.share_key(client, room).await?;
            let sealed = self
                .machine
                .encrypt_room_event_raw(room, event_type, &content)
                .await
                .map_err(|e| MatrixError::Encryption(e.to_string()))?;
            Ok(Some(sealed.content.cast_unchecked()))
        })
    }

    fn is_encrypted<'a>(
        &'a self,
        client: &'a Client,
        room: &'a RoomId,
    ) -> BoxFuture<'a, MatrixResult<bool>> {
        Box::pin(Crypto::is_encrypted(self, client, room))
    }

    fn wants_encrypted_dm<'a>(
        &'a self,
        client: &'a Client,
        user: &'a UserId,
    ) -> BoxFuture<'a, MatrixResult<bool>> {
        Box::pin(self.user_has_keys(client, user))
    }

    fn made_encrypted(&self, room: &RoomId) {
        self.note_encrypted(room);
    }
}

/// A to-device request of the machine as the client-server API's.
fn to_device(
    r: &matrix_sdk_crypto::types::requests::ToDeviceRequest,
) -> send_event_to_device::v3::Request {
    send_event_to_device::v3::Request::new_raw(
        r.event_type.clone(),
        r.txn_id.clone(),
        r.messages.clone(),
    )
}

fn store_error(e: impl std::fmt::Display) -> MatrixError {
    MatrixError::Encryption(e.to_string())
}

/// The bot reads whoever sent a message: players' devices need not be verified.
fn decryption_settings() -> DecryptionSettings {
    DecryptionSettings {
        sender_device_trust_requirement: TrustRequirement::Untrusted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_account_and_device_has_its_own_store_folder() {
        let dir = Path::new("/data/matrix-crypto");
        let a = store_path(dir, "@vliv:example.org", "VLIVBOT");
        let b = store_path(dir, "@vliv:example.org", "OTHER");
        let c = store_path(dir, "@vliv2:example.org", "VLIVBOT");
        assert_eq!(a, Path::new("/data/matrix-crypto/vliv_example.org/VLIVBOT"));
        assert_ne!(a, b);
        assert_ne!(a, c);
        // A device id cannot climb out of the folder.
        let odd = store_path(dir, "@vliv:example.org", "../../etc");
        assert!(odd.starts_with(dir), "{odd:?}");
        assert!(!odd.to_string_lossy().contains("/../"), "{odd:?}");
    }
}
