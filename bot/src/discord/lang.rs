//! Which language a user reads: their setting, else their Discord locale, else the server's.

use vliv_engine::Lang;

use crate::service::Service;

pub async fn for_user(
    service: &Service,
    user: u64,
    locale: Option<&str>,
    guild: Option<u64>,
) -> Lang {
    if let Ok(s) = service.user_settings(user).await {
        if let Some(lang) = s.lang {
            return lang;
        }
    }
    if let Some(lang) = locale.and_then(Lang::from_locale) {
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
