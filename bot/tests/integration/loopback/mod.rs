//! The end-to-end harness: a `fakecord` Discord on 127.0.0.1, the real `vliv` binary
//! pointed at it, and simulated users who only do what a person in Discord can do (run a
//! slash command, click a button, pick in a select menu). Waits poll the fake's record with
//! generous timeouts: CI shares two cores between several builds.

#![allow(dead_code)]

// `common::test_databases`, which the crate that includes this module declares at its root
// (the integration tests, and the loopback bench that includes this file).
use crate::test_databases;

use std::{
    path::PathBuf,
    process::{Child, Command, Stdio},
    sync::Arc,
    time::Duration,
};

use fakecord::{Audience, Fake, Message, MANAGE_GUILD, MEMBER};
use serde_json::Value;
use vliv_bot::{
    service::{GameId, Service, SystemClock},
    store::Store,
};
use vliv_engine::{games::claim::cards::Card, Actor, Game, Lang, Seat};

mod body_checks;
pub mod layout;
mod lobby;
mod web;

#[allow(unused_imports)] // the loopback bench includes this module and checks no body
pub use body_checks::{
    assert_mentions_only_where_shown, assert_no_leaks, assert_no_marks, strings,
};

pub const GUILD: u64 = 500_000_000_000_000_001;
pub const CHANNEL: u64 = 500_000_000_000_000_010;
pub const OTHER_CHANNEL: u64 = 500_000_000_000_000_020;
pub const ALICE: u64 = 600_000_000_000_000_011;
pub const BOB: u64 = 600_000_000_000_000_022;
/// A server admin (Manage Server).
pub const CAROL: u64 = 600_000_000_000_000_033;
/// A member who plays in nothing.
pub const DAVE: u64 = 600_000_000_000_000_044;
/// A member whose Discord client is in Czech.
pub const EVA: u64 = 600_000_000_000_000_055;

/// One step of a simulated user (an answer, a table edit).
pub const STEP: Duration = Duration::from_secs(30);
/// The bot's start: connect, migrate, register commands.
pub const START: Duration = Duration::from_secs(90);

/// The bot's token in these tests: it must never appear in a log line.
pub const TOKEN: &str = "fake-token-for-loopback";

/// Where the bot stores games: a temp SQLite file, or a fresh Postgres database.
pub struct Db {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
}

impl Db {
    pub fn sqlite() -> Db {
        let dir = tempfile::tempdir().expect("a temp dir");
        let url = format!("sqlite://{}", dir.path().join("vliv.db").display());
        Db {
            url,
            _dir: Some(dir),
        }
    }

    /// A fresh database on `VLIV_TEST_POSTGRES_URL`'s server, if one is configured.
    pub async fn postgres() -> Option<Db> {
        let base = std::env::var("VLIV_TEST_POSTGRES_URL").ok()?;
        sqlx::any::install_default_drivers();
        let name = format!("vliv_e2e_{}_{}", std::process::id(), rand::random::<u32>());
        let admin = sqlx::AnyPool::connect(&base)
            .await
            .expect("the test Postgres accepts connections");
        test_databases::drop_stale(&admin).await;
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&admin)
            .await
            .expect("a test database is created");
        admin.close().await;
        let (server, _) = base.rsplit_once('/').expect("a database URL with a path");
        Some(Db {
            url: format!("{server}/{name}"),
            _dir: None,
        })
    }

    /// The session service over the bot's database, to read what was stored.
    pub async fn service(&self) -> Service {
        let store = Store::connect(&self.url).await.expect("the store opens");
        Service::new(store, Arc::new(SystemClock))
    }
}

/// The real `vliv run` process.
pub struct BotProcess {
    child: Child,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl BotProcess {
    pub fn spawn(fake: &Fake, db: &Db) -> BotProcess {
        BotProcess::spawn_with(fake, db, &[])
    }

    /// With `env` on its command line's environment (a value of `None` unsets the variable):
    /// the tests share one process, so none may set a variable on the process itself.
    pub fn spawn_with(fake: &Fake, db: &Db, env: &[(&str, Option<&str>)]) -> BotProcess {
        // Its own working directory, so no stray vliv.toml is read.
        let dir = tempfile::tempdir().expect("a temp dir");
        let log = dir.path().join("bot.log");
        let out = std::fs::File::create(&log).expect("a log file");
        let err = out.try_clone().expect("a log file handle");
        // `VLIV_BENCH_BOT` runs another build of the bot (an A/B comparison in one bench).
        let bin =
            std::env::var_os("VLIV_BENCH_BOT").unwrap_or_else(|| env!("CARGO_BIN_EXE_vliv").into());
        let mut command = Command::new(bin);
        // `VLIV_TEST_LAYOUT=components_v2` runs the whole suite with the Discord tables and
        // hands as Components V2 (the servers' default layout); a scene's own setting wins.
        if let Ok(layout) = std::env::var("VLIV_TEST_LAYOUT") {
            command.env("VLIV_LAYOUT", layout);
        }
        for (name, value) in env {
            match value {
                Some(value) => command.env(name, value),
                None => command.env_remove(name),
            };
        }
        let child = command
            .arg("run")
            .current_dir(dir.path())
            .env("DISCORD_TOKEN", TOKEN)
            .envs(fake.bot_env(dir.path()))
            .env("VLIV_DATABASE_URL", &db.url)
            .env("VLIV_LOG", "info")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .expect("the vliv binary starts");
        BotProcess {
            child,
            log,
            _dir: dir,
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL: no shutdown code runs, as in a crash or an OOM kill.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let log = self.log();
            let tail: Vec<&str> = log.lines().rev().take(40).collect();
            eprintln!("--- bot log (newest first) ---\n{}", tail.join("\n"));
        }
        self.kill();
    }
}

/// One option of an ephemeral panel as a user sees it.
#[derive(Clone, Debug)]
pub enum Option_ {
    Button {
        custom_id: String,
        label: String,
    },
    Select {
        custom_id: String,
        value: String,
        label: String,
    },
}

/// A guild with a games channel, Alice and Bob (members), Carol (admin), Dave, and the bot.
pub struct Scene {
    pub fake: Fake,
    pub db: Db,
    pub bot: Option<BotProcess>,
    /// Variables set (or, `None`, unset) for each `vliv run` of this scene, restarts too.
    pub env: Vec<(&'static str, Option<&'static str>)>,
}

/// Every scene ends with the check that the Discord front end wrote each of the service's
/// marks (a user, an instant) as Discord's markup: none reaches Discord as it is, and no
/// mention stands where Discord shows it raw.
impl Drop for Scene {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            assert_no_marks(&self.fake);
            assert_mentions_only_where_shown(&self.fake);
        }
    }
}

impl Scene {
    pub async fn start(db: Db) -> Scene {
        Scene::start_with(db, Vec::new()).await
    }

    /// With `env` set for the bot's process (see `Scene::env`).
    pub async fn start_with(db: Db, env: Vec<(&'static str, Option<&'static str>)>) -> Scene {
        let fake = Fake::start().await;
        // The bot has what its invite asks for, no more: a request needing another
        // permission is refused as Discord refuses it.
        fake.set_default_bot_role(vliv_discord::permissions::INVITE);
        for (id, name, locale) in [
            (ALICE, "alice", "en-US"),
            (BOB, "bob", "en-GB"),
            (CAROL, "carol", "en-US"),
            (DAVE, "dave", "en-US"),
            (EVA, "eva", "cs"),
        ] {
            fake.add_user(id, name, locale);
        }
        fake.add_channel(GUILD, CHANNEL, "games");
        fake.add_channel(GUILD, OTHER_CHANNEL, "general");
        for u in [ALICE, BOB, DAVE, EVA] {
            fake.add_member(GUILD, u, MEMBER);
        }
        fake.add_member(GUILD, CAROL, MEMBER | MANAGE_GUILD);
        let bot = BotProcess::spawn_with(&fake, &db, &env);
        let scene = Scene {
            fake,
            db,
            bot: Some(bot),
            env,
        };
        scene.fake.wait_ready(START).await;
        scene
    }

    pub fn kill(&mut self) {
        if let Some(mut b) = self.bot.take() {
            b.kill();
        }
    }

    /// Starts the bot again on the same database and waits until it registered again.
    pub async fn restart(&mut self) {
        self.kill();
        let sessions = self.fake.world().sessions;
        self.bot = Some(BotProcess::spawn_with(&self.fake, &self.db, &self.env));
        self.fake
            .wait("the restarted bot to register", START, |w| {
                (w.sessions > sessions && w.ready()).then_some(())
            })
            .await;
    }

    /// A user runs a slash command in the games channel and reads the answer.
    pub async fn run(&self, user: u64, path: &str, options: &[(&str, Value)]) -> Message {
        self.run_in(user, CHANNEL, path, options).await
    }

    pub async fn run_in(
        &self,
        user: u64,
        channel: u64,
        path: &str,
        options: &[(&str, Value)],
    ) -> Message {
        let ix = self.fake.slash(user, channel, path, options);
        self.fake.answer(ix, STEP).await
    }

    /// The game's table message as the channel shows it now.
    pub fn table(&self, game: GameId) -> Message {
        self.table_opt(game).expect("the table is posted")
    }

    pub fn table_opt(&self, game: GameId) -> Option<Message> {
        table_in(&self.fake.world(), game)
    }
}

/// The game's table in a world already locked (a wait's check must not lock again).
pub fn table_in(w: &fakecord::World, game: GameId) -> Option<Message> {
    let tag = format!(":{game}");
    w.messages
        .values()
        .rev()
        .find(|m| {
            // A channel message, or a public follow-up once a player's click moved it.
            m.audience == Audience::Channel(CHANNEL)
                && !m.deleted
                && m.channel == CHANNEL
                && (m.embeds.as_array().is_some_and(|e| !e.is_empty())
                    || m.flags & fakecord::validate::IS_COMPONENTS_V2 != 0)
                && (m.custom_ids().iter().any(|c| c.ends_with(&tag))
                    || m.text().contains(&format!("#{game}")))
        })
        .cloned()
}

impl Scene {
    /// A user clicks the table's button whose custom id starts with `prefix` (`vj`, `vs`,
    /// `vh`) and reads the answer.
    pub async fn click_table(&self, user: u64, game: GameId, prefix: &str) -> Message {
        let table = self
            .fake
            .wait(&format!("a {prefix} button on the table"), STEP, |w| {
                let t = table_in(w, game)?;
                t.custom_ids()
                    .into_iter()
                    .any(|c| c == format!("{prefix}:{game}"))
                    .then_some(t)
            })
            .await;
        let ix = self.fake.click(user, table.id, &format!("{prefix}:{game}"));
        self.fake.answer(ix, STEP).await
    }

    /// "alice opens My hand": her ephemeral panel.
    pub async fn hand(&self, user: u64, game: GameId) -> Message {
        let panel = self.click_table(user, game, "vh").await;
        assert_eq!(panel.audience, Audience::Ephemeral(user), "{panel:?}");
        panel
    }

    /// "…and picks the n-th option": sends the click, returns the interaction.
    pub fn choose(&self, user: u64, panel: &Message, n: usize) -> u64 {
        choose_on(&self.fake, user, panel, n)
    }

    /// The player to move and their panel (Alice's if both could, as Claim never has).
    pub async fn mover(&self, game: GameId, players: [u64; 2]) -> (u64, Message) {
        match self.mover_opt(game, players).await {
            Some(m) => m,
            None => panic!("nobody is to move in game {game}"),
        }
    }

    /// The player to move and their panel, or `None` when the game is over.
    pub async fn mover_opt(&self, game: GameId, players: [u64; 2]) -> Option<(u64, Message)> {
        for user in players {
            // "My hand" on the table; with no table (deleted), `/game hand`.
            let panel = match self.table_opt(game) {
                // A table without "My hand" is a finished game's.
                Some(t) if !t.custom_ids().contains(&format!("vh:{game}")) => return None,
                Some(_) => self.hand(user, game).await,
                None => self.run(user, "game hand", &[]).await,
            };
            if !options(&panel).is_empty() {
                return Some((user, panel));
            }
        }
        None
    }

    /// The mover picks option `n` and the panel shows the next state.
    pub async fn play_one(&self, game: GameId, players: [u64; 2], n: usize) -> u64 {
        let (user, panel) = self.mover(game, players).await;
        let ix = self.choose(user, &panel, n);
        self.fake
            .answer_where(ix, STEP, |m| m.id == panel.id && m.edits > panel.edits)
            .await;
        user
    }

    /// Plays the game to its end through "My hand" panels only: the player to move opens
    /// their panel (or keeps the one the last move updated) and picks an option. Returns,
    /// for each move, the number of requests recorded before its click was sent.
    pub async fn play_to_end(&self, game: GameId, players: [u64; 2]) -> Vec<usize> {
        let mut marks = Vec::new();
        let mut mover = players[0];
        let mut panel = self.hand(mover, game).await;
        for n in 0.. {
            if options(&panel).is_empty() {
                let other = if mover == players[0] {
                    players[1]
                } else {
                    players[0]
                };
                let theirs = self.hand(other, game).await;
                if options(&theirs).is_empty() {
                    break;
                }
                mover = other;
                panel = theirs;
            }
            assert!(n < 400, "a Claim game has 52 moves");
            marks.push(self.fake.world().requests.len());
            let before = panel.edits;
            let ix = self.choose(mover, &panel, n * 7 + 2);
            panel = self
                .fake
                .answer_where(ix, STEP, |m| m.id != panel.id || m.edits > before)
                .await;
            assert_eq!(
                panel.audience,
                Audience::Ephemeral(mover),
                "a move is answered on the mover's own panel: {panel:?}"
            );
        }
        marks
    }
}

/// A user picks the n-th option (wrapping) of a panel: a button click or a select pick.
pub fn choose_on(fake: &Fake, user: u64, panel: &Message, n: usize) -> u64 {
    let opts = options(panel);
    assert!(!opts.is_empty(), "the panel offers nothing: {panel:?}");
    match &opts[n % opts.len()] {
        Option_::Button { custom_id, .. } => fake.click(user, panel.id, custom_id),
        Option_::Select {
            custom_id, value, ..
        } => fake.select(user, panel.id, custom_id, value),
    }
}

/// What a click on option `n` asks for: (seat, counter, choice), read from the component
/// as the bot's custom ids encode it (`vm:game:seat:counter:choice`, or `vM:game:seat:counter`
/// with the choice as the select's value).
pub fn click_of(panel: &Message, n: usize) -> (u8, u32, u32) {
    let opts = options(panel);
    let (id, value) = match &opts[n % opts.len()] {
        Option_::Button { custom_id, .. } => (custom_id.clone(), None),
        Option_::Select {
            custom_id, value, ..
        } => (custom_id.clone(), Some(value.clone())),
    };
    let parts: Vec<&str> = id.split(':').collect();
    let choice = match value {
        Some(v) => v.parse().expect("a choice value"),
        None => parts[4].parse().expect("a choice in the id"),
    };
    (
        parts[2].parse().expect("a seat"),
        parts[3].parse().expect("a counter"),
        choice,
    )
}

/// The choices a panel offers (move buttons `vm:`, or a move select `vM:`).
pub fn options(panel: &Message) -> Vec<Option_> {
    let mut out = Vec::new();
    for row in panel.components.as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            let id = c["custom_id"].as_str().unwrap_or_default();
            if id.starts_with("vm:") {
                out.push(Option_::Button {
                    custom_id: id.into(),
                    label: c["label"].as_str().unwrap_or_default().into(),
                });
            } else if id.starts_with("vM:") {
                for o in c["options"].as_array().into_iter().flatten() {
                    out.push(Option_::Select {
                        custom_id: id.into(),
                        value: o["value"].as_str().unwrap_or_default().into(),
                        label: o["label"].as_str().unwrap_or_default().into(),
                    });
                }
            }
        }
    }
    out
}
