//! Headless Chromium through whole games, clicking as a player does: Claim against an AI
//! seat to the end, and Claim between two browsers, each page following the other's moves
//! over its event stream. The phone-sized screenshot of the book is taken here.
//! Chromium and its driver: `vliv-browser` (skipped without them, failing under `CI=true`).

use std::{path::Path, time::Duration};
use vliv_service::service::UserId;

use serde_json::json;
use vliv_browser::{
    browser, click_choice, count, driver,
    fantoccini::{Client, Locator},
    shown_version, until_heading, until_shown, until_url, PATIENCE,
};
use vliv_service::service::{GameId, Status};

use crate::{
    accessibility::no_serious_violation,
    support::{Table, ALICE, BOB},
};

async fn version_of(table: &Table, game: GameId) -> i64 {
    table.service.game(game).await.unwrap().version
}

/// Alice plays a whole Claim game against an AI seat in the browser, by clicking only; the
/// AI answers through the same service, and the page shows the end. A phone-sized
/// screenshot of the table is kept for the book.
#[tokio::test]
async fn a_whole_claim_game_against_the_ai_is_played_by_clicking() {
    let Some(driver) = driver().await else {
        return;
    };
    let table = Table::start().await;
    let game = table.claim_against_ai(600, 11).await;
    let page = browser(&driver, "alice").await;
    page.goto(&table.link(game, Some(ALICE))).await.unwrap();
    let mut clicks = 0;
    while table.service.game(game).await.unwrap().status == Status::Running {
        let before = version_of(&table, game).await;
        until_shown(&page, before).await;
        click_choice(&page, clicks).await;
        clicks += 1;
        // The click is stored (and the AI has answered) when the page shows a later version.
        until_shown(&page, before + 1).await;
        if clicks == 4 {
            screenshot(&page, "web-claim-phone.png").await;
            no_serious_violation(&page, "claim").await;
        }
        assert!(clicks < 200, "the game never ended");
    }
    let rec = table.service.game(game).await.unwrap();
    assert_eq!(rec.status, Status::Finished);
    until_shown(&page, rec.version).await;
    assert!(page
        .find_all(Locator::Css("button.choice"))
        .await
        .unwrap()
        .is_empty());
    assert!(
        clicks >= 13,
        "Claim's first phase alone is 13 tricks: {clicks} clicks"
    );
    // The ended game's table links to its replay, and a keyboard steps through it: each
    // link is reached and opened with the Enter key.
    let enter = "\u{E007}";
    let replay = page
        .find(Locator::Css("section.records a[href*='/replay']"))
        .await
        .expect("the table links to the replay");
    replay.send_keys(enter).await.unwrap();
    until_url(&page, "/replay").await;
    let heading = page
        .find(Locator::Css("h1"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(heading.starts_with("Replay of game #"), "{heading}");
    let next = page.find(Locator::Css("a[rel=next]")).await.unwrap();
    next.send_keys(enter).await.unwrap();
    until_url(&page, "step=1").await;
    let heading = page
        .find(Locator::Css("h1"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(heading.contains("move 1 of"), "{heading}");
    no_serious_violation(&page, "claim's replay").await;
    // The other records the table links to: each page passes the check too.
    for (path, heading) in [
        ("/review", "Review of game #"),
        ("/leaderboard", "Leaderboard"),
    ] {
        page.goto(&table.link(game, Some(ALICE))).await.unwrap();
        let link = page
            .find(Locator::Css(&format!("section.records a[href*='{path}']")))
            .await
            .expect("the table links to the record");
        link.send_keys(enter).await.unwrap();
        until_url(&page, path).await;
        until_heading(&page, heading).await;
        no_serious_violation(&page, path).await;
    }
    page.close().await.unwrap();
}

/// Alice plays a whole game of `kind` against an AI seat by clicking only, until it ends;
/// on the way the page shows the table's cards and the whole texts of the cards she sees,
/// and a phone-sized screenshot of the table is kept as `shot`.
async fn a_whole_game_against_the_ai(kind: &str, seed: u64, shot: &str, shot_at: usize) {
    let Some(driver) = driver().await else {
        return;
    };
    let table = Table::start().await;
    let game = table.against_ai(kind, 610, seed).await;
    let page = browser(&driver, "alice").await;
    page.goto(&table.link(game, Some(ALICE))).await.unwrap();
    let (mut clicks, mut cards_seen, mut rules_seen) = (0, false, false);
    let started = std::time::Instant::now();
    while table.service.game(game).await.unwrap().status == Status::Running {
        let before = version_of(&table, game).await;
        until_shown(&page, before).await;
        cards_seen |= count(&page, ".scene .card").await > 0;
        rules_seen |= count(&page, ".rules dd").await > 0;
        click_choice(&page, clicks).await;
        clicks += 1;
        until_shown(&page, before + 1).await;
        if clicks == shot_at {
            screenshot(&page, shot).await;
            shown_once(&page, kind).await;
            no_serious_violation(&page, kind).await;
        }
        assert!(clicks < 600, "{kind}: the game never ended");
    }
    let rec = table.service.game(game).await.unwrap();
    assert_eq!(rec.status, Status::Finished, "{kind}");
    until_shown(&page, rec.version).await;
    assert!(page
        .find_all(Locator::Css("button.choice"))
        .await
        .unwrap()
        .is_empty());
    assert!(cards_seen, "{kind}: the page drew the table's cards");
    assert!(rules_seen, "{kind}: the page gave the cards' texts");
    eprintln!(
        "{kind}: {clicks} clicks to the end in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    page.close().await.unwrap();
}

/// The hand is drawn once: no text section repeats a zone of its picture, and no card
/// says its mark twice (a mark beside a name that already holds it).
async fn shown_once(page: &Client, kind: &str) {
    let read = page
        .execute(
            "const hand = document.querySelector('section.hand');
             if (!hand) return {zones: 0, repeated: [], marks: []};
             const zones = [...hand.querySelectorAll('.scene h4')].map(h => h.textContent);
             const texts = [...hand.querySelectorAll(':scope > h4')].map(h => h.textContent);
             const marks = [...document.querySelectorAll('.card')].filter(c => {
               const m = c.querySelector('.mark'), n = c.querySelector('.name');
               return m && n && n.textContent.split(/\\s+/).includes(m.textContent);
             }).map(c => c.textContent);
             return {zones: zones.length, repeated: texts.filter(t => zones.includes(t)), marks};",
            vec![],
        )
        .await
        .expect("the page runs scripts");
    assert!(
        read["zones"].as_u64().unwrap_or(0) > 0,
        "{kind}: the hand is drawn: {read}"
    );
    assert_eq!(read["repeated"], json!([]), "{kind}: the hand twice");
    assert_eq!(read["marks"], json!([]), "{kind}: a mark said twice");
}

#[tokio::test]
async fn a_whole_fantasy_realms_game_against_the_ai_is_played_by_clicking() {
    a_whole_game_against_the_ai("fantasy-realms", 1, "web-fantasy-realms-phone.png", 3).await;
}

#[tokio::test]
async fn a_whole_louis_xiv_game_against_the_ai_is_played_by_clicking() {
    a_whole_game_against_the_ai("louis-xiv", 1, "web-louis-xiv-phone.png", 3).await;
}

#[tokio::test]
async fn a_whole_ruse_and_bruise_game_against_the_ai_is_played_by_clicking() {
    a_whole_game_against_the_ai("ruse-and-bruise", 1, "web-ruse-and-bruise-phone.png", 3).await;
}

#[tokio::test]
async fn a_whole_ovlivneni_game_against_the_ai_is_played_by_clicking() {
    a_whole_game_against_the_ai("ovlivneni", 1, "web-ovlivneni-phone.png", 3).await;
}

/// Alice and Bob in two browsers: each move one makes reaches the other's page over its
/// event stream, without a reload, until the game ends.
#[tokio::test]
async fn two_browsers_follow_each_others_moves_live() {
    let Some(driver) = driver().await else {
        return;
    };
    let table = Table::start().await;
    let rec = table.claim_between_two(601, 12).await;
    let game = rec.id;
    let alice = browser(&driver, "alice").await;
    let bob = browser(&driver, "bob").await;
    alice.goto(&table.link(game, Some(ALICE))).await.unwrap();
    bob.goto(&table.link(game, Some(BOB))).await.unwrap();
    let mut moves = 0;
    loop {
        let rec = table.service.game(game).await.unwrap();
        if rec.status != Status::Running {
            break;
        }
        let mover = match table
            .service
            .pending_menus(game, UserId(ALICE))
            .await
            .unwrap()
            .is_empty()
        {
            true => &bob,
            false => &alice,
        };
        let watcher = match std::ptr::eq(mover, &alice) {
            true => &bob,
            false => &alice,
        };
        until_shown(mover, rec.version).await;
        click_choice(mover, moves).await;
        moves += 1;
        // The other page learns of the move by itself.
        until_shown(watcher, rec.version + 1).await;
        assert!(moves < 400, "the game never ended");
    }
    let end = version_of(&table, game).await;
    until_shown(&alice, end).await;
    until_shown(&bob, end).await;
    assert!(
        moves >= 26,
        "Claim's first phase alone is 13 tricks of two cards: {moves}"
    );
    alice.close().await.unwrap();
    bob.close().await.unwrap();
}

/// The page as the browser draws it: a phone's width, as a reader opening it finds it (no
/// answer to a click above the table). Kept under `docs/src/players/` for
/// the book when `VLIV_WRITE_SCREENSHOTS=1` (a test run leaves the sources alone otherwise).
async fn screenshot(page: &Client, name: &str) {
    let version = shown_version(page).await;
    page.refresh().await.expect("the page reloads");
    until_shown(page, version).await;
    let png = page.screenshot().await.expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    assert_eq!(width, 390, "the phone's viewport");
    if std::env::var("VLIV_WRITE_SCREENSHOTS").is_ok_and(|v| v == "1") {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../docs/src/players")
            .join(name);
        std::fs::write(&path, png).expect("the screenshot is written");
    }
}

/// A page over the cap of live pages still shows the table, and says it does not update by
/// itself, and why.
#[tokio::test]
async fn a_page_over_the_live_cap_says_so() {
    let Some(driver) = driver().await else {
        return;
    };
    let table = Table::start_capped(vliv_web::Caps {
        total: 10,
        per_reader: 1,
    })
    .await;
    let rec = table.claim_between_two(602, 13).await;
    let link = table.link(rec.id, Some(ALICE));
    let first = browser(&driver, "first").await;
    first.goto(&link).await.unwrap();
    until_shown(&first, rec.version).await;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while table.web_live_pages() < 1 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the first page never went live"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let second = browser(&driver, "second").await;
    second.goto(&link).await.unwrap();
    until_shown(&second, rec.version).await;
    let said = loop {
        let said = second
            .execute(
                "const p = document.getElementById('unlive'); return p && !p.hidden ? p.textContent : '';",
                vec![],
            )
            .await
            .unwrap();
        let said = said.as_str().unwrap_or_default().to_owned();
        if !said.is_empty() {
            break said;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the page never said it is not live"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(said.contains("too many pages of this table open"), "{said}");
    // The first page is live and says nothing of it.
    let first_says = first
        .execute("return document.getElementById('unlive').hidden;", vec![])
        .await
        .unwrap();
    assert_eq!(first_says, json!(true));
    first.close().await.unwrap();
    second.close().await.unwrap();
}
