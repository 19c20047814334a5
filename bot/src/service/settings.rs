//! A server's settings (admins only) and a player's settings and per-game preferences.

use vliv_engine::{resolve_options, OptionValues};

use super::{
    find_kind, setup_error, Caller, GuildConfig, GuildId, Service, ServiceError, ServiceResult,
    UserId, UserSettings,
};

impl Service {
    pub async fn guild_config(&self, guild: GuildId) -> ServiceResult<GuildConfig> {
        Ok(self.store.guild_config(guild).await?)
    }

    /// Changes a server's settings: admins only.
    pub async fn configure(
        &self,
        guild: GuildId,
        caller: Caller,
        change: impl FnOnce(&mut GuildConfig) -> ServiceResult<()>,
    ) -> ServiceResult<GuildConfig> {
        if !caller.is_admin {
            return Err(ServiceError::NotAdmin);
        }
        let mut cfg = self.store.guild_config(guild).await?;
        change(&mut cfg)?;
        self.store.put_guild_config(guild, &cfg).await?;
        tracing::info!(guild, user = caller.user, "server settings changed");
        Ok(cfg)
    }

    /// Sets some of a player's preferences for one game (checked against the game's
    /// schema; the others stay); returns all that are set.
    pub async fn set_game_prefs(
        &self,
        user: UserId,
        game: &str,
        values: OptionValues,
    ) -> ServiceResult<OptionValues> {
        let kind = find_kind(game)?;
        let schema = kind.preference_schema();
        if schema.is_empty() {
            return Err(ServiceError::NoPreferences(kind.id().into()));
        }
        let mut settings = self.store.user_settings(user).await?;
        let mut prefs = settings
            .game_prefs
            .get(kind.id())
            .cloned()
            .unwrap_or_default();
        prefs.extend(values);
        resolve_options(&schema, &prefs).map_err(setup_error)?;
        settings.game_prefs.insert(kind.id().into(), prefs.clone());
        self.store.put_user_settings(user, &settings).await?;
        Ok(prefs)
    }

    pub async fn user_settings(&self, user: UserId) -> ServiceResult<UserSettings> {
        Ok(self.store.user_settings(user).await?)
    }

    pub async fn update_user_settings(
        &self,
        user: UserId,
        change: impl FnOnce(&mut UserSettings),
    ) -> ServiceResult<UserSettings> {
        let mut s = self.store.user_settings(user).await?;
        change(&mut s);
        self.store.put_user_settings(user, &s).await?;
        Ok(s)
    }
}
