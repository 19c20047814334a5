//! `/vliv settings`: a user's own settings (DMs, language).

use vliv_engine::{Lang, Text};

use super::{refuse, say, user_lang, Context, Error};

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
    subcommands("settings"),
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
