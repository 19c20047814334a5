//! Rooms the bot joins, makes (its DM rooms with players) and reads the state of.

use ruma::{
    api::client::{
        membership::join_room_by_id,
        room::create_room::{self, v3::RoomPreset},
        state::get_state_events,
    },
    events::{
        room::{
            encryption::RoomEncryptionEventContent,
            guest_access::{GuestAccess, RoomGuestAccessEventContent},
            history_visibility::{HistoryVisibility, RoomHistoryVisibilityEventContent},
        },
        AnyStateEvent, InitialStateEvent,
    },
    serde::Raw,
    EventEncryptionAlgorithm, UserId,
};

use super::{room_id, Client, MatrixError, MatrixResult};

impl Client {
    pub async fn join(&self, room: &str) -> MatrixResult<()> {
        self.call("join", join_room_by_id::v3::Request::new(room_id(room)?))
            .await?;
        Ok(())
    }

    /// A new direct-message room with `user`, who is invited to it: encrypted when the
    /// bot can encrypt and the user has a device with keys (as Element decides).
    ///
    /// The player holds no power in it: a private chat (not the trusted one, which on room
    /// version 12 makes every invitee an additional creator, all-powerful), where inviting,
    /// kicking and changing any state takes the bot's level, and history is readable from
    /// one's invitation on (the player's first hand comes before they join). So no one
    /// could bring in a reader of the hands sent before.
    pub async fn create_direct_room(&self, user: &str) -> MatrixResult<String> {
        let user = UserId::parse(user).map_err(|_| MatrixError::BadId(user.into()))?;
        let encrypted = match &self.encryption {
            Some(encryption) => encryption.wants_encrypted_dm(self, &user).await?,
            None => false,
        };
        let mut request = create_room::v3::Request::new();
        request.preset = Some(RoomPreset::PrivateChat);
        request.is_direct = true;
        request.invite = vec![user];
        request.name = Some("Vliv".into());
        // Merged into the homeserver's defaults, which give the creator (the bot) its power
        // (on room version 12 the creator's is above every level) and invitees none.
        let bot_only = serde_json::json!({
            "invite": 100, "kick": 100, "ban": 100, "redact": 100,
            "state_default": 100, "events_default": 0, "users_default": 0,
        });
        request.power_level_content_override = Some(
            Raw::new(&bot_only)
                .map_err(|e| MatrixError::Request {
                    what: "createRoom",
                    reason: e.to_string(),
                })?
                .cast_unchecked(),
        );
        // History from one's invitation on; no guests.
        let visibility = RoomHistoryVisibilityEventContent::new(HistoryVisibility::Invited);
        let guests = RoomGuestAccessEventContent::new(GuestAccess::Forbidden);
        let mut initial = vec![
            InitialStateEvent::with_empty_state_key(visibility).to_raw_any(),
            InitialStateEvent::with_empty_state_key(guests).to_raw_any(),
        ];
        if encrypted {
            let content =
                RoomEncryptionEventContent::new(EventEncryptionAlgorithm::MegolmV1AesSha2);
            initial.push(InitialStateEvent::with_empty_state_key(content).to_raw_any());
        }
        request.initial_state = initial;
        let room = self.call("createRoom", request).await?.room_id;
        if let (true, Some(encryption)) = (encrypted, &self.encryption) {
            encryption.made_encrypted(&room);
        }
        Ok(room.to_string())
    }

    /// Every state event of a room (power levels, creation, …).
    pub async fn room_state(&self, room: &str) -> MatrixResult<Vec<Raw<AnyStateEvent>>> {
        let request = get_state_events::v3::Request::new(room_id(room)?);
        Ok(self.call("state", request).await?.room_state)
    }
}
