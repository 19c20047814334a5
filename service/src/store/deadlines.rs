//! Claims on due deadlines, so that each fires once in a fleet of processes on one
//! database (issue 18). A process claims due rows for a lease before it fires them; a row
//! is replaced (not updated) when its game moves on, so a claim never outlives the
//! deadline it was taken for, and the claim of a process that died runs out.
//!
//! Postgres: the claim takes its rows with `FOR UPDATE SKIP LOCKED`, so two processes
//! claiming at once split the due rows instead of waiting on each other, and the outer
//! `WHERE` is checked again on a row another claim changed meanwhile. SQLite serializes
//! writers, and serves one process only (the bot refuses a fleet on it).
//!
//! In a fleet a process first serves the deadlines of its own places' games (it also
//! publishes their tables and pings, in order, under its own lock; see `places.rs`);
//! another place's deadline it takes only once it has waited [`TAKEOVER_MS`] for its
//! owner, which is then taken to be down.

use sqlx::{AssertSqlSafe, Row};

use super::{
    backend::Backend,
    cache::Fact,
    deadline_from_row,
    identities::Platform,
    places::{owned_games_of, Places},
    replace_deadlines, Deadline, DeadlineKind, GameId, Store, StoreError, StoreResult,
    LOBBY_EXPIRY,
};

/// How long a claim keeps other processes off a deadline: longer than firing one game
/// takes (an AI seat's search, which the bot makes in the sweep, included), short enough
/// that a crash delays it little.
pub const CLAIM_LEASE_MS: i64 = 30_000;

/// The most due rows one claim takes; the rest wait for the next sweep.
const CLAIM_BATCH: i64 = 500;

/// How long a deadline of another process's server waits for that process (whose sweep
/// looks at least every 30 s) before this one takes it.
pub const TAKEOVER_MS: i64 = 60_000;

/// The deadlines whose game this process serves first (see `places.rs`).
fn owned_games(n: usize) -> String {
    owned_games_of("game_id", n)
}

impl Store {
    /// This store's mark on the rows it claims (one per [`Store::connect`], so two
    /// processes, or two handles in a test, never share it).
    pub fn claimant(&self) -> i64 {
        self.claimant
    }

    /// The store of a front end that partitions its places: each new game gets its slot,
    /// and in a fleet this process serves its own slots' deadlines first (see the module's
    /// doc).
    pub fn with_places(mut self, places: Places) -> Store {
        self.places = places;
        self
    }

    /// Claims the game deadlines due at `now_ms` that nobody holds (or whose claim ran
    /// out), earliest first; what it returns this store alone fires.
    pub async fn claim_due_deadlines(&self, now_ms: i64) -> StoreResult<Vec<Deadline>> {
        self.claim_due_deadlines_for(now_ms, &Platform::ALL).await
    }

    /// The same for the games of `platforms` only: another platform's are left for a
    /// process whose front ends serve it.
    pub async fn claim_due_deadlines_for(
        &self,
        now_ms: i64,
        platforms: &[Platform],
    ) -> StoreResult<Vec<Deadline>> {
        self.claim_due(now_ms, "kind <> $5", platforms).await
    }

    /// Claims the lobbies of `platforms` whose idle time ran out at `now_ms`.
    pub async fn claim_due_lobby_expiries(
        &self,
        now_ms: i64,
        platforms: &[Platform],
    ) -> StoreResult<Vec<GameId>> {
        let claimed = self.claim_due(now_ms, "kind = $5", platforms).await?;
        Ok(claimed.into_iter().map(|d| d.game).collect())
    }

    async fn claim_due(
        &self,
        now_ms: i64,
        kind: &str,
        platforms: &[Platform],
    ) -> StoreResult<Vec<Deadline>> {
        let served = Platform::games_sql(platforms);
        let lock = match self.backend {
            Backend::Postgres => "FOR UPDATE SKIP LOCKED",
            Backend::Sqlite => "",
        };
        // This store's own claims are free to it: its sweeps run one after another, so a
        // claim it still holds is one a finished sweep left (nothing it is firing now).
        let free = "(claimed_until IS NULL OR claimed_until <= $1 OR claimed_by = $2)";
        let mine = match self.places.served {
            Some(_) => format!("AND (due_ms <= $6 OR {})", owned_games(7)),
            None => String::new(),
        };
        let query = format!(
            "UPDATE deadlines SET claimed_by = $2, claimed_until = $3 \
             WHERE {free} AND (game_id, kind) IN ( \
                 SELECT game_id, kind FROM deadlines \
                 WHERE due_ms <= $1 AND {kind} AND {served} AND {free} {mine} \
                 ORDER BY due_ms, game_id LIMIT $4 {lock}) \
             RETURNING game_id, kind, due_ms"
        );
        let mut query = sqlx::query(AssertSqlSafe(query))
            .bind(now_ms)
            .bind(self.claimant)
            .bind(now_ms + CLAIM_LEASE_MS)
            .bind(CLAIM_BATCH)
            .bind(LOBBY_EXPIRY);
        if let Some(slots) = self.places.served {
            query = slots.bind(query.bind(now_ms - TAKEOVER_MS));
        }
        let rows = query.fetch_all(&self.pool).await?;
        let mut due: Vec<Deadline> = rows
            .iter()
            .map(deadline_from_row)
            .collect::<StoreResult<_>>()?;
        due.sort_by_key(|d| (d.due_ms, d.game));
        Ok(due)
    }

    /// The kinds of `game`'s deadlines this store still holds: read after the game, it
    /// says whether a move elsewhere replaced them since they were claimed.
    pub async fn claimed_kinds(&self, game: GameId) -> StoreResult<Vec<DeadlineKind>> {
        let rows = sqlx::query("SELECT kind FROM deadlines WHERE game_id = $1 AND claimed_by = $2")
            .bind(game)
            .bind(self.claimant)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                let kind: String = r.try_get(0)?;
                DeadlineKind::parse(&kind)
                    .ok_or_else(|| StoreError::Corrupt(format!("deadline kind `{kind}`")))
            })
            .collect()
    }

    /// Lets go of `game`'s claims (a try failed or was put off): any process may take
    /// them at once instead of after the lease.
    pub async fn release_claims(&self, game: GameId) -> StoreResult<()> {
        sqlx::query(
            "UPDATE deadlines SET claimed_by = NULL, claimed_until = NULL \
             WHERE game_id = $1 AND claimed_by = $2",
        )
        .bind(game)
        .bind(self.claimant)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Replaces a game's deadlines only if the game is still at `version`: a deadline
    /// fired from a stale read must not overwrite what a move in another process set.
    /// The `UPDATE` locks the game's row until the commit, as a move's commit does.
    pub async fn set_deadlines_at(
        &self,
        game: GameId,
        version: i64,
        deadlines: &[Deadline],
    ) -> StoreResult<()> {
        self.faults.check(game)?;
        let mut tx = self.pool.begin().await?;
        let held = sqlx::query("UPDATE games SET version = version WHERE id = $1 AND version = $2")
            .bind(game)
            .bind(version)
            .execute(&mut *tx)
            .await?;
        if held.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        let written = match replace_deadlines(&mut tx, game, deadlines).await {
            Ok(()) => tx.commit().await.map_err(StoreError::from),
            Err(e) => Err(e),
        };
        self.deadlines_written(game, written.as_ref().ok().map(|_| deadlines));
        written
    }

    /// The earliest moment a deadline may be claimed by this store: a row another process
    /// holds counts from the end of its lease, and in a fleet another server's deadline
    /// from the end of its owner's turn, so the sweep does not spin on them.
    pub async fn next_deadline(&self) -> StoreResult<Option<i64>> {
        self.next_deadline_for(&Platform::ALL).await
    }

    /// The same among the games of `platforms`.
    pub async fn next_deadline_for(&self, platforms: &[Platform]) -> StoreResult<Option<i64>> {
        let served = Platform::games_sql(platforms);
        let others = match self.places.served {
            Some(_) => format!("WHEN NOT ({}) THEN due_ms + {TAKEOVER_MS}", owned_games(2)),
            None => String::new(),
        };
        let mut query = sqlx::query(AssertSqlSafe(format!(
            "SELECT MIN(CASE WHEN claimed_until > due_ms AND claimed_by <> $1 \
             THEN claimed_until {others} ELSE due_ms END) FROM deadlines WHERE {served}"
        )))
        .bind(self.claimant);
        if let Some(slots) = self.places.served {
            query = slots.bind(query);
        }
        let row = query.fetch_one(&self.pool).await?;
        Ok(row.try_get::<Option<i64>, _>(0)?)
    }
}

/// A game's deadlines: written with its moves, read by its table and the sweep.
impl Store {
    /// Replaces a game's deadlines (a reminder rescheduled, a dead game's dropped).
    pub async fn set_deadlines(&self, game: GameId, deadlines: &[Deadline]) -> StoreResult<()> {
        self.faults.check(game)?;
        let mut tx = self.pool.begin().await?;
        let written = match replace_deadlines(&mut tx, game, deadlines).await {
            Ok(()) => tx.commit().await.map_err(StoreError::from),
            Err(e) => Err(e),
        };
        self.deadlines_written(game, written.as_ref().ok().map(|_| deadlines));
        written
    }

    /// A game's deadlines (kept in memory with the game by the sole writer).
    pub async fn deadlines(&self, game: GameId) -> StoreResult<Vec<Deadline>> {
        if !self.game_is_cached(game) {
            return self.load_deadlines(game).await;
        }
        self.cached_fact(
            Fact::Deadlines,
            |f| f.deadlines.get(&game).cloned(),
            self.load_deadlines(game),
            |f, d| {
                f.deadlines.insert(game, d);
            },
        )
        .await
    }

    async fn load_deadlines(&self, game: GameId) -> StoreResult<Vec<Deadline>> {
        let rows = sqlx::query(
            "SELECT game_id, kind, due_ms FROM deadlines WHERE game_id = $1 ORDER BY kind",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(deadline_from_row).collect()
    }

    /// Deadlines due at `now_ms`, earliest first.
    pub async fn due_deadlines(&self, now_ms: i64) -> StoreResult<Vec<Deadline>> {
        let rows = sqlx::query(
            "SELECT game_id, kind, due_ms FROM deadlines WHERE due_ms <= $1 AND kind <> $2 \
             ORDER BY due_ms, game_id",
        )
        .bind(now_ms)
        .bind(LOBBY_EXPIRY)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(deadline_from_row).collect()
    }

    /// Lobbies whose idle time ran out at `now_ms`, earliest first.
    pub async fn due_lobby_expiries(&self, now_ms: i64) -> StoreResult<Vec<GameId>> {
        let rows = sqlx::query(
            "SELECT game_id FROM deadlines WHERE due_ms <= $1 AND kind = $2 \
             ORDER BY due_ms, game_id",
        )
        .bind(now_ms)
        .bind(LOBBY_EXPIRY)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok(r.try_get::<i64, _>(0)?)).collect()
    }
}
