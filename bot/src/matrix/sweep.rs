//! Deadlines of Matrix games: timeouts, reminders, game clocks, automatic moves and idle
//! lobbies, each followed by the room's table and the hands of whoever must decide next.
//!
//! Run alone, the Matrix front end sweeps the deadlines itself. Beside Discord, the
//! Discord side's sweep claims every due deadline and hands a Matrix game's over here
//! ([`route_fired`], [`route_closed`]), so its room sees the result at once.

use std::{
    sync::{Arc, OnceLock},
    time::Duration,
};

use tokio::sync::mpsc;
use vliv_engine::Text;

use super::{ids, publish, render, Matrix};
use crate::{
    i18n::tr,
    service::{Fired, GameRecord, Platform, Report, SeatHolder},
};

const MAX_SLEEP: Duration = Duration::from_secs(30);
const MIN_SLEEP: Duration = Duration::from_millis(200);
/// How often the Matrix front end running alone runs the retention sweep.
const RETENTION_SWEEP: Duration = Duration::from_secs(60 * 60);

/// A Matrix game's deadline that another front end's sweep claimed.
pub enum Due {
    Fired(Fired),
    Closed(GameRecord),
}

/// Where another front end's sweep hands Matrix games' deadlines: set while a Matrix front
/// end runs beside it.
static HANDOVER: OnceLock<mpsc::UnboundedSender<Due>> = OnceLock::new();

/// Keeps a fired deadline for the caller when its game is not a Matrix game; a Matrix
/// game's goes to the Matrix front end (`None`).
pub fn route_fired(fired: Fired) -> Option<Fired> {
    match Platform::of(channel_of(&fired)) {
        Platform::Matrix => {
            hand_over(Due::Fired(fired));
            None
        }
        _ => Some(fired),
    }
}

/// The same for a lobby closed for being idle.
pub fn route_closed(lobby: GameRecord) -> Option<GameRecord> {
    match Platform::of(lobby.channel) {
        Platform::Matrix => {
            hand_over(Due::Closed(lobby));
            None
        }
        _ => Some(lobby),
    }
}

fn hand_over(due: Due) {
    let sent = HANDOVER.get().map(|tx| tx.send(due).is_ok());
    if sent != Some(true) {
        tracing::warn!("a Matrix game's deadline fired where no Matrix front end runs");
    }
}

/// Opens the hand-over before the login, so nothing handed over meanwhile is lost.
pub fn open_handover() -> Option<mpsc::UnboundedReceiver<Due>> {
    let (tx, rx) = mpsc::unbounded_channel();
    if HANDOVER.set(tx).is_err() {
        tracing::warn!("a second Matrix front end in one process: deadlines go to the first");
        return None;
    }
    Some(rx)
}

/// Publishes what other front ends' sweeps hand over, for as long as the process runs.
pub fn spawn_handover(matrix: Arc<Matrix>, mut handed: mpsc::UnboundedReceiver<Due>) {
    tokio::spawn(async move {
        while let Some(due) = handed.recv().await {
            match due {
                Due::Fired(fired) => matrix.publish_fired(fired).await,
                Due::Closed(lobby) => matrix.publish_report(Report::of(lobby)).await,
            }
        }
    });
}

/// The sweep of the Matrix front end running alone, and its retention sweep.
pub fn spawn(matrix: Arc<Matrix>) {
    let service = matrix.service.clone();
    tokio::spawn(async move {
        loop {
            if let Err(e) = service.sweep_retention().await {
                tracing::warn!(error = %e, "retention sweep failed");
            }
            tokio::time::sleep(RETENTION_SWEEP).await;
        }
    });
    tokio::spawn(async move {
        loop {
            matrix.serve_due().await;
            let now = matrix.service.now_ms();
            let sleep = match matrix.service.next_deadline().await {
                Ok(Some(due)) => Duration::from_millis((due - now).max(0) as u64).min(MAX_SLEEP),
                Ok(None) => MAX_SLEEP,
                Err(_) => Duration::from_secs(1),
            };
            tokio::select! {
                _ = tokio::time::sleep(sleep.max(MIN_SLEEP)) => {}
                _ = matrix.service.clock_set() => {}
            }
        }
    });
}

impl Matrix {
    async fn serve_due(&self) {
        match self.service.fire_due().await {
            Ok(fired) => {
                // Alone, a Discord game's deadline has nobody to publish it.
                for f in fired {
                    if Platform::of(channel_of(&f)) == Platform::Matrix {
                        self.publish_fired(f).await;
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "deadlines not served"),
        }
        match self.service.expire_lobbies().await {
            Ok(closed) => {
                for lobby in closed {
                    if Platform::of(lobby.channel) == Platform::Matrix {
                        self.publish_report(Report::of(lobby)).await;
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "idle lobbies not expired"),
        }
    }

    /// A fired deadline in its room: a timeout said, then the table and the hands.
    async fn publish_fired(&self, fired: Fired) {
        match fired {
            Fired::TimedOut { report, seats } => {
                for seat in seats {
                    let key = match report.game.seats.get(seat as usize) {
                        Some(SeatHolder::Ai {
                            forfeited_by: Some(_),
                            ..
                        }) => "timeout-ai-takes-over",
                        _ => "timeout-applied",
                    };
                    let text = Text::new(key).seat("player", seat);
                    if let Err(e) = self.say(&report.game, &text).await {
                        tracing::warn!(game = report.game.id, error = %e, "timeout not said");
                    }
                }
                self.publish_report(report).await
            }
            Fired::Moved { report } => self.publish_report(report).await,
            Fired::Abandoned { game, .. } | Fired::Reminder { game, .. } => {
                self.publish_report(Report::of(game)).await
            }
        }
    }

    async fn publish_report(&self, report: Report) {
        let game = report.game.id;
        if let Err(e) = publish::after_report(&self.client, &self.service, &report, false).await {
            tracing::warn!(game, error = %e, "a deadline's table was not updated");
        }
    }

    /// One line in the game's room, in the game's language, seats by name.
    async fn say(&self, rec: &GameRecord, text: &Text) -> Result<(), super::Error> {
        let names = crate::render::Names::for_game(rec, rec.lang);
        let line = tr(rec.lang, text, &|s| names.get(s));
        let who = publish::mentions(&self.service, &[&line]).await?;
        let room = ids::room_of(&self.service, rec.channel).await?;
        self.client
            .send(&room, &ids::fresh_txn(), &render::reply(&line, &who))
            .await?;
        Ok(())
    }
}

fn channel_of(fired: &Fired) -> u64 {
    match fired {
        Fired::TimedOut { report, .. } | Fired::Moved { report } => report.game.channel,
        Fired::Abandoned { game, .. } | Fired::Reminder { game, .. } => game.channel,
    }
}
