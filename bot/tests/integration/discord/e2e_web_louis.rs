//! A Louis XIV game played half on the web table and half through the loopback Discord, in
//! one `vliv run`: Alice moves only by clicking her page in a headless Chromium, Bob only
//! with his "My hand" panel on Discord. Each click on the page reaches the channel's table
//! on Discord, each Discord move shows on Alice's open page by itself (the page is read,
//! not only its event stream), and the game ends in both.

use crate::loopback;

use loopback::*;
use serde_json::{json, Value};
use vliv_browser::{browser, click_choice, count, driver, shown_version, until_shown, PATIENCE};

async fn view(url: &str) -> Value {
    reqwest::get(format!("{url}/view.json"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_louis_xiv_game_half_in_the_browser_and_half_on_discord_follows_both_ways() {
    let Some(driver) = driver().await else {
        return;
    };
    let (scene, bind) = Scene::start_with_web(Db::sqlite(), Vec::new()).await;
    let game = scene.started(BOB, "louis-xiv", None).await;
    let url = scene.web_link(ALICE, bind).await;
    let page = browser(&driver, "alice").await;
    page.goto(&url).await.unwrap();
    let started = std::time::Instant::now();
    let (mut on_web, mut on_discord, mut table_followed) = (0, 0, 0);
    // The version the last move committed.
    let mut last_move = 0;
    for n in 0.. {
        assert!(n < 600, "the game never ended");
        let table = scene.table(game);
        if !table.custom_ids().contains(&format!("vh:{game}")) {
            break;
        }
        // The version before this move: the move commits the next (a table posted anew
        // also counts a version, which changes nothing a page shows).
        let mine = view(&url).await;
        let version = mine["version"].as_i64().unwrap();
        if mine["decision"].is_object() {
            // Alice on the web: a click on her page, as a player makes it.
            click_choice(&page, n).await;
            on_web += 1;
            // The channel's table follows: edited (or posted anew) after the web move.
            let (before_id, before_edits) = (table.id, table.edits);
            scene
                .fake
                .wait("the channel's table after a web move", STEP, |w| {
                    let t = table_in(w, game)?;
                    (t.id != before_id || t.edits > before_edits).then_some(())
                })
                .await;
            table_followed += 1;
            until_shown(&page, version + 1).await;
            last_move = version + 1;
            continue;
        }
        // Bob on Discord.
        let panel = scene.hand(BOB, game).await;
        if options(&panel).is_empty() {
            // Nobody can move now: the game has ended, and the channel's table shows it.
            scene
                .fake
                .wait("the channel's table of the ended game", STEP, |w| {
                    let t = table_in(w, game)?;
                    (!t.custom_ids().contains(&format!("vh:{game}"))).then_some(())
                })
                .await;
            break;
        }
        let ix = scene.choose(BOB, &panel, n * 5 + 1);
        let answer = scene
            .fake
            .answer_where(ix, STEP, |m| m.id != panel.id || m.edits > panel.edits)
            .await;
        if answer.id != panel.id {
            // A refusal comes as a message of its own: said, in case the page then waits
            // in vain for the move (captured, and printed only if the test fails).
            eprintln!(
                "Bob's click {n} at version {version} was answered apart: {}",
                answer.content
            );
        }
        on_discord += 1;
        // Alice's open page shows Bob's move by itself, without a reload.
        until_shown(&page, version + 1).await;
        last_move = version + 1;
    }
    let rec = scene.db.service().await.game(game).await.unwrap();
    assert!(rec.outcome.is_some(), "the game ended: {:?}", rec.status);
    assert!(
        on_web >= 10 && on_discord >= 10,
        "web {on_web}, Discord {on_discord}"
    );
    assert_eq!(table_followed, on_web);
    // Alice's page shows the end as the channel does, by itself: the ended game's links to
    // its records, and no choice left.
    let end = view(&url).await;
    assert_eq!(end["running"], json!(false), "{end}");
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while count(&page, "section.records").await == 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the page never showed the end: {}",
            page.source().await.unwrap_or_default()
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(
        count(&page, "button.choice").await,
        0,
        "no choice after the end"
    );
    assert!(
        shown_version(&page).await >= last_move,
        "the last move is shown"
    );
    eprintln!(
        "louis-xiv half in the browser: web {on_web}, Discord {on_discord} moves in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    page.close().await.unwrap();
}
