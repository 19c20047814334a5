//! The room's ratings: a player's stats and a game's leaderboard, answered in the room (a
//! Matrix room is its own server). A leaderboard's page buttons become the command for the
//! next page.

use vliv_engine::Text;
use vliv_service::service::GuildId;

use super::{
    commands::{Origin, Reply, Stop},
    Matrix,
};
use vliv_service::i18n::{msg, tr};
use vliv_service::{
    app::{Answer, Request},
    render::{game_name, leaderboard_message, stats_message},
    service::Platform,
};

impl Matrix {
    pub(super) async fn stats(
        &self,
        origin: &Origin,
        player: Option<String>,
        game: Option<String>,
    ) -> Result<Reply, Stop> {
        let player = match player {
            Some(mxid) => Some(self.service.identity(Platform::Matrix, &mxid).await?),
            None => None,
        };
        let lang = self.asked_lang(origin).await;
        let Answer::Stats(stats) = self
            .execute_plain(origin, Request::Stats { player, game })
            .await?
        else {
            return Ok(Reply::Text(Text::new("move-applied")));
        };
        let mut spec = stats_message(&stats, lang);
        // A Matrix room is its own server: its title says so, and so does a player's line
        // with no game played in it.
        if let Some(embed) = spec.embed.as_mut() {
            embed.title = msg(lang, "matrix-stats-title");
            if stats.favourite.is_none() {
                let player = vliv_service::mark::user(stats.user);
                let say = |key| {
                    tr(lang, &Text::new(key).arg("player", player.as_str()), &|s| {
                        lang.seat_name(s)
                    })
                };
                embed.description = embed
                    .description
                    .replace(&say("stats-none"), &say("matrix-stats-none"));
            }
        }
        Ok(Reply::Spec(spec))
    }

    /// A page (from 1) of the game's leaderboard in this room.
    pub(super) async fn leaderboard(
        &self,
        origin: &Origin,
        game: String,
        page: u32,
    ) -> Result<Reply, Stop> {
        if game.is_empty() {
            return Ok(Reply::Text(Text::new("matrix-leaderboard-usage")));
        }
        let lang = self.asked_lang(origin).await;
        let request = Request::Leaderboard {
            game: game.clone(),
            page: page.saturating_sub(1) as u64,
            of: None,
        };
        let Answer::Leaderboard(board) = self.execute_plain(origin, request).await? else {
            return Ok(Reply::Text(Text::new("move-applied")));
        };
        let mut spec = leaderboard_message(&board, GuildId::of_room(origin.room), lang);
        spec.rows.clear();
        if board.rows.is_empty() {
            // Said of the room, not of a server.
            let name = game_name(&board.kind, lang);
            let say = |key| {
                tr(lang, &Text::new(key).arg("game", name.as_str()), &|s| {
                    lang.seat_name(s)
                })
            };
            if let Some(embed) = spec.embed.as_mut() {
                embed.description = embed
                    .description
                    .replace(&say("leaderboard-empty"), &say("matrix-leaderboard-empty"));
            }
        }
        if board.page + 1 < board.pages {
            let next = Text::new("matrix-leaderboard-next")
                .arg("game", board.kind.clone())
                .arg("next", board.page as i64 + 2);
            spec.content = tr(lang, &next, &|s| lang.seat_name(s));
        }
        Ok(Reply::Spec(spec))
    }
}
