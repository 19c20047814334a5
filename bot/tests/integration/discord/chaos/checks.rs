//! What the chaos runs check of the games: that each moves (a game that stops moving is
//! stalled), and, at the end, that each ended, replays, and holds every acknowledged move
//! exactly once.

use super::{Chaos, Tally, STALL};

use std::{sync::Mutex, time::Instant};

use vliv_bot::service::{GameId, Status};
use vliv_engine::Actor;

/// A game's progress as the store shows it, for the stall check.
pub(super) struct Progress {
    game: GameId,
    version: Option<i64>,
    since: Instant,
}

impl Progress {
    pub(super) fn new(game: GameId) -> Progress {
        Progress {
            game,
            version: None,
            since: Instant::now(),
        }
    }

    /// Notes the stored version (`None`: the store did not answer); fails the run when the
    /// game has not moved for [`STALL`].
    pub(super) fn check(&mut self, version: Option<i64>, tally: &Mutex<Tally>) {
        let pause = self.since.elapsed();
        if version.is_some() && version != self.version {
            let mut tally = tally.lock().unwrap();
            tally.commits_seen += 1;
            if self.version.is_some() && pause > tally.longest_pause.0 {
                tally.longest_pause = (pause, Some(self.game));
            }
            self.version = version;
            self.since = Instant::now();
            return;
        }
        assert!(
            pause < STALL,
            "game {} stalled: no move stored for {pause:?}",
            self.game
        );
    }
}

impl Chaos {
    /// Every game ended, replays, and holds each accepted click exactly once; returns the
    /// number of moves stored.
    pub(super) async fn check_store(&self, games: &[GameId]) -> usize {
        let accepted = self.tally().accepted.clone();
        let store = self.direct.store();
        let mut total = 0;
        for &game in games {
            let rec = self.direct.game(game).await.expect("the game");
            assert_eq!(rec.status, Status::Finished, "game {game} reached its end");
            assert_eq!(
                self.direct.verify(&rec).await.expect("a replay"),
                Ok(()),
                "game {game} replays to its stored state"
            );
            let moves = store.moves(game).await.expect("the moves");
            let mut next: Vec<(Actor, u32)> = Vec::new();
            for (i, m) in moves.iter().enumerate() {
                assert_eq!(
                    m.seq, i as i64,
                    "game {game}: move numbers run without a gap"
                );
                // Each actor's counters run 0, 1, 2…: no decision stored twice.
                let n = match next.iter_mut().find(|(a, _)| *a == m.actor) {
                    Some((_, n)) => n,
                    None => {
                        next.push((m.actor, 0));
                        &mut next.last_mut().expect("just pushed").1
                    }
                };
                assert_eq!(m.seat_counter, *n, "game {game}, {:?}", m.actor);
                *n += 1;
            }
            for &(_, seat, counter, choice) in accepted.iter().filter(|a| a.0 == game) {
                let stored: Vec<u32> = moves
                    .iter()
                    .filter(|m| m.actor == Actor::Seat(seat) && m.seat_counter == counter)
                    .map(|m| m.choice.0)
                    .collect();
                assert_eq!(
                    stored,
                    vec![choice],
                    "game {game}: the accepted click of seat {seat} at {counter}, once"
                );
            }
            total += moves.len();
        }
        total
    }
}
