//! The faults of a chaos run, struck in order while games run: connection cuts, COMMITs cut
//! off from their answers and refused connects at the proxy, the database server stopped the
//! hard way, a process SIGKILLed and started again, a process replaced by the previous
//! release's binary and later by the new one again.

use super::{spawn, Chaos, START};
use crate::common::vliv_process::Bot;

use std::{sync::atomic::Ordering, time::Duration};

/// Commits the games must show between two faults.
const PACE: usize = 3;
/// How often the repeated faults (`then`) strike in turn.
const ROUNDS: usize = 6;

/// The faults of a run: `first` in order, then `then` over and over ([`ROUNDS`] times)
/// while games run.
pub(super) struct Schedule {
    pub(super) first: Vec<Fault>,
    pub(super) then: Vec<Fault>,
}

#[derive(Debug, Default)]
pub(super) struct Injected {
    pub(super) kills: u32,
    pub(super) outages: u32,
    /// Moves stored in the previous binary's games while it served them (`None`: the leg
    /// did not run to its end).
    pub(super) by_previous: Option<usize>,
}

/// What the fault schedule does at each step.
#[derive(Clone, Copy, Debug)]
pub(super) enum Fault {
    Cut,
    CutAndRefuse(Duration),
    /// The next COMMITs are cut off from their answers.
    CutAfterCommits(u64),
    /// The process with this index is SIGKILLed and started again.
    Kill(usize),
    /// The database server is stopped the hard way and started again after this long.
    StopDatabase(Duration),
    /// The process with this index is stopped (SIGTERM) and the previous release's binary
    /// started in its place, which then serves its shards for at least this long.
    Previous(usize, Duration),
    /// The process with this index (the previous binary) is SIGKILLed and the new binary
    /// started in its place.
    Current(usize),
}

impl Chaos {
    /// The fault schedule, a step every 2 s for as long as games run: cuts, COMMITs cut off
    /// from their answers, refused connects, and one SIGKILL with a restart.
    pub(super) async fn inject_faults(&self, schedule: Schedule) -> Injected {
        let proxy = || self.proxy.as_ref().expect("a run with a proxy");
        let mut injected = Injected::default();
        // The moves stored in the previous binary's games when it started.
        let mut previous_from = None;
        // As many as an idle machine's run saw (about 40 s of play), however slow this one.
        let rounds = schedule.then.len() * ROUNDS;
        let then = schedule.then.into_iter().cycle().take(rounds);
        let started = std::time::Instant::now();
        for fault in schedule.first.into_iter().chain(then) {
            // The next fault 2 s after the last, and once the games have committed again
            // since: faults at a fixed pace outrun a loaded machine's recovery (a sweep cut
            // every 2 s before it could serve a due timeout: "game did not end"), which
            // tests the machine, not the bot.
            let seen = self.tally().commits_seen;
            tokio::time::sleep(Duration::from_secs(2)).await;
            while self.tally().commits_seen < seen + PACE
                && self.finished.load(Ordering::SeqCst) < self.games
            {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            if self.finished.load(Ordering::SeqCst) == self.games {
                break;
            }
            if self.server.is_some() {
                // The fleet run's few faults, timed, to read beside the figures.
                eprintln!(
                    "chaos: {fault:?} at {:.1}s of play",
                    started.elapsed().as_secs_f64()
                );
            }
            match fault {
                Fault::Cut => {
                    proxy().cut();
                }
                Fault::CutAfterCommits(n) => proxy().cut_after_commits(n),
                Fault::CutAndRefuse(how_long) => {
                    proxy().refuse_for(how_long);
                    proxy().cut();
                }
                Fault::StopDatabase(how_long) => {
                    let server = self.server.as_ref().expect("a run with its own server");
                    server.stop_immediately();
                    tokio::time::sleep(how_long).await;
                    server.start();
                    injected.outages += 1;
                }
                Fault::Kill(which) => {
                    self.replace(which, None, false).await;
                    injected.kills += 1;
                }
                Fault::Previous(which, serving) => {
                    let program = self
                        .previous
                        .clone()
                        .expect("a run with the previous binary");
                    self.replace(which, Some(&program), true).await;
                    previous_from = Some(self.moves_of(which).await);
                    tokio::time::sleep(serving).await;
                }
                Fault::Current(which) => {
                    let from = previous_from.expect("the previous binary was started first");
                    injected.by_previous = Some(self.moves_of(which).await - from);
                    self.replace(which, None, false).await;
                }
            }
        }
        injected
    }

    /// Stops process `which` (politely or by SIGKILL), keeps its log, and starts `program`
    /// (the new binary if `None`) in its place with its settings; waits until it is
    /// connected. The process stopped must not have exited on its own before.
    async fn replace(&self, which: usize, program: Option<&std::path::Path>, polite: bool) {
        let sessions = self.fake.world().sessions;
        {
            let (bot, env) = &self.bots[which];
            let mut bot = bot.lock().unwrap();
            assert!(
                bot.running(),
                "process {which} exited on its own:\n{}",
                bot.log()
            );
            if polite {
                bot.terminate(Duration::from_secs(30));
            } else {
                bot.kill();
            }
            *self.killed_log.lock().unwrap() += bot.log().as_str();
            *bot = match program {
                Some(program) => {
                    let env: Vec<(&str, &str)> =
                        env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
                    Bot::spawn_program(program, &self.fake, &self.bot_url, super::TOKEN, &env)
                }
                None => spawn(&self.fake, &self.bot_url, env),
            };
        }
        self.fake
            .wait("the restarted bot to register", START, |w| {
                (w.sessions > sessions && w.ready()).then_some(())
            })
            .await;
    }

    /// The moves stored so far in the Discord games on process `which`'s shards (waiting
    /// out a database outage).
    async fn moves_of(&self, which: usize) -> usize {
        let games: Vec<_> = self
            .owners
            .lock()
            .unwrap()
            .iter()
            .filter(|(p, _)| *p == which)
            .map(|&(_, g)| g)
            .collect();
        let mut total = 0;
        for game in games {
            total += loop {
                match self.direct.store().moves(game).await {
                    Ok(moves) => break moves.len(),
                    Err(_) => tokio::time::sleep(Duration::from_millis(300)).await,
                }
            };
        }
        total
    }
}
