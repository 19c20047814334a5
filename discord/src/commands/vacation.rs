//! `/vliv vacation`, `/vliv back`: a player pauses their clocks in this server's games and
//! returns early; `/vliv-admin vacation-days`, `sleeping-clocks`, `end-vacation`: what the
//! server allows, and an admin ending someone's vacation.

use crate::ids::Ours;
use poise::serenity_prelude as serenity;

use super::{run, server_change, Context, Error};
use vliv_service::{
    app::{Request, ServerChange},
    render::vacation_summary,
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
    run(ctx, Request::Vacation { days }).await
}

/// End your vacation early
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "návrat"),
    description_localized("cs", "Ukončit dovolenou dříve")
)]
pub async fn back(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::Back { who: None }).await
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
    server_change(ctx, ServerChange::VacationDays(days), vacation_summary).await
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
    server_change(ctx, ServerChange::SleepingClocks(on), vacation_summary).await
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
    let who = Some(user.id.ours());
    run(ctx, Request::Back { who }).await
}
