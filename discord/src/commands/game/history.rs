//! `/game list`, `history` (paged, with a replay button per game) and `rules`.

use crate::limits;
use vliv_engine::{registry, Lang, Text};

use super::{
    super::{run, Context, Error},
    game_ids,
};
use crate::publish;
use vliv_service::i18n::tr;
use vliv_service::{app::Request, render::clip, service::GameRecord};

/// Your games on this server, with links
#[poise::command(
    slash_command,
    name_localized("cs", "seznam"),
    description_localized("cs", "Vaše hry na tomto serveru s odkazy")
)]
pub(super) async fn list(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::MyGames).await
}

/// One line a game: its number, kind and a link to its table.
pub(crate) fn game_lines(games: &[GameRecord], lang: Lang) -> String {
    let lines: Vec<String> = games
        .iter()
        .map(|g| {
            let game = registry::find(&g.kind)
                .map(|k| tr(lang, &k.name(), &|s| lang.seat_name(s)))
                .unwrap_or_else(|| g.kind.clone());
            let line = Text::new("list-game")
                .arg("id", g.id)
                .arg("game", game)
                .arg("channel", publish::table_link(g));
            tr(lang, &line, &|s| lang.seat_name(s))
        })
        .collect();
    let text = match lines.is_empty() {
        true => vliv_service::i18n::msg(lang, "list-none"),
        false => lines.join("\n"),
    };
    clip(&text, limits::CONTENT)
}

/// Finished games in this channel: players, result, date, length, replays
#[poise::command(
    slash_command,
    name_localized("cs", "historie"),
    description_localized(
        "cs",
        "Dohrané hry v tomto kanálu: hráči, výsledek, datum, délka, záznamy"
    )
)]
pub(super) async fn history(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Request::History { page: 0 }).await
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
    run(ctx, Request::Rules { game }).await
}
