//! The Discord players of the chaos runs: each host plays their game to its end by clicks on
//! their "My hand" panel, one letting their clock run out, and tallies what they were told.

use super::{answer_within, loopback, table_of, Chaos, Plan, Progress, ANSWER};
use vliv_bot::service::UserId;

use std::{
    sync::atomic::Ordering,
    time::{Duration, Instant},
};

use fakecord::Message;
use vliv_bot::service::{GameId, Status};
use vliv_engine::Actor;

impl Chaos {
    /// The game's humans play it to its end. Whose turn it is they learn as from the turn
    /// ping (read here from the store); the move itself is a click on their "My hand" panel.
    pub(super) async fn play(&self, p: &Plan, game: GameId) -> Duration {
        let started = Instant::now();
        let mut host_moves = 0;
        let mut walked_away = false;
        let mut table_id = None;
        let mut progress = Progress::new(game);
        loop {
            // The test reads the store as the players' turn pings would tell them; while
            // the database is down it waits like them.
            let Ok(rec) = self.direct.game(game).await else {
                progress.check(None, &self.tally);
                tokio::time::sleep(Duration::from_millis(300)).await;
                continue;
            };
            progress.check(Some(rec.version), &self.tally);
            if rec.status != Status::Running {
                assert_eq!(rec.status, Status::Finished, "game {game}");
                self.finished.fetch_add(1, Ordering::SeqCst);
                return started.elapsed();
            }
            let user = p.host;
            let Ok(menus) = self.direct.pending_menus(game, UserId(user)).await else {
                tokio::time::sleep(Duration::from_millis(300)).await;
                continue;
            };
            let Some(menu) = menus.into_iter().next() else {
                // The AI's turn (or a timeout's): it moves by itself.
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            };
            if p.walk_away_at == Some(host_moves) && !walked_away {
                walked_away = true;
                self.let_clock_run_out(game, menu.seat, menu.counter).await;
                continue;
            }
            let hand = format!("vh:{game}");
            let Some(table) = self
                .table_cached(&mut table_id, p.channel, game)
                .filter(|t| t.custom_ids().contains(&hand))
            else {
                tokio::time::sleep(Duration::from_millis(150)).await;
                continue;
            };
            let ix = self.fake.click(user, table.id, &hand);
            let Some(panel) = answer_within(&self.fake, ix, ANSWER, |_| true).await else {
                self.tally().unanswered += 1;
                continue;
            };
            if loopback::options(&panel).is_empty() {
                // A refusal (the database was away), or the turn moved on meanwhile.
                tokio::time::sleep(Duration::from_millis(150)).await;
                continue;
            }
            let n = host_moves * 7 + p.index + 2;
            let (seat, counter, choice) = loopback::click_of(&panel, n);
            let before = panel.edits;
            let ix = loopback::choose_on(&self.fake, user, &panel, n);
            let answer = answer_within(&self.fake, ix, ANSWER, |m| {
                m.id != panel.id || m.edits > before
            })
            .await;
            let applied = match answer {
                None => {
                    self.tally().unanswered += 1;
                    false
                }
                Some(m) if m.id == panel.id => true,
                Some(m) if self.retry_texts.iter().any(|t| m.content.contains(t)) => {
                    self.tally().nothing_applied += 1;
                    self.check_not_stored(
                        game,
                        seat,
                        counter,
                        choice,
                        &format!("interaction {ix}"),
                    )
                    .await;
                    false
                }
                Some(m) if self.unconfirmed_texts.iter().any(|t| m.content.contains(t)) => {
                    self.tally().unconfirmed += 1;
                    false
                }
                Some(m) if self.already_texts.iter().any(|t| m.content.contains(t)) => true,
                Some(m) if self.not_shown_texts.iter().any(|t| m.content.contains(t)) => {
                    self.tally().not_shown += 1;
                    true
                }
                Some(m) => {
                    self.tally().other.push(m.content);
                    false
                }
            };
            if applied {
                self.tally().accepted.push((game, seat, counter, choice));
                host_moves += 1;
            }
        }
    }

    /// After "nothing was applied": the move must not be stored once whatever was in flight
    /// has landed (else the user was told an untruth).
    pub(super) async fn check_not_stored(
        &self,
        game: GameId,
        seat: u8,
        counter: u32,
        choice: u32,
        asked: &str,
    ) {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let stored = loop {
            match self
                .direct
                .store()
                .move_at_counter(game, Actor::Seat(seat), counter)
                .await
            {
                Ok(stored) => break stored,
                Err(_) => tokio::time::sleep(Duration::from_millis(300)).await,
            }
        };
        if stored.is_some_and(|c| c.0 == choice) {
            self.tally().untruthful.push(format!(
                "game {game} seat {seat} move {counter} (asked by {asked})"
            ));
        }
    }

    /// The table, looked up by the id it had last time (a search of every message of the
    /// run costs more than the bot's answer).
    fn table_cached(&self, id: &mut Option<u64>, channel: u64, game: GameId) -> Option<Message> {
        let known = id.and_then(|id| {
            let w = self.fake.world();
            w.messages.get(&id).filter(|m| !m.deleted).cloned()
        });
        let table = known.or_else(|| table_of(&self.fake, channel, game))?;
        *id = Some(table.id);
        Some(table)
    }

    /// The user walks away: a minute passes for this game (its stored timeout is brought
    /// forward to now) and the bot's scheduler makes the game's timeout choice.
    async fn let_clock_run_out(&self, game: GameId, seat: u8, counter: u32) {
        let started = Instant::now();
        loop {
            // Errors while the database is down: tried again.
            let _ = sqlx::query(
                // The server's turn timeout, or a clock of the game's own (a reaction
                // window's): whichever the decision runs against.
                "UPDATE deadlines SET due_ms = 0 \
                 WHERE game_id = $1 AND (kind = 'timeout' OR kind LIKE 'clock:%')",
            )
            .bind(game)
            .execute(self.direct.store().pool())
            .await;
            tokio::time::sleep(Duration::from_millis(500)).await;
            let Ok(rec) = self.direct.game(game).await else {
                continue;
            };
            if rec.status != Status::Running || rec.counters[seat as usize] > counter {
                self.tally().timeouts += 1;
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(90),
                "the clock of game {game} never ran out"
            );
        }
    }
}
