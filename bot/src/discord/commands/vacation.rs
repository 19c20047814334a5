//! `/vliv vacation`, `/vliv back`: a player pauses their clocks in this server's games and
//! returns early; `/vliv-admin vacation-days`, `sleeping-clocks`, `end-vacation`: what the
//! server allows, and an admin ending someone's vacation.

use poise::serenity_prelude as serenity;
use vliv_engine::Text;

use super::{answer, caller, say, Context, Error};
use crate::{
    discord::publish,
    i18n::{instant, InstantStyle},
    render::vacation_summary,
    service::{GuildConfig, ServiceError, VacationReport},
};

/// Pause your clocks in this server's games for a few days
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "dovolená"),
    description_localized("cs", "Zastavit váš čas na tah ve hrách tohoto serveru na několik dní")
)]
pub async fn vacation(
    ctx: Context<'_>,
    #[description = "How many days (from this year's allowance)"]
    #[name_localized("cs", "dny")]
    #[description_localized("cs", "Kolik dní (z letošního nároku)")]
    #[min = 1]
    #[max = 366]
    days: u32,
) -> Result<(), Error> {
    answer(ctx, |lang| async move {
        let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
        let service = &ctx.data().service;
        let report = service
            .start_vacation(guild, ctx.author().id.get(), days)
            .await?;
        let text = Text::new("vacation-started")
            .arg(
                "time",
                instant(report.vacation.ends_at, InstantStyle::DateTime),
            )
            .arg("n", report.days_left as i64);
        say(ctx, lang, &text).await?;
        refresh_tables(ctx, &report).await;
        Ok(())
    })
    .await
}

/// End your vacation early
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "návrat"),
    description_localized("cs", "Ukončit dovolenou dříve")
)]
pub async fn back(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, |lang| async move {
        let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
        let who = caller(ctx).await;
        let report = ctx
            .data()
            .service
            .end_vacation(guild, who, who.user)
            .await?;
        let text = Text::new("vacation-ended").arg("n", report.days_left as i64);
        say(ctx, lang, &text).await?;
        refresh_tables(ctx, &report).await;
        Ok(())
    })
    .await
}

/// Vacation days each player may take per year
#[poise::command(
    slash_command,
    guild_only,
    rename = "vacation-days",
    name_localized("cs", "dny-dovolené"),
    description_localized("cs", "Kolik dní dovolené si každý hráč může vzít za rok"),
    required_permissions = "MANAGE_GUILD"
)]
pub async fn vacation_days(
    ctx: Context<'_>,
    #[description = "Days per calendar year (0: no vacations)"]
    #[name_localized("cs", "dny")]
    #[description_localized("cs", "Dní za kalendářní rok (0: bez dovolené)")]
    #[max = 366]
    days: u32,
) -> Result<(), Error> {
    change(ctx, move |cfg| cfg.vacation_days = days).await
}

/// Whether the time to move stops in the player's quiet hours
#[poise::command(
    slash_command,
    guild_only,
    rename = "sleeping-clocks",
    name_localized("cs", "klidové-hodiny"),
    description_localized("cs", "Zda se čas na tah zastavuje v klidových hodinách hráče"),
    required_permissions = "MANAGE_GUILD"
)]
pub async fn sleeping_clocks(
    ctx: Context<'_>,
    #[description = "On or off (clocks under an hour and reaction windows never stop)"]
    #[name_localized("cs", "zapnuto")]
    #[description_localized(
        "cs",
        "Zapnuto, nebo vypnuto (kratší než hodina a reakce se nezastavují)"
    )]
    on: bool,
) -> Result<(), Error> {
    change(ctx, move |cfg| cfg.sleeping_clocks = on).await
}

/// End a player's vacation
#[poise::command(
    slash_command,
    guild_only,
    rename = "end-vacation",
    name_localized("cs", "ukončit-dovolenou"),
    description_localized("cs", "Ukončit dovolenou hráče"),
    required_permissions = "MANAGE_GUILD"
)]
pub async fn end_vacation(
    ctx: Context<'_>,
    #[description = "The player"]
    #[name_localized("cs", "hráč")]
    #[description_localized("cs", "Hráč")]
    user: serenity::User,
) -> Result<(), Error> {
    answer(ctx, |lang| async move {
        let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
        let who = caller(ctx).await;
        let report = ctx
            .data()
            .service
            .end_vacation(guild, who, user.id.get())
            .await?;
        let text = Text::new("vacation-ended-by-admin").arg("user", format!("<@{}>", user.id));
        say(ctx, lang, &text).await?;
        refresh_tables(ctx, &report).await;
        Ok(())
    })
    .await
}

/// The server's vacation and quiet-hour settings, changed by an admin.
async fn change(
    ctx: Context<'_>,
    mut edit: impl FnMut(&mut GuildConfig) + Send,
) -> Result<(), Error> {
    answer(ctx, |lang| async move {
        let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
        let who = caller(ctx).await;
        let cfg = ctx
            .data()
            .service
            .configure(guild, who, |cfg| {
                edit(cfg);
                Ok::<(), ServiceError>(())
            })
            .await?;
        say(ctx, lang, &vacation_summary(&cfg)).await?;
        Ok(())
    })
    .await
}

/// The tables of the player's games say who is on vacation until when; a table that
/// cannot be edited now is brought up to date by the game's next change.
async fn refresh_tables(ctx: Context<'_>, report: &VacationReport) {
    let service = &ctx.data().service;
    for rec in &report.games {
        let _publishing = publish::publishing(rec.id).await;
        if let Err(e) = publish::refresh_table_held(ctx.http(), service, rec.id, false).await {
            tracing::warn!(game = rec.id, guild = rec.guild, error = %e, "table not refreshed after a vacation change");
        }
    }
}
