//! Power levels are the admin check: who may change a room's settings, read from the
//! room's state with ruma's power-level rules (which know the room version's privileged
//! creators).

use ruma::{
    events::{room::power_levels::RoomPowerLevels, AnyStateEvent, StateEvent},
    serde::Raw,
    OwnedUserId, RoomVersionId, UserId,
};

/// Whether `user` may change the room's settings: a creator of a room of version 12 or
/// later (who stands above every power level), or a power level reaching the level the
/// room asks for state changes (moderators and admins, 50 by default).
pub fn is_moderator(state: &[Raw<AnyStateEvent>], user: &str) -> bool {
    let Ok(user) = UserId::parse(user) else {
        return false;
    };
    let mut create = None;
    let mut levels = None;
    for event in state.iter().filter_map(|e| e.deserialize().ok()) {
        match event {
            // Both have the empty state key by their type.
            AnyStateEvent::RoomCreate(StateEvent::Original(e)) => create = Some(e),
            AnyStateEvent::RoomPowerLevels(StateEvent::Original(e)) => levels = Some(e.content),
            _ => {}
        }
    }
    let Some(create) = create else {
        return false;
    };
    let version = create.content.room_version.clone();
    let Some(rules) = version.rules().or_else(|| RoomVersionId::V1.rules()) else {
        return false;
    };
    let creators: Vec<OwnedUserId> = std::iter::once(create.sender.clone())
        .chain(create.content.additional_creators.iter().cloned())
        .collect();
    let levels = RoomPowerLevels::new(levels.into(), &rules.authorization, creators);
    levels.for_user(&user) >= levels.state_default
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;

    fn event(kind: &str, sender: &str, content: Value) -> Raw<AnyStateEvent> {
        let json = json!({
            "type": kind, "state_key": "", "sender": sender, "content": content,
            "event_id": format!("${kind}"), "room_id": "!r:x", "origin_server_ts": 1,
        });
        Raw::new(&json).unwrap().cast_unchecked()
    }

    fn state(version: &str, creator: &str, pl: Value) -> Vec<Raw<AnyStateEvent>> {
        vec![
            event(
                "m.room.create",
                creator,
                json!({"room_version": version, "creator": creator}),
            ),
            event("m.room.power_levels", creator, pl),
        ]
    }

    #[test]
    fn moderators_reach_the_state_level_and_members_do_not() {
        let pl = json!({
            "users": {"@mod:x": 50, "@admin:x": 100},
            "users_default": 0,
            "state_default": 50,
        });
        let room = state("10", "@admin:x", pl.clone());
        assert!(is_moderator(&room, "@mod:x"));
        assert!(is_moderator(&room, "@admin:x"));
        assert!(!is_moderator(&room, "@someone:x"));
        let everyone = state("10", "@admin:x", json!({"users_default": 50}));
        assert!(is_moderator(&everyone, "@someone:x"));
        // Room version 12: the creator is in no power level list and outranks them all.
        let v12 = state("12", "@owner:x", pl.clone());
        assert!(is_moderator(&v12, "@owner:x"));
        assert!(!is_moderator(&v12, "@someone:x"));
        // Before 12 the creator is only as high as the list says.
        assert!(!is_moderator(&state("10", "@owner:x", pl), "@owner:x"));
        // Not a user id: nobody.
        assert!(!is_moderator(&room, "admin"));
    }
}
