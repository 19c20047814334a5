//! `/game watch` and `/game unwatch`: the public table in a DM, kept current on every move.

use super::super::{run, Context, Error};
use vliv_service::app::Request;

/// Watch this channel's game: its table comes to your DMs and follows every move
#[poise::command(
    slash_command,
    name_localized("cs", "sledovat"),
    description_localized(
        "cs",
        "Sledovat hru v tomto kanálu: stůl vám přijde do soukromých zpráv a sleduje každý tah"
    )
)]
pub(super) async fn watch(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::Watch).await
}

/// Stop watching this channel's game
#[poise::command(
    slash_command,
    name_localized("cs", "nesledovat"),
    description_localized("cs", "Přestat sledovat hru v tomto kanálu")
)]
pub(super) async fn unwatch(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::Unwatch).await
}
