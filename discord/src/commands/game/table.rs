//! `/game status`, `hand`, `log`, `concede`, `offer-draw`, `abandon`: a running game's table.

use crate::limits;
use vliv_engine::{Lang, Seat, Text};

use super::super::{run, Context, Error};
use vliv_service::i18n::tr;
use vliv_service::{
    app::{Request, Target},
    render::Names,
    service::GameRecord,
};

/// Post this channel's table again
#[poise::command(
    slash_command,
    name_localized("cs", "stav"),
    // Re-posting the table deletes and posts a message: not something to repeat at will.
    user_cooldown = 10,
    description_localized("cs", "Znovu vyvěsit stůl tohoto kanálu")
)]
pub(super) async fn status(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::Status).await
}

/// Show your hand and your choices (only you see it)
#[poise::command(
    slash_command,
    name_localized("cs", "ruka"),
    description_localized("cs", "Ukázat vaši ruku a volby (vidíte jen vy)")
)]
pub(super) async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::Hand).await
}

/// The moves so far (public ones, and your own private ones)
#[poise::command(
    slash_command,
    name_localized("cs", "záznam"),
    // The log replays the whole game.
    user_cooldown = 10,
    description_localized("cs", "Dosavadní tahy (veřejné a vaše soukromé)")
)]
pub(super) async fn log(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::Log).await
}

/// Your link to this game's table in the browser (only you see it)
#[poise::command(
    slash_command,
    name_localized("cs", "web"),
    description_localized("cs", "Váš odkaz na stůl této hry v prohlížeči (vidíte jen vy)")
)]
pub(super) async fn web(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::WebLink(Target::Here)).await
}

/// The latest events `viewer` may see that fit one message, oldest first.
/// The latest lines of a game's log that fit one message, private ones marked.
pub(crate) fn log_text(rec: &GameRecord, lines: &[(Text, bool)], lang: Lang) -> String {
    let names = Names::for_game(rec, lang);
    let lines: Vec<String> = lines
        .iter()
        .map(|(text, private)| {
            let line = tr(lang, text, &|s: Seat| names.get(s));
            match private {
                false => line,
                true => format!("🔒 {line}"),
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
        text = vliv_service::i18n::msg(lang, "list-none");
    }
    text
}

/// Concede this channel's game
#[poise::command(
    slash_command,
    name_localized("cs", "vzdát"),
    description_localized("cs", "Vzdát hru v tomto kanálu")
)]
pub(super) async fn concede(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::Concede).await
}

/// Offer a draw, or accept the one offered (everyone must agree)
#[poise::command(
    slash_command,
    rename = "offer-draw",
    name_localized("cs", "nabídnout-remízu"),
    description_localized(
        "cs",
        "Nabídnout remízu nebo přijmout nabízenou (musí souhlasit všichni)"
    )
)]
pub(super) async fn offer_draw(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::OfferDraw).await
}

/// Abandon this channel's game for everyone (host or admin, confirmed)
#[poise::command(
    slash_command,
    name_localized("cs", "zrušit"),
    description_localized(
        "cs",
        "Zrušit hru v tomto kanálu pro všechny (jen zakladatel nebo správce, s potvrzením)"
    )
)]
pub(super) async fn abandon(ctx: Context<'_>) -> Result<(), Error> {
    let request = Request::Abandon {
        game: Target::Here,
        confirmed: false,
    };
    run(ctx, request).await
}
