//! A user's time zone from their Matrix profile: `m.tz` (MSC4175, a field of the extended
//! profiles of MSC4133, stable since Matrix 1.16; Synapse serves it at the v3 path without
//! an experimental flag), or the unstable `us.cloke.msc4175.tz` that clients wrote first.
//! Read with a plain GET: ruma picks the stable path only from a homeserver that advertises
//! Matrix 1.16, and the bot speaks 1.1. Kept a while per user, since every reply and hand of
//! a player without a zone of their own reads it.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use super::Client;

/// The profile fields that name a zone, the stable one first.
const FIELDS: [&str; 2] = ["m.tz", "us.cloke.msc4175.tz"];

/// How long a profile's zone is kept before it is read again.
const KEPT: Duration = Duration::from_secs(600);

/// Users whose zones are kept at most; beyond, the whole cache starts again.
const MAX_KEPT: usize = 10_000;

/// The zones read lately: the user's Matrix id, when it was read and what it was.
pub type ProfileZones = Arc<Mutex<HashMap<String, (Instant, Option<String>)>>>;

impl Client {
    /// The zone `user`'s profile names (as typed there; the reader checks it is one), if any.
    pub async fn profile_zone(&self, user: &str) -> Option<String> {
        if let Some((at, zone)) = self.kept_zones().get(user) {
            if at.elapsed() < KEPT {
                return zone.clone();
            }
        }
        let mut zone = None;
        for field in FIELDS {
            match self.profile_field(user, field).await {
                Ok(Some(value)) => {
                    zone = Some(value);
                    break;
                }
                Ok(None) => {}
                // Unread now: asked again with the next message.
                Err(e) => {
                    tracing::info!(error = %e, "a profile's time zone was not read");
                    return None;
                }
            }
        }
        let mut kept = self.kept_zones();
        if kept.len() >= MAX_KEPT {
            kept.clear();
        }
        kept.insert(user.to_owned(), (Instant::now(), zone.clone()));
        zone
    }

    fn kept_zones(&self) -> std::sync::MutexGuard<'_, HashMap<String, (Instant, Option<String>)>> {
        self.profile_zones.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// One string field of a profile; `None` when it is unset (Synapse answers 404 for an
    /// unset custom field, the spec allows an empty object too) or not a string.
    async fn profile_field(
        &self,
        user: &str,
        field: &str,
    ) -> Result<Option<String>, reqwest::Error> {
        let Ok(mut url) = reqwest::Url::parse(&format!("{}/_matrix/client/v3/profile", self.base))
        else {
            return Ok(None);
        };
        if let Ok(mut path) = url.path_segments_mut() {
            path.push(user).push(field);
        }
        let response = self.http.get(url).bearer_auth(&self.token).send().await?;
        if !response.status().is_success() {
            return Ok(None);
        }
        let body: serde_json::Value = response.json().await.unwrap_or_default();
        Ok(body[field]
            .as_str()
            .map(str::trim)
            .filter(|z| !z.is_empty() && z.len() <= 64)
            .map(str::to_owned))
    }
}
