//! The leak check of the Matrix end-to-end tests: every message the bot sent to a room
//! against the cards hidden from that room's readers at that moment, and the bot's log.

use vliv_bot::service::{GameRecord, Service};
use vliv_engine::{games::claim::cards::Card, Actor, Lang, Seat};

use super::User;

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

/// Every card of a game: its id and its names as players read them (both languages),
/// only names no other card shares (five Goblin 0s prove nothing).
pub struct Deck(Vec<(String, Vec<String>)>);

impl Deck {
    fn new(cards: Vec<(String, [String; 2])>) -> Deck {
        let count = |name: &str| {
            cards
                .iter()
                .flat_map(|(_, n)| n)
                .filter(|n| *n == name)
                .count()
        };
        let telling = cards
            .iter()
            .map(|(id, names)| {
                let mut unique: Vec<String> =
                    names.iter().filter(|n| count(n) == 1).cloned().collect();
                unique.dedup();
                (id.clone(), unique)
            })
            .collect();
        Deck(telling)
    }

    pub fn claim() -> Deck {
        let label =
            |c: Card, lang: Lang| vliv_bot::i18n::tr(lang, &c.text(), &|s| lang.seat_name(s));
        Deck::new(
            (0..vliv_engine::games::claim::cards::DECK_SIZE)
                .map(Card)
                .map(|c| (c.id(), [label(c, Lang::En), label(c, Lang::Cs)]))
                .collect(),
        )
    }

    pub fn fantasy_realms() -> Deck {
        use vliv_engine::games::fantasy_realms::cards::Card as FrCard;
        Deck::new(
            FrCard::all()
                .map(|c| (c.id(), [c.name_en().to_owned(), c.name_cs().to_owned()]))
                .collect(),
        )
    }

    fn names<'a>(&'a self, ids: &'a [String]) -> impl Iterator<Item = &'a String> + 'a {
        self.0
            .iter()
            .filter(|(id, _)| ids.contains(id))
            .flat_map(|(_, names)| names)
    }
}

/// True if `text` shows `name` as a whole card name ("Goblin 1" is not in "Goblin 10",
/// "King" is not in "Kingdom"). A shapeshifter's note names the card it imitates
/// (Fantasy Realms' Mirage "is Great Flood", "platí jako karta …"): a name, not that card.
fn shows(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let imitated = ["(is ", "jako karta "]
            .iter()
            .any(|note| text[..i].ends_with(note));
        if imitated {
            return false;
        }
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Every message the bot sent to the public room and to each DM room, checked against the
/// cards hidden from whoever reads it at that moment (the Discord e2e test's rule: a body
/// sent after k moves may show at most the state after k moves, and a card hidden then
/// was hidden at every earlier moment), and the bot's log against every card ever hidden.
pub async fn assert_no_leaks(game: &Played<'_>, deck: &Deck, log: &str) {
    let Played {
        service,
        rec,
        room,
        players,
        moves,
        bot,
    } = *game;
    let stored = service.store().moves(rec.id).await.unwrap();
    // secrets[p][seat]: the ids seat may not know after the first p stored moves.
    let mut secrets: Vec<Vec<Vec<String>>> = Vec::new();
    for p in 0..=stored.len() {
        let (state, _) = service.replay(rec, Some(p)).await.unwrap();
        let mut per_seat: Vec<Vec<String>> = (0..players.len() as Seat)
            .map(|seat| state.secrets(seat))
            .collect();
        // A game over shows every hand (Fantasy Realms scores them aloud): what stays
        // hidden then is what no seat has seen.
        if state.outcome().is_some() {
            let nobody: Vec<String> = per_seat[0]
                .iter()
                .filter(|id| per_seat.iter().all(|s| s.contains(id)))
                .cloned()
                .collect();
            per_seat = vec![nobody; players.len()];
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
            let s = &secrets[prefix_after(clicks)];
            let hidden: Vec<String> = match seat {
                Some(seat) => s[seat].clone(),
                None => s.iter().flatten().cloned().collect(),
            };
            let text = format!("{}\n{}", m.body, m.html);
            for card in deck.names(&hidden) {
                assert!(
                    !shows(&text, card),
                    "{where_} (seat {seat:?}) shows the hidden card {card}: {text}"
                );
            }
            if seat == Some(1) && deck.names(&secrets[0][0]).any(|c| shows(&text, c)) {
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
    let ever_hidden: Vec<String> = secrets.iter().flatten().flatten().cloned().collect();
    for card in deck.names(&ever_hidden) {
        assert!(
            !shows(log, card),
            "the bot's log names the hidden card {card}"
        );
    }
}
