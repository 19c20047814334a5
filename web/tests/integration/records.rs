//! A game's records through the pages of its link: a running game's replay shows nobody a
//! hidden card at any step (not even the reader's own hand), an ended game's table links to
//! its replay, review and leaderboard, which open in both languages and show the hands
//! once the game is over.

use serde_json::Value;
use vliv_service::service::UserId;

use vliv_browser::{browser, count, driver, until_heading};
use vliv_service::service::Caller;

use crate::{
    accessibility::no_serious_violation,
    support::{lobby, Deck, Table, ALICE, BOB, CAROL},
};

async fn get(url: &str) -> (u16, String) {
    let answer = reqwest::get(url).await.expect("the table answers");
    let status = answer.status().as_u16();
    (status, answer.text().await.expect("a body"))
}

/// A review page once it is ready: the first answer says it is being prepared (at once,
/// without waiting for the search), and asking again shows it when done.
async fn review_when_ready(url: &str) -> (u16, String) {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let (status, body) = get(url).await;
        if status != 200 || !body.contains("id=\"preparing\"") {
            return (status, body);
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{url}: never ready: {body}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// The reader's pending decision, from the view's JSON (`null`: none).
async fn decision(link: &str) -> Value {
    let (status, body) = get(&format!("{link}/view.json")).await;
    assert_eq!(status, 200, "{body}");
    let view: Value = serde_json::from_str(&body).expect("JSON");
    view["decision"].clone()
}

async fn post(link: &str, decision: &Value, n: usize) {
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
}

/// Plays `moves` moves of the game between the two links (or until it ends); how many.
async fn play(links: [&str; 2], moves: usize) -> usize {
    let mut made = 0;
    while made < moves {
        let mut moved = false;
        for link in links {
            let d = decision(link).await;
            if !d.is_null() {
                post(link, &d, made).await;
                made += 1;
                moved = true;
                break;
            }
        }
        if !moved {
            break;
        }
    }
    made
}

/// Alice, Bob and a spectator step through a running Claim game's replay, every move of
/// it, in both languages: no page names a card any hand holds now (the replay of a running
/// game is the public table's), and each says so.
#[tokio::test]
async fn a_running_games_replay_shows_no_hidden_card() {
    let table = Table::start().await;
    let deck = Deck::claim();
    let rec = table.claim_between_two(520, 21).await;
    let game = rec.id;
    let (alice, bob) = (table.link(game, Some(ALICE)), table.link(game, Some(BOB)));
    let spectator = table.link(game, None);
    let made = play([&alice, &bob], 9).await;
    assert_eq!(made, 9, "the game runs on");
    // Every card in a hand or the deck now: never shown on the public table.
    let hidden = table.hidden_from(game, None).await;
    assert!(!hidden.is_empty());
    // The check can fail: Alice's table page names her own hand.
    let (_, page) = get(&alice).await;
    assert!(!deck.named_in(&page, &hidden).is_empty(), "{page}");
    let total = table.service.store().moves(game).await.unwrap().len();
    assert!(total >= made);
    for link in [&alice, &bob, &spectator] {
        for step in 0..=total {
            for lang in ["en", "cs"] {
                let url = format!("{link}/replay?step={step}&lang={lang}");
                let (status, body) = get(&url).await;
                assert_eq!(status, 200, "{url}: {body}");
                let leaked = deck.named_in(&body, &hidden);
                assert!(leaked.is_empty(), "{url} names {leaked:?}: {body}");
                let running = match lang {
                    "en" => "The game is still running",
                    _ => "Hra ještě běží",
                };
                assert!(body.contains(running), "{url}: {body}");
            }
        }
    }
    // A running game has no review yet, and its table no links to its records.
    let (status, body) = get(&format!("{alice}/review")).await;
    assert_eq!(status, 403, "{body}");
    assert!(!page.contains("/replay"), "{page}");
}

/// Alice plays a Claim game against the AI to its end; her table then links to the
/// replay, the review and the leaderboard, each of which opens in English and Czech; the
/// replay of the ended game shows the hands dealt, and steps from move to move.
#[tokio::test]
async fn an_ended_games_table_links_to_its_replay_review_and_leaderboard() {
    let table = Table::start().await;
    let deck = Deck::claim();
    let game = table.claim_against_ai(521, 22).await;
    let alice = table.link(game, Some(ALICE));
    let spectator = table.link(game, None);
    let dealt = table.hidden_from(game, None).await;
    let mut n = 0;
    loop {
        let d = decision(&alice).await;
        if d.is_null() {
            break;
        }
        post(&alice, &d, n).await;
        n += 1;
        assert!(n < 200, "the game never ended");
    }
    assert!(table.service.game(game).await.unwrap().outcome.is_some());
    let (_, page) = get(&alice).await;
    for path in ["/replay?lang=en", "/review?lang=en", "/leaderboard?lang=en"] {
        let href = format!("{}{path}", alice.trim_start_matches(&table.base));
        assert!(page.contains(&href), "{href} in {page}");
    }
    for link in [&alice, &spectator] {
        // The hands dealt at the start, shown once the game is over.
        let (status, body) = get(&format!("{link}/replay?step=0")).await;
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("Replay of game #"), "{body}");
        assert!(
            !deck.named_in(&body, &dealt).is_empty(),
            "the hands: {body}"
        );
        assert!(body.contains("rel=\"next\""), "{body}");
        assert!(
            !body.contains("rel=\"prev\""),
            "step 0 has no previous: {body}"
        );
        let (status, body) = get(&format!("{link}/replay?step=1&lang=cs")).await;
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("Záznam hry č."), "{body}");
        assert!(body.contains("rel=\"prev\""), "{body}");
    }
    let (status, body) = review_when_ready(&format!("{alice}/review")).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("Review of game #"), "{body}");
    assert!(
        body.contains("aria-disabled=\"true\">Player 1 (you)"),
        "Alice's own: {body}"
    );
    let (status, body) = review_when_ready(&format!("{spectator}/review?seat=2&lang=cs")).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("Rozbor hry č."), "{body}");
    let (status, body) = review_when_ready(&format!("{alice}/review?seat=9")).await;
    assert_eq!(status, 403, "no ninth seat: {body}");
    for (lang, title) in [("en", "Leaderboard: Claim"), ("cs", "Žebříček: ")] {
        let (status, body) = get(&format!("{alice}/leaderboard?lang={lang}")).await;
        assert_eq!(status, 200, "{body}");
        assert!(body.contains(title), "{body}");
    }
}

/// A review asked on the web waits for the service's review slot as the chat commands'
/// do: with the one slot taken, the page answers at once that the review waits its turn
/// (in both languages, naming no card), and shows the review once the slot is free.
#[tokio::test]
async fn a_review_waits_for_a_free_slot_and_the_page_says_so_at_once() {
    let table = Table::start_reviewing_one_at_a_time().await;
    let deck = Deck::claim();
    let game = table.claim_against_ai(522, 23).await;
    let alice = table.link(game, Some(ALICE));
    let dealt = table.hidden_from(game, None).await;
    let mut n = 0;
    while let d @ Value::Object(_) = decision(&alice).await {
        post(&alice, &d, n).await;
        n += 1;
        assert!(n < 200, "the game never ended");
    }
    let rec = table.service.game(game).await.unwrap();
    assert!(rec.outcome.is_some());
    // Another review holds the only slot (a chat command's, say).
    let other = table.service.review(&rec, 1).await.unwrap();
    assert!(!other.queued, "the slot was free");
    let url = format!("{alice}/review");
    let started = std::time::Instant::now();
    let (status, body) = get(&url).await;
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "answered at once"
    );
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("id=\"preparing\""), "{body}");
    assert!(
        body.contains("Other reviews are being prepared first"),
        "{body}"
    );
    assert!(
        body.contains("/assets/wait.js"),
        "the page asks again by itself"
    );
    let (_, cs) = get(&format!("{url}?lang=cs")).await;
    assert!(cs.contains("Nejdřív se připravují jiné rozbory"), "{cs}");
    for page in [&body, &cs] {
        assert!(deck.named_in(page, &dealt).is_empty(), "{page}");
    }
    // Still waiting while the slot is taken.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let (_, again) = get(&url).await;
    assert!(again.contains("id=\"preparing\""), "{again}");
    // In a browser: the waiting page passes the accessibility check, and shows the review
    // by itself (its script) once the slot is free.
    let browser = match driver().await {
        Some(driver) => {
            let page = browser(&driver, "waiting").await;
            page.goto(&url).await.unwrap();
            assert_eq!(count(&page, "#preparing").await, 1);
            no_serious_violation(&page, "a review being prepared").await;
            Some((driver, page))
        }
        None => None,
    };
    drop(other);
    if let Some((_driver, page)) = browser {
        until_heading(&page, "Review of game #").await;
        assert_eq!(count(&page, "#preparing").await, 0);
        page.close().await.unwrap();
    }
    let (status, body) = review_when_ready(&url).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("Review of game #"), "{body}");
}

/// Bob and Carol play a Claim game in `channel` to its end (rated: two people).
async fn bob_and_carol_play(table: &Table, channel: u64, seed: u64) {
    let rec = table.service.open(lobby(channel, BOB, seed)).await.unwrap();
    table.service.join(rec.id, UserId(CAROL)).await.unwrap();
    table
        .service
        .start(rec.id, Caller::user(UserId(BOB)))
        .await
        .unwrap();
    let bob = table.link(rec.id, Some(BOB));
    let carol = table.link(rec.id, Some(CAROL));
    play([&bob, &carol], 400).await;
    assert!(table.service.game(rec.id).await.unwrap().outcome.is_some());
}

/// The leaderboard page names every player by the display name the service knows (public,
/// like a seat), those who never sat in the reader's game too, escaped as text; it names
/// no card of the reader's running game.
#[tokio::test]
async fn the_leaderboard_names_players_beyond_the_readers_game() {
    let table = Table::start().await;
    let deck = Deck::claim();
    // Bob and Carol play a rated game to its end in another channel of the server.
    bob_and_carol_play(&table, 530, 24).await;
    table
        .service
        .remember_display_name(UserId(BOB), "Bob the Builder")
        .await
        .unwrap();
    table
        .service
        .remember_display_name(UserId(CAROL), "  Carol <i>&amp; ")
        .await
        .unwrap();
    // Alice reads the board from her own game, which neither of them sits in.
    let game = table.claim_against_ai(531, 25).await;
    let hidden = table.hidden_from(game, None).await;
    let alice = table.link(game, Some(ALICE));
    for lang in ["en", "cs"] {
        let (status, body) = get(&format!("{alice}/leaderboard?lang={lang}")).await;
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("Bob the Builder"), "{body}");
        assert!(body.contains("Carol &lt;i&gt;&amp;amp;"), "escaped: {body}");
        assert!(!body.contains("<i>"), "{body}");
        for someone in ["someone", "někdo"] {
            assert!(!body.contains(someone), "{body}");
        }
        let leaked = deck.named_in(&body, &hidden);
        assert!(leaked.is_empty(), "names {leaked:?}: {body}");
    }
    // A player never seen by name is still "someone".
    let fresh = Table::start().await;
    bob_and_carol_play(&fresh, 532, 26).await;
    let game = fresh.claim_against_ai(533, 27).await;
    let (_, body) = get(&format!("{}/leaderboard", fresh.link(game, Some(ALICE)))).await;
    assert!(body.contains("someone"), "{body}");
}
