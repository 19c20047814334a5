//! `/game status`, `hand`, `log`, `concede`, `offer-draw`, `abandon`: a running game's table.

use vliv_engine::{Audience, Event, Seat, Text, Viewer};

use super::{
    super::{answer, caller, say, shown, Context, Error},
    here, here_to_leave,
    lobby::confirm,
};
use crate::{
    discord::{convert, publish},
    i18n::tr,
    render::{limits, Names},
    service::{ComponentAction, GameRecord, MoveRecord, ServiceError},
};

/// Post this channel's table again
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "stav"),
    // Re-posting the table deletes and posts a message: not something to repeat at will.
    user_cooldown = 10,
    description_localized("cs", "Znovu vyvěsit stůl tohoto kanálu")
)]
pub(super) async fn status(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let rec = here(ctx).await?;
        publish::refresh_table(ctx.http(), &ctx.data().service, rec.id, true).await?;
        Ok(say(ctx, lang, &Text::new("move-applied")).await?)
    })
    .await
}

/// Show your hand and your choices (only you see it)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "ruka"),
    description_localized("cs", "Ukázat vaši ruku a volby (vidíte jen vy)")
)]
pub(super) async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let rec = here(ctx).await?;
        let spec = hand_spec(&ctx.data().service, &rec, ctx.author().id.get(), lang).await?;
        ctx.send(convert::reply(&spec)).await?;
        Ok(())
    })
    .await
}

pub(in crate::discord) use crate::discord::tables::hand_spec;

/// The moves so far (public ones, and your own private ones)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "záznam"),
    // The log replays the whole game.
    user_cooldown = 10,
    description_localized("cs", "Dosavadní tahy (veřejné a vaše soukromé)")
)]
pub(super) async fn log(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let rec = here(ctx).await?;
        let viewer = match rec.seat_of(ctx.author().id.get()) {
            Some(s) => Viewer::Seat(s),
            None => Viewer::Spectator,
        };
        let (_, moves) = ctx.data().service.replay(&rec, None).await?;
        let text = log_text(&rec, &moves, viewer, lang);
        ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
            .await?;
        Ok(())
    })
    .await
}

/// The latest events `viewer` may see that fit one message, oldest first.
fn log_text(
    rec: &GameRecord,
    moves: &[(MoveRecord, Vec<Event>)],
    viewer: Viewer,
    lang: vliv_engine::Lang,
) -> String {
    let names = Names::for_game(rec, lang);
    let lines: Vec<String> = moves
        .iter()
        .flat_map(|(_, events)| events)
        .filter(|e| e.audience.shown_to(viewer))
        .map(|e| {
            let line = tr(lang, &e.text, &|s: Seat| names.get(s));
            match e.audience {
                Audience::Public => line,
                Audience::Seat(_) => format!("🔒 {line}"),
            }
        })
        .collect();
    let mut text = String::new();
    for line in lines.iter().rev() {
        if text.chars().count() + line.chars().count() + 1 > limits::CONTENT - 10 {
            break;
        }
        text = format!("{line}\n{text}");
    }
    if text.is_empty() {
        text = crate::i18n::msg(lang, "list-none");
    }
    text
}

/// Concede this channel's game
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "vzdát"),
    description_localized("cs", "Vzdát hru v tomto kanálu")
)]
pub(super) async fn concede(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let rec = service
            .concede(here(ctx).await?.id, ctx.author().id.get())
            .await?;
        let report = crate::service::Report::of(rec);
        shown(publish::after_report(ctx.http(), service, &report, false).await)?;
        Ok(say(ctx, lang, &Text::new("move-applied")).await?)
    })
    .await
}

/// Offer a draw, or accept the one offered (everyone must agree)
#[poise::command(
    slash_command,
    guild_only,
    rename = "offer-draw",
    name_localized("cs", "nabídnout-remízu"),
    description_localized(
        "cs",
        "Nabídnout remízu nebo přijmout nabízenou (musí souhlasit všichni)"
    )
)]
pub(super) async fn offer_draw(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let service = &ctx.data().service;
        let user = ctx.author().id.get();
        let offer = service.offer_draw(here(ctx).await?.id, user).await?;
        let seat = offer.game.seat_of(user).unwrap_or(0);
        if offer.agreed {
            let report = crate::service::Report::of(offer.game);
            shown(publish::after_report(ctx.http(), service, &report, false).await)?;
        } else {
            let text = Text::new("draw-offered").seat("player", seat);
            shown(publish::say_in_channel(ctx.http(), &offer.game, &text).await)?;
        }
        Ok(say(ctx, lang, &Text::new("move-applied")).await?)
    })
    .await
}

/// Abandon this channel's game for everyone (host or admin, confirmed)
#[poise::command(
    slash_command,
    guild_only,
    name_localized("cs", "zrušit"),
    description_localized(
        "cs",
        "Zrušit hru v tomto kanálu pro všechny (jen zakladatel nebo správce, s potvrzením)"
    )
)]
pub(super) async fn abandon(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let who = caller(ctx).await;
        let rec = here_to_leave(ctx).await?;
        if rec.host != who.user && !who.is_admin {
            return Err(ServiceError::NotHost.into());
        }
        let action = ComponentAction::ConfirmAbandon(rec.id);
        Ok(confirm(
            ctx,
            lang,
            "confirm-abandon",
            action,
            "button-confirm-abandon",
        )
        .await?)
    })
    .await
}
