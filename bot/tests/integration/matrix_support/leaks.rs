//! The leak check of the Matrix end-to-end tests: every message the bot sent to a room
//! against the cards hidden from that room's readers at that moment, and the bot's log.

use vliv_bot::service::{GameRecord, Service};

use super::{Seen, User};

use crate::common::hidden_cards;
pub use hidden_cards::Deck;
use hidden_cards::{shows, Secrets};

/// A game played through Matrix: where, by whom, and the command events of its moves.
#[derive(Clone, Copy)]
pub struct Played<'a> {
    pub service: &'a Service,
    pub rec: &'a GameRecord,
    pub room: &'a str,
    pub players: &'a [(&'a User, &'a str)],
    pub moves: &'a [String],
    pub bot: &'a User,
}

/// Every message the bot sent to the public room and to each DM room, checked against the
/// cards hidden from whoever reads it at that moment (the Discord e2e test's rule: a body
/// sent after k moves may show at most the state after k moves, and a card hidden then
/// was hidden at every earlier moment), and the bot's log against every card ever hidden.
/// No body carries Discord's timestamp markup either.
pub async fn assert_no_leaks(game: &Played<'_>, deck: &Deck, log: &str) {
    let mut read = vec![(None, game.players[0].0.messages(game.room).await)];
    for (seat, (p, dm)) in game.players.iter().enumerate() {
        read.push((Some(seat), p.messages(dm).await));
    }
    assert_no_leaks_in(game, deck, log, &read).await
}

/// [`assert_no_leaks`] over messages already read (decrypted by a player's client): the
/// public room's as `None`, each seat's DM room's as `Some(seat)`.
pub async fn assert_no_leaks_in(
    game: &Played<'_>,
    deck: &Deck,
    log: &str,
    read: &[(Option<usize>, Vec<Seen>)],
) {
    let Played {
        service,
        rec,
        room,
        players,
        moves,
        bot,
    } = *game;
    let secrets = Secrets::replay(service, rec, players.len()).await;
    // When each move's command reached the homeserver.
    let mut marks = Vec::new();
    for (seat, messages) in read {
        if seat.is_none() {
            continue;
        }
        for m in messages {
            if moves.contains(&m.event_id) {
                marks.push(m.ts);
            }
        }
    }
    assert_eq!(
        marks.len(),
        moves.len(),
        "every move's command is in a DM room"
    );
    let mut checked = 0;
    let mut own_cards_seen = false;
    for (seat, messages) in read {
        let seat = *seat;
        let where_ = match seat {
            Some(seat) => players[seat].1,
            None => room,
        };
        for m in messages.iter().filter(|m| m.sender == bot.user_id) {
            let clicks = marks.iter().filter(|&&t| t <= m.ts).count();
            let s = secrets.after_clicks(clicks);
            let hidden: Vec<String> = match seat {
                Some(seat) => s[seat].clone(),
                None => s.iter().flatten().cloned().collect(),
            };
            let text = deck.without_rules(&format!("{}\n{}", m.body, m.html));
            // Discord's timestamp markup means nothing to a Matrix reader, nor do the
            // service's marks: every user and instant is written for them.
            assert!(
                !text.contains("<t:")
                    && !text.contains("&lt;t:")
                    && !vliv_service::mark::has_marks(&text),
                "{where_} (seat {seat:?}) shows markup it cannot read: {text}"
            );
            for card in deck.names(&hidden) {
                assert!(
                    !shows(&text, card),
                    "{where_} (seat {seat:?}) shows the hidden card {card}: {text}"
                );
            }
            if seat == Some(1) && deck.names(&secrets.dealt()[0]).any(|c| shows(&text, c)) {
                own_cards_seen = true;
            }
            checked += 1;
        }
    }
    // A positive control: seat 1's DM names cards seat 0 may not see (its own hand).
    assert!(
        own_cards_seen,
        "seat 1's DM room never names a card of its hand"
    );
    assert!(checked > 50, "only {checked} messages were checked");
    let ever_hidden = secrets.ever();
    for card in deck.names(&ever_hidden) {
        assert!(
            !shows(log, card),
            "the bot's log names the hidden card {card}"
        );
    }
}
