//! A game of the room replayed step by step, or exported as a file's text: each sent to
//! the asker's DM room only (a replay on Discord is shown to the asker only too). What a
//! replay shows of a running game, and that a running game is not exported, is the
//! application layer's rule: the room's code only renders what it got.

use vliv_engine::Text;
use vliv_service::service::UserId;

use super::{
    client::Message,
    commands::{Origin, Reply, Stop},
    ids, publish,
    render::escape,
    Error, Matrix,
};
use vliv_service::i18n::tr;
use vliv_service::{
    app::{Answer, Request},
    render::{replay_message, MessageSpec},
    service::GameRecord,
};

/// The most bytes of an export's text in one message: a Matrix event holds 64 KiB, and
/// the text is there twice (plain and HTML).
const MAX_EXPORT: usize = 28_000;

impl Matrix {
    pub(super) async fn replay(
        &self,
        origin: &Origin,
        game: Option<i64>,
        step: Option<u32>,
    ) -> Result<Reply, Stop> {
        let Some(game) = game else {
            return Ok(Reply::Text(Text::new("matrix-replay-usage")));
        };
        let request = Request::Replay {
            game,
            step: step.unwrap_or(0),
        };
        let Answer::Replay(step) = self.execute_plain(origin, request).await? else {
            return Ok(Reply::Text(Text::new("move-applied")));
        };
        let lang = self.private_lang(origin.user, &step.game).await?;
        let mut spec = replay_message(&step, lang);
        // The step buttons have no Matrix form: the command for the next step instead.
        spec.rows.clear();
        if let Some(embed) = spec.embed.as_mut() {
            embed.description = embed
                .description
                .lines()
                .map(unmarked)
                .collect::<Vec<_>>()
                .join("\n");
        }
        if step.step < step.total {
            let next = Text::new("matrix-replay-next")
                .arg("id", step.game.id)
                .arg("next", step.step as i64 + 1)
                .arg("total", step.total as i64);
            spec.content = tr(lang, &next, &|s| lang.seat_name(s));
        }
        self.to_direct_room(origin.user, &step.game, &spec).await?;
        Ok(Reply::Text(Text::new("matrix-replay-sent")))
    }

    pub(super) async fn export(&self, origin: &Origin, game: Option<i64>) -> Result<Reply, Stop> {
        let Some(game) = game else {
            return Ok(Reply::Text(Text::new("matrix-export-usage")));
        };
        let Answer::Export(exported) = self.execute_plain(origin, Request::Export { game }).await?
        else {
            return Ok(Reply::Text(Text::new("move-applied")));
        };
        let json = serde_json::to_string(&exported).map_err(|e| Stop::Failed(e.into()))?;
        if json.len() > MAX_EXPORT {
            return Ok(Reply::Text(
                Text::new("matrix-export-too-long").arg("id", game),
            ));
        }
        let rec = self.service.game(game).await?;
        let lang = self.private_lang(origin.user, &rec).await?;
        let heading = MessageSpec {
            content: tr(lang, &Text::new("export-ready").arg("id", game), &|s| {
                lang.seat_name(s)
            }),
            ..MessageSpec::default()
        };
        self.to_direct_room(origin.user, &rec, &heading).await?;
        let file = Message {
            html: format!(
                "<pre><code class=\"language-json\">{}</code></pre>",
                escape(&json)
            ),
            body: json,
        };
        let room = publish::direct_room(&self.client, &self.service, origin.user).await?;
        self.client
            .send(&room, &ids::fresh_txn(), &file)
            .await
            .map_err(|e| Stop::Failed(e.into()))?;
        Ok(Reply::Text(Text::new("matrix-export-sent")))
    }

    /// The language `user` reads privately about `rec`: theirs if they chose one, else
    /// the game's.
    async fn private_lang(
        &self,
        user: UserId,
        rec: &GameRecord,
    ) -> Result<vliv_engine::Lang, Error> {
        Ok(self
            .service
            .user_settings(user)
            .await?
            .lang
            .unwrap_or(rec.lang))
    }

    async fn to_direct_room(
        &self,
        user: UserId,
        rec: &GameRecord,
        spec: &MessageSpec,
    ) -> Result<(), Error> {
        let lang = self.private_lang(user, rec).await?;
        let reader =
            publish::player_reader(&self.client, &self.service, Some(user), rec.guild, lang)
                .await?;
        let message = publish::to_message(&self.service, spec, &reader).await?;
        let room = publish::direct_room(&self.client, &self.service, user).await?;
        self.client.send(&room, &ids::fresh_txn(), &message).await?;
        Ok(())
    }
}

/// A line without the bold or italic marks Discord reads (a Matrix body shows them as
/// they are): the panel's title, the "shows only what the table showed" note.
fn unmarked(line: &str) -> &str {
    line.strip_prefix("**")
        .and_then(|l| l.strip_suffix("**"))
        .or_else(|| line.strip_prefix('*').and_then(|l| l.strip_suffix('*')))
        .unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::unmarked;

    #[test]
    fn discord_marks_around_a_whole_line_are_dropped() {
        assert_eq!(unmarked("**Claim — phase 1**"), "Claim — phase 1");
        assert_eq!(unmarked("*still running*"), "still running");
        assert_eq!(unmarked("2 * 3 = 6"), "2 * 3 = 6");
    }
}
