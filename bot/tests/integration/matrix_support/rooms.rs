//! What a player may try in a room beyond messages: their name, invitations, state events,
//! each answered with the homeserver's status (a refusal is what some tests expect).

use reqwest::Method;
use serde_json::{json, Value};

use super::User;

impl User {
    /// A client-server call whose refusal is an answer, not a failure: (status, body).
    pub async fn try_call(&self, method: Method, path: &[&str], body: Value) -> (u16, Value) {
        let mut url = self.base.clone();
        url.path_segments_mut()
            .unwrap()
            .pop_if_empty()
            .extend(["_matrix", "client", "v3"])
            .extend(path);
        let mut request = self
            .http
            .request(method.clone(), url)
            .bearer_auth(&self.token);
        if method != Method::GET {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// Sets the name the user goes by (in every room they are in).
    pub async fn set_display_name(&self, name: &str) {
        let path = ["profile", self.user_id.as_str(), "displayname"];
        let (status, body) = self
            .try_call(Method::PUT, &path, json!({"displayname": name}))
            .await;
        assert_eq!(status, 200, "display name not set: {body}");
    }

    /// Invites `who` to `room`: the homeserver's status.
    pub async fn invite(&self, room: &str, who: &str) -> (u16, Value) {
        self.try_call(
            Method::POST,
            &["rooms", room, "invite"],
            json!({"user_id": who}),
        )
        .await
    }

    /// A state event's content in `room` (empty state key).
    pub async fn state(&self, room: &str, kind: &str) -> Value {
        let (status, body) = self
            .try_call(
                Method::GET,
                &["rooms", room, "state", kind, ""],
                Value::Null,
            )
            .await;
        assert_eq!(status, 200, "{kind} not read: {body}");
        body
    }
}
