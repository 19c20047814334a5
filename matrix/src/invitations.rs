//! Invitations, bounded: the bot joins a room it is invited to unless its inviter already
//! brought it into as many rooms as one person may (counted since the process started) or
//! the bot is in as many rooms as it may be in at all; then it declines, with the reason
//! as the declined invitation's reason (the inviter's client shows it).

use std::{collections::HashMap, sync::Mutex};

use ruma::{
    api::client::{
        membership::{joined_rooms, leave_room},
        sync::sync_events::v3::InvitedRoom,
    },
    OwnedRoomId,
};
use vliv_engine::Text;

use super::client::{Client, MatrixResult};

/// Counts the rooms joined on each user's invitations, against the caps.
pub struct Invitations {
    per_inviter: u32,
    max_rooms: u32,
    joined_on: Mutex<HashMap<String, u32>>,
}

/// Whether to join, or why not (the reason's text).
pub enum Decision {
    Join,
    Decline(Text),
}

impl Invitations {
    pub fn new((per_inviter, max_rooms): (u32, u32)) -> Invitations {
        Invitations {
            per_inviter,
            max_rooms,
            joined_on: Mutex::default(),
        }
    }

    /// Whether the bot joins a room `inviter` invited it to, the bot being in `rooms`.
    pub fn decide(&self, inviter: Option<&str>, rooms: usize) -> Decision {
        if rooms >= self.max_rooms as usize {
            return Decision::Decline(Text::new("matrix-invite-declined-full"));
        }
        let joined_on = self.joined_on.lock().unwrap_or_else(|e| e.into_inner());
        match inviter.and_then(|i| joined_on.get(i)) {
            Some(&n) if n >= self.per_inviter => Decision::Decline(
                Text::new("matrix-invite-declined-inviter").arg("rooms", i64::from(n)),
            ),
            _ => Decision::Join,
        }
    }

    /// The bot joined a room on `inviter`'s invitation.
    pub fn joined(&self, inviter: Option<&str>) {
        if let Some(inviter) = inviter {
            let mut joined_on = self.joined_on.lock().unwrap_or_else(|e| e.into_inner());
            *joined_on.entry(inviter.to_owned()).or_default() += 1;
        }
    }
}

/// Who invited `bot`: the sender of the bot's member event in the invitation's state.
pub fn inviter(invited: &InvitedRoom, bot: &str) -> Option<String> {
    invited.invite_state.events.iter().find_map(|raw| {
        let event: serde_json::Value = serde_json::from_str(raw.json().get()).ok()?;
        let mine = event["type"] == "m.room.member" && event["state_key"] == bot;
        mine.then(|| event["sender"].as_str().map(str::to_owned))
            .flatten()
    })
}

/// How many rooms the bot is in.
pub async fn joined_count(client: &Client) -> MatrixResult<usize> {
    let rooms = client
        .call("joined_rooms", joined_rooms::v3::Request::new())
        .await?;
    Ok(rooms.joined_rooms.len())
}

/// Declines the invitation to `room`, saying why.
pub async fn decline(client: &Client, room: OwnedRoomId, reason: String) -> MatrixResult<()> {
    let mut request = leave_room::v3::Request::new(room);
    request.reason = Some(reason);
    client.call("leave", request).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inviter_brings_the_bot_into_so_many_rooms_and_all_into_so_many() {
        let caps = Invitations::new((2, 3));
        for _ in 0..2 {
            assert!(matches!(caps.decide(Some("@m:hs"), 0), Decision::Join));
            caps.joined(Some("@m:hs"));
        }
        assert!(matches!(
            caps.decide(Some("@m:hs"), 2),
            Decision::Decline(t) if t.key == "matrix-invite-declined-inviter"
        ));
        assert!(matches!(caps.decide(Some("@a:hs"), 2), Decision::Join));
        assert!(matches!(
            caps.decide(Some("@a:hs"), 3),
            Decision::Decline(t) if t.key == "matrix-invite-declined-full"
        ));
    }
}
