//! A server's settings (admins only) and a player's settings and per-game preferences.

use vliv_engine::{resolve_options, OptionValues};

use super::{
    find_kind, place::settings_key, setup_error, Caller, ChannelId, GameRecord, GuildConfig,
    GuildId, Service, ServiceError, ServiceResult, Status, UserId, UserSettings,
};

impl Service {
    pub async fn guild_config(&self, guild: GuildId) -> ServiceResult<GuildConfig> {
        Ok(self.store.guild_config(guild).await?)
    }

    /// The settings `rec`'s clocks, seats and table follow: its server's, or its
    /// conversation's own outside any server.
    pub async fn game_config(&self, rec: &GameRecord) -> ServiceResult<GuildConfig> {
        Ok(self
            .store
            .guild_config(settings_key(rec.guild, rec.channel))
            .await?)
    }

    /// Changes the clocks of a conversation outside any server. Its members are equals and
    /// none is its admin: anyone in it may change them, but not while a game runs there, so
    /// nobody shortens another player's clock mid-game.
    pub async fn set_conversation_clocks(
        &self,
        channel: ChannelId,
        user: UserId,
        mut change: impl FnMut(&mut GuildConfig),
    ) -> ServiceResult<GuildConfig> {
        if let Some(rec) = self.store.active_game(channel).await? {
            if rec.status == Status::Running {
                return Err(ServiceError::ClocksWhileRunning);
            }
        }
        let cfg = self
            .store
            .update_guild_config(GuildId::of_room(channel), |cfg| {
                change(cfg);
                Ok::<(), ServiceError>(())
            })
            .await?;
        tracing::info!(%channel, %user, "conversation clocks changed");
        Ok(cfg)
    }

    /// Changes a server's settings: admins only.
    pub async fn configure(
        &self,
        guild: GuildId,
        caller: Caller,
        change: impl FnMut(&mut GuildConfig) -> ServiceResult<()>,
    ) -> ServiceResult<GuildConfig> {
        if !caller.is_admin {
            return Err(ServiceError::NotAdmin);
        }
        // One step against what is stored then (`change` may run again after a race).
        let cfg = self.store.update_guild_config(guild, change).await?;
        tracing::info!(%guild, user = %caller.user, "server settings changed");
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
        let settings = self
            .store
            .update_user_settings(user, |settings| {
                let mut prefs = settings
                    .game_prefs
                    .get(kind.id())
                    .cloned()
                    .unwrap_or_default();
                prefs.extend(values.clone());
                resolve_options(&schema, &prefs).map_err(setup_error)?;
                settings.game_prefs.insert(kind.id().into(), prefs);
                Ok::<(), ServiceError>(())
            })
            .await?;
        Ok(settings
            .game_prefs
            .get(kind.id())
            .cloned()
            .unwrap_or_default())
    }

    pub async fn user_settings(&self, user: UserId) -> ServiceResult<UserSettings> {
        Ok(self.store.user_settings(user).await?)
    }

    pub async fn update_user_settings(
        &self,
        user: UserId,
        mut change: impl FnMut(&mut UserSettings),
    ) -> ServiceResult<UserSettings> {
        self.store
            .update_user_settings(user, |s| {
                change(s);
                Ok::<(), ServiceError>(())
            })
            .await
    }
}
