//! A move made on the web table is published in its game's chat place: the dispatcher
//! hands the application layer's plan to the front end of the game's platform, so the
//! chat's table, pings and hands follow.

use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use vliv_service::{
    app::Plan,
    dispatch::{Error, FrontEnd},
    service::{Fired, GameId, GameRecord, HeldNotice, Platform, Recovery, ThinkingNotice},
};

use crate::support::{Table, ALICE};

/// The Discord side as the dispatcher sees it, recording the reports it is handed.
#[derive(Default)]
struct Chat {
    reports: Mutex<Vec<(GameId, i64)>>,
}

impl FrontEnd for Chat {
    fn platform(&self) -> Platform {
        Platform::Discord
    }
    fn recovered(&self, _: Recovery) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
    fn fired(&self, _: Fired) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
    fn lobby_closed(&self, _: GameRecord) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
    fn held_notice(&self, _: GameRecord, _: HeldNotice) -> BoxFuture<'_, Result<(), Error>> {
        Box::pin(async { Ok(()) })
    }
    fn vacation_over(&self, _: GameRecord) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
    fn late_table(&self, _: GameRecord) -> BoxFuture<'_, Result<(), Error>> {
        Box::pin(async { Ok(()) })
    }
    fn may_pass(&self, _: &Error) -> bool {
        false
    }
    fn thinking(&self, _: ThinkingNotice) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }
    fn publish(&self, plan: Plan) -> BoxFuture<'_, Result<(), Error>> {
        Box::pin(async move {
            if let Plan::Report { report, .. } = plan {
                let seen = (report.game.id, report.game.version);
                self.reports.lock().unwrap().push(seen);
            }
            Ok(())
        })
    }
}

#[tokio::test]
async fn a_web_move_is_handed_to_the_chat_of_its_game() {
    let chat = Arc::new(Chat::default());
    let table = Table::start_publishing_to(chat.clone()).await;
    let game = table.claim_against_ai(700, 21).await;
    let alice = table.link(game, Some(ALICE));
    let view: serde_json::Value = reqwest::get(format!("{alice}/view.json"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let decision = &view["decision"];
    let form = format!(
        "seat={}&counter={}&choice={}",
        decision["seat"], decision["counter"], decision["choices"][0]["id"]
    );
    let answer = reqwest::Client::new()
        .post(format!("{alice}/move"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form)
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status().as_u16(), 200);
    // The chat is handed the report as the move (and the AI's answer) left the game.
    let stored = table.service.game(game).await.unwrap().version;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
    while chat.reports.lock().unwrap().is_empty() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the chat was never told"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(*chat.reports.lock().unwrap(), vec![(game, stored)]);
}
