//! What a user's Discord client told the bot: the language of their client (a DM or a
//! turn ping carries none, so the last interaction's is kept) and their DM channel. Stored
//! rather than kept in one process's memory: in a fleet the process that sends a user's DM
//! is often not the one that served their last click, and both survive a restart.

use std::str::FromStr;

use sqlx::Row;
use vliv_engine::Lang;

use super::{cache::Fact, ChannelId, Store, StoreResult, UserId};

impl Store {
    /// The language the user's client said last, if any interaction said one.
    pub async fn client_lang(&self, user: UserId) -> StoreResult<Option<Lang>> {
        let load = async {
            let row = sqlx::query("SELECT lang FROM user_clients WHERE user_id = $1")
                .bind(user)
                .fetch_optional(&self.pool)
                .await?;
            let code = match row {
                Some(r) => r.try_get::<Option<String>, _>(0)?,
                None => None,
            };
            // An unknown code (a language since removed) is no hint at all.
            Ok(code.and_then(|c| Lang::from_str(&c).ok()))
        };
        self.cached_fact(
            Fact::ClientLang,
            |f| f.client_langs.get(&user).map(|&l| Some(l)),
            load,
            |f, l| {
                if let Some(l) = l {
                    f.client_langs.insert(user, l);
                }
            },
        )
        .await
    }

    /// Records the language of the user's client; the row is rewritten only when it
    /// changed, so the many clicks of one user cost no new row versions.
    /// The sole writer skips the statement when it stored that language last.
    pub async fn remember_client_lang(&self, user: UserId, lang: Lang) -> StoreResult<()> {
        if self.client_lang_known(user, lang) {
            return Ok(());
        }
        sqlx::query(
            "INSERT INTO user_clients (user_id, lang) VALUES ($1, $2) \
             ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang \
             WHERE user_clients.lang IS NULL OR user_clients.lang <> excluded.lang",
        )
        .bind(user)
        .bind(lang.code())
        .execute(&self.pool)
        .await?;
        self.fact_written(Fact::ClientLang, |f| {
            f.client_langs.insert(user, lang);
        });
        Ok(())
    }

    /// The user's DM channel, once one was opened.
    pub async fn dm_channel(&self, user: UserId) -> StoreResult<Option<ChannelId>> {
        let row = sqlx::query("SELECT dm_channel_id FROM user_clients WHERE user_id = $1")
            .bind(user)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => r.try_get::<Option<ChannelId>, _>(0)?,
            None => None,
        })
    }

    pub async fn remember_dm_channel(&self, user: UserId, channel: ChannelId) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO user_clients (user_id, dm_channel_id) VALUES ($1, $2) \
             ON CONFLICT (user_id) DO UPDATE SET dm_channel_id = excluded.dm_channel_id",
        )
        .bind(user)
        .bind(channel)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
