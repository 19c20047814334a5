//! Live pages are capped: a reader opening page after page, or a crowd, gets a clear
//! refusal for the event stream over the cap (the page itself still opens), and a closed
//! page frees its place.

use std::time::Duration;

use vliv_web::Caps;

use crate::support::{Table, ALICE, BOB, CAROL};

/// Opens `link`'s event stream: its status and, when refused, its text; the open stream
/// (held open until dropped).
async fn stream(link: &str) -> (u16, Option<String>, Option<reqwest::Response>) {
    let answer = reqwest::Client::new()
        .get(format!("{link}/events"))
        .header("accept-language", "cs")
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    match status {
        200 => (status, None, Some(answer)),
        _ => (status, Some(answer.text().await.unwrap()), None),
    }
}

#[tokio::test]
async fn a_reader_and_the_table_keep_only_so_many_pages_live() {
    let table = Table::start_capped(Caps {
        total: 4,
        per_reader: 2,
    })
    .await;
    let rec = table.claim_between_two(800, 1).await;
    let (alice, bob, carol) = (
        table.link(rec.id, Some(ALICE)),
        table.link(rec.id, Some(BOB)),
        table.link(rec.id, Some(CAROL)),
    );
    let (s1, _, a1) = stream(&alice).await;
    let (s2, _, _a2) = stream(&alice).await;
    assert_eq!((s1, s2), (200, 200));
    // Alice's third page: refused, saying why in her language.
    let (status, text, _) = stream(&alice).await;
    assert_eq!(status, 429);
    let text = text.unwrap();
    assert!(
        text.contains("Máte otevřeno příliš mnoho stránek tohoto stolu"),
        "{text}"
    );
    // Her page itself still opens.
    assert_eq!(reqwest::get(&alice).await.unwrap().status().as_u16(), 200);
    let (s3, _, _b1) = stream(&bob).await;
    let (s4, _, _b2) = stream(&bob).await;
    assert_eq!((s3, s4), (200, 200));
    // Four in all: Carol, under her own cap, finds the table full.
    let (status, text, _) = stream(&carol).await;
    assert_eq!(status, 503);
    assert!(
        text.unwrap()
            .contains("Právě je otevřeno příliš mnoho stránek"),
        "the table's cap"
    );
    // Alice closes a page: its place is free again, for anyone.
    drop(a1);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (status, _, open) = stream(&carol).await;
        if status == 200 {
            drop(open);
            break;
        }
        assert_eq!(status, 503);
        assert!(
            tokio::time::Instant::now() < deadline,
            "a closed page never freed its place"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
