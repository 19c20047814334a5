//! A player's client that encrypts as Element does, independent of the bot's code: its own
//! `OlmMachine` (in memory) for the player's device, fed from its own `/sync`, its requests
//! sent as plain HTTP. It sends commands encrypted into encrypted rooms and reads the bot's
//! messages by decrypting them, so a test sees what a player's Element would show. It shares
//! room keys only with cross-signed devices, as current clients do (MSC4153).

use std::{
    borrow::Cow,
    collections::BTreeSet,
    time::{Duration, Instant},
};

use std::io::Read as _;

use matrix_sdk_crypto::{
    types::requests::{AnyIncomingResponse, AnyOutgoingRequest},
    AttachmentDecryptor, CollectStrategy, DecryptionSettings, EncryptionSettings,
    EncryptionSyncChanges, OlmMachine, TrustRequirement,
};
use ruma::{
    api::{
        auth_scheme::{AuthScheme, SendAccessToken},
        client::{
            keys::{get_keys, upload_signing_keys},
            message::send_message_event,
            sync::sync_events,
            to_device::send_event_to_device,
        },
        error::Error as ApiError,
        path_builder::PathBuilder,
        IncomingResponse, MatrixVersion, OutgoingRequest, SupportedVersions,
    },
    events::{room::EncryptedFile, AnyMessageLikeEventContent, MessageLikeEventType},
    exports::http,
    serde::Raw,
    OwnedTransactionId, OwnedUserId, RoomId, TransactionId, UserId,
};
use serde_json::{json, Value};

use super::{seen, Seen, User, WAIT};

/// A message of the room as the player's client shows it, with the type it had on the wire.
#[derive(Clone, Debug)]
pub struct Shown {
    /// `m.room.encrypted` for what was encrypted, `m.room.message` for what was not.
    pub wire_type: String,
    pub seen: Seen,
    /// The event as the client holds it once decrypted.
    pub clear: Value,
}

/// The player's device with its keys.
pub struct E2ee {
    machine: OlmMachine,
    since: Option<String>,
}

impl E2ee {
    /// Makes the user's device keys and uploads them, as a client does at its first start.
    pub async fn new(user: &User) -> E2ee {
        let device = user.device_id().await;
        let id = UserId::parse(user.user_id.as_str()).unwrap();
        let machine = OlmMachine::new(&id, device.as_str().into()).await;
        let e2ee = E2ee {
            machine,
            since: None,
        };
        e2ee.send_outgoing(user).await;
        // Its own cross-signing identity, as Element sets up at first login (the sharing
        // strategy below needs the sender's too).
        let requests = e2ee.machine.bootstrap_cross_signing(false).await.unwrap();
        assert!(requests.upload_keys_req.is_none(), "device keys went first");
        let keys = &requests.upload_signing_keys_req;
        user.call(
            reqwest::Method::POST,
            &["keys", "device_signing", "upload"],
            &[],
            Some(json!({
                "master_key": keys.master_key,
                "self_signing_key": keys.self_signing_key,
                "user_signing_key": keys.user_signing_key,
            })),
        )
        .await;
        let uploaded = upload_signing_keys::v3::Response::new();
        e2ee.machine
            .mark_request_as_sent(
                &TransactionId::new(),
                AnyIncomingResponse::SigningKeysUpload(&uploaded),
            )
            .await
            .unwrap();
        call(user, requests.upload_signatures_req.clone()).await;
        e2ee
    }

    /// One `/sync`: to-device messages (room keys), device changes and key counts go to the
    /// machine, its requests are sent. Invitations are left to [`User::accept_invite`].
    pub async fn sync(&mut self, user: &User) {
        let mut request = sync_events::v3::Request::new();
        request.since = self.since.clone();
        request.timeout = Some(Duration::ZERO);
        let batch = call(user, request).await;
        self.machine
            .receive_sync_changes(
                EncryptionSyncChanges {
                    to_device_events: batch.to_device.events.clone(),
                    changed_devices: &batch.device_lists,
                    one_time_keys_counts: &batch.device_one_time_keys_count,
                    unused_fallback_keys: batch.device_unused_fallback_key_types.as_deref(),
                    next_batch_token: Some(batch.next_batch.clone()),
                },
                &settings(),
            )
            .await
            .expect("sync changes taken");
        self.since = Some(batch.next_batch);
        self.send_outgoing(user).await;
    }

    async fn send_outgoing(&self, user: &User) {
        for request in self.machine.outgoing_requests().await.unwrap() {
            let id = request.request_id();
            match request.request() {
                AnyOutgoingRequest::KeysUpload(r) => {
                    let answer = call(user, r.clone()).await;
                    self.machine.mark_request_as_sent(id, &answer).await
                }
                AnyOutgoingRequest::KeysQuery(r) => {
                    let mut query = get_keys::v3::Request::new();
                    query.device_keys = r.device_keys.clone();
                    let answer = call(user, query).await;
                    self.machine.mark_request_as_sent(id, &answer).await
                }
                AnyOutgoingRequest::KeysClaim(r) => {
                    let answer = call(user, r.clone()).await;
                    self.machine.mark_request_as_sent(id, &answer).await
                }
                AnyOutgoingRequest::ToDeviceRequest(r) => {
                    let answer = call(
                        user,
                        send_event_to_device::v3::Request::new_raw(
                            r.event_type.clone(),
                            r.txn_id.clone(),
                            r.messages.clone(),
                        ),
                    )
                    .await;
                    self.machine.mark_request_as_sent(id, &answer).await
                }
                AnyOutgoingRequest::SignatureUpload(r) => {
                    let answer = call(user, r.clone()).await;
                    self.machine.mark_request_as_sent(id, &answer).await
                }
                AnyOutgoingRequest::RoomMessage(_) => Ok(()),
            }
            .expect("an answer taken");
        }
    }

    /// Sends `text` into the encrypted `room`, as Element: the members' devices queried,
    /// Olm sessions claimed, the room key shared, the message encrypted. Its event id.
    pub async fn send(&mut self, user: &User, room: &str, text: &str) -> String {
        self.send_sharing(user, room, text, None).await
    }

    /// [`E2ee::send`] with the room key shared only with `readers` (all joined members
    /// when `None`): a message the others cannot decrypt.
    pub async fn send_sharing(
        &mut self,
        user: &User,
        room: &str,
        text: &str,
        readers: Option<&[&str]>,
    ) -> String {
        self.sync(user).await;
        let room_id = RoomId::parse(room).unwrap();
        let joined = user
            .call(
                reqwest::Method::GET,
                &["rooms", room, "joined_members"],
                &[],
                None,
            )
            .await;
        let members: Vec<OwnedUserId> = joined["joined"]
            .as_object()
            .unwrap()
            .keys()
            .filter(|u| readers.is_none_or(|r| r.contains(&u.as_str())))
            .map(|u| UserId::parse(u.as_str()).unwrap())
            .collect();
        self.machine
            .update_tracked_users(members.iter().map(|u| u.as_ref()))
            .await
            .unwrap();
        self.send_outgoing(user).await;
        if let Some((id, claim)) = self
            .machine
            .get_missing_sessions(members.iter().map(|u| u.as_ref()))
            .await
            .unwrap()
        {
            let answer = call(user, claim).await;
            self.machine
                .mark_request_as_sent(&id, &answer)
                .await
                .unwrap();
        }
        let shares = self
            .machine
            .share_room_key(
                &room_id,
                members.iter().map(|u| u.as_ref()),
                EncryptionSettings {
                    // As Element with "exclude insecure devices" (MSC4153): keys go only to
                    // devices their owner cross-signed.
                    sharing_strategy: CollectStrategy::IdentityBasedStrategy,
                    ..EncryptionSettings::default()
                },
            )
            .await
            .unwrap();
        for share in shares {
            let answer = call(
                user,
                send_event_to_device::v3::Request::new_raw(
                    share.event_type.clone(),
                    share.txn_id.clone(),
                    share.messages.clone(),
                ),
            )
            .await;
            self.machine
                .mark_request_as_sent(&share.txn_id, &answer)
                .await
                .unwrap();
        }
        let content: Raw<AnyMessageLikeEventContent> =
            Raw::new(&json!({"msgtype": "m.text", "body": text}))
                .unwrap()
                .cast_unchecked();
        let sealed = self
            .machine
            .encrypt_room_event_raw(&room_id, "m.room.message", &content)
            .await
            .unwrap();
        let txn = OwnedTransactionId::from(format!("e{:016x}", rand::random::<u64>()));
        let request = send_message_event::v3::Request::new_raw(
            room_id,
            txn,
            MessageLikeEventType::RoomEncrypted,
            sealed.content.cast_unchecked(),
        );
        call(user, request).await.event_id.to_string()
    }

    /// Every message of the room, oldest first, decrypted where it was encrypted (after a
    /// sync, so the keys that came are known). One that still cannot be decrypted after
    /// [`WAIT`] fails the test: a message sent just after a sync may carry a key only the
    /// next sync brings, and Element too waits for such a key.
    pub async fn messages(&mut self, user: &User, room: &str) -> Vec<Shown> {
        let start = Instant::now();
        loop {
            self.sync(user).await;
            match self.read(user, room).await {
                Ok(shown) => return shown,
                Err(_) if start.elapsed() < WAIT => {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(e) => panic!("{e}"),
            }
        }
    }

    /// [`E2ee::messages`] once, with the keys the machine holds now.
    async fn read(&mut self, user: &User, room: &str) -> Result<Vec<Shown>, String> {
        let room_id = RoomId::parse(room).unwrap();
        let mut shown = Vec::new();
        for event in user.raw_events(room).await {
            let wire_type = event["type"].as_str().unwrap_or_default().to_owned();
            let redacted = event["unsigned"]["redacted_because"].is_object();
            let clear = match wire_type.as_str() {
                // A redacted event has lost its ciphertext: shown as taken back.
                "m.room.encrypted" if redacted => json!({
                    "type": "m.room.message",
                    "event_id": event["event_id"],
                    "sender": event["sender"],
                    "origin_server_ts": event["origin_server_ts"],
                    "unsigned": event["unsigned"],
                    "content": {},
                }),
                "m.room.encrypted" => {
                    let raw =
                        Raw::<Value>::from_json(serde_json::value::to_raw_value(&event).unwrap());
                    let clear = self
                        .machine
                        .decrypt_room_event(raw.cast_ref_unchecked(), &room_id, &settings())
                        .await
                        .map_err(|e| format!("undecryptable {event}: {e}"))?;
                    clear.event.deserialize_as_unchecked::<Value>().unwrap()
                }
                _ => event,
            };
            if let Some(seen) = seen(&clear) {
                shown.push(Shown {
                    wire_type,
                    seen,
                    clear,
                });
            }
        }
        Ok(shown)
    }

    /// Sends an encrypted command and waits for the bot's one answer to it, decrypted.
    pub async fn command(&mut self, user: &User, room: &str, text: &str, bot: &str) -> Shown {
        let event = self.send(user, room, text).await;
        let start = Instant::now();
        loop {
            let answers: Vec<Shown> = self
                .messages(user, room)
                .await
                .into_iter()
                .filter(|m| m.seen.sender == bot && m.seen.reply_to.as_deref() == Some(&event))
                .collect();
            if let Some(first) = answers.first() {
                assert_eq!(answers.len(), 1, "`{text}` answered {answers:?}");
                return first.clone();
            }
            assert!(start.elapsed() < WAIT, "`{text}` was not answered");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Waits until one of the bot's messages in `room` (after `after` of them) satisfies `ok`.
    pub async fn wait_for(
        &mut self,
        user: &User,
        room: &str,
        bot: &str,
        after: usize,
        ok: impl Fn(&Shown) -> bool,
    ) -> Shown {
        let start = Instant::now();
        loop {
            let from_bot: Vec<Shown> = self
                .messages(user, room)
                .await
                .into_iter()
                .filter(|m| m.seen.sender == bot)
                .collect();
            if let Some(m) = from_bot.iter().skip(after).find(|m| ok(m)) {
                return m.clone();
            }
            assert!(
                start.elapsed() < WAIT,
                "nothing as expected in {room}; last: {:?}",
                from_bot.last()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// The picture of an `m.image` sent as an encrypted attachment, downloaded and decrypted as
/// the player's client shows it; `None` for an image sent in the clear.
pub async fn encrypted_picture(user: &User, image: &Shown) -> Option<Vec<u8>> {
    let file = &image.clear["content"]["file"];
    if !file.is_object() || image.clear["content"]["url"].is_string() {
        return None;
    }
    let file: EncryptedFile = serde_json::from_value(file.clone()).expect("an encrypted file");
    let sealed = user.download(file.url.as_str()).await;
    let mut clear = Vec::new();
    AttachmentDecryptor::new(&mut std::io::Cursor::new(sealed), file.into())
        .expect("its keys")
        .read_to_end(&mut clear)
        .expect("it decrypts and its hash matches");
    Some(clear)
}

/// The player's client reads every sender: nobody's device need be verified.
fn settings() -> DecryptionSettings {
    DecryptionSettings {
        sender_device_trust_requirement: TrustRequirement::Untrusted,
    }
}

/// One ruma request sent as the user; a refusal fails the test.
async fn call<R>(user: &User, request: R) -> R::IncomingResponse
where
    R: OutgoingRequest<EndpointError = ApiError>,
    for<'a> R::Authentication: AuthScheme<Input<'a> = SendAccessToken<'a>>,
    for<'a> R::PathBuilder: PathBuilder<Input<'a> = Cow<'a, SupportedVersions>>,
{
    let versions = SupportedVersions {
        versions: BTreeSet::from([MatrixVersion::V1_1]),
        features: BTreeSet::new(),
    };
    let base = user.base.as_str().trim_end_matches('/').to_owned();
    let outgoing: http::Request<Vec<u8>> = request
        .try_into_http_request(
            &base,
            SendAccessToken::IfRequired(&user.token),
            Cow::Borrowed(&versions),
        )
        .expect("a request");
    let outgoing = reqwest::Request::try_from(outgoing).expect("a reqwest request");
    let response = user
        .http
        .execute(outgoing)
        .await
        .expect("the homeserver answers");
    let mut answer = http::Response::builder().status(response.status());
    *answer.headers_mut().unwrap() = response.headers().clone();
    let bytes = response.bytes().await.unwrap();
    let answer = answer.body(bytes.as_ref()).unwrap();
    R::IncomingResponse::try_from_http_response(answer)
        .unwrap_or_else(|e| panic!("{} refused: {e}", std::any::type_name::<R>()))
}

/// Whether `who`'s `device` is signed by `who`'s own cross-signing identity, as the
/// homeserver publishes it to `user`.
pub async fn cross_signed(user: &User, who: &str, device: &str) -> bool {
    let keys = user
        .call(
            reqwest::Method::POST,
            &["keys", "query"],
            &[],
            Some(json!({"device_keys": {who: []}})),
        )
        .await;
    let Some(self_signing) = keys["self_signing_keys"][who]["keys"].as_object() else {
        return false;
    };
    let signatures = &keys["device_keys"][who][device]["signatures"][who];
    keys["master_keys"][who].is_object()
        && self_signing.keys().any(|id| signatures.get(id).is_some())
}

/// Waits until `who` has joined `room` (the bot joins on invitation).
pub async fn wait_joined(user: &User, room: &str, who: &str) {
    let start = Instant::now();
    loop {
        let members = user
            .call(
                reqwest::Method::GET,
                &["rooms", room, "joined_members"],
                &[],
                None,
            )
            .await;
        if members["joined"].get(who).is_some() {
            return;
        }
        assert!(start.elapsed() < WAIT, "{who} did not join {room}");
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

/// A room member with the power to do so turns encryption on, as Element's room settings.
pub async fn turn_on_encryption(user: &User, room: &str) {
    user.call(
        reqwest::Method::PUT,
        &["rooms", room, "state", "m.room.encryption", ""],
        &[],
        Some(json!({"algorithm": "m.megolm.v1.aes-sha2"})),
    )
    .await;
}
