//! `/card game card`: what a card does, its full text in the reader's language. The card is
//! autocompleted by name in either language, among the cards of the game already chosen.

use crate::limits;
use poise::serenity_prelude as serenity;
use vliv_engine::{card_lookup, registry};

use super::{answered_now, leaderboard::game_ids, user_lang, Context, Error};
use vliv_service::{
    app::{Answer, Request},
    render::{cards::card_line, clip},
};

/// The `game` option as typed so far (autocomplete sends every option's current value).
fn typed_game(ctx: Context<'_>) -> Option<String> {
    let poise::Context::Application(a) = ctx else {
        return None;
    };
    a.interaction
        .data
        .options
        .iter()
        .find(|o| o.name == "game")
        .and_then(|o| match &o.value {
            serenity::CommandDataOptionValue::String(s) => Some(s.clone()),
            serenity::CommandDataOptionValue::Autocomplete { value, .. } => Some(value.clone()),
            _ => None,
        })
}

/// The chosen game's cards whose Czech or English name contains what was typed; the
/// label is the name in the reader's language, the value the card's key.
async fn card_names(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let lang = user_lang(ctx).await;
    let choices = typed_game(ctx)
        .and_then(|id| registry::find(&id))
        .map(|game| card_lookup::suggest(game, partial, lang))
        .unwrap_or_default()
        .into_iter()
        .map(|(name, key)| {
            serenity::AutocompleteChoice::new(clip(&name, limits::OPTION_LABEL), key)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// What a card does: its full text
#[poise::command(
    slash_command,
    name_localized("cs", "karta"),
    description_localized("cs", "Co dělá karta: její celý text")
)]
pub async fn card(
    ctx: Context<'_>,
    #[description = "The game"]
    #[name_localized("cs", "hra")]
    #[description_localized("cs", "Hra")]
    #[autocomplete = "game_ids"]
    game: String,
    #[description = "The card: its name or number"]
    #[name_localized("cs", "karta")]
    #[description_localized("cs", "Karta: její jméno nebo číslo")]
    #[autocomplete = "card_names"]
    card: String,
) -> Result<(), Error> {
    let lang = user_lang(ctx).await;
    let request = Request::CardLookup { game, card };
    if let Some(Answer::Card(card)) = answered_now(ctx, lang, request).await? {
        let text = card_line(lang, &card);
        ctx.send(
            poise::CreateReply::default()
                .content(crate::markup::discord(&clip(&text, limits::CONTENT)))
                .ephemeral(true),
        )
        .await?;
    }
    Ok(())
}
