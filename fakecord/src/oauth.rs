//! Discord's OAuth2 for an Activity's login, as its documentation describes it
//! (developers/topics/oauth2.mdx, "Authorization Code Grant"; developers/activities/
//! how-activities-work.mdx): the Embedded App SDK's `authorize` command gives the page a
//! code, the app's server exchanges it at `POST /oauth2/token` (form body, `grant_type=
//! authorization_code`, the code, the app's `client_id` and `client_secret` in the body or
//! by HTTP Basic) for a Bearer access token, and reads the user at `GET /users/@me` with it.
//!
//! A code is good once and for 10 minutes (RFC 6749 §4.1.2, which Discord's OAuth2
//! follows: "A maximum authorization code lifetime of 10 minutes is RECOMMENDED"; "The
//! client MUST NOT use the authorization code more than once"). Refusals are OAuth2's error
//! JSON (RFC 6749 §5.2), as Discord answers them: `400 {"error": "invalid_grant",
//! "error_description": "Invalid \"code\" in request."}` for a bad, used or expired code,
//! `401 {"error": "invalid_client"}` for a wrong client, `400 {"error":
//! "unsupported_grant_type"}` for another grant. A request to `/users/@me` without a valid
//! token gets Discord's usual `401 {"message": "401: Unauthorized", "code": 0}`.

use std::{
    collections::HashMap,
    sync::atomic::{AtomicU64, Ordering},
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use serde_json::{json, Value};

/// How long a code may be exchanged.
pub const CODE_LIFETIME: Duration = Duration::from_secs(10 * 60);
/// How long an access token lasts (the documentation's example answer: a week).
pub const TOKEN_SECONDS: u64 = 604_800;
/// The application's client secret in this fake (its client id is the app's id).
pub const CLIENT_SECRET: &str = "fakecord-client-secret";

struct Code {
    user: u64,
    issued: Instant,
}

/// The codes and tokens given out.
#[derive(Default)]
pub struct Grants {
    codes: HashMap<String, Code>,
    tokens: HashMap<String, (u64, Instant)>,
    /// Added to every code's age: lets a test reach its 10 minutes.
    pub age_offset: Duration,
}

static NEXT: AtomicU64 = AtomicU64::new(1);

/// A fresh opaque string (unique in the process; unguessable enough for a loopback fake).
fn opaque(prefix: &str) -> String {
    let n = NEXT.fetch_add(1, Ordering::SeqCst);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_nanos();
    let mixed = (nanos as u64 ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15)).rotate_left(17);
    format!("{prefix}{n:x}{mixed:016x}")
}

/// What `/oauth2/token` answers: status and JSON.
pub type Answer = (u16, Value);

impl Grants {
    /// The code Discord hands the Activity when `user` authorizes it.
    pub fn authorize(&mut self, user: u64, now: Instant) -> String {
        let code = opaque("code");
        self.codes.insert(code.clone(), Code { user, issued: now });
        code
    }

    /// The token endpoint: `form` is the request's form fields, `basic` the client id and
    /// secret of an HTTP Basic header.
    pub fn exchange(
        &mut self,
        app: u64,
        form: &HashMap<String, String>,
        basic: Option<(String, String)>,
        now: Instant,
    ) -> Answer {
        let (id, secret) = match basic {
            Some(pair) => pair,
            None => (
                form.get("client_id").cloned().unwrap_or_default(),
                form.get("client_secret").cloned().unwrap_or_default(),
            ),
        };
        if id != app.to_string() || secret != CLIENT_SECRET {
            return (401, json!({ "error": "invalid_client" }));
        }
        if form.get("grant_type").map(String::as_str) != Some("authorization_code") {
            return (400, json!({ "error": "unsupported_grant_type" }));
        }
        let invalid = (
            400,
            json!({ "error": "invalid_grant", "error_description": "Invalid \"code\" in request." }),
        );
        // Used once: removed whether it is still good or not.
        let Some(code) = form.get("code").and_then(|c| self.codes.remove(c)) else {
            return invalid;
        };
        if now.duration_since(code.issued) + self.age_offset > CODE_LIFETIME {
            return invalid;
        }
        let token = opaque("token");
        self.tokens.insert(
            token.clone(),
            (code.user, now + Duration::from_secs(TOKEN_SECONDS)),
        );
        (
            200,
            json!({
                "access_token": token,
                "token_type": "Bearer",
                "expires_in": TOKEN_SECONDS,
                "refresh_token": opaque("refresh"),
                "scope": "identify",
            }),
        )
    }

    /// The user a Bearer token stands for, while it lasts.
    pub fn user_of(&self, token: &str, now: Instant) -> Option<u64> {
        let (user, until) = self.tokens.get(token)?;
        (now < *until).then_some(*user)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_code_is_good_once_for_ten_minutes_and_for_its_client_only() {
        let mut grants = Grants::default();
        let now = Instant::now();
        let code = grants.authorize(42, now);
        let asked = |code: &str, secret: &str| {
            form(&[
                ("grant_type", "authorization_code"),
                ("code", code),
                ("client_id", "7"),
                ("client_secret", secret),
            ])
        };
        assert_eq!(grants.exchange(7, &asked(&code, "wrong"), None, now).0, 401);
        let (status, body) = grants.exchange(7, &asked(&code, CLIENT_SECRET), None, now);
        assert_eq!(status, 200, "{body}");
        let token = body["access_token"].as_str().unwrap();
        assert_eq!(grants.user_of(token, now), Some(42));
        // Replayed: refused as Discord refuses it.
        let (status, body) = grants.exchange(7, &asked(&code, CLIENT_SECRET), None, now);
        assert_eq!(
            (status, body["error"].as_str()),
            (400, Some("invalid_grant"))
        );
        // Too old.
        let late = grants.authorize(42, now);
        grants.age_offset = CODE_LIFETIME + Duration::from_secs(1);
        assert_eq!(
            grants
                .exchange(7, &asked(&late, CLIENT_SECRET), None, now)
                .0,
            400
        );
        assert_eq!(grants.user_of("nonsense", now), None);
    }
}
