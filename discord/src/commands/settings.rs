//! `/vliv settings`: a user's own settings (DMs, language); `/vliv preferences`: what a
//! game lets each player decide for themselves (e.g. Ovlivnění's reaction policy).

use poise::serenity_prelude as serenity;
use vliv_engine::{registry, Lang, Text};

use super::{parse_options, refuse, user_lang, Context, Error};
use vliv_service::i18n::tr;
use vliv_service::{
    render::{clip, learning_setting_text, limits, preferences_text},
    service::{quiet::QuietHours, TimeChange, TimeSettings},
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
    ctx.defer_ephemeral().await?;
    let time = match (&timezone, &quiet) {
        (None, None) => {
            ctx.data()
                .service
                .player_time_settings(ctx.author().id.get())
                .await
        }
        _ => {
            let change = TimeChange {
                zone: timezone.as_deref(),
                quiet: quiet.as_deref(),
            };
            ctx.data()
                .service
                .set_player_time(ctx.author().id.get(), change)
                .await
                .map(Some)
        }
    };
    let time = match time {
        Ok(t) => t,
        Err(e) => {
            let lang = user_lang(ctx).await;
            return refuse(ctx, lang, e).await;
        }
    };
    let saved = ctx
        .data()
        .service
        .update_user_settings(ctx.author().id.get(), |s| {
            if let Some(on) = dms {
                s.dms = on;
                // Turning DMs on again is the way to try after Discord refused one.
                s.dms_refused = false;
            }
            match language {
                Some(LanguageSetting::Auto) => s.lang = None,
                Some(LanguageSetting::En) => s.lang = Some(Lang::En),
                Some(LanguageSetting::Cs) => s.lang = Some(Lang::Cs),
                None => {}
            }
            match learning {
                Some(LearningSetting::First) => s.learning = None,
                Some(LearningSetting::On) => s.learning = Some(true),
                Some(LearningSetting::Off) => s.learning = Some(false),
                None => {}
            }
        })
        .await;
    let lang = user_lang(ctx).await;
    match saved {
        Ok(s) => {
            let text = Text::new("settings-show")
                .arg("dms", Text::new(if s.dms { "yes" } else { "no" }))
                .arg(
                    "lang",
                    s.lang
                        .map(|l| l.code().to_owned())
                        .unwrap_or_else(|| "auto".into()),
                );
            let line = tr(lang, &text, &|s| lang.seat_name(s));
            let learning = tr(lang, &learning_setting_text(s.learning), &|s| {
                lang.seat_name(s)
            });
            let line = format!("{line}\n{learning}");
            let time = tr(lang, &time_text(time.as_ref(), lang), &|s| {
                lang.seat_name(s)
            });
            ctx.send(
                poise::CreateReply::default()
                    .content(clip(&format!("{line}\n{time}"), limits::CONTENT))
                    .ephemeral(true),
            )
            .await?;
            Ok(())
        }
        Err(e) => refuse(ctx, lang, e).await,
    }
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
    ctx.defer_ephemeral().await?;
    let lang = user_lang(ctx).await;
    let service = &ctx.data().service;
    let user = ctx.author().id.get();
    let changes = match parse_options(values.as_deref().unwrap_or("")) {
        Ok(v) => v,
        Err(e) => return refuse(ctx, lang, e).await,
    };
    let prefs = match service.set_game_prefs(user, game.trim(), changes).await {
        Ok(p) => p,
        Err(e) => return refuse(ctx, lang, e).await,
    };
    let Some(kind) = registry::find(game.trim()) else {
        return Ok(());
    };
    let how = tr(lang, &Text::new("prefs-how").arg("game", kind.id()), &|s| {
        lang.seat_name(s)
    });
    let text = format!("{}\n\n{how}", preferences_text(kind, &prefs, lang));
    ctx.send(
        poise::CreateReply::default()
            .content(clip(&text, limits::CONTENT))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}
