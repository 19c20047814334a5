//! `/game list`, `history` (paged, with a replay button per game) and `rules`.

use vliv_engine::Text;

use super::{
    super::{answer, Context, Error},
    game_ids,
};
use crate::{
    discord::{convert, publish},
    i18n::tr,
    render::{clip, history_message, limits, MessageSpec},
    service::ServiceError,
};
use vliv_engine::registry;

/// Your games on this server, with links
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "seznam"),
    description_localized("cs", "Vaše hry na tomto serveru s odkazy")
)]
pub(super) async fn list(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
        let user = ctx.author().id.get();
        let games = ctx.data().service.my_games(guild, user).await?;
        let lines: Vec<String> = games
            .iter()
            .map(|g| {
                let game = registry::find(&g.kind)
                    .map(|k| crate::i18n::tr(lang, &k.name(), &|s| lang.seat_name(s)))
                    .unwrap_or_else(|| g.kind.clone());
                let line = Text::new("list-game")
                    .arg("id", g.id)
                    .arg("game", game)
                    .arg("channel", publish::table_link(g));
                crate::i18n::tr(lang, &line, &|s| lang.seat_name(s))
            })
            .collect();
        Ok(answer_lines(ctx, lang, lines).await?)
    })
    .await
}

async fn answer_lines(
    ctx: Context<'_>,
    lang: vliv_engine::Lang,
    lines: Vec<String>,
) -> Result<(), Error> {
    let mut text = lines.join("\n");
    if text.is_empty() {
        text = crate::i18n::msg(lang, "list-none");
    }
    ctx.send(
        poise::CreateReply::default()
            .content(clip(&text, limits::CONTENT))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// Finished games in this channel: players, result, date, length, replays
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "historie"),
    description_localized(
        "cs",
        "Dohrané hry v tomto kanálu: hráči, výsledek, datum, délka, záznamy"
    )
)]
pub(super) async fn history(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
        let spec =
            history_spec(&ctx.data().service, guild, ctx.channel_id().get(), 0, lang).await?;
        ctx.send(convert::reply(&spec)).await?;
        Ok(())
    })
    .await
}

/// A page of a channel's history, for the command and its paging buttons.
pub(in crate::discord) async fn history_spec(
    service: &crate::service::Service,
    guild: u64,
    channel: u64,
    page: u32,
    lang: vliv_engine::Lang,
) -> Result<MessageSpec, ServiceError> {
    let page = service.history_page(guild, channel, page).await?;
    Ok(history_message(&page, lang))
}

/// A short summary of a game's rules
#[poise::command(
    slash_command,
    name_localized("cs", "pravidla"),
    description_localized("cs", "Stručná pravidla hry")
)]
pub(super) async fn rules(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[name_localized("cs", "hra")]
    #[description_localized("cs", "Která hra")]
    #[autocomplete = "game_ids"]
    game: String,
) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let kind = registry::find(&game).ok_or(ServiceError::UnknownGame(game))?;
        let (min, max) = kind.seat_range();
        let text = format!(
            "**{}** ({min}–{max})\n{}",
            tr(lang, &kind.name(), &|s| lang.seat_name(s)),
            tr(lang, &kind.rules_summary(), &|s| lang.seat_name(s))
        );
        ctx.send(
            poise::CreateReply::default()
                .content(clip(&text, limits::CONTENT))
                .ephemeral(true),
        )
        .await?;
        Ok(())
    })
    .await
}
