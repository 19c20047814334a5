//! The leak check of the Matrix end-to-end tests: every message the bot sent to a room
//! against the cards hidden from that room's readers at that moment, and the bot's log.

use vliv_bot::service::{GameRecord, Service};

use super::User;

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
    for (p, dm) in players {
        for m in p.messages(dm).await {
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
    let mut rooms: Vec<(Option<usize>, &User, &str)> = vec![(None, players[0].0, room)];
    rooms.extend(
        players
            .iter()
            .enumerate()
            .map(|(seat, (p, dm))| (Some(seat), *p, *dm)),
    );
    for (seat, reader, where_) in rooms {
        for m in reader
            .messages(where_)
            .await
            .iter()
            .filter(|m| m.sender == bot.user_id)
        {
            let clicks = marks.iter().filter(|&&t| t <= m.ts).count();
            let s = secrets.after_clicks(clicks);
            let hidden: Vec<String> = match seat {
                Some(seat) => s[seat].clone(),
                None => s.iter().flatten().cloned().collect(),
            };
            let text = deck.without_rules(&format!("{}\n{}", m.body, m.html));
            // Discord's timestamp markup means nothing to a Matrix reader.
            assert!(
                !text.contains("<t:") && !text.contains("&lt;t:"),
                "{where_} (seat {seat:?}) shows Discord's timestamp markup: {text}"
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
