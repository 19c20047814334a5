//! `/game replay id` (an ephemeral step-through replay) and `/game export id` (the game as
//! a JSON file that `vliv replay` rebuilds).

use poise::serenity_prelude as serenity;
use vliv_engine::Text;

use super::super::{answer, place, Context, Error, Stop};
use crate::convert;
use vliv_service::{
    render::{replay_message, MessageSpec},
    service::{GameId, Place, ServiceError},
};

/// Step through a game of this channel move by move (only you see it)
#[poise::command(
    slash_command,
    guild_only,
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
    answer(ctx, move |lang| async move {
        let spec = replay_spec(&ctx.data().service, &place(ctx), id, 0, lang).await?;
        ctx.send(convert::reply(&spec)).await?;
        Ok(())
    })
    .await
}

/// A replay step's message, for the command and its buttons.
pub(crate) async fn replay_spec(
    service: &vliv_service::service::Service,
    place: &Place,
    game: GameId,
    step: u32,
    lang: vliv_engine::Lang,
) -> Result<MessageSpec, ServiceError> {
    let step = service.replay_step(place, game, step as usize).await?;
    Ok(replay_message(&step, lang))
}

/// An ended game's options, seed and moves as a file (for bug reports)
#[poise::command(
    slash_command,
    guild_only,
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
    answer(ctx, move |lang| async move {
        let exported = ctx.data().service.export(&place(ctx), id).await?;
        let json = serde_json::to_vec_pretty(&exported).map_err(|e| Stop::Failed(e.into()))?;
        let file = serenity::CreateAttachment::bytes(json, format!("vliv-game-{id}.json"));
        let text = Text::new("export-ready").arg("id", id);
        let line = vliv_service::i18n::tr(lang, &text, &|s| lang.seat_name(s));
        ctx.send(
            poise::CreateReply::default()
                .content(line)
                .attachment(file)
                .ephemeral(true),
        )
        .await?;
        Ok(())
    })
    .await
}
