//! Games opened as players open them: `/game new` in the channel, a join and a start
//! clicked on the lobby's table.

use fakecord::Audience;
use serde_json::{json, Value};
use vliv_bot::service::GameId;

use super::{table_in, Scene, ALICE, BOB, CHANNEL, STEP};

impl Scene {
    /// "alice runs /game new claim": the lobby's game id, read from its table's buttons.
    pub async fn new_claim(&self, host: u64) -> GameId {
        self.new_game(host, "claim", None).await
    }

    /// `host` runs `/game new` of `kind` (with `options`, as typed): the lobby's game id,
    /// read from its table's buttons.
    pub async fn new_game(&self, host: u64, kind: &str, options: Option<&str>) -> GameId {
        let mut given: Vec<(&str, Value)> = vec![("game", json!(kind))];
        if let Some(options) = options {
            given.push(("options", json!(options)));
        }
        let answer = self.run(host, "game new", &given).await;
        assert_eq!(answer.audience, Audience::Ephemeral(host), "{answer:?}");
        self.fake
            .wait("the lobby's table", STEP, |w| {
                w.messages.values().rev().find_map(|m| {
                    let id = m.custom_ids().into_iter().find(|c| c.starts_with("vj:"))?;
                    (m.audience == Audience::Channel(CHANNEL) && !m.deleted)
                        .then(|| id[3..].parse().ok())?
                })
            })
            .await
    }

    /// Alice opens a lobby, Bob joins, Alice starts.
    pub async fn started_claim(&self) -> GameId {
        self.started_claim_with(BOB).await
    }

    /// Alice opens a lobby, `guest` joins, Alice starts.
    pub async fn started_claim_with(&self, guest: u64) -> GameId {
        self.started(guest, "claim", None).await
    }

    /// Alice opens a lobby of `kind` with `options`, `guest` joins, Alice starts; the game
    /// runs when this returns (its table has the "My hand" button).
    pub async fn started(&self, guest: u64, kind: &str, options: Option<&str>) -> GameId {
        let game = self.new_game(ALICE, kind, options).await;
        self.click_table(guest, game, "vj").await;
        self.click_table(ALICE, game, "vs").await;
        self.fake
            .wait("the running table", STEP, |w| {
                let t = table_in(w, game)?;
                t.custom_ids().contains(&format!("vh:{game}")).then_some(())
            })
            .await;
        game
    }
}
