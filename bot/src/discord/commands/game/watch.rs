//! `/game watch` and `/game unwatch`: the public table in a DM, kept current on every move.

use vliv_engine::Text;

use super::{
    super::{answer, say, Context, Error},
    here, here_to_leave,
};
use crate::discord::spectate;

/// Watch this channel's game: its table comes to your DMs and follows every move
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "sledovat"),
    description_localized(
        "cs",
        "Sledovat hru v tomto kanálu: stůl vám přijde do soukromých zpráv a sleduje každý tah"
    )
)]
pub(super) async fn watch(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let user = ctx.author().id.get();
        let rec = service.watch(here(ctx).await?.id, user).await?;
        if !spectate::welcome(ctx.http(), service, &rec, user).await? {
            // No DM reaches them: watching would send nothing.
            service.unwatch(rec.id, user).await?;
            return Ok(say(ctx, lang, &Text::new("watch-dm-closed")).await?);
        }
        Ok(say(ctx, lang, &Text::new("watch-started").arg("id", rec.id)).await?)
    })
    .await
}

/// Stop watching this channel's game
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "nesledovat"),
    description_localized("cs", "Přestat sledovat hru v tomto kanálu")
)]
pub(super) async fn unwatch(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        service
            .unwatch(here_to_leave(ctx).await?.id, ctx.author().id.get())
            .await?;
        Ok(say(ctx, lang, &Text::new("watch-stopped")).await?)
    })
    .await
}
