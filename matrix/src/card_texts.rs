//! The cards of a player's hand with their texts, sent to their DM room: a hand is private,
//! so its cards are never named in the game's room.

use vliv_engine::CardText;
use vliv_service::service::UserId;

use super::{client::Client, ids, publish, Error};
use vliv_service::{
    render::cards::card_texts_message,
    service::{GameRecord, Service},
};

/// Sends `user` each game's hand cards with their texts, a message a game.
pub async fn send_card_texts(
    client: &Client,
    service: &Service,
    hands: &[(GameRecord, Vec<CardText>)],
    user: UserId,
) -> Result<(), Error> {
    let room = publish::direct_room(client, service, user).await?;
    let chosen = service.user_settings(user).await?.lang;
    for (rec, cards) in hands {
        let Some(kind) = vliv_engine::registry::find(&rec.kind) else {
            continue;
        };
        let lang = chosen.unwrap_or(rec.lang);
        let spec = card_texts_message(kind, cards, lang);
        let reader = publish::player_reader(client, service, Some(user), rec.guild, lang).await?;
        let message = publish::to_message(service, &spec, &reader).await?;
        client.send(&room, &ids::fresh_txn(), &message).await?;
    }
    Ok(())
}
