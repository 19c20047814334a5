//! The durable store over `sqlx::AnyPool`: SQLite (embedded default) or Postgres, one set
//! of portable SQL (see `shared/design/storage.md`). It knows rows, not rules: the session
//! service decides what to write; the store makes each write atomic and version-checked.

mod backend;
mod cache;
mod clients;
mod deadlines;
mod display_names;
mod faults;
mod fleet_turn;
mod history;
mod identities;
mod ids;
mod inbox;
mod kept;
mod learning;
mod leases;
mod listing;
mod lobbies;
mod model;
mod moves;
mod places;
mod players;
mod ratings;
mod retention;
mod seat_changes;
mod settings;
mod settle;
mod spectators;
mod table_pictures;
mod turn_notices;
mod vacations;

use std::{str::FromStr, sync::Arc};

use sqlx::{
    any::{install_default_drivers, AnyPoolOptions, AnyRow},
    AnyPool, AssertSqlSafe, Row,
};
use vliv_engine::{Actor, ChoiceId, Lang};

pub use deadlines::{CLAIM_LEASE_MS, TAKEOVER_MS};
pub use faults::Faults;
pub use fleet_turn::FleetTurn;
pub use history::GameLength;
pub use identities::Platform;
pub use inbox::InboxEntry;
pub use lobbies::LobbyCaps;
pub use model::*;
pub use places::{Places, SlotOf, SlotRange};
pub use players::{HeldNotice, TimeSettings};
pub use ratings::{BoardRating, GameResult, KindStats, PlayerRating, PlayerResult, RateFn, Skill};
pub use retention::StorageUse;
pub use seat_changes::SeatChange;
pub use spectators::Spectator;
pub use table_pictures::TablePicture;
pub use vacations::Vacation;

use backend::{server_address, Backend};
use cache::GameCache;

/// Why a store call failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Someone else wrote the game first (the version moved): reload and retry.
    #[error("the game changed meanwhile")]
    Conflict,
    /// The channel already has a lobby or a running game.
    #[error("the channel already has an active game")]
    ChannelBusy,
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    #[error("unsupported database URL `{0}…`, expected sqlite:// or postgres://")]
    UnsupportedUrl(String),
    /// The connection died between a COMMIT and its answer, and the database did not
    /// answer again in time to tell whether the write was applied.
    #[error("the database stopped answering during a commit; the write may have been applied")]
    Unconfirmed,
    /// A lobby would exceed a cap on open lobbies (per host if `per_user`, else per server).
    #[error("too many open lobbies")]
    LobbyCap { per_user: bool },
    /// The server named by the URL did not answer (within [`CONNECT_TIMEOUT`]).
    #[error("cannot reach the database at {address}: {source}")]
    Unreachable {
        address: String,
        #[source]
        source: sqlx::Error,
    },
}

/// The connections the hot path keeps on Postgres, of the pool's 8: the others serve the
/// reads and sweeps.
const KEPT_CONNECTIONS: usize = 4;

/// How long opening the store waits for the database server before giving up.
pub const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(8);

pub type StoreResult<T> = Result<T, StoreError>;

/// The store; cheap to clone (a pool handle).
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    /// The settings of a server that has not changed any (from the bot's configuration).
    guild_defaults: GuildConfig,
    /// Write failures the tests inject; shared by every clone of the store.
    faults: Arc<Faults>,
    backend: Backend,
    /// This handle's mark on the deadlines it claims (see `deadlines.rs`).
    claimant: i64,
    /// Each new game's slot, and in a fleet the slots whose deadlines this process serves
    /// first (`places.rs`).
    places: places::Places,
    /// The games this process reads and writes, as last written (opt-in, the bot's own
    /// process): a move then costs its one transaction and no read.
    games: Option<Arc<GameCache>>,
    /// The hot path's connections, kept between its statements (see `kept.rs`).
    kept: Arc<kept::Kept>,
}

/// A new game row (the store assigns the id and version 1).
#[derive(Clone, Debug)]
pub struct NewGame {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub kind: String,
    pub rules_version: u32,
    pub host: UserId,
    pub seats: Vec<SeatHolder>,
    pub options: vliv_engine::OptionValues,
    pub seed: u64,
    pub lang: Lang,
    pub created_at: i64,
    /// When the lobby closes if nobody starts it, stored with the row.
    pub expires_at: Option<i64>,
}

const GAME_COLUMNS: &str = "id, guild_id, channel_id, kind, rules_version, status, host_id, \
     seats, options, seed, snapshot, ai_rng, version, counters, draw_offers, table_message_id, \
     ping_message_id, created_at, finished_at, outcome, ending, recent";

impl Store {
    /// Connects and runs the migrations of the URL's backend. `sqlite://file` is created
    /// if missing; `sqlite::memory:` gets a pool of one (each connection would otherwise
    /// see its own empty database).
    pub async fn connect(url: &str) -> StoreResult<Store> {
        install_default_drivers();
        let backend = Backend::of(url)?;
        let (url, max) = match backend {
            Backend::Sqlite if url.contains(":memory:") => (url.to_owned(), 1),
            Backend::Sqlite if !url.contains("mode=") => {
                let sep = if url.contains('?') { '&' } else { '?' };
                (format!("{url}{sep}mode=rwc"), 4)
            }
            _ => (url.to_owned(), 8),
        };
        let pool = AnyPoolOptions::new()
            .max_connections(max)
            // sqlx pings every connection before lending it: a second round trip per query,
            // ~30 % of the bot's CPU in the loopback bench. A broken connection fails its
            // query instead, which the service reports as a transient error.
            .test_before_acquire(false)
            .acquire_timeout(CONNECT_TIMEOUT)
            .connect(&url)
            .await
            .map_err(|source| match backend {
                Backend::Postgres => StoreError::Unreachable {
                    address: server_address(&url),
                    source,
                },
                Backend::Sqlite => StoreError::Database(source),
            })?;
        let store = Store {
            pool,
            guild_defaults: GuildConfig::default(),
            faults: Arc::default(),
            backend,
            // Positive, so a claim never looks like a sign error in a log or a query.
            claimant: (rand::random::<u64>() >> 1) as i64,
            places: places::Places::default(),
            games: None,
            kept: Arc::new(kept::Kept::new(
                match backend {
                    Backend::Postgres => KEPT_CONNECTIONS,
                    Backend::Sqlite => 0,
                },
                kept::KEPT_IDLE,
            )),
        };
        store.migrate(backend).await?;
        Ok(store)
    }

    /// Servers without settings of their own get these.
    pub fn with_guild_defaults(mut self, defaults: GuildConfig) -> Store {
        self.guild_defaults = defaults;
        self
    }

    async fn migrate(&self, backend: Backend) -> StoreResult<()> {
        let mut migrator = match backend {
            Backend::Sqlite => sqlx::migrate!("../migrations/sqlite"),
            Backend::Postgres => sqlx::migrate!("../migrations/postgres"),
        };
        // In a rolling upgrade (or after a rollback) a newer release may have applied
        // migrations this binary does not know. Migrations only add (migrations/README.md),
        // so this binary runs beside them rather than refusing to start.
        migrator.set_ignore_missing(true);
        migrator
            .run(&self.pool)
            .await
            .map_err(|e| StoreError::Database(e.into()))?;
        let known = migrator.iter().map(|m| m.version).max().unwrap_or(0);
        let applied: Option<i64> =
            sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations WHERE success")
                .fetch_one(&self.pool)
                .await?;
        if let Some(applied) = applied.filter(|&v| v > known) {
            tracing::warn!(
                applied,
                known,
                "the database was migrated by a newer release; this one runs beside it"
            );
        }
        Ok(())
    }

    /// The pool, for tests that break the database on purpose.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// The failures tests inject into game writes (never armed in production).
    pub fn faults(&self) -> &Faults {
        &self.faults
    }

    pub async fn game(&self, id: GameId) -> StoreResult<Option<GameRecord>> {
        if let Some(cached) = self.cached_game(id).await? {
            return Ok(Some(cached));
        }
        self.faults.check_read(id)?;
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let game = row.as_ref().map(game_from_row).transpose()?;
        if let (Some(cache), Some(g)) = (&self.games, &game) {
            if matches!(g.status, Status::Lobby | Status::Running) {
                cache.lock().insert(g.id, g.clone());
            }
        }
        Ok(game)
    }

    /// The lobby or running game of a channel.
    pub async fn active_game(&self, channel: ChannelId) -> StoreResult<Option<GameRecord>> {
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games \
             WHERE channel_id = $1 AND status IN ('lobby', 'running')"
        )))
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(game_from_row).transpose()
    }

    /// Writes a changed game (not a move): checked against `expected_version`, which the
    /// record's version must be one more than. Deadlines are replaced when given.
    pub async fn update_game(
        &self,
        game: &GameRecord,
        expected_version: i64,
        deadlines: Option<&[Deadline]>,
    ) -> StoreResult<()> {
        let written = match (self.backend, deadlines) {
            // The bot's process: a row alone is one statement (its own commit).
            (Backend::Postgres, None) if self.games.is_some() => {
                self.row_statement(game, expected_version).await
            }
            _ => self.write_game(game, expected_version, deadlines).await,
        };
        self.cache_written(game, &written);
        if let Some(d) = deadlines {
            self.deadlines_written(game.id, written.is_ok().then_some(d));
        }
        written
    }

    async fn write_game(
        &self,
        game: &GameRecord,
        expected_version: i64,
        deadlines: Option<&[Deadline]>,
    ) -> StoreResult<()> {
        self.faults.check(game.id)?;
        let mut tx = self.pool.begin().await?;
        update_row(&mut tx, game, expected_version).await?;
        if let Some(d) = deadlines {
            replace_deadlines(&mut tx, game.id, d).await?;
        }
        let committed = tx.commit().await;
        self.settle(game, expected_version, None, committed).await
    }

    /// Ends a game without a move (a concession, a draw, an abandonment): the row under the
    /// version check, its deadlines dropped and its result recorded (with the ratings it
    /// moves), in one transaction.
    pub async fn end_game(
        &self,
        game: &GameRecord,
        expected_version: i64,
        result: Option<&GameResult>,
    ) -> StoreResult<()> {
        let written = self.write_end(game, expected_version, result).await;
        self.cache_written(game, &written);
        self.deadlines_written(game.id, written.as_ref().ok().map(|_| &[][..]));
        written
    }

    async fn write_end(
        &self,
        game: &GameRecord,
        expected_version: i64,
        result: Option<&GameResult>,
    ) -> StoreResult<()> {
        self.faults.check(game.id)?;
        let mut tx = self.pool.begin().await?;
        update_row(&mut tx, game, expected_version).await?;
        replace_deadlines(&mut tx, game.id, &[]).await?;
        if let Some(result) = result {
            ratings::record_result(&mut tx, self.backend, result).await?;
        }
        let committed = tx.commit().await;
        if let Some(result) = result {
            // After the commit: a read that overlapped it keeps nothing (its epoch moved).
            self.results_written(result.guild, &result.kind, &result.users());
        }
        self.settle(game, expected_version, None, committed).await
    }

    pub async fn moves(&self, game: GameId) -> StoreResult<Vec<MoveRecord>> {
        let rows = sqlx::query(
            "SELECT seq, actor, seat_counter, choice, committed_at FROM moves \
             WHERE game_id = $1 ORDER BY seq",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(move_from_row).collect()
    }

    /// The choice `actor` made when its counter was `counter`, if that move exists.
    pub async fn move_at_counter(
        &self,
        game: GameId,
        actor: Actor,
        counter: u32,
    ) -> StoreResult<Option<ChoiceId>> {
        let row = sqlx::query(
            "SELECT choice FROM moves WHERE game_id = $1 AND actor = $2 AND seat_counter = $3",
        )
        .bind(game)
        .bind(actor_str(actor))
        .bind(counter as i64)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Ok(ChoiceId(r.try_get::<i64, _>(0)? as u32)))
            .transpose()
    }
}

/// Options and language travel together in the `options` column.
#[derive(serde::Serialize, serde::Deserialize)]
struct LobbyMeta {
    options: vliv_engine::OptionValues,
    lang: Lang,
}

type Tx<'a> = sqlx::Transaction<'a, sqlx::Any>;

/// The `SET` list of a game row's update: the game's columns as `$1`…`$16` (bound by
/// [`bind_row`]), so `$17` onwards are the caller's.
macro_rules! game_row_set {
    () => {
        "status = $1, host_id = $2, seats = $3, options = $4, snapshot = $5, ai_rng = $6, \
         version = $7, counters = $8, draw_offers = $9, table_message_id = $10, \
         ping_message_id = $11, finished_at = $12, outcome = $13, ending = $14, \
         rules_version = $15, recent = $16"
    };
}
use game_row_set;

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// Binds a game row's columns in the order of [`game_row_set`].
fn bind_row<'q>(q: AnyQuery<'q>, g: &GameRecord) -> AnyQuery<'q> {
    q.bind(g.status.as_str())
        .bind(g.host)
        .bind(to_json(&g.seats))
        .bind(to_json(&LobbyMeta {
            options: g.options.clone(),
            lang: g.lang,
        }))
        .bind(g.snapshot.as_deref().map(str::to_owned))
        .bind(g.ai_rng.clone())
        .bind(g.version)
        .bind(to_json(&g.counters))
        .bind(to_json(&g.draw_offers))
        .bind(g.table_message)
        .bind(g.ping_message)
        .bind(g.finished_at)
        .bind(g.outcome.as_ref().map(to_json))
        .bind(g.ending.as_ref().map(to_json))
        .bind(g.rules_version as i64)
        .bind(g.recent.as_deref().map(to_json))
}

async fn update_row(tx: &mut Tx<'_>, g: &GameRecord, expected_version: i64) -> StoreResult<()> {
    let done = bind_row(
        sqlx::query(concat!(
            "UPDATE games SET ",
            game_row_set!(),
            " WHERE id = $17 AND version = $18"
        )),
        g,
    )
    .bind(g.id)
    .bind(expected_version)
    .execute(&mut **tx)
    .await
    .map_err(busy_if_unique)?;
    if done.rows_affected() == 1 {
        Ok(())
    } else {
        Err(StoreError::Conflict)
    }
}

async fn replace_deadlines(
    tx: &mut Tx<'_>,
    game: GameId,
    deadlines: &[Deadline],
) -> StoreResult<()> {
    sqlx::query("DELETE FROM deadlines WHERE game_id = $1")
        .bind(game)
        .execute(&mut **tx)
        .await?;
    for d in deadlines {
        sqlx::query("INSERT INTO deadlines (game_id, kind, due_ms) VALUES ($1, $2, $3)")
            .bind(game)
            .bind(d.kind.key())
            .bind(d.due_ms)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

fn busy_if_unique(e: sqlx::Error) -> StoreError {
    match &e {
        sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::ChannelBusy,
        _ => StoreError::Database(e),
    }
}

fn to_json<T: serde::Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).expect("store records serialize")
}

fn from_json<T: serde::de::DeserializeOwned>(s: &str) -> StoreResult<T> {
    serde_json::from_str(s).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn actor_str(actor: Actor) -> String {
    match actor {
        Actor::Seat(s) => format!("seat:{s}"),
        Actor::System => "system".into(),
    }
}

fn parse_actor(s: &str) -> StoreResult<Actor> {
    match s.strip_prefix("seat:") {
        Some(n) => u8::from_str(n)
            .map(Actor::Seat)
            .map_err(|e| StoreError::Corrupt(format!("actor `{s}`: {e}"))),
        None if s == "system" => Ok(Actor::System),
        None => Err(StoreError::Corrupt(format!("actor `{s}`"))),
    }
}

fn game_from_row(r: &AnyRow) -> StoreResult<GameRecord> {
    let status: String = r.try_get("status")?;
    let meta: LobbyMeta = from_json(&r.try_get::<String, _>("options")?)?;
    Ok(GameRecord {
        id: r.try_get("id")?,
        guild: r.try_get::<GuildId, _>("guild_id")?,
        channel: r.try_get::<ChannelId, _>("channel_id")?,
        kind: r.try_get("kind")?,
        rules_version: r.try_get::<i64, _>("rules_version")? as u32,
        status: Status::parse(&status)
            .ok_or_else(|| StoreError::Corrupt(format!("status `{status}`")))?,
        host: r.try_get::<UserId, _>("host_id")?,
        seats: from_json(&r.try_get::<String, _>("seats")?)?,
        options: meta.options,
        seed: r.try_get::<i64, _>("seed")? as u64,
        snapshot: r.try_get::<Option<String>, _>("snapshot")?.map(Into::into),
        ai_rng: r.try_get("ai_rng")?,
        version: r.try_get("version")?,
        counters: from_json(&r.try_get::<String, _>("counters")?)?,
        draw_offers: from_json(&r.try_get::<String, _>("draw_offers")?)?,
        table_message: r.try_get::<Option<MessageId>, _>("table_message_id")?,
        ping_message: r.try_get::<Option<MessageId>, _>("ping_message_id")?,
        created_at: r.try_get("created_at")?,
        finished_at: r.try_get("finished_at")?,
        outcome: r
            .try_get::<Option<String>, _>("outcome")?
            .map(|s| from_json(&s))
            .transpose()?,
        ending: r
            .try_get::<Option<String>, _>("ending")?
            .map(|s| from_json(&s))
            .transpose()?,
        lang: meta.lang,
        recent: r
            .try_get::<Option<String>, _>("recent")?
            .map(|s| from_json::<Vec<vliv_engine::Text>>(&s))
            .transpose()?
            .map(Into::into),
    })
}

fn move_from_row(r: &AnyRow) -> StoreResult<MoveRecord> {
    Ok(MoveRecord {
        seq: r.try_get("seq")?,
        actor: parse_actor(&r.try_get::<String, _>("actor")?)?,
        seat_counter: r.try_get::<i64, _>("seat_counter")? as u32,
        choice: ChoiceId(r.try_get::<i64, _>("choice")? as u32),
        committed_at: r.try_get("committed_at")?,
    })
}

fn deadline_from_row(r: &AnyRow) -> StoreResult<Deadline> {
    let kind: String = r.try_get("kind")?;
    Ok(Deadline {
        game: r.try_get("game_id")?,
        kind: DeadlineKind::parse(&kind)
            .ok_or_else(|| StoreError::Corrupt(format!("deadline kind `{kind}`")))?,
        due_ms: r.try_get("due_ms")?,
    })
}
