//! Server and player settings: one JSON row each, changed by compare-and-swap so that two
//! changes at once both stay.

use sqlx::{AssertSqlSafe, Row};

use super::{
    from_json, to_json, GuildConfig, GuildId, Store, StoreError, StoreResult, UserId, UserSettings,
};

impl Store {
    pub async fn guild_config(&self, guild: GuildId) -> StoreResult<GuildConfig> {
        let stored: Option<GuildConfig> = self
            .settings_row("guild_config", "guild_id", "config", guild.0)
            .await?;
        Ok(stored.unwrap_or_else(|| self.guild_defaults.clone()))
    }

    pub async fn put_guild_config(&self, guild: GuildId, cfg: &GuildConfig) -> StoreResult<()> {
        self.put_settings_row("guild_config", "guild_id", "config", guild.0, &to_json(cfg))
            .await
    }

    /// Changes a server's settings as one step: the change applies to what is stored when
    /// it is written, so two admins changing different settings at once both keep theirs.
    pub async fn update_guild_config<E: From<StoreError>>(
        &self,
        guild: GuildId,
        change: impl FnMut(&mut GuildConfig) -> Result<(), E>,
    ) -> Result<GuildConfig, E> {
        let defaults = self.guild_defaults.clone();
        self.update_settings_row(
            "guild_config",
            "guild_id",
            "config",
            guild.0,
            defaults,
            change,
        )
        .await
    }

    /// Changes a user's settings as one step (see [`Store::update_guild_config`]).
    pub async fn update_user_settings<E: From<StoreError>>(
        &self,
        user: UserId,
        change: impl FnMut(&mut UserSettings) -> Result<(), E>,
    ) -> Result<UserSettings, E> {
        let defaults = UserSettings::default();
        self.update_settings_row(
            "user_settings",
            "user_id",
            "settings",
            user.0,
            defaults,
            change,
        )
        .await
    }

    /// Read, change, and write back only if the row is still what was read (compare and
    /// swap on the stored text); a concurrent writer makes it read again. Portable between
    /// SQLite and Postgres, unlike `SELECT … FOR UPDATE`.
    async fn update_settings_row<T, E>(
        &self,
        table: &str,
        key: &str,
        column: &str,
        id: u64,
        defaults: T,
        mut change: impl FnMut(&mut T) -> Result<(), E>,
    ) -> Result<T, E>
    where
        T: serde::Serialize + serde::de::DeserializeOwned + Clone,
        E: From<StoreError>,
    {
        const ATTEMPTS: usize = 20;
        for _ in 0..ATTEMPTS {
            let stored = sqlx::query(AssertSqlSafe(format!(
                "SELECT {column} FROM {table} WHERE {key} = $1"
            )))
            .bind(id as i64)
            .fetch_optional(&self.pool)
            .await
            .map_err(StoreError::from)?
            .map(|r| r.try_get::<String, _>(0))
            .transpose()
            .map_err(StoreError::from)?;
            let mut value = match &stored {
                Some(json) => from_json(json)?,
                None => defaults.clone(),
            };
            change(&mut value)?;
            let json = to_json(&value);
            let written = match &stored {
                Some(old) => sqlx::query(AssertSqlSafe(format!(
                    "UPDATE {table} SET {column} = $1 WHERE {key} = $2 AND {column} = $3"
                )))
                .bind(json)
                .bind(id as i64)
                .bind(old.clone()),
                None => sqlx::query(AssertSqlSafe(format!(
                    "INSERT INTO {table} ({key}, {column}) VALUES ($2, $1) \
                     ON CONFLICT ({key}) DO NOTHING"
                )))
                .bind(json)
                .bind(id as i64),
            }
            .execute(&self.pool)
            .await
            .map_err(StoreError::from)?;
            if written.rows_affected() == 1 {
                self.settings_changed(table, id);
                return Ok(value);
            }
        }
        Err(StoreError::Conflict.into())
    }

    pub async fn user_settings(&self, user: UserId) -> StoreResult<UserSettings> {
        let stored: Option<UserSettings> = self
            .settings_row("user_settings", "user_id", "settings", user.0)
            .await?;
        Ok(stored.unwrap_or_default())
    }

    pub async fn put_user_settings(&self, user: UserId, s: &UserSettings) -> StoreResult<()> {
        self.put_settings_row("user_settings", "user_id", "settings", user.0, &to_json(s))
            .await
    }

    async fn settings_row<T: serde::de::DeserializeOwned>(
        &self,
        table: &str,
        key: &str,
        column: &str,
        id: u64,
    ) -> StoreResult<Option<T>> {
        let cache = self.games.as_ref().filter(|c| c.keeps_settings());
        let cached = cache.and_then(|c| c.settings().get(&(table.to_owned(), id)).cloned());
        let json = match cached {
            Some(json) => json,
            None => {
                let row = sqlx::query(AssertSqlSafe(format!(
                    "SELECT {column} FROM {table} WHERE {key} = $1"
                )))
                .bind(id as i64)
                .fetch_optional(&self.pool)
                .await?;
                let json = row.map(|r| r.try_get::<String, _>(0)).transpose()?;
                if let Some(c) = cache {
                    c.settings().insert((table.to_owned(), id), json.clone());
                }
                json
            }
        };
        json.map(|j| from_json(&j)).transpose()
    }

    /// A settings row changed: the next read goes to the database.
    fn settings_changed(&self, table: &str, id: u64) {
        if let Some(c) = &self.games {
            c.settings().remove(&(table.to_owned(), id));
        }
    }

    async fn put_settings_row(
        &self,
        table: &str,
        key: &str,
        column: &str,
        id: u64,
        json: &str,
    ) -> StoreResult<()> {
        sqlx::query(AssertSqlSafe(format!(
            "INSERT INTO {table} ({key}, {column}) VALUES ($1, $2) \
             ON CONFLICT ({key}) DO UPDATE SET {column} = excluded.{column}"
        )))
        .bind(id as i64)
        .bind(json.to_owned())
        .execute(&self.pool)
        .await?;
        self.settings_changed(table, id);
        Ok(())
    }
}
