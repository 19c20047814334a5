//! Which language a user reads: their setting, else their Discord locale, else the server's.

use vliv_engine::Lang;
use vliv_service::service::{GuildId, UserId};

use vliv_service::service::Service;

/// The language for `user`; `locale` is what their interaction carried (none for a DM or a
/// ping the bot sends unasked). The client language each interaction carries is stored, so
/// that a DM or ping, sent by whichever process of a fleet, after a restart too, comes in
/// the language the player's client uses (a Czech player's turn DMs came in the server's
/// language without it).
pub async fn for_user(
    service: &Service,
    user: UserId,
    locale: Option<&str>,
    guild: Option<GuildId>,
) -> Lang {
    let from_client = locale.and_then(Lang::from_locale);
    if let Some(lang) = from_client {
        // Off the answer's path: the row changes only when the client's language did.
        let store = service.store().clone();
        tokio::spawn(async move {
            if let Err(e) = store.remember_client_lang(user, lang).await {
                tracing::debug!(error = %e, "client language not stored");
            }
        });
    }
    if let Ok(s) = service.user_settings(user).await {
        if let Some(lang) = s.lang {
            return lang;
        }
    }
    let from_client = match from_client {
        Some(lang) => Some(lang),
        None => service.store().client_lang(user).await.ok().flatten(),
    };
    if let Some(lang) = from_client {
        return lang;
    }
    match guild {
        Some(g) => service
            .guild_config(g)
            .await
            .map(|c| c.language)
            .unwrap_or_default(),
        None => Lang::default(),
    }
}
