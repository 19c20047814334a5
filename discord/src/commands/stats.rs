//! `/stats [player] [game]`: a player's finished games, wins, ratings and favourite game on
//! this server.

use crate::ids::Ours;
use poise::serenity_prelude as serenity;

use super::{leaderboard::game_ids, run, Context, Error};
use vliv_service::app::Request;

/// A player's games, wins and ratings on this server
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
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
    let player = player.map(|u| u.id.ours());
    run(ctx, Request::Stats { player, game }).await
}
