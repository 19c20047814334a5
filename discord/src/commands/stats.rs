//! `/stats [player] [game]`: a player's finished games, wins, ratings and favourite game on
//! this server.

use poise::serenity_prelude as serenity;

use super::{answer, leaderboard::game_ids, Context, Error};
use crate::convert;
use vliv_service::render::stats_message;

/// A player's games, wins and ratings on this server
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "statistiky"),
    description_localized("cs", "Hry, výhry a hodnocení hráče na tomto serveru")
)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "The player (default: you)"]
    #[name_localized("cs", "hráč")]
    #[description_localized("cs", "Hráč (jinak vy)")]
    player: Option<serenity::User>,
    #[description = "One game (default: all)"]
    #[name_localized("cs", "hra")]
    #[description_localized("cs", "Jedna hra (jinak všechny)")]
    #[autocomplete = "game_ids"]
    game: Option<String>,
) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
        let user = player.map_or(ctx.author().id.get(), |u| u.id.get());
        let stats = ctx
            .data()
            .service
            .stats(guild, user, game.as_deref())
            .await?;
        ctx.send(convert::reply(&stats_message(&stats, lang)))
            .await?;
        Ok(())
    })
    .await
}
