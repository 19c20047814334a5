//! After and beside the play: conceding the room's game, a rematch of its last ended game,
//! and the room's history of ended games page by page. Thin over the same service calls
//! as Discord's `/game concede`, the rematch button and `/game history`.

use vliv_engine::{registry, Text};

use super::{
    commands::{Answer, Origin, Stop},
    publish, Matrix,
};
use crate::{
    i18n::tr,
    render::{history_message, MessageSpec},
    service::{Report, ServiceError},
};

impl Matrix {
    /// The room's running game ends, the sender's seat last.
    pub(super) async fn concede(&self, origin: &Origin) -> Answer {
        let rec = self.here(origin).await?;
        let rec = self.service.concede(rec.id, origin.user).await?;
        publish::after_report(&self.client, &self.service, &Report::of(rec), false).await?;
        Ok(Text::new("matrix-conceded"))
    }

    /// A new lobby with the room's last ended game's kind and options, the sender seated
    /// and the other former players named (they join if they want to).
    pub(super) async fn rematch(&self, origin: &Origin) -> Answer {
        if origin.direct {
            return Err(Stop::Refused(Text::new("matrix-not-in-direct-room")));
        }
        let last = self
            .service
            .latest_game(origin.room, origin.room)
            .await?
            .ok_or(ServiceError::NoGame)?;
        let rematch = self.service.rematch(last.id, origin.user, None).await?;
        let lobby = &rematch.lobby;
        publish::edit_table(&self.client, &self.service, lobby.id).await?;
        let game = registry::find(&lobby.kind)
            .map(|k| tr(lobby.lang, &k.name(), &|s| lobby.lang.seat_name(s)))
            .unwrap_or_else(|| lobby.kind.clone());
        if rematch.invited.is_empty() {
            return Ok(Text::new("lobby-opened").arg("game", game));
        }
        let players: Vec<String> = rematch.invited.iter().map(|u| format!("<@{u}>")).collect();
        Ok(Text::new("matrix-rematch-invite")
            .arg("host", format!("<@{}>", origin.user))
            .arg("game", game)
            .arg("players", players.join(", ")))
    }

    /// One page (from 1) of the room's ended games, newest first, with the command for
    /// the next older page when there is one.
    pub(super) async fn history(&self, origin: &Origin, page: u32) -> Result<MessageSpec, Stop> {
        if origin.direct {
            return Err(Stop::Refused(Text::new("matrix-not-in-direct-room")));
        }
        let lang = self.room_lang(origin.room).await;
        let page = self
            .service
            .history_page(origin.room, origin.room, page.saturating_sub(1))
            .await?;
        let mut spec = history_message(&page, lang);
        // The page buttons have no Matrix form: the command for the next page instead.
        spec.rows.clear();
        if page.more {
            let next = Text::new("matrix-history-older").arg("next", page.page as i64 + 2);
            spec.content = tr(lang, &next, &|s| lang.seat_name(s));
        }
        Ok(spec)
    }
}
