//! The web table over HTTP, no browser: what each reader is sent, links that must not
//! open, and moves judged by the application layer like a chat's clicks.

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};
use vliv_service::service::ChannelId;
use vliv_service::service::{GuildId, UserId};

use futures::StreamExt;
use serde_json::Value;
use vliv_engine::Seat;
use vliv_service::service::{GameId, Link, Platform, Signer};

use crate::support::{Deck, Table, ALICE, BOB, CAROL};

/// One reader of a game: their link, and the seat whose secrets they may read.
struct Reader {
    name: &'static str,
    link: String,
    seat: Option<Seat>,
    /// Everything the server sent this reader, each body with what it was.
    bodies: Vec<(String, String)>,
    /// The reader's event stream, as received.
    events: Arc<Mutex<String>>,
}

async fn get(url: &str) -> (u16, String) {
    let answer = reqwest::get(url).await.expect("the table answers");
    let status = answer.status().as_u16();
    (status, answer.text().await.expect("a body"))
}

async fn post_choice(url: &str, seat: u64, counter: u64, choice: u64, part: bool) -> (u16, String) {
    let client = reqwest::Client::new();
    let mut request = client
        .post(format!("{url}/move"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("seat={seat}&counter={counter}&choice={choice}"));
    if part {
        request = request.header("x-vliv-part", "1");
    }
    let answer = request.send().await.expect("the table answers");
    let status = answer.status().as_u16();
    (status, answer.text().await.expect("a body"))
}

/// Keeps reading `url`'s event stream into `into` in the background.
fn listen(url: String, into: Arc<Mutex<String>>) {
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
}

impl Reader {
    fn new(name: &'static str, link: String, seat: Option<Seat>) -> Reader {
        let events = Arc::new(Mutex::new(String::new()));
        listen(format!("{link}/events"), events.clone());
        Reader {
            name,
            link,
            seat,
            bodies: Vec::new(),
            events,
        }
    }

    /// The page, its live part and its JSON, each scanned against what is hidden from
    /// this reader now.
    async fn read(&mut self, table: &Table, deck: &Deck, game: GameId) -> Value {
        let hidden = table.hidden_from(game, self.seat).await;
        let mut json = Value::Null;
        for path in ["", "/live", "/view.json", "?lang=cs", "/view.json?lang=cs"] {
            let (status, body) = get(&format!("{}{path}", self.link)).await;
            assert_eq!(status, 200, "{} {path}: {body}", self.name);
            let leaked = deck.named_in(&body, &hidden);
            assert!(
                leaked.is_empty(),
                "{} was sent hidden cards {leaked:?} in {path}: {body}",
                self.name
            );
            if path == "/view.json" {
                json = serde_json::from_str(&body).expect("JSON");
            }
            self.bodies.push((path.to_owned(), body));
        }
        json
    }
}

/// A whole Claim game between two players played through the pages: every body sent to
/// Alice, Bob and a spectator (pages, live parts, JSON, event streams) is free of the cards
/// hidden from them when it was sent; a move posted twice is refused the second time and
/// changes nothing; a move out of turn and a spectator's move are refused.
#[tokio::test]
async fn a_whole_game_through_the_pages_never_sends_a_reader_a_hidden_card() {
    let table = Table::start().await;
    let deck = Deck::claim();
    let rec = table.claim_between_two(500, 7).await;
    let game = rec.id;
    let mut readers = [
        Reader::new(
            "Alice",
            table.link(game, Some(ALICE)),
            rec.seat_of(UserId(ALICE)),
        ),
        Reader::new("Bob", table.link(game, Some(BOB)), rec.seat_of(UserId(BOB))),
        Reader::new("a spectator", table.link(game, None), None),
    ];
    // Carol is no player: her link shows the public view.
    readers[2].link = table.link(game, Some(CAROL));
    // The check can fail: Alice's own page names cards hidden from Bob (her hand).
    let (_, alice_page) = get(&readers[0].link).await;
    let bobs_secrets = table.hidden_from(game, readers[1].seat).await;
    assert!(
        !deck.named_in(&alice_page, &bobs_secrets).is_empty(),
        "Alice's page shows her hand: {alice_page}"
    );
    let mut moves = 0;
    let mut checked_twice = false;
    loop {
        let mut decisions = Vec::new();
        for reader in readers.iter_mut() {
            let view = reader.read(&table, &deck, game).await;
            decisions.push(view["decision"].clone());
        }
        assert!(decisions[2].is_null(), "a spectator has no decision");
        let Some(mover) = decisions.iter().position(|d| !d.is_null()) else {
            break;
        };
        let decision = &decisions[mover];
        let (seat, counter) = (
            decision["seat"].as_u64().unwrap(),
            decision["counter"].as_u64().unwrap(),
        );
        let choices = decision["choices"].as_array().unwrap();
        let choice = choices[moves % choices.len()]["id"].as_u64().unwrap();
        let other = 1 - mover;
        if !checked_twice {
            // Out of turn: the other player posts the mover's own choice.
            let before = table.service.game(game).await.unwrap();
            let (status, body) =
                post_choice(&readers[other].link, seat, counter, choice, true).await;
            assert_eq!(status, 409, "{body}");
            assert!(body.contains("role=\"alert\""), "{body}");
            let (status, body) = post_choice(&readers[2].link, seat, counter, choice, false).await;
            assert_eq!(status, 409, "a spectator's move: {body}");
            assert!(
                body.contains("You are not a player of this game."),
                "{body}"
            );
            assert_eq!(
                table.service.game(game).await.unwrap().version,
                before.version
            );
        }
        let (status, body) = post_choice(&readers[mover].link, seat, counter, choice, true).await;
        assert_eq!(status, 200, "{body}");
        readers[mover].bodies.push(("/move".into(), body));
        if !checked_twice {
            // The same click again (a double click, a page not yet updated).
            let after = table.service.game(game).await.unwrap();
            let (status, body) =
                post_choice(&readers[mover].link, seat, counter, choice, true).await;
            assert_eq!(status, 409, "{body}");
            assert!(body.contains("refused"), "{body}");
            let again = table.service.game(game).await.unwrap();
            assert_eq!(
                (again.version, &again.counters),
                (after.version, &after.counters)
            );
            assert_eq!(
                table.service.store().moves(game).await.unwrap().len(),
                after.moves_stored() as usize
            );
            checked_twice = true;
        }
        moves += 1;
        assert!(moves < 400, "the game never ended");
    }
    let rec = table.service.game(game).await.unwrap();
    assert!(rec.outcome.is_some(), "the game ended");
    // The streams told every page of the changes, and said nothing else.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    for reader in &readers {
        loop {
            let events = reader.events.lock().unwrap().clone();
            if events.matches("event: changed").count() >= moves
                || tokio::time::Instant::now() > deadline
            {
                assert!(
                    events.matches("event: changed").count() >= moves,
                    "{}: {events}",
                    reader.name
                );
                for line in events.lines().filter(|l| l.starts_with("data:")) {
                    assert_eq!(
                        line.trim(),
                        "data: changed",
                        "{}: an event carries no game data",
                        reader.name
                    );
                }
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    // The bodies sent after the end scanned against the cards nobody has seen.
    for reader in readers.iter_mut() {
        reader.read(&table, &deck, game).await;
        assert!(reader.bodies.len() > 10, "{} read the game", reader.name);
    }
}

/// A link altered (another game, another user, a later expiry), signed with another key,
/// expired, or of another platform does not open the table: a page says why in the reader's
/// language and shows nothing of the game.
#[tokio::test]
async fn forged_expired_and_foreign_links_are_refused_with_a_localized_page() {
    let table = Table::start().await;
    let rec = table.claim_between_two(501, 3).await;
    let other = table.claim_between_two(502, 4).await;
    let alice = table.link(rec.id, Some(ALICE));
    let token = alice.rsplit('/').next().unwrap().to_owned();
    let forged = [
        token.replacen(&format!("d.{}.", rec.id), &format!("d.{}.", other.id), 1),
        token.replacen(&format!(".{ALICE}."), &format!(".{BOB}."), 1),
        token.replacen(&format!(".{ALICE}."), ".-.", 1),
        {
            let link = Signer::new(b"another key, not the table's own one".to_vec());
            link.sign(&Link {
                platform: Platform::Discord,
                game: rec.id,
                user: Some(UserId(ALICE)),
                expires: i64::MAX,
            })
        },
        "d.1.11.99999999999.00".to_owned(),
        "nonsense".to_owned(),
    ];
    for token in &forged {
        for path in ["", "/live", "/view.json", "/events"] {
            let (status, body) = get(&format!("{}/t/{token}{path}", table.base)).await;
            assert_eq!(status, 403, "{token}{path}: {body}");
            assert!(body.contains("This link is not valid."), "{body}");
            assert!(
                !body.contains("Claim") && !body.contains("Goblin"),
                "{body}"
            );
        }
        let (status, _) = post_choice(&format!("{}/t/{token}", table.base), 0, 0, 0, true).await;
        assert_eq!(status, 403);
    }
    let client = reqwest::Client::new();
    let czech = client
        .get(format!("{}/t/{}", table.base, forged[0]))
        .header("accept-language", "cs-CZ,cs;q=0.9,en;q=0.5")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(czech.contains("Tento odkaz není platný."), "{czech}");
    assert!(czech.contains("<html lang=\"cs\">"), "{czech}");
    // A link of a Matrix reader to a Discord game names no game of theirs.
    let matrix = table
        .service
        .web_link(Platform::Matrix, rec.id, Some(UserId(ALICE)))
        .unwrap();
    let (status, body) = get(&matrix).await;
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("This game no longer exists."), "{body}");
    // The genuine link opens, until it expires.
    assert_eq!(get(&alice).await.0, 200);
    table.clock.advance_minutes(24 * 60 + 1);
    let (status, body) = get(&alice).await;
    assert_eq!(status, 403);
    assert!(body.contains("This link has expired."), "{body}");
    let (status, _) = post_choice(&alice, 0, 0, 0, true).await;
    assert_eq!(status, 403);
}

/// A malformed move is answered with a localized page and changes nothing.
#[tokio::test]
async fn a_malformed_move_is_refused_and_changes_nothing() {
    let table = Table::start().await;
    let rec = table.claim_between_two(503, 5).await;
    let alice = table.link(rec.id, Some(ALICE));
    let answer = reqwest::Client::new()
        .post(format!("{alice}/move"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("seat=x&choice=")
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status().as_u16(), 400);
    assert!(answer
        .text()
        .await
        .unwrap()
        .contains("That move could not be read."));
    // A choice the menu does not offer.
    let (status, body) = post_choice(&alice, 0, 0, 9999, true).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        table.service.game(rec.id).await.unwrap().version,
        rec.version
    );
}

/// The page, its style and its script come from the bot alone, and the page tells the
/// browser so (a Discord Activity's proxy and its CSP require it).
#[tokio::test]
async fn the_page_loads_nothing_from_another_host() {
    let table = Table::start().await;
    let rec = table.claim_between_two(504, 6).await;
    let alice = table.link(rec.id, Some(ALICE));
    let answer = reqwest::get(&alice).await.unwrap();
    let headers = answer.headers().clone();
    assert_eq!(headers["content-security-policy"], "default-src 'self'");
    assert_eq!(headers["referrer-policy"], "no-referrer");
    assert_eq!(headers["cache-control"], "no-store");
    let page = answer.text().await.unwrap();
    for asset in ["/assets/table.css", "/assets/table.js"] {
        assert!(page.contains(&format!("\"{asset}\"")), "{page}");
        let (status, body) = get(&format!("{}{asset}", table.base)).await;
        assert_eq!(status, 200);
        assert!(!body.contains("://"), "{asset} names another host");
    }
    assert!(!page.contains("://"), "the page names another host: {page}");
}

/// `/game web` and `!vliv web` are one application-layer request: a player gets their own
/// link, which opens their hand; anyone else the public view; a bot without a web table
/// says so.
#[tokio::test]
async fn the_link_asked_in_chat_opens_the_askers_own_view() {
    use vliv_service::{
        app::{execute, Answer, Origin, Refusal, Request, Target},
        service::Place,
    };
    let table = Table::start().await;
    table.claim_between_two(505, 8).await;
    let ask = |user| Origin {
        platform: Platform::Discord,
        user,
        place: Place::channel(GuildId(crate::support::GUILD), ChannelId(505)),
        admin: false,
        private: false,
        key: None,
        reads: None,
        name: None,
    };
    let link_of = |answer| match answer {
        Answer::WebLink { url, .. } => url,
        _ => panic!("a link is answered"),
    };
    let alice = link_of(
        execute(
            &table.service,
            &ask(UserId(ALICE)),
            Request::WebLink(Target::Here),
        )
        .await
        .unwrap()
        .answer,
    );
    let carol = link_of(
        execute(
            &table.service,
            &ask(UserId(CAROL)),
            Request::WebLink(Target::Here),
        )
        .await
        .unwrap()
        .answer,
    );
    assert!(alice.starts_with(&format!("{}/t/", table.base)), "{alice}");
    let hers: Value = serde_json::from_str(&get(&format!("{alice}/view.json")).await.1).unwrap();
    assert_eq!(hers["seat"], 0);
    assert!(hers["hand"].is_object(), "{hers}");
    let public: Value = serde_json::from_str(&get(&format!("{carol}/view.json")).await.1).unwrap();
    assert!(
        public["seat"].is_null() && public["hand"].is_null(),
        "{public}"
    );
    // Without a web table the service makes no link, and the asker reads why.
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("vliv.db").display());
    let bare = vliv_service::service::Service::new(
        vliv_service::store::Store::connect(&url).await.unwrap(),
        std::sync::Arc::new(table.clock.clone()),
    );
    let lobby = bare
        .open(crate::support::lobby(505, ALICE, 1))
        .await
        .unwrap();
    assert!(lobby.id > 0);
    match execute(&bare, &ask(UserId(ALICE)), Request::WebLink(Target::Here)).await {
        Err(Refusal::Refused(text)) => assert_eq!(text.key, "web-off"),
        _ => panic!("refused without a web table"),
    }
}
