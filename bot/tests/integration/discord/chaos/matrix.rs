//! The fleet chaos run's Matrix side, against the real Synapse: the processes named in the
//! set-up serve one Matrix account (taking turns through its lease, with one device's keys
//! in a store they share), and scripted Synapse users play Matrix games beside the Discord
//! ones: a Claim game against a normal AI and a two-player Fantasy Realms game. Each move is
//! a number sent in the player's direct room; a "Done." answering it is a move acknowledged,
//! which the store must then hold exactly once.

use super::{Chaos, Settings};
use crate::matrix_support::{game_in, internal, table_room, Homeserver, User};
use vliv_bot::service::UserId;

use std::{
    sync::atomic::Ordering,
    time::{Duration, Instant},
};

use vliv_bot::{
    i18n::tr,
    service::{GameId, Service, Status},
};
use vliv_engine::{Lang, Text};

/// The Matrix games of the run: (kind, players, an AI seat).
const TABLES: [(&str, usize, bool); 2] = [("claim", 1, true), ("fantasy-realms", 2, false)];

/// The longest a move's answer may take: the account's lease running out unrenewed after
/// its holder was killed (30 s, asked every 10 s), then the new holder's first sync, during
/// a database outage of 15 s: about 60 s, doubled for a loaded machine. The slowest answer
/// is printed with the figures.
const ANSWER: Duration = Duration::from_secs(120);

pub(super) struct MatrixSide {
    pub(super) bot: User,
    homeserver: Homeserver,
    /// The one device's keys, shared by the processes serving the account.
    keys: tempfile::TempDir,
    pub(super) tables: Vec<MatrixTable>,
    /// "That did not go through completely… trying again is safe": Matrix's word for a
    /// request that may or may not have been applied.
    failed_texts: Vec<String>,
}

/// One Matrix game: its room, and each human with their direct room and internal id.
pub(super) struct MatrixTable {
    pub(super) kind: &'static str,
    pub(super) game: GameId,
    players: Vec<(User, String, UserId)>,
}

impl MatrixSide {
    /// Registers the bot's account.
    pub(super) async fn register(homeserver: Homeserver) -> MatrixSide {
        MatrixSide {
            bot: homeserver.register("vliv").await,
            homeserver,
            keys: tempfile::tempdir().expect("a folder for the keys"),
            tables: Vec::new(),
            failed_texts: [Lang::En, Lang::Cs]
                .map(|l| tr(l, &Text::new("matrix-failed"), &|s| l.seat_name(s)))
                .to_vec(),
        }
    }

    /// The environment of a process that serves the account.
    pub(super) fn env(&self) -> Settings {
        vec![
            ("VLIV_MATRIX_HOMESERVER".into(), self.homeserver.url.clone()),
            ("VLIV_MATRIX_USER_ID".into(), self.bot.user_id.clone()),
            ("MATRIX_ACCESS_TOKEN".into(), self.bot.token.clone()),
            (
                "VLIV_MATRIX_CRYPTO_STORE".into(),
                self.keys.path().display().to_string(),
            ),
        ]
    }

    /// Opens and starts every Matrix game (the account's holder answers; the others stand
    /// by), each player joining the direct room the bot invites them to.
    pub(super) async fn open_tables(&mut self, direct: &Service) {
        let bot = self.bot.user_id.clone();
        for (kind, humans, ai) in TABLES {
            let mut players = Vec::new();
            for i in 0..humans {
                players.push(self.homeserver.register(&format!("chaos{i}")).await);
            }
            let guests: Vec<&User> = players[1..].iter().collect();
            let room = table_room(&players[0], &guests, &self.bot).await;
            players[0]
                .command(&room, &format!("!vliv new {kind}"), &bot)
                .await;
            for g in &players[1..] {
                g.command(&room, "!vliv join", &bot).await;
            }
            if ai {
                players[0].command(&room, "!vliv ai", &bot).await;
            }
            let started = players[0].command(&room, "!vliv start", &bot).await;
            assert!(started.body.contains("started"), "{started:?}");
            let game = game_in(direct, &room).await.id;
            let mut seated = Vec::new();
            for mut user in players {
                let dm = user.accept_invite().await;
                let id: UserId = internal(direct, &user.user_id).await;
                seated.push((user, dm, id));
            }
            self.tables.push(MatrixTable {
                kind,
                game,
                players: seated,
            });
        }
    }
}

impl Chaos {
    /// The Matrix game's players play it to its end, answering the first choice of each
    /// menu by its number in their direct room; returns how long it took.
    pub(super) async fn play_matrix(&self, side: &MatrixSide, t: &MatrixTable) -> Duration {
        let started = Instant::now();
        let mut progress = super::Progress::new(t.game);
        loop {
            let Ok(rec) = self.direct.game(t.game).await else {
                progress.check(None, &self.tally);
                tokio::time::sleep(Duration::from_millis(300)).await;
                continue;
            };
            progress.check(Some(rec.version), &self.tally);
            if rec.status != Status::Running {
                assert_eq!(rec.status, Status::Finished, "game {}", t.game);
                self.finished.fetch_add(1, Ordering::SeqCst);
                return started.elapsed();
            }
            let mut turn = None;
            for (user, dm, id) in &t.players {
                if let Ok(menus) = self.direct.pending_menus(t.game, *id).await {
                    if let Some(menu) = menus.into_iter().next() {
                        turn = Some((user, dm, menu));
                        break;
                    }
                }
            }
            let Some((user, dm, menu)) = turn else {
                // The AI's turn, or the database is away: the players wait.
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            };
            let choice = menu.menu.choices[0].id.0;
            let event = user.send(dm, "1").await;
            let asked = Instant::now();
            let answers = user.answers(dm, &event, &side.bot.user_id, ANSWER).await;
            // Every command is answered, late at worst (a new holder of the lease reads it
            // from the stored position; a batch that failed is read again): none unanswered
            // this long was ever going to be.
            let answer = answers.into_iter().next().unwrap_or_else(|| {
                panic!(
                    "Matrix game {}'s move {} (sent at {:.1}s of play) was not answered in \
                     {ANSWER:?}: the command was dropped",
                    t.game,
                    menu.counter,
                    (started.elapsed() - ANSWER).as_secs_f64()
                )
            });
            {
                let mut tally = self.tally();
                tally.slowest_matrix_answer = tally.slowest_matrix_answer.max(asked.elapsed());
            }
            let body = answer.body;
            let acknowledged = body.starts_with("Done") || body.starts_with("Hotovo");
            if acknowledged {
                if self.not_shown_texts.iter().any(|t| body.contains(t)) {
                    self.tally().not_shown += 1;
                }
                self.tally()
                    .accepted
                    .push((t.game, menu.seat, menu.counter, choice));
                self.tally().matrix_moves += 1;
            } else if self.retry_texts.iter().any(|t| body.contains(t)) {
                self.tally().nothing_applied += 1;
                self.check_not_stored(t.game, menu.seat, menu.counter, choice, &event)
                    .await;
            } else if self.unconfirmed_texts.iter().any(|t| body.contains(t))
                || side.failed_texts.iter().any(|t| body.contains(t))
            {
                self.tally().unconfirmed += 1;
            } else {
                self.tally().other.push(body);
            }
            if !acknowledged {
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
        }
    }
}
