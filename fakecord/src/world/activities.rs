//! Activity instances, as Discord's documentation describes them:
//!
//! - An Activity is launched in a channel, by the user's "Launch" button (the application's
//!   `PRIMARY_ENTRY_POINT` command, type 4) or by an interaction answered with
//!   `LAUNCH_ACTIVITY` (callback type 12), "only available for apps with Activities
//!   enabled" (developers/interactions/receiving-and-responding.mdx, "Interaction Callback
//!   Type"). Users who join the Activity in the same channel get the same instance
//!   (developers/activities/development-guides/multiplayer-experience.mdx, "Activity
//!   Instance Management": "Any users joining the same application will receive the same
//!   instanceId").
//! - `GET /applications/{application.id}/activity-instances/{instance_id}` "returns a
//!   serialized activity instance, if it exists. Useful for preventing unwanted activity
//!   sessions" (developers/resources/application.mdx, "Get Application Activity
//!   Instance"): `application_id`, `instance_id`, `launch_id`, `location` (`id`, `kind`
//!   `gc` for a guild channel or `pc` for a private one, `channel_id`, `guild_id`) and
//!   `users`, the ids of the users connected to it. An instance that does not exist (or
//!   another application's) is answered 404; the documentation names no error code, so the
//!   fake answers Discord's generic `{"message": "404: Not Found", "code": 0}`.

use serde_json::{json, Value};

use super::{Audience, Reply, World};
use crate::payload;

/// One running Activity in a channel.
#[derive(Clone, Debug)]
pub struct ActivityInstance {
    pub id: String,
    pub launch: u64,
    pub guild: Option<u64>,
    pub channel: u64,
    pub users: Vec<u64>,
}

impl ActivityInstance {
    fn json(&self, app: u64) -> Value {
        let (kind, location) = match self.guild {
            Some(g) => ("gc", format!("gc-{g}-{}", self.channel)),
            None => ("pc", format!("pc-{}", self.channel)),
        };
        let mut location =
            json!({ "id": location, "kind": kind, "channel_id": self.channel.to_string() });
        if let Some(g) = self.guild {
            location["guild_id"] = g.to_string().into();
        }
        json!({
            "application_id": app.to_string(),
            "instance_id": self.id,
            "launch_id": self.launch.to_string(),
            "location": location,
            "users": self.users.iter().map(u64::to_string).collect::<Vec<_>>(),
        })
    }
}

impl World {
    /// `user` launches (or joins) the application's Activity in `channel`: the instance's id.
    pub fn launch_activity(&mut self, user: u64, channel: u64) -> String {
        if let Some(i) = self.activities.iter_mut().find(|i| i.channel == channel) {
            if !i.users.contains(&user) {
                i.users.push(user);
            }
            return i.id.clone();
        }
        let guild = self.channels.get(&channel).and_then(|c| c.guild);
        let launch = self.snowflake();
        let id = match guild {
            Some(g) => format!("i-{launch}-gc-{g}-{channel}"),
            None => format!("i-{launch}-pc-{channel}"),
        };
        self.activities.push(ActivityInstance {
            id: id.clone(),
            launch,
            guild,
            channel,
            users: vec![user],
        });
        id
    }

    /// `GET /applications/{app}/activity-instances/{instance}`.
    pub(super) fn activity_instance(&self, app: &str, instance: &str) -> Reply {
        let found = self
            .activities
            .iter()
            .find(|i| i.id == instance)
            .filter(|_| app == self.app.to_string());
        match found {
            Some(i) => (200, i.json(self.app), Audience::Nobody, None),
            None => (
                404,
                payload::error(0, "404: Not Found", None),
                Audience::Nobody,
                None,
            ),
        }
    }
}
