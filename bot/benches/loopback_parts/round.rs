//! What one round of the loopback bench measured, and how it is printed.

use std::time::Duration;

use fakecord::{Counts, Refusal};

use super::{cpu::CpuDelta, db_stats::DbDelta};

/// What one round of human games measured.
pub struct Round {
    /// The fake's counts over the round's play, and the database's work (Postgres).
    pub requests: Counts,
    pub database: Option<DbDelta>,
    /// The CPU time the bot, the harness and Postgres spent over the round's play.
    pub cpu: CpuDelta,
    pub setup: Duration,
    pub moves: usize,
    pub elapsed: Duration,
    pub finished: usize,
    pub refused: usize,
    pub first: Vec<Duration>,
    /// The first's two parts: the fake's own (dispatched → its frame written to the bot's
    /// socket), and the rest (written → first response received), the bot's share.
    pub leaving: Vec<Duration>,
    pub first_after_written: Vec<Duration>,
    pub shown: Vec<Duration>,
    /// The 429s of the round's set-up and play.
    pub refusals: Vec<Refusal>,
}

impl Round {
    pub fn moves_per_sec(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64()
    }

    pub fn print(&mut self, title: &str, n: usize) {
        println!(
            "{title}: setup {:.1?}; {} moves in {:.1?} = {:.0} moves/s; {}/{n} games finished; \
             {} refused clicks",
            self.setup,
            self.moves,
            self.elapsed,
            self.moves_per_sec(),
            self.finished,
            self.refused,
        );
        println!(
            "  interaction → first response: p50 {:.1?} p99 {:.1?} max {:.1?} ({} interactions)",
            pct(&mut self.first, 0.50),
            pct(&mut self.first, 0.99),
            pct(&mut self.first, 1.0),
            self.first.len()
        );
        println!(
            "    the fake's gateway (dispatched → frame written): p50 {:.1?} p99 {:.1?}; \
             frame written → first response: p50 {:.1?} p99 {:.1?} max {:.1?}",
            pct(&mut self.leaving, 0.50),
            pct(&mut self.leaving, 0.99),
            pct(&mut self.first_after_written, 0.50),
            pct(&mut self.first_after_written, 0.99),
            pct(&mut self.first_after_written, 1.0),
        );
        println!(
            "  interaction → answer shown:   p50 {:.1?} p99 {:.1?} max {:.1?}",
            pct(&mut self.shown, 0.50),
            pct(&mut self.shown, 0.99),
            pct(&mut self.shown, 1.0)
        );
        let per_move = |n: u64| n as f64 / self.moves.max(1) as f64;
        let r = &self.requests;
        let global = per_move(r.global_limited());
        // Bot-wide: 50 global-limited requests a second, spent `global` per move.
        let ceiling = match r.global_limited() {
            0 => "none spent: no ceiling from it".to_owned(),
            n => format!("{} requests: ceiling {:.0} moves/s", n, 50.0 / per_move(n)),
        };
        println!(
            "  requests per move: exempt {:.2}, per channel {:.2}, other global {:.2} \
             (global-limited {global:.3}; {ceiling} under Discord's 50/s); \
             429s {:.1}/min ({} route, {} global)",
            per_move(r.exempt),
            per_move(r.channel),
            per_move(r.global),
            (r.limited_route + r.limited_global) as f64 * 60.0 / self.elapsed.as_secs_f64(),
            r.limited_route,
            r.limited_global,
        );
        println!(
            "  pictures uploaded per move: {:.2} (requests carrying a PNG)",
            per_move(r.uploads)
        );
        let (limited, buckets, hammered) = hammering(&self.refusals);
        println!(
            "  429s over set-up and play: {limited} in {buckets} buckets; after the first in a \
             bucket: {hammered} (the bot waits if 0, hammers otherwise)"
        );
        if let Some(d) = &self.database {
            d.print(self.moves);
        }
        self.cpu.print(self.moves);
    }
}

pub fn ratio(with: &mut [Duration], without: &mut [Duration]) -> f64 {
    pct(with, 0.99).as_secs_f64() / pct(without, 0.99).as_secs_f64().max(1e-9)
}

pub fn pct(v: &mut [Duration], p: f64) -> Duration {
    if v.is_empty() {
        return Duration::ZERO;
    }
    v.sort();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i]
}

/// 429s, the buckets they fell in, and those after the first in their bucket: a bot that
/// waits as told meets at most one per bucket (the one that taught it the bucket's state).
pub fn hammering(refusals: &[Refusal]) -> (usize, usize, usize) {
    let buckets: std::collections::HashSet<&str> =
        refusals.iter().map(|r| r.bucket.as_str()).collect();
    (
        refusals.len(),
        buckets.len(),
        refusals.len() - buckets.len(),
    )
}
