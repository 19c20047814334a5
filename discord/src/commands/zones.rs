//! Time zone names for `/vliv settings timezone:` — the IANA names, offered with their
//! regions and best-known cities in the reader's language (the value stays the IANA name).

use poise::serenity_prelude as serenity;
use vliv_engine::Lang;

use super::{user_lang, Context};
use vliv_service::service::quiet::zone_names;

/// Discord shows at most 25 suggestions.
const SUGGESTIONS: usize = 25;

/// The Czech names of the zone database's regions and of cities a Czech player may look
/// for; the rest keep their English names.
const CZECH: &[(&str, &str)] = &[
    ("Africa", "Afrika"),
    ("America", "Amerika"),
    ("Antarctica", "Antarktida"),
    ("Arctic", "Arktida"),
    ("Asia", "Asie"),
    ("Atlantic", "Atlantský oceán"),
    ("Australia", "Austrálie"),
    ("Europe", "Evropa"),
    ("Indian", "Indický oceán"),
    ("Pacific", "Tichý oceán"),
    ("Athens", "Atény"),
    ("Berlin", "Berlín"),
    ("Brussels", "Brusel"),
    ("Bucharest", "Bukurešť"),
    ("Budapest", "Budapešť"),
    ("Copenhagen", "Kodaň"),
    ("Dublin", "Dublin"),
    ("Helsinki", "Helsinky"),
    ("Kyiv", "Kyjev"),
    ("Lisbon", "Lisabon"),
    ("London", "Londýn"),
    ("Madrid", "Madrid"),
    ("Moscow", "Moskva"),
    ("Paris", "Paříž"),
    ("Prague", "Praha"),
    ("Rome", "Řím"),
    ("Stockholm", "Stockholm"),
    ("Vienna", "Vídeň"),
    ("Warsaw", "Varšava"),
    ("Zurich", "Curych"),
    ("Tokyo", "Tokio"),
    ("Shanghai", "Šanghaj"),
    ("Jerusalem", "Jeruzalém"),
    ("New_York", "New York"),
    ("Los_Angeles", "Los Angeles"),
    ("Mexico_City", "Ciudad de México"),
];

/// How a zone reads in `lang`: `Evropa/Praha` for `Europe/Prague` in Czech, the name with
/// spaces for underscores in English.
pub fn zone_label(name: &str, lang: Lang) -> String {
    let parts = name.split('/').map(|part| match lang {
        Lang::Cs => CZECH
            .iter()
            .find(|(en, _)| *en == part)
            .map_or_else(|| part.replace('_', " "), |(_, cs)| (*cs).to_owned()),
        _ => part.replace('_', " "),
    });
    parts.collect::<Vec<_>>().join("/")
}

/// The zones whose IANA name or label contains what was typed, best first (those that
/// start with it, then the rest).
pub fn matching_zones(partial: &str, lang: Lang) -> Vec<(String, &'static str)> {
    let typed = partial.trim().to_lowercase().replace(' ', "_");
    let mut found: Vec<(bool, String, &'static str)> = zone_names()
        .iter()
        .filter_map(|name| {
            let label = zone_label(name, lang);
            let (n, l) = (name.to_lowercase(), label.to_lowercase().replace(' ', "_"));
            let city = |s: &str| s.rsplit('/').next().unwrap_or_default().to_owned();
            let starts = [&n, &l, &city(&n), &city(&l)]
                .iter()
                .any(|s| s.starts_with(&typed));
            (starts || n.contains(&typed) || l.contains(&typed)).then(|| {
                let shown = match label.replace(' ', "_") == *name {
                    true => name.clone(),
                    false => format!("{label} ({name})"),
                };
                (!starts, shown, name.as_str())
            })
        })
        .collect();
    found.sort();
    found
        .into_iter()
        .take(SUGGESTIONS)
        .map(|(_, shown, name)| (shown, name))
        .collect()
}

pub async fn zones(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let lang = user_lang(ctx).await;
    let choices = matching_zones(partial, lang)
        .into_iter()
        .map(|(shown, name)| serenity::AutocompleteChoice::new(shown, name))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn czech_players_find_prague_by_its_czech_name() {
        assert_eq!(zone_label("Europe/Prague", Lang::Cs), "Evropa/Praha");
        assert_eq!(zone_label("America/New_York", Lang::En), "America/New York");
        let found = matching_zones("praha", Lang::Cs);
        assert_eq!(
            found[0],
            ("Evropa/Praha (Europe/Prague)".into(), "Europe/Prague")
        );
        let found = matching_zones("prague", Lang::Cs);
        assert_eq!(found[0].1, "Europe/Prague");
        let found = matching_zones("new york", Lang::En);
        assert_eq!(found[0].1, "America/New_York");
    }

    #[test]
    fn an_empty_entry_offers_at_most_discords_limit() {
        assert_eq!(matching_zones("", Lang::En).len(), SUGGESTIONS);
        assert!(matching_zones("no such place", Lang::Cs).is_empty());
    }
}
