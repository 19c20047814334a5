//! The leak check of tables played through the loopback Discord, for any game: every body
//! the fake accepted that reaches a player of the table (a DM, an ephemeral message) or its
//! channel, against the cards hidden from that reader after the moves made when it was
//! sent (the rule of `loopback::assert_no_leaks`), and the bot's log against every card
//! ever hidden. Cards are matched by the names players read, where a game's names are
//! telling (Claim, Fantasy Realms); the hidden tokens themselves (card ids) are matched in
//! every game.

use fakecord::Audience;
use vliv_bot::service::Service;

use crate::{
    common::e2e_tables::{Played, Table},
    loopback::{strings, Scene},
};

use super::hidden_cards;
use hidden_cards::{shows, Deck, Secrets};

/// Checks the table's bodies and the log; returns how many bodies were checked.
pub async fn assert_no_leaks(
    scene: &Scene,
    service: &Service,
    table: &Table,
    played: &Played,
) -> usize {
    let rec = service.game(table.game).await.expect("the game");
    let secrets = Secrets::replay(service, &rec, table.players.len()).await;
    let deck = Deck::of_kind(table.kind);
    // The hidden tokens themselves, and the names players read for them.
    let names = |ids: &[String]| -> Vec<String> {
        let mut out: Vec<String> = ids.to_vec();
        out.extend(deck.names(ids).cloned());
        out
    };
    let seat_of = |u: u64| table.players.iter().position(|&p| p == u);
    let mut checked = 0;
    let mut own_seen = false;
    for r in scene.fake.requests().iter().filter(|r| r.status < 300) {
        let reader: Option<Option<usize>> = match r.audience {
            Audience::Dm(u) | Audience::Ephemeral(u) => seat_of(u).map(Some),
            Audience::Channel(c) if c == table.channel => Some(None),
            _ => None,
        };
        let Some(reader) = reader else { continue };
        let clicks = played
            .marks
            .iter()
            .filter(|&&m| m <= r.seq as usize)
            .count();
        let s = secrets.after_clicks(clicks);
        let hidden: Vec<String> = match reader {
            Some(seat) => s[seat].clone(),
            None => s.iter().flatten().cloned().collect(),
        };
        let text = deck.without_rules(&strings(&r.body));
        for card in names(&hidden) {
            assert!(
                !shows(&text, &card),
                "{}: request {} ({} {}, seen by {:?}) shows the hidden card {card}: {text}",
                table.kind,
                r.seq,
                r.method,
                r.path,
                r.audience
            );
        }
        if reader == Some(1) && !deck.is_empty() {
            // By name: a deck name, not a bare token.
            own_seen |= deck.names(&secrets.dealt()[0]).any(|c| shows(&text, c));
        }
        checked += 1;
    }
    // A positive control: seat 1 was shown its own cards, hidden from seat 0, by name.
    if !deck.is_empty() {
        assert!(
            own_seen,
            "{}: seat 1 never read a card of its hand",
            table.kind
        );
    }
    assert!(
        checked > 10,
        "{}: only {checked} bodies checked",
        table.kind
    );
    if let Some(bot) = &scene.bot {
        let log = bot.log();
        for card in names(&secrets.ever())
            .iter()
            .filter(|c| c.chars().count() > 3)
        {
            assert!(
                !shows(&log, card),
                "the bot's log names the hidden card {card}"
            );
        }
    }
    checked
}
