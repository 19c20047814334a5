//! The `[web]` section of the bot's configuration: off unless an address to bind is given.

use std::path::PathBuf;

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct WebConfig {
    /// The address the web table listens on, e.g. `127.0.0.1:8080`; empty: no web table.
    pub bind: String,
    /// The address players open, behind any proxy, e.g. `https://vliv.example.org`; empty:
    /// `http://` and the bound address.
    pub public_url: String,
    /// The key links are signed with, from `VLIV_WEB_SECRET` only (a secret is never a key
    /// of the file); empty: a random one kept in `secret_file`.
    #[serde(skip)]
    pub secret: String,
    /// Where a generated key is kept, so links survive a restart.
    pub secret_file: PathBuf,
    /// How long a link opens its table.
    pub link_hours: u32,
    /// The most pages kept live (each an open connection) at once, in all.
    pub max_live_pages: usize,
    /// The most pages one reader (one player, or one link) keeps live at once.
    pub max_live_pages_per_reader: usize,
    /// The Discord application (its id) whose Activity opens the tables; empty: no Activity.
    pub activity_client_id: String,
    /// That application's OAuth2 client secret, from `VLIV_DISCORD_CLIENT_SECRET` only.
    #[serde(skip)]
    pub activity_client_secret: String,
    /// Discord's API, where an Activity's code is exchanged.
    pub discord_api: String,
}

impl Default for WebConfig {
    fn default() -> Self {
        WebConfig {
            bind: String::new(),
            public_url: String::new(),
            secret: String::new(),
            secret_file: PathBuf::from("vliv-web.secret"),
            link_hours: 24,
            max_live_pages: 2000,
            max_live_pages_per_reader: 8,
            activity_client_id: String::new(),
            activity_client_secret: String::new(),
            discord_api: "https://discord.com/api/v10".into(),
        }
    }
}

impl WebConfig {
    pub fn enabled(&self) -> bool {
        !self.bind.trim().is_empty()
    }

    pub fn caps(&self) -> crate::Caps {
        crate::Caps {
            total: self.max_live_pages,
            per_reader: self.max_live_pages_per_reader,
        }
    }

    /// The Activity's login, when an application is configured.
    pub fn activity(&self) -> Option<crate::ActivityLogin> {
        let id = self.activity_client_id.trim();
        (!id.is_empty()).then(|| crate::ActivityLogin {
            client_id: id.to_owned(),
            client_secret: self.activity_client_secret.clone(),
            api: self.discord_api.trim_end_matches('/').to_owned(),
        })
    }

    /// The links' base address, without a trailing slash.
    pub fn base_url(&self) -> String {
        match self.public_url.trim() {
            "" => format!("http://{}", self.bind.trim()),
            url => url.trim_end_matches('/').to_owned(),
        }
    }
}
