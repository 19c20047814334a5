//! `/vliv settings`: a user's own settings (DMs, language); `/vliv preferences`: what a
//! game lets each player decide for themselves (e.g. Ovlivnění's reaction policy).

use crate::limits;
use poise::serenity_prelude as serenity;
use vliv_engine::{registry, Lang, OptionValues, Text};

use super::{run, Context, Error};
use vliv_service::i18n::tr;
use vliv_service::{
    app::{MyChange, Request},
    render::{clip, learning_setting_text, preferences_text},
    service::{quiet::QuietHours, TimeSettings, UserSettings},
};

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum LanguageSetting {
    #[name = "my Discord language"]
    #[name_localized("cs", "můj jazyk Discordu")]
    Auto,
    #[name = "English"]
    #[name_localized("cs", "angličtina")]
    En,
    #[name = "Czech"]
    #[name_localized("cs", "čeština")]
    Cs,
}

/// Learning mode: each choice explained on the hand panel.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum LearningSetting {
    #[name = "in my first game of each kind"]
    #[name_localized("cs", "v mé první hře každého druhu")]
    First,
    #[name = "on in every game"]
    #[name_localized("cs", "zapnuto ve všech hrách")]
    On,
    #[name = "off"]
    #[name_localized("cs", "vypnuto")]
    Off,
}

/// Vliv for you
#[poise::command(
    slash_command,
    name_localized("cs", "vliv"),
    description_localized("cs", "Vliv pro vás"),
    subcommands(
        "settings",
        "preferences",
        "super::vacation::vacation",
        "super::vacation::back"
    ),
    subcommand_required
)]
pub async fn vliv(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Your settings: turn DMs, language, time zone, quiet hours
#[poise::command(
    slash_command,
    name_localized("cs", "nastavení"),
    description_localized(
        "cs",
        "Vaše nastavení: zprávy o tahu, jazyk, časové pásmo, klidové hodiny"
    )
)]
async fn settings(
    ctx: Context<'_>,
    #[description = "Send me a DM when it is my turn"]
    #[name_localized("cs", "zprávy")]
    #[description_localized("cs", "Posílat mi soukromou zprávu, když jsem na tahu")]
    dms: Option<bool>,
    #[description = "The language Vliv speaks to me"]
    #[name_localized("cs", "jazyk")]
    #[description_localized("cs", "Jazyk, kterým se mnou Vliv mluví")]
    language: Option<LanguageSetting>,
    #[description = "Your time zone, e.g. Europe/Prague"]
    #[name_localized("cs", "časové-pásmo")]
    #[description_localized("cs", "Vaše časové pásmo, např. Evropa/Praha")]
    #[autocomplete = "super::zones::zones"]
    timezone: Option<String>,
    #[description = "Quiet hours without pings or DMs, e.g. 22-08 (off removes them)"]
    #[name_localized("cs", "klid")]
    #[description_localized(
        "cs",
        "Klidové hodiny bez upozornění a zpráv, např. 22-08 (zrušíte slovem vypnout)"
    )]
    quiet: Option<String>,
    #[description = "Learning mode: what each choice does, on your hand panel"]
    #[name_localized("cs", "učení")]
    #[description_localized("cs", "Režim učení: co která volba udělá, na panelu vaší ruky")]
    learning: Option<LearningSetting>,
) -> Result<(), Error> {
    let change = MyChange {
        dms,
        language: language.map(|l| match l {
            LanguageSetting::Auto => None,
            LanguageSetting::En => Some(Lang::En),
            LanguageSetting::Cs => Some(Lang::Cs),
        }),
        learning: learning.map(|l| match l {
            LearningSetting::First => None,
            LearningSetting::On => Some(true),
            LearningSetting::Off => Some(false),
        }),
        zone: timezone,
        quiet,
    };
    run(ctx, Request::MySettings(change)).await
}

/// The answer to `/vliv settings`: DMs and language, learning mode, zone and quiet hours.
pub(super) fn shown(settings: &UserSettings, time: Option<&TimeSettings>, lang: Lang) -> String {
    let say = |t: &Text| tr(lang, t, &|s| lang.seat_name(s));
    let text = Text::new("settings-show")
        .arg("dms", Text::new(if settings.dms { "yes" } else { "no" }))
        .arg(
            "lang",
            settings
                .lang
                .map(|l| l.code().to_owned())
                .unwrap_or_else(|| "auto".into()),
        );
    let lines = [
        say(&text),
        say(&learning_setting_text(settings.learning)),
        say(&time_text(time, lang)),
    ];
    clip(&lines.join("\n"), limits::CONTENT)
}

/// The player's zone (as they read it) and quiet hours.
fn time_text(time: Option<&TimeSettings>, lang: Lang) -> Text {
    let zone = time.map_or("UTC".to_owned(), |t| {
        let label = super::zones::zone_label(&t.zone, lang);
        match label == t.zone {
            true => label,
            false => format!("{label} ({})", t.zone),
        }
    });
    let quiet = match time.and_then(|t| t.quiet) {
        Some((start, end)) => vliv_engine::Arg::Str(QuietHours { start, end }.label()),
        None => vliv_engine::Arg::Text(Text::new("settings-quiet-none")),
    };
    Text::new("settings-time")
        .arg("zone", zone)
        .arg("quiet", quiet)
}

/// The games that publish player preferences.
async fn games_with_preferences(
    _ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let partial = partial.to_lowercase();
    let choices = registry::all()
        .iter()
        .filter(|g| !g.preference_schema().is_empty() && g.id().starts_with(&partial))
        .map(|g| serenity::AutocompleteChoice::from(g.id()))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Your preferences for a game (shown, or changed with key=value)
#[poise::command(
    slash_command,
    name_localized("cs", "předvolby"),
    description_localized(
        "cs",
        "Vaše předvolby pro hru (ukázat, nebo změnit zápisem klíč=hodnota)"
    )
)]
async fn preferences(
    ctx: Context<'_>,
    #[description = "The game"]
    #[name_localized("cs", "hra")]
    #[description_localized("cs", "Hra")]
    #[autocomplete = "games_with_preferences"]
    game: String,
    #[description = "Changes as key=value pairs"]
    #[name_localized("cs", "hodnoty")]
    #[description_localized("cs", "Změny zápisem klíč=hodnota")]
    values: Option<String>,
) -> Result<(), Error> {
    let values = values.unwrap_or_default();
    run(ctx, Request::GamePreferences { game, values }).await
}

/// A game's preferences as they stand, with how to change them.
pub(super) fn preferences_shown(game: &str, prefs: &OptionValues, lang: Lang) -> String {
    let Some(kind) = registry::find(game) else {
        return String::new();
    };
    let how = tr(lang, &Text::new("prefs-how").arg("game", kind.id()), &|s| {
        lang.seat_name(s)
    });
    clip(
        &format!("{}\n\n{how}", preferences_text(kind, prefs, lang)),
        limits::CONTENT,
    )
}
