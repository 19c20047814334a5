//! The loopback Discord's side of an Activity: its users' OAuth2 codes, its launches and
//! its "Launch" entry point, as a test drives them.

use serde_json::json;

use crate::{oauth, world::IxKind, Fake};

impl Fake {
    /// The code Discord's client gives an Activity when `user` authorizes it (the Embedded
    /// App SDK's `authorize` command), to be exchanged at `/oauth2/token`.
    pub fn authorize_code(&self, user: u64) -> String {
        self.shared
            .oauth()
            .authorize(user, std::time::Instant::now())
    }

    /// `user` launches (or joins) the application's Activity in `channel`, from its
    /// "Launch" button: the instance's id, as the Embedded App SDK's `instanceId`.
    pub fn launch_activity(&self, user: u64, channel: u64) -> String {
        self.world().launch_activity(user, channel)
    }

    /// `user` presses the application's "Launch" button in `channel`: its
    /// `PRIMARY_ENTRY_POINT` command (type 4). With the `APP_HANDLER` handler (1) Discord
    /// sends the app the command's interaction (its id); with `DISCORD_LAUNCH_ACTIVITY` (2)
    /// Discord launches the Activity itself and sends nothing (developers/interactions/
    /// application-commands.mdx, "Entry Point Commands").
    pub fn press_launch(&self, user: u64, channel: u64) -> Option<u64> {
        let mut w = self.world();
        let entry = w
            .commands
            .iter()
            .find(|c| c["type"] == 4)
            .cloned()
            .expect("the application registered a PRIMARY_ENTRY_POINT command");
        if entry["handler"] == 2 {
            w.launch_activity(user, channel);
            return None;
        }
        let data = json!({ "id": entry["id"], "name": entry["name"], "type": 4 });
        Some(w.interact(IxKind::Command, user, channel, data, None))
    }

    /// Ages every code by `by` (a code is good for 10 minutes).
    pub fn age_codes(&self, by: std::time::Duration) {
        self.shared.oauth().age_offset += by;
    }

    /// The application's OAuth2 client id and secret.
    pub fn oauth_client(&self) -> (String, String) {
        (
            self.world().app.to_string(),
            oauth::CLIENT_SECRET.to_owned(),
        )
    }
}
