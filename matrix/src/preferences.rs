//! A player's preferences for one game (`!vliv prefs GAME [key=value …]`): Discord's
//! `/vliv preferences`. Shown or changed, and always read in the player's DM room, as
//! Discord shows them to the asker alone: a standing reaction policy is no one else's to
//! read.

use vliv_engine::{registry, Text};
use vliv_service::service::GuildId;

use super::{
    client::Message,
    commands::{Origin, Reply, Stop},
    publish, Matrix,
};
use vliv_service::{
    app::{Answer, Request},
    i18n::tr,
    render::{preferences_text, MessageSpec},
};

impl Matrix {
    pub(super) async fn preferences(
        &self,
        origin: &Origin,
        game: String,
        values: String,
    ) -> Result<Reply, Stop> {
        if game.is_empty() {
            let games: Vec<&str> = registry::all()
                .iter()
                .filter(|k| !k.preference_schema().is_empty())
                .map(|k| k.id())
                .collect();
            let usage = Text::new("matrix-prefs-usage").arg("games", games.join(", "));
            return Ok(Reply::Text(usage));
        }
        let request = Request::GamePreferences { game, values };
        let Answer::GamePreferences { game, prefs } = self.execute_plain(origin, request).await?
        else {
            return Ok(Reply::Text(Text::new("move-applied")));
        };
        let Some(kind) = registry::find(game) else {
            return Ok(Reply::Text(Text::new("move-applied")));
        };
        // The DM room reads the player's language (theirs, else the room's).
        let lang = self.player_lang(origin.user, origin.room).await;
        let how = Text::new("matrix-prefs-how").arg("game", kind.id());
        let how = tr(lang, &how, &|s| lang.seat_name(s));
        let shown = plain(&preferences_text(kind, &prefs, lang));
        let spec = MessageSpec {
            content: format!("{shown}\n\n{how}"),
            ..MessageSpec::default()
        };
        if origin.direct {
            return Ok(Reply::Spec(spec));
        }
        let message = self.private_message(origin, &spec, lang).await?;
        let room = publish::direct_room(&self.client, &self.service, origin.user).await?;
        // Once for this asking, however often the command is read.
        let txn = format!("prefs-{}", origin.event);
        self.client
            .send(&room, &txn, &message)
            .await
            .map_err(|e| Stop::Failed(e.into()))?;
        Ok(Reply::Text(Text::new("matrix-prefs-sent")))
    }

    /// `spec` as the sender reads it in their DM room (their zone, their language).
    async fn private_message(
        &self,
        origin: &Origin,
        spec: &MessageSpec,
        lang: vliv_engine::Lang,
    ) -> Result<Message, Stop> {
        let reader = publish::player_reader(
            &self.client,
            &self.service,
            Some(origin.user),
            GuildId::of_room(origin.room),
            lang,
        )
        .await?;
        Ok(publish::to_message(&self.service, spec, &reader).await?)
    }
}

/// The shared text without Discord's markdown (a Matrix body is plain; its HTML escapes
/// what the renderer is given).
fn plain(text: &str) -> String {
    text.replace("**", "").replace('`', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_text_loses_discords_markup_only() {
        assert_eq!(
            plain("**Reaction windows** (`reactions`): ask"),
            "Reaction windows (reactions): ask"
        );
        assert_eq!(
            plain("- `reactions=ask`: ask me"),
            "- reactions=ask: ask me"
        );
    }
}
