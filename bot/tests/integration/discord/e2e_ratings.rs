//! End to end against the loopback Discord (issue 20): finished Claim games and a 3-seat
//! game are rated and their tables say so; `/stats` and `/leaderboard` answer in English and
//! Czech; the leaderboard's page buttons refuse a forged button of another server and a
//! stale page; `/vliv-admin` sets the retention and shows the storage used.

use crate::loopback;

use fakecord::Audience;
use loopback::*;
use serde_json::json;
use vliv_bot::{i18n::tr, service::ServiceError};
use vliv_engine::Lang;

fn refusal(e: ServiceError, lang: Lang) -> String {
    tr(lang, &e.text(), &|s| lang.seat_name(s))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stats_and_the_leaderboard_answer_after_rated_claim_and_three_seat_games() {
    let scene = Scene::start(Db::sqlite()).await;
    // Bob concedes to Alice, then Eva (a Czech client) concedes to Alice.
    let first = scene.started_claim().await;
    scene.run(BOB, "game concede", &[]).await;
    scene
        .fake
        .wait("the rated result on the table", STEP, |w| {
            table_in(w, first).filter(|t| t.text().contains("Rated: the players' ratings"))
        })
        .await;
    scene.started_claim_with(EVA).await;
    scene.run(EVA, "game concede", &[]).await;

    let stats = scene.run(ALICE, "stats", &[]).await;
    assert_eq!(stats.audience, Audience::Ephemeral(ALICE));
    let text = stats.text();
    assert!(
        text.contains("2 finished games, 2 wins; favourite game: Claim"),
        "{text}"
    );
    assert!(
        text.contains("**Claim**: 2 games, 2 wins; rating "),
        "{text}"
    );
    let eva = scene
        .run(EVA, "stats", &[("game", json!("claim"))])
        .await
        .text();
    assert!(eva.contains("Statistiky na tomto serveru"), "{eva}");
    assert!(eva.contains("1 dohraná hra, 0 výher"), "{eva}");
    assert!(eva.contains("1 hra, 0 výher; hodnocení "), "{eva}");

    let board = scene
        .run(ALICE, "leaderboard", &[("game", json!("claim"))])
        .await;
    let text = board.text();
    assert!(text.contains("Leaderboard: Claim (1/1)"), "{text}");
    assert!(text.contains(&format!("1. <@{ALICE}>: ")), "{text}");
    assert!(text.contains("(2 rated games, 2 wins)"), "{text}");
    let cs = scene
        .run(EVA, "leaderboard", &[("game", json!("claim"))])
        .await
        .text();
    assert!(cs.contains("Žebříček: Claim (1/1)"), "{cs}");
    assert!(cs.contains("(2 hodnocené hry, 2 výhry)"), "{cs}");

    // A page button of another server, and a page past the end of this board.
    let forged = format!("vL:{}:claim:0", GUILD + 1);
    let ix = scene.fake.click(ALICE, board.id, &forged);
    let expected = refusal(ServiceError::ForeignBoard, Lang::En);
    let answer = scene
        .fake
        .answer_where(ix, STEP, |m| m.content == expected)
        .await;
    assert_eq!(answer.audience, Audience::Ephemeral(ALICE));
    let stale = format!("vL:{GUILD}:claim:4");
    let ix = scene.fake.click(ALICE, board.id, &stale);
    let expected = refusal(ServiceError::PageGone { pages: 1 }, Lang::En);
    scene
        .fake
        .answer_where(ix, STEP, |m| m.content == expected)
        .await;
    let ix = scene.fake.click(EVA, board.id, &stale);
    let expected = refusal(ServiceError::PageGone { pages: 1 }, Lang::Cs);
    assert!(expected.contains("1 stránku"), "{expected}");
    scene
        .fake
        .answer_where(ix, STEP, |m| m.content == expected)
        .await;
    // The board itself is as it was.
    let kept = scene.fake.world().messages[&board.id].clone();
    assert!(kept.text().contains("Leaderboard: Claim (1/1)"));

    // A 3-seat Ruse & Bruise game: Bob concedes, Alice and Eva share first place.
    scene
        .run(ALICE, "game new", &[("game", json!("ruse-and-bruise"))])
        .await;
    scene.run(BOB, "game join", &[]).await;
    scene.run(EVA, "game join", &[]).await;
    scene.run(ALICE, "game start", &[]).await;
    scene.run(BOB, "game concede", &[]).await;
    let rb = scene
        .run(EVA, "leaderboard", &[("game", json!("ruse-and-bruise"))])
        .await
        .text();
    assert!(rb.contains("(1/1)"), "{rb}");
    // The two winners tie: the same rating, ahead of Bob.
    let rows: Vec<&str> = rb.lines().filter(|l| l.contains(": ")).collect();
    let at = |user: u64| {
        rows.iter()
            .position(|l| l.contains(&format!("<@{user}>")))
            .unwrap_or_else(|| panic!("{user} in {rb}"))
    };
    assert!(at(ALICE) < at(BOB) && at(EVA) < at(BOB), "{rb}");
    let rating = |user: u64| rows[at(user)].split(": ").nth(1).map(str::to_owned);
    assert_eq!(rating(ALICE), rating(EVA), "{rb}");
    assert!(rb.contains("(1 hodnocená hra, 1 výhra)"), "{rb}");

    // Retention and storage, for the server's admin.
    let kept = scene
        .run(CAROL, "vliv-admin retention", &[("days", json!(30))])
        .await;
    assert_eq!(
        kept.content,
        "Ended games are deleted 30 days after they end; results and ratings are kept."
    );
    let shown = scene.run(CAROL, "vliv-admin show", &[]).await.content;
    assert!(
        shown.contains("Storage on this server: 3 games (ended: 3), "),
        "{shown}"
    );
}
