//! What needs no game of the room: a game's rules, a card's text and the Fantasy Realms
//! calculator, answered where they were asked (in the room, or in the sender's DM room).

use vliv_engine::{games::fantasy_realms::calculator, Text};

use super::{
    commands::{Origin, Reply, Stop},
    Matrix,
};
use vliv_service::i18n::tr;
use vliv_service::{
    app::{Answer, Request},
    render::{cards::card_line, EmbedSpec, MessageSpec},
};

impl Matrix {
    /// The language an answer is read in where it was asked: the room's, or in the
    /// sender's DM room their own.
    pub(super) async fn asked_lang(&self, origin: &Origin) -> vliv_engine::Lang {
        match origin.direct {
            true => self.player_lang(origin.user, origin.room).await,
            false => self.room_lang(origin.room).await,
        }
    }

    pub(super) async fn rules(&self, origin: &Origin, game: String) -> Result<Reply, Stop> {
        if game.is_empty() {
            return Ok(Reply::Text(Text::new("matrix-rules-usage")));
        }
        let lang = self.asked_lang(origin).await;
        let Answer::Rules {
            name,
            seats: (min, max),
            summary,
        } = self.execute_plain(origin, Request::Rules { game }).await?
        else {
            return Ok(Reply::Text(Text::new("move-applied")));
        };
        let say = |t: &Text| tr(lang, t, &|s| lang.seat_name(s));
        Ok(Reply::Spec(MessageSpec {
            embed: Some(EmbedSpec {
                title: format!("{} ({min}–{max})", say(&name)),
                description: say(&summary),
                ..EmbedSpec::default()
            }),
            ..MessageSpec::default()
        }))
    }

    /// What a card does, in the language of the place it was asked in.
    pub(super) async fn card(
        &self,
        origin: &Origin,
        game: String,
        card: String,
    ) -> Result<Reply, Stop> {
        if game.is_empty() || card.is_empty() {
            return Ok(Reply::Text(Text::new("matrix-card-usage")));
        }
        let lang = self.asked_lang(origin).await;
        let request = Request::CardLookup { game, card };
        let Answer::Card(card) = self.execute_plain(origin, request).await? else {
            return Ok(Reply::Text(Text::new("move-applied")));
        };
        Ok(Reply::Spec(MessageSpec {
            content: card_line(lang, &card),
            ..MessageSpec::default()
        }))
    }

    /// The calculator's answer: the best score, then a line per card.
    pub(super) async fn score(
        &self,
        origin: &Origin,
        cards: Vec<String>,
        chaotic: bool,
    ) -> Result<Reply, Stop> {
        if cards.is_empty() {
            return Ok(Reply::Text(Text::new("matrix-score-usage")));
        }
        let lang = self.asked_lang(origin).await;
        let request = Request::Score { cards, chaotic };
        let Answer::Score(scored) = self.execute_plain(origin, request).await? else {
            return Ok(Reply::Text(Text::new("move-applied")));
        };
        Ok(Reply::Spec(MessageSpec {
            content: calculator::lines(&scored, lang).join("\n"),
            ..MessageSpec::default()
        }))
    }
}
