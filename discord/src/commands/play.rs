//! `/play <choice>`: the pending menu by typing, with autocomplete of the current choices.

use crate::ids::Ours;
use crate::limits;
use poise::serenity_prelude as serenity;

use super::{run_reading, user_lang, Context, Error};
use vliv_service::i18n::tr;
use vliv_service::{
    app::{Numbers, Request},
    render::{clip, Names},
};

async fn current_choices(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let service = &ctx.data().service;
    let lang = user_lang(ctx).await;
    let mut choices = Vec::new();
    if let Ok(rec) = service.active(ctx.channel_id().ours()).await {
        if let Ok(menus) = service.pending_menus(rec.id, ctx.author().id.ours()).await {
            let names = Names::for_game(&rec, lang);
            let partial = partial.to_lowercase();
            for c in menus.iter().flat_map(|m| m.menu.choices.iter()) {
                // A choice's name shows no mention: a player goes by their seat's name.
                let label = crate::markup::plain(&tr(lang, &c.label, &|s| names.get(s)), |u| {
                    rec.seat_of(u)
                        .map_or_else(String::new, |s| lang.seat_name(s))
                });
                if label.to_lowercase().contains(&partial) {
                    choices.push(serenity::AutocompleteChoice::new(
                        clip(&label, limits::OPTION_LABEL),
                        c.id.0.to_string(),
                    ));
                }
            }
        }
    }
    choices.truncate(limits::SELECT_OPTIONS);
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Make your choice in this channel's game
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
    name_localized("cs", "hrát"),
    description_localized("cs", "Zvolit tah ve hře v tomto kanálu")
)]
pub async fn play(
    ctx: Context<'_>,
    #[description = "Your choice (start typing to see them)"]
    #[name_localized("cs", "volba")]
    #[description_localized("cs", "Vaše volba (začněte psát a uvidíte je)")]
    #[autocomplete = "current_choices"]
    choice: String,
) -> Result<(), Error> {
    // The autocomplete sends the choice id; a typed label is matched too, as the player
    // reads it.
    let request = Request::Play {
        typed: choice,
        numbers: Numbers::ChoiceIds,
    };
    let lang = user_lang(ctx).await;
    run_reading(ctx, request, lang).await
}
