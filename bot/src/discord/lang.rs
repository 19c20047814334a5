//! Which language a user reads: their setting, else their Discord locale, else the server's.

use std::{
    collections::HashMap,
    sync::{LazyLock, Mutex},
};

use vliv_engine::Lang;

use crate::service::Service;

/// The language of each user's Discord client as their last interaction said. A DM or a
/// ping has no interaction to read a locale from; without this a Czech player's turn DMs
/// came in the server's language. Kept in memory only: after a restart the first
/// interaction refills it.
static SEEN: LazyLock<Mutex<HashMap<u64, Lang>>> = LazyLock::new(Default::default);

pub async fn for_user(
    service: &Service,
    user: u64,
    locale: Option<&str>,
    guild: Option<u64>,
) -> Lang {
    let from_client = remember(user, locale.and_then(Lang::from_locale));
    if let Ok(s) = service.user_settings(user).await {
        if let Some(lang) = s.lang {
            return lang;
        }
    }
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

/// Records the client language an interaction carried, or recalls the last one seen.
fn remember(user: u64, from_client: Option<Lang>) -> Option<Lang> {
    let mut seen = SEEN.lock().unwrap_or_else(|p| p.into_inner());
    match from_client {
        Some(lang) => {
            seen.insert(user, lang);
            Some(lang)
        }
        None => seen.get(&user).copied(),
    }
}
