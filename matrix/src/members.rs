//! Room members as the room shows them: the name a player reads beside another's messages.

use ruma::serde::Raw;

use super::client::Client;

/// The name `mxid` goes by in `room`: their member event's display name, else their
/// profile's, else their Matrix id.
pub async fn display_name(client: &Client, room: &str, mxid: &str) -> String {
    let state = match client.room_state(room).await {
        Ok(state) => state,
        Err(e) => {
            tracing::info!(error = %e, "the room's members were not read");
            return mxid.to_owned();
        }
    };
    state
        .iter()
        .find_map(|event| member_name(event, mxid))
        .map(|name| plain(&name))
        .filter(|name| !name.trim().is_empty())
        .unwrap_or_else(|| mxid.to_owned())
}

/// `mxid`'s display name from a member event of theirs.
fn member_name<T>(event: &Raw<T>, mxid: &str) -> Option<String> {
    let event: serde_json::Value = serde_json::from_str(event.json().get()).ok()?;
    if event["type"] != "m.room.member" || event["state_key"] != mxid {
        return None;
    }
    event["content"]["displayname"].as_str().map(str::to_owned)
}

/// A name as text only: nothing in it can pass for one of the service's marks.
fn plain(name: &str) -> String {
    vliv_service::mark::without_marks(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use vliv_service::service::UserId;

    #[test]
    fn a_members_name_is_read_from_their_own_member_event_only() {
        let raw = |json: &str| Raw::<serde_json::Value>::from_json_string(json.into()).unwrap();
        let alice = raw(
            r#"{"type":"m.room.member","state_key":"@a:hs","content":{"displayname":"Alice"}}"#,
        );
        let bob =
            raw(r#"{"type":"m.room.member","state_key":"@b:hs","content":{"displayname":"Bob"}}"#);
        assert_eq!(member_name(&alice, "@a:hs").as_deref(), Some("Alice"));
        assert_eq!(member_name(&bob, "@a:hs"), None);
        let forged = format!("x{}y", vliv_service::mark::user(UserId(12)));
        assert_eq!(plain(&forged), "x@12y");
        assert_eq!(
            plain("x<@12>y"),
            "x<@12>y",
            "Discord's markup is words on Matrix"
        );
    }
}
