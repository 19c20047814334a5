//! `/game replay id` (an ephemeral step-through replay) and `/game export id` (the game as
//! a JSON file that `vliv replay` rebuilds).

use super::super::{run, Context, Error};
use vliv_service::app::Request;

/// Step through a game of this channel move by move (only you see it)
#[poise::command(
    slash_command,
    name_localized("cs", "přehrát"),
    description_localized("cs", "Projít hru z tohoto kanálu tah po tahu (vidíte jen vy)")
)]
pub(super) async fn replay(
    ctx: Context<'_>,
    #[description = "The game's number (see history)"]
    #[name_localized("cs", "číslo")]
    #[description_localized("cs", "Číslo hry (viz historie)")]
    id: i64,
) -> Result<(), Error> {
    run(ctx, Request::Replay { game: id, step: 0 }).await
}

/// An ended game's options, seed and moves as a file (for bug reports)
#[poise::command(
    slash_command,
    name_localized("cs", "exportovat"),
    description_localized(
        "cs",
        "Volby, rozdání a tahy dohrané hry jako soubor (pro hlášení chyb)"
    )
)]
pub(super) async fn export(
    ctx: Context<'_>,
    #[description = "The game's number (see history)"]
    #[name_localized("cs", "číslo")]
    #[description_localized("cs", "Číslo hry (viz historie)")]
    id: i64,
) -> Result<(), Error> {
    run(ctx, Request::Export { game: id }).await
}
