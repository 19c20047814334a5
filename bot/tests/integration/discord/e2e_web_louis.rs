//! A Louis XIV game played half on the web table and half through the loopback Discord, in
//! one `vliv run`: Alice moves only on her page (its form posts, as the page's buttons send
//! them), Bob only with his "My hand" panel on Discord. Each web move reaches the channel's
//! table on Discord, each Discord move reaches Alice's open page over its event stream, and
//! the game ends.

use std::sync::{Arc, Mutex};

use crate::loopback;

use fakecord::Audience;
use loopback::*;
use serde_json::{json, Value};

/// Alice's link, from `/game web` on Discord.
async fn link(scene: &Scene, bind: &str) -> String {
    let answer = scene.run(ALICE, "game web", &[]).await;
    assert_eq!(answer.audience, Audience::Ephemeral(ALICE), "{answer:?}");
    answer
        .content
        .split_whitespace()
        .find(|w| w.starts_with(&format!("http://{bind}/t/")))
        .unwrap_or_else(|| panic!("a link in {:?}", answer.content))
        .to_owned()
}

async fn view(url: &str) -> Value {
    reqwest::get(format!("{url}/view.json"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// Keeps reading the page's event stream into `into`, as an open page does.
fn listen(url: String, into: Arc<Mutex<String>>) {
    tokio::spawn(async move {
        let mut answer = reqwest::get(format!("{url}/events")).await.unwrap();
        assert_eq!(answer.status().as_u16(), 200);
        while let Ok(Some(chunk)) = answer.chunk().await {
            into.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&chunk));
        }
    });
}

fn changes(events: &Mutex<String>) -> usize {
    events.lock().unwrap().matches("event: changed").count()
}

#[tokio::test]
async fn a_louis_xiv_game_half_on_the_web_and_half_on_discord_follows_both_ways() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let bind: &'static str = Box::leak(format!("127.0.0.1:{port}").into_boxed_str());
    let scene = Scene::start_with(
        Db::sqlite(),
        vec![
            ("VLIV_WEB_BIND", Some(bind)),
            (
                "VLIV_WEB_SECRET",
                Some("a test key of the web table, 32+ bytes long"),
            ),
        ],
    )
    .await;
    let answer = scene
        .run(ALICE, "game new", &[("game", json!("louis-xiv"))])
        .await;
    assert_eq!(answer.audience, Audience::Ephemeral(ALICE), "{answer:?}");
    let game: i64 = scene
        .fake
        .wait("the lobby's table", STEP, |w| {
            w.messages.values().rev().find_map(|m| {
                let id = m.custom_ids().into_iter().find(|c| c.starts_with("vj:"))?;
                (m.audience == Audience::Channel(CHANNEL) && !m.deleted)
                    .then(|| id[3..].parse().ok())?
            })
        })
        .await;
    scene.click_table(BOB, game, "vj").await;
    scene.click_table(ALICE, game, "vs").await;
    scene
        .fake
        .wait("the running table", STEP, |w| {
            let t = table_in(w, game)?;
            t.custom_ids().contains(&format!("vh:{game}")).then_some(())
        })
        .await;
    let url = link(&scene, bind).await;
    let events = Arc::new(Mutex::new(String::new()));
    listen(url.clone(), events.clone());
    let (mut on_web, mut on_discord, mut table_followed) = (0, 0, 0);
    for n in 0.. {
        assert!(n < 600, "the game never ended");
        let table = scene.table(game);
        if !table.custom_ids().contains(&format!("vh:{game}")) {
            break;
        }
        let mine = view(&url).await;
        let decision = &mine["decision"];
        if decision.is_object() {
            // Alice on the web.
            let choices = decision["choices"].as_array().unwrap();
            let form = format!(
                "seat={}&counter={}&choice={}",
                decision["seat"],
                decision["counter"],
                choices[n % choices.len()]["id"]
            );
            let posted = reqwest::Client::new()
                .post(format!("{url}/move"))
                .header("content-type", "application/x-www-form-urlencoded")
                .body(form)
                .send()
                .await
                .unwrap();
            assert_eq!(
                posted.status().as_u16(),
                200,
                "{}",
                posted.text().await.unwrap()
            );
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
        let seen = changes(&events);
        let ix = scene.choose(BOB, &panel, n * 5 + 1);
        scene
            .fake
            .answer_where(ix, STEP, |m| m.id != panel.id || m.edits > panel.edits)
            .await;
        on_discord += 1;
        // Alice's open page learns of it by itself.
        scene
            .fake
            .wait("Alice's page told of a Discord move", STEP, |_| {
                (changes(&events) > seen).then_some(())
            })
            .await;
    }
    let rec = scene.db.service().await.game(game).await.unwrap();
    assert!(rec.outcome.is_some(), "the game ended: {:?}", rec.status);
    assert!(
        on_web >= 10 && on_discord >= 10,
        "web {on_web}, Discord {on_discord}"
    );
    assert_eq!(table_followed, on_web);
    // Alice's page shows the end as the channel does.
    let end = view(&url).await;
    assert_eq!(end["running"], json!(false), "{end}");
    assert_eq!(end["version"], json!(rec.version));
}
