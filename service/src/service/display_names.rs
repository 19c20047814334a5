//! Players' display names: public (everyone in the place sees them), kept when a front end
//! learns one, and given with the answers that list players beyond one game's seats (a
//! leaderboard), for the front ends that cannot write a mention the chat resolves.

use std::collections::HashMap;

use super::{Platform, Service, ServiceResult, UserId};

/// The longest name kept (Discord's global names are at most 32 characters).
const LONGEST: usize = 64;

impl Service {
    /// Keeps `name` as `user`'s display name (trimmed; an empty one is ignored).
    pub async fn remember_display_name(&self, user: UserId, name: &str) -> ServiceResult<()> {
        let name: String = name.trim().chars().take(LONGEST).collect();
        if name.is_empty() {
            return Ok(());
        }
        Ok(self
            .store
            .remember_display_name(user, &name, self.now_ms())
            .await?)
    }

    /// The names of `users` known here: the display name last kept, else a Matrix user's
    /// own id (`@name:server`, public in every room). A Discord user never seen by name
    /// has none (Discord itself writes their mention as their name).
    pub async fn display_names(&self, users: &[UserId]) -> ServiceResult<HashMap<UserId, String>> {
        let mut names = self.store.display_names(users).await?;
        for &user in users {
            if names.contains_key(&user) || Platform::of(user) != Platform::Matrix {
                continue;
            }
            if let Some((_, external)) = self.store.external_identity(user).await? {
                names.insert(user, external);
            }
        }
        Ok(names)
    }
}
