//! The leak check of tables played through the loopback Discord, for any game: every body
//! the fake accepted that reaches a player of the table (a DM, an ephemeral message) or its
//! channel, against the cards hidden from that reader after the moves made when it was
//! sent (the rule of `loopback::assert_no_leaks`), and the bot's log against every card
//! ever hidden. Cards are matched by the names players read, where a game's names are
//! telling (Claim, Fantasy Realms); the hidden tokens themselves (card ids) are matched in
//! every game.

use fakecord::Audience;
use vliv_bot::service::Service;
use vliv_engine::{Actor, Lang, Seat};

use crate::{
    e2e_tables::{Played, Table},
    loopback::{strings, Scene},
};

/// Card id → the names players read (both languages), only names no other card shares.
pub fn deck(kind: &str) -> Vec<(String, Vec<String>)> {
    let cards: Vec<(String, Vec<String>)> = match kind {
        "claim" => {
            use vliv_engine::games::claim::cards::{Card, DECK_SIZE};
            let label = |c: Card, l: Lang| vliv_bot::i18n::tr(l, &c.text(), &|s| l.seat_name(s));
            (0..DECK_SIZE)
                .map(Card)
                .map(|c| (c.id(), vec![label(c, Lang::En), label(c, Lang::Cs)]))
                .collect()
        }
        "fantasy-realms" => {
            use vliv_engine::games::fantasy_realms::cards::Card;
            Card::all()
                .map(|c| (c.id(), vec![c.name_en().to_owned(), c.name_cs().to_owned()]))
                .collect()
        }
        _ => Vec::new(),
    };
    let count = |name: &str| {
        cards
            .iter()
            .flat_map(|(_, n)| n)
            .filter(|n| *n == name)
            .count()
    };
    cards
        .iter()
        .map(|(id, names)| {
            let mut unique: Vec<String> = names.iter().filter(|n| count(n) == 1).cloned().collect();
            unique.dedup();
            (id.clone(), unique)
        })
        .collect()
}

/// True if `text` shows `name` as a whole word ("Goblin 1" is not in "Goblin 10"); a
/// shapeshifter's note names the card it imitates, not that card.
fn shows(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        if ["(is ", "jako karta "]
            .iter()
            .any(|n| text[..i].ends_with(n))
        {
            return false;
        }
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Checks the table's bodies and the log; returns how many bodies were checked.
pub async fn assert_no_leaks(
    scene: &Scene,
    service: &Service,
    table: &Table,
    played: &Played,
) -> usize {
    let rec = service.game(table.game).await.expect("the game");
    let stored = service.store().moves(table.game).await.expect("its moves");
    let seats = table.players.len();
    // secrets[p][seat]: the tokens seat may not know after the first p stored moves.
    let mut secrets: Vec<Vec<Vec<String>>> = Vec::new();
    for p in 0..=stored.len() {
        let (state, _) = service.replay(&rec, Some(p)).await.expect("a replay");
        let mut per_seat: Vec<Vec<String>> = (0..seats as Seat).map(|s| state.secrets(s)).collect();
        // A finished game shows the hands: what stays hidden is what no seat has seen.
        if state.outcome().is_some() {
            let nobody: Vec<String> = per_seat[0]
                .iter()
                .filter(|id| per_seat.iter().all(|s| s.contains(id)))
                .cloned()
                .collect();
            per_seat = vec![nobody; seats];
        }
        secrets.push(per_seat);
    }
    let prefix_after = |clicks: usize| -> usize {
        let mut seat_moves = 0;
        let mut best = 0;
        for (i, m) in stored.iter().enumerate() {
            if matches!(m.actor, Actor::Seat(_)) {
                seat_moves += 1;
            }
            if seat_moves <= clicks {
                best = i + 1;
            }
        }
        best
    };
    let deck = deck(table.kind);
    let names = |ids: &[String]| -> Vec<String> {
        let mut out: Vec<String> = ids.to_vec();
        for (id, n) in &deck {
            if ids.contains(id) {
                out.extend(n.iter().cloned());
            }
        }
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
        let s = &secrets[prefix_after(clicks)];
        let hidden: Vec<String> = match reader {
            Some(seat) => s[seat].clone(),
            None => s.iter().flatten().cloned().collect(),
        };
        let text = strings(&r.body);
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
            let dealt = names(&secrets[0][0]);
            own_seen |= dealt
                .iter()
                .any(|c| deck.iter().any(|(_, n)| n.contains(c)) && shows(&text, c));
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
        let ever: Vec<String> = secrets.iter().flatten().flatten().cloned().collect();
        for card in names(&ever).iter().filter(|c| c.chars().count() > 3) {
            assert!(
                !shows(&log, card),
                "the bot's log names the hidden card {card}"
            );
        }
    }
    checked
}
