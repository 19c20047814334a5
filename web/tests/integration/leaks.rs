//! Every game through the pages, two players and a spectator: every body the table sends
//! each reader (the page, its live part, the JSON, each move's answer, the event stream)
//! is scanned for the cards hidden from that reader when it was sent.

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};
use vliv_service::service::UserId;

use futures::StreamExt;
use serde_json::Value;
use vliv_engine::Seat;
use vliv_service::service::{Caller, GameId};

use crate::{
    sight::Sight,
    support::{lobby, Table, ALICE, BOB, CAROL},
};

struct Reader {
    name: &'static str,
    link: String,
    sight: Sight,
    events: Arc<Mutex<String>>,
}

impl Reader {
    fn new(name: &'static str, kind: &str, link: String, seat: Option<Seat>) -> Reader {
        let events = Arc::new(Mutex::new(String::new()));
        let (url, into) = (format!("{link}/events"), events.clone());
        tokio::spawn(async move {
            let answer = reqwest::get(&url).await.expect("the stream opens");
            assert_eq!(answer.status().as_u16(), 200);
            let mut bytes = answer.bytes_stream();
            while let Some(Ok(chunk)) = bytes.next().await {
                into.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&chunk));
            }
        });
        Reader {
            name,
            link,
            sight: Sight::new(kind, seat),
            events,
        }
    }

    /// The page, its live part in Czech and the JSON, each checked; the JSON's decision.
    async fn read(&mut self, table: &Table, game: GameId) -> Value {
        self.sight.look(table, game).await;
        let mut json = Value::Null;
        for path in ["", "/live?lang=cs", "/view.json"] {
            let answer = reqwest::get(format!("{}{path}", self.link)).await.unwrap();
            assert_eq!(answer.status().as_u16(), 200, "{} {path}", self.name);
            let body = answer.text().await.unwrap();
            if path == "/view.json" {
                json = serde_json::from_str(&body).expect("JSON");
            }
            self.sight.keep(path, body);
        }
        json["decision"].clone()
    }
}

async fn post(link: &str, decision: &Value, n: usize) -> String {
    let choices = decision["choices"].as_array().unwrap();
    let body = format!(
        "seat={}&counter={}&choice={}",
        decision["seat"],
        decision["counter"],
        choices[n % choices.len()]["id"]
    );
    let answer = reqwest::Client::new()
        .post(format!("{link}/move"))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("x-vliv-part", "1")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status().as_u16(), 200);
    answer.text().await.unwrap()
}

async fn a_whole_game_sends_no_reader_a_hidden_card(kind: &str, seed: u64) {
    let table = Table::start().await;
    let mut open = lobby(700, ALICE, seed);
    open.kind = kind.into();
    let rec = table.service.open(open).await.unwrap();
    table.service.join(rec.id, UserId(BOB)).await.unwrap();
    let rec = table
        .service
        .start(rec.id, Caller::user(UserId(ALICE)))
        .await
        .unwrap()
        .game;
    let game = rec.id;
    let mut readers = [
        Reader::new(
            "Alice",
            kind,
            table.link(game, Some(ALICE)),
            rec.seat_of(UserId(ALICE)),
        ),
        Reader::new(
            "Bob",
            kind,
            table.link(game, Some(BOB)),
            rec.seat_of(UserId(BOB)),
        ),
        Reader::new("Carol", kind, table.link(game, Some(CAROL)), None),
    ];
    let mut moves = 0;
    let mut proved = false;
    loop {
        let mut decisions = Vec::new();
        for reader in readers.iter_mut() {
            decisions.push(reader.read(&table, game).await);
        }
        assert!(decisions[2].is_null(), "a spectator has no decision");
        if !proved {
            // The check can fail: Alice's own page shows Bob cards hidden from him.
            let alice = reqwest::get(&readers[0].link)
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            proved = !readers[1].sight.shown_in(&alice).is_empty();
        }
        let Some(mover) = decisions.iter().position(|d| !d.is_null()) else {
            break;
        };
        let body = post(&readers[mover].link, &decisions[mover], moves).await;
        // The answer is read before the mover looks again: checked against what was hidden
        // before the move, less what the move showed them.
        readers[mover].sight.look(&table, game).await;
        readers[mover].sight.keep("/move", body);
        moves += 1;
        assert!(moves < 1000, "{kind}: the game never ended");
    }
    assert!(
        table.service.game(game).await.unwrap().outcome.is_some(),
        "{kind}: the game ended"
    );
    assert!(
        proved || !readers[1].sight.names_tell(),
        "{kind}: Alice's page never showed a card hidden from Bob"
    );
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    for reader in &readers {
        loop {
            let events = reader.events.lock().unwrap().clone();
            let changed = events.matches("event: changed").count();
            if changed >= moves || tokio::time::Instant::now() > deadline {
                assert!(changed >= moves, "{}: {events}", reader.name);
                assert!(
                    events
                        .lines()
                        .filter(|l| l.starts_with("data:"))
                        .all(|l| l.trim() == "data: changed"),
                    "{}: an event carries no game data",
                    reader.name
                );
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    for reader in &readers {
        let (bodies, named) = reader.sight.tally();
        eprintln!(
            "{kind}: {} read {bodies} bodies; at most {named} hidden cards had a telling name",
            reader.name
        );
        // The check had hidden cards to look for by name (where names tell cards).
        assert!(
            named > 0 || !reader.sight.names_tell(),
            "{kind}: {}",
            reader.name
        );
        if let Some((what, cards, body)) = reader.sight.leaks().first() {
            panic!(
                "{kind}: {} was sent hidden cards {cards:?} in {what}: {body}",
                reader.name
            );
        }
    }
}

#[tokio::test]
async fn a_whole_fantasy_realms_game_sends_no_reader_a_hidden_card() {
    a_whole_game_sends_no_reader_a_hidden_card("fantasy-realms", 3).await;
}

#[tokio::test]
async fn a_whole_louis_xiv_game_sends_no_reader_a_hidden_card() {
    a_whole_game_sends_no_reader_a_hidden_card("louis-xiv", 3).await;
}

#[tokio::test]
async fn a_whole_ruse_and_bruise_game_sends_no_reader_a_hidden_card() {
    a_whole_game_sends_no_reader_a_hidden_card("ruse-and-bruise", 3).await;
}

#[tokio::test]
async fn a_whole_ovlivneni_game_sends_no_reader_a_hidden_card() {
    a_whole_game_sends_no_reader_a_hidden_card("ovlivneni", 3).await;
}
