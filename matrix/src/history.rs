//! The room's history of ended games page by page, as Discord's `/game history`, and the
//! asker's games in the room, as `/game list`.

use vliv_engine::{registry, Text};

use super::{
    commands::{Origin, Stop},
    Matrix,
};
use vliv_service::i18n::tr;
use vliv_service::{
    app::{Answer, Request},
    render::{history_message, MessageSpec},
    service::Status,
};

impl Matrix {
    /// One page (from 1) of the room's ended games, newest first, with the command for
    /// the next older page when there is one.
    pub(super) async fn history(&self, origin: &Origin, page: u32) -> Result<MessageSpec, Stop> {
        if origin.direct {
            return Err(Stop::Refused(Text::new("matrix-not-in-direct-room")));
        }
        let lang = self.room_lang(origin.room).await;
        let request = Request::History {
            page: page.saturating_sub(1),
        };
        let Answer::History(page) = self.execute_plain(origin, request).await? else {
            return Ok(MessageSpec::default());
        };
        let mut spec = history_message(&page, lang);
        // The page buttons have no Matrix form: the command for the next page instead.
        spec.rows.clear();
        if page.more {
            let next = Text::new("matrix-history-older").arg("next", page.page as i64 + 2);
            spec.content = tr(lang, &next, &|s| lang.seat_name(s));
        }
        Ok(spec)
    }

    /// The sender's lobbies and running games in this room, a line each.
    pub(super) async fn my_games(&self, origin: &Origin) -> Result<MessageSpec, Stop> {
        if origin.direct {
            return Err(Stop::Refused(Text::new("matrix-not-in-direct-room")));
        }
        let lang = self.room_lang(origin.room).await;
        let Answer::Games(games) = self.execute_plain(origin, Request::MyGames).await? else {
            return Ok(MessageSpec::default());
        };
        let say = |text: &Text| tr(lang, text, &|s| lang.seat_name(s));
        let lines: Vec<String> = games
            .iter()
            .map(|g| {
                let game =
                    registry::find(&g.kind).map_or_else(|| g.kind.clone(), |k| say(&k.name()));
                let key = match g.status {
                    Status::Lobby => "matrix-list-lobby",
                    _ => "matrix-list-running",
                };
                say(&Text::new(key).arg("id", g.id).arg("game", game))
            })
            .collect();
        let content = match lines.is_empty() {
            true => say(&Text::new("list-none")),
            false => lines.join("\n"),
        };
        Ok(MessageSpec {
            content,
            ..MessageSpec::default()
        })
    }
}
