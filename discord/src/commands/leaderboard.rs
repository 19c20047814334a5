//! `/leaderboard game`: the best rated players of a game on this server, ten a page, and
//! the ◀ ▶ buttons that turn its pages.

use crate::ids::Ours;
use poise::serenity_prelude as serenity;
use vliv_engine::{registry, Text};

use super::{lang, run, user_lang, Context, Error};
use crate::convert;
use vliv_service::i18n::tr;
use vliv_service::{
    app::{execute, Answer, Origin, Outcome, Refusal, Request},
    render::{game_name, leaderboard_message},
    service::{ComponentAction, PlaceKind, Platform, ServiceError, NO_SERVER},
};

/// Game ids whose id or name (in the user's language) starts with what was typed.
pub(super) async fn game_ids(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let lang = user_lang(ctx).await;
    let typed = partial.to_lowercase();
    let choices = registry::all()
        .iter()
        .map(|g| (game_name(g.id(), lang), g.id()))
        .filter(|(name, id)| id.starts_with(&typed) || name.to_lowercase().starts_with(&typed))
        .map(|(name, id)| serenity::AutocompleteChoice::new(name, id))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The best rated players of a game on this server
#[poise::command(
    slash_command,
    // A server's only: outside servers every conversation shares one "no server" scope,
    // whose leaderboard would list strangers from other conversations.
    guild_only,
    name_localized("cs", "žebříček"),
    description_localized("cs", "Nejlépe hodnocení hráči hry na tomto serveru")
)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "The game"]
    #[name_localized("cs", "hra")]
    #[description_localized("cs", "Hra")]
    #[autocomplete = "game_ids"]
    game: String,
) -> Result<(), Error> {
    run(
        ctx,
        Request::Leaderboard {
            game,
            page: 0,
            of: None,
        },
    )
    .await
}

/// A ◀ or ▶ click: the page it names replaces the message, if the button belongs to this
/// server and the page still exists; otherwise the user is told why and the message stays.
/// The click was acknowledged already (`components::first_response`).
pub(crate) async fn turn_page(
    http: &serenity::Http,
    data: &super::Data,
    c: &serenity::ComponentInteraction,
    action: Result<ComponentAction, ServiceError>,
) -> Result<(), Error> {
    let service = &data.service;
    let guild = c.guild_id.map(Ours::ours);
    let lang = lang::for_user(service, c.user.id.ours(), Some(&c.locale), guild).await;
    // The button names its server: the application layer refuses one of another server.
    let asked = match action {
        Ok(ComponentAction::Board(p)) => {
            let place =
                crate::place::place(guild, c.channel_id.ours(), c.channel.as_ref(), c.context);
            let origin = Origin {
                platform: Platform::Discord,
                user: c.user.id.ours(),
                place,
                admin: false,
                private: place.kind == PlaceKind::BotDm,
                key: None,
                reads: None,
                name: None,
            };
            let request = Request::Leaderboard {
                game: p.kind.to_owned(),
                page: p.page,
                of: Some(p.guild),
            };
            execute(service, &origin, request).await
        }
        Ok(_) => Err(Refusal::of(Platform::Discord, ServiceError::MalformedId)),
        Err(e) => Err(Refusal::of(Platform::Discord, e)),
    };
    let text = match asked {
        Ok(Outcome {
            answer: Answer::Leaderboard(board),
            ..
        }) => {
            let spec = leaderboard_message(&board, guild.unwrap_or(NO_SERVER), lang);
            c.edit_response(http, convert::edit_response(&spec)).await?;
            return Ok(());
        }
        Ok(_) => return Ok(()),
        Err(Refusal::Refused(text)) => text,
        Err(Refusal::Failed(e) | Refusal::NotShown(e)) => {
            tracing::warn!(guild = ?guild, error = %e, "leaderboard page failed");
            Text::new("err-retry")
        }
    };
    let line = tr(lang, &text, &|s| lang.seat_name(s));
    c.create_followup(
        http,
        serenity::CreateInteractionResponseFollowup::new()
            .content(crate::markup::discord(&line))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}
