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

/// The most users remembered: past it the map starts again (the languages are only a
/// hint, refilled by each user's next interaction), so a flood of users cannot grow it.
const MAX_SEEN: usize = 50_000;

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
    remember_in(&mut seen, MAX_SEEN, user, from_client)
}

fn remember_in(
    seen: &mut HashMap<u64, Lang>,
    max: usize,
    user: u64,
    from_client: Option<Lang>,
) -> Option<Lang> {
    match from_client {
        Some(lang) => {
            if seen.len() >= max && !seen.contains_key(&user) {
                seen.clear();
            }
            seen.insert(user, lang);
            Some(lang)
        }
        None => seen.get(&user).copied(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seen_languages_stay_bounded_and_recall_the_latest() {
        let mut seen = HashMap::new();
        for user in 0..1_000 {
            remember_in(&mut seen, 100, user, Some(Lang::Cs));
            assert!(seen.len() <= 100);
        }
        assert_eq!(remember_in(&mut seen, 100, 999, None), Some(Lang::Cs));
        remember_in(&mut seen, 100, 999, Some(Lang::En));
        assert_eq!(remember_in(&mut seen, 100, 999, None), Some(Lang::En));
    }
}
