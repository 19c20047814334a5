//! `/vliv settings`: a user's own settings (DMs, language); `/vliv preferences`: what a
//! game lets each player decide for themselves (e.g. Ovlivnění's reaction policy).

use poise::serenity_prelude as serenity;
use vliv_engine::{registry, Lang, Text};

use super::{parse_options, refuse, say, user_lang, Context, Error};
use crate::{
    i18n::tr,
    render::{clip, limits, preferences_text},
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

/// Vliv for you
#[poise::command(
    slash_command,
    name_localized("cs", "vliv"),
    description_localized("cs", "Vliv pro vás"),
    subcommands("settings", "preferences"),
    subcommand_required
)]
pub async fn vliv(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Your settings: turn DMs, language
#[poise::command(
    slash_command,
    name_localized("cs", "nastavení"),
    description_localized("cs", "Vaše nastavení: zprávy o tahu, jazyk")
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
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
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
            say(ctx, lang, &text).await
        }
        Err(e) => refuse(ctx, lang, e).await,
    }
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
