//! Signed, expiring links to one game's web table for one reader: HMAC-SHA256 over the
//! platform, the game, the user (none: a spectator's link) and the expiry, so a link cannot
//! be altered to open another game or another player's hand, and stops working when it
//! expires. The service makes them (a player asks for theirs in chat) and the web table
//! checks them.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use super::{GameId, Platform, Service, UserId};

/// Who a link lets in, to which game, until when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub platform: Platform,
    pub game: GameId,
    /// `None`: the public view only.
    pub user: Option<UserId>,
    /// Unix seconds after which the link is refused.
    pub expires: i64,
}

/// Why a link does not open its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("not a link of this bot")]
    Malformed,
    #[error("the signature does not match")]
    Forged,
    #[error("the link expired")]
    Expired,
}

impl LinkError {
    /// The message key the reader is shown.
    pub fn text_key(self) -> &'static str {
        match self {
            LinkError::Malformed | LinkError::Forged => "web-link-invalid",
            LinkError::Expired => "web-link-expired",
        }
    }
}

/// The key links are signed and checked with.
#[derive(Clone)]
pub struct Signer {
    key: Vec<u8>,
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The key is never printed.
        f.write_str("Signer(..)")
    }
}

impl Signer {
    pub fn new(key: impl Into<Vec<u8>>) -> Signer {
        Signer { key: key.into() }
    }

    fn mac(&self) -> Hmac<Sha256> {
        // HMAC takes a key of any length.
        Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC accepts any key length")
    }

    /// The link's token: its fields, then their signature, in URL-safe characters.
    pub fn sign(&self, link: &Link) -> String {
        let body = body(link);
        let mut mac = self.mac();
        mac.update(body.as_bytes());
        format!("{body}.{}", hex(&mac.finalize().into_bytes()))
    }

    /// The link `token` stands for, if this key signed it and it has not expired at `now`
    /// (unix seconds).
    pub fn verify(&self, token: &str, now: i64) -> Result<Link, LinkError> {
        let (body, signature) = token.rsplit_once('.').ok_or(LinkError::Malformed)?;
        let link = parse(body).ok_or(LinkError::Malformed)?;
        let signature = unhex(signature).ok_or(LinkError::Malformed)?;
        let mut mac = self.mac();
        mac.update(body.as_bytes());
        // Compared in constant time by the crate.
        mac.verify_slice(&signature)
            .map_err(|_| LinkError::Forged)?;
        if now > link.expires {
            return Err(LinkError::Expired);
        }
        Ok(link)
    }
}

/// Where the web table is and how links to it are made.
#[derive(Clone, Debug)]
pub struct WebLinks {
    pub signer: Signer,
    /// The table's public address, without a trailing slash.
    pub base_url: String,
    /// How long a link opens its table.
    pub valid_secs: i64,
}

impl WebLinks {
    pub fn new(signer: Signer, base_url: &str, valid_hours: u32) -> WebLinks {
        WebLinks {
            signer,
            base_url: base_url.trim_end_matches('/').to_owned(),
            valid_secs: i64::from(valid_hours) * 3600,
        }
    }
}

impl Service {
    /// The service making links to the web table (none: no web table is served).
    pub fn with_web_links(mut self, links: WebLinks) -> Service {
        self.web_links = Some(links);
        self
    }

    pub fn web_links(&self) -> Option<&WebLinks> {
        self.web_links.as_ref()
    }

    /// The address opening `game` for `user` (`None`: the public view) from now for the
    /// configured time; `None` when no web table is served.
    pub fn web_link(
        &self,
        platform: Platform,
        game: GameId,
        user: Option<UserId>,
    ) -> Option<String> {
        // The console's game lives in its own process's store, which no web table reads.
        if platform == Platform::Console {
            return None;
        }
        let links = self.web_links.as_ref()?;
        let link = Link {
            platform,
            game,
            user,
            expires: self.now_ms() / 1000 + links.valid_secs,
        };
        Some(format!("{}/t/{}", links.base_url, links.signer.sign(&link)))
    }
}

fn body(link: &Link) -> String {
    let platform = match link.platform {
        Platform::Discord => "d",
        Platform::Matrix => "m",
        Platform::Console => "c",
    };
    let user = link.user.map_or("-".to_owned(), |u| u.to_string());
    format!("{platform}.{}.{user}.{}", link.game, link.expires)
}

fn parse(body: &str) -> Option<Link> {
    let mut parts = body.split('.');
    let platform = match parts.next()? {
        "d" => Platform::Discord,
        "m" => Platform::Matrix,
        "c" => Platform::Console,
        _ => return None,
    };
    let game = parts.next()?.parse().ok()?;
    let user = match parts.next()? {
        "-" => None,
        u => Some(u.parse().ok()?),
    };
    let expires = parts.next()?.parse().ok()?;
    if parts.next().is_some() {
        return None;
    }
    Some(Link {
        platform,
        game,
        user,
        expires,
    })
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) || !s.is_ascii() {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALICE: Link = Link {
        platform: Platform::Discord,
        game: 7,
        user: Some(UserId(11)),
        expires: 1_000,
    };

    #[test]
    fn a_signed_link_opens_until_it_expires() {
        let signer = Signer::new(b"key".to_vec());
        let token = signer.sign(&ALICE);
        assert_eq!(signer.verify(&token, 999), Ok(ALICE));
        assert_eq!(signer.verify(&token, 1_000), Ok(ALICE));
        assert_eq!(signer.verify(&token, 1_001), Err(LinkError::Expired));
    }

    #[test]
    fn a_link_changed_to_another_game_user_or_expiry_is_refused_as_forged() {
        let signer = Signer::new(b"key".to_vec());
        let token = signer.sign(&ALICE);
        for (from, to) in [
            ("d.7.", "d.8."),
            (".11.", ".22."),
            (".1000.", ".9000."),
            ("d.", "m."),
            ("d.", "c."),
        ] {
            let altered = token.replacen(from, to, 1);
            assert_ne!(altered, token);
            assert_eq!(
                signer.verify(&altered, 0),
                Err(LinkError::Forged),
                "{from} → {to}"
            );
        }
        let spectator = token.replacen(".11.", ".-.", 1);
        assert_eq!(signer.verify(&spectator, 0), Err(LinkError::Forged));
    }

    #[test]
    fn another_key_and_garbage_are_refused() {
        let token = Signer::new(b"key".to_vec()).sign(&ALICE);
        assert_eq!(
            Signer::new(b"other".to_vec()).verify(&token, 0),
            Err(LinkError::Forged)
        );
        for bad in [
            "",
            "x",
            "d.7.11.1000",
            "d.7.11.1000.zz",
            "q.7.11.1000.00",
            "d.7.11.1000.1.00",
        ] {
            assert_eq!(
                Signer::new(b"key".to_vec()).verify(bad, 0),
                Err(LinkError::Malformed),
                "{bad}"
            );
        }
    }
}
