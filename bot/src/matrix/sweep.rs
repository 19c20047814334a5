//! Deadlines of Matrix games when the process runs Matrix alone: timeouts, game clocks,
//! automatic moves and idle lobbies, each followed by the room's table and the hands of
//! whoever must decide next. (Beside Discord, the Discord side's sweep serves every
//! game's deadlines; a Matrix game's room then shows the result at its next command.)

use std::{sync::Arc, time::Duration};

use super::{publish, Matrix};
use crate::service::{Fired, Platform, Report};

const MAX_SLEEP: Duration = Duration::from_secs(30);
const MIN_SLEEP: Duration = Duration::from_millis(200);

pub fn spawn(matrix: Arc<Matrix>) {
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
        let mut reports: Vec<Report> = Vec::new();
        match self.service.fire_due().await {
            Ok(fired) => {
                for f in fired {
                    match f {
                        Fired::TimedOut { report, .. } | Fired::Moved { report } => {
                            reports.push(report)
                        }
                        Fired::Abandoned { game, .. } | Fired::Reminder { game, .. } => {
                            reports.push(Report::of(game))
                        }
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "deadlines not served"),
        }
        match self.service.expire_lobbies().await {
            Ok(closed) => reports.extend(closed.into_iter().map(Report::of)),
            Err(e) => tracing::warn!(error = %e, "idle lobbies not expired"),
        }
        for report in reports {
            let game = report.game.id;
            if Platform::of(report.game.channel) != Platform::Matrix {
                continue;
            }
            if let Err(e) = publish::after_report(&self.client, &self.service, &report, false).await
            {
                tracing::warn!(game, error = %e, "a deadline's table was not updated");
            }
        }
    }
}
