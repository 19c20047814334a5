//! `/game …`, one file per concept: `lobby` (new, join, leave, add-ai, start), `table`
//! (status, hand, log, concede, offer-draw, abandon), `history` (list, history, rules),
//! `replay` (replay, export), `watch` (watch, unwatch), `substitute`, `teaching` (hint,
//! review), `clocks` (a conversation's reminders and time limits).

mod clocks;
mod history;
pub(super) mod lobby;
mod replay;
mod substitute;
mod table;
mod teaching;
mod watch;

use poise::serenity_prelude as serenity;
use vliv_engine::registry;

pub(crate) use history::game_lines;
pub(crate) use table::log_text;
pub(crate) use teaching::{send_hint, send_review};

use super::{Context, Error};

/// Play a card game at this table
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
    name_localized("cs", "hra"),
    description_localized("cs", "Hrajte karetní hru u tohoto stolu"),
    subcommands(
        "lobby::new",
        "lobby::join",
        "lobby::leave",
        "lobby::add_ai",
        "lobby::start",
        "table::status",
        "table::hand",
        "table::log",
        "teaching::hint",
        "teaching::review",
        "table::web",
        "table::concede",
        "table::offer_draw",
        "table::abandon",
        "history::list",
        "history::history",
        "history::rules",
        "replay::replay",
        "replay::export",
        "watch::watch",
        "watch::unwatch",
        "substitute::substitute",
        "clocks::clocks"
    ),
    subcommand_required
)]
pub async fn game(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

async fn game_ids(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = registry::all()
        .iter()
        .map(|g| g.id())
        .filter(|id| id.starts_with(&partial.to_lowercase()))
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}
