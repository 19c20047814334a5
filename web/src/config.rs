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
    /// The bot's Discord token (from `DISCORD_TOKEN`), which reads an Activity's instance.
    #[serde(skip)]
    pub activity_bot_token: String,
    /// The table opens as a Matrix room widget for the users of the bot's homeserver.
    pub matrix_widget: bool,
    /// Where the homeserver answers its federation endpoints (a widget's token is checked
    /// there); empty: the Matrix section's `homeserver`.
    pub matrix_widget_homeserver: String,
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
            activity_bot_token: String::new(),
            matrix_widget: true,
            matrix_widget_homeserver: String::new(),
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
            bot_token: self.activity_bot_token.clone(),
        })
    }

    /// The Matrix widget's login for the users of the bot's homeserver (`homeserver`, the
    /// bot's own user `@vliv:example.org` naming the server), when Matrix is configured.
    pub fn widget(&self, homeserver: &str, bot_user: &str) -> Option<crate::WidgetLogin> {
        let server_name = bot_user.split_once(':')?.1.trim();
        let homeserver = match self.matrix_widget_homeserver.trim() {
            "" => homeserver.trim(),
            own => own,
        };
        (self.matrix_widget && !homeserver.is_empty() && !server_name.is_empty()).then(|| {
            crate::WidgetLogin {
                homeserver: homeserver.trim_end_matches('/').to_owned(),
                server_name: server_name.to_owned(),
            }
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
