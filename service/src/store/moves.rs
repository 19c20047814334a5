//! An accepted move's write. On Postgres it is one statement (one round trip, one commit):
//! the game row under the version check, the move, and the deadlines upserted in data-modifying
//! `WITH` clauses that all hang on the updated row, so a stale version writes nothing.
//! SQLite (in-process, no round trips), a move that ends the game (its result and ratings)
//! and a store without the game cache (not the bot's process) take the transaction.

use sqlx::Row;

use super::{
    actor_str, backend::Backend, bind_row, busy_if_unique, game_row_set, ratings,
    replace_deadlines, update_row, Deadline, GameRecord, GameResult, MoveRecord, Store, StoreError,
    StoreResult,
};

impl Store {
    /// Commits one applied choice: the game row (snapshot, version, counters) under the
    /// version check, the move appended, the deadlines replaced and, when the move ended
    /// the game, its `result` recorded with the ratings it moves, in one transaction.
    pub async fn commit_move(
        &self,
        game: &GameRecord,
        expected_version: i64,
        mv: &MoveRecord,
        deadlines: &[Deadline],
        result: Option<&GameResult>,
    ) -> StoreResult<()> {
        self.faults.check(game.id)?;
        // Only the bot's process (its games cached) takes the one statement; its lost-answer
        // path is the transaction's `settle`, but the fault tests cut only real COMMITs.
        let one_statement = self.games.is_some();
        let written = match (self.backend, result) {
            (Backend::Postgres, None) if one_statement => {
                self.move_statement(game, expected_version, mv, deadlines)
                    .await
            }
            _ => {
                self.move_transaction(game, expected_version, mv, deadlines, result)
                    .await
            }
        };
        self.cache_written(game, &written);
        self.deadlines_written(game.id, written.as_ref().ok().map(|_| deadlines));
        written
    }

    /// A game row changed without a move (the table's or ping's message, a seat), as one
    /// statement under the version check: its own commit, one round trip.
    pub(super) async fn row_statement(
        &self,
        game: &GameRecord,
        expected_version: i64,
    ) -> StoreResult<()> {
        self.faults.check(game.id)?;
        let sql = concat!(
            "UPDATE games SET ",
            game_row_set!(),
            " WHERE id = $17 AND version = $18"
        );
        let q = bind_row(sqlx::query(sql), game)
            .bind(game.id)
            .bind(expected_version);
        let done = self.execute_kept(q).await;
        self.version_checked(game, expected_version, done).await
    }

    /// The outcome of one version-checked statement on `game`'s row: written if it changed
    /// the row, a conflict if another writer got there first.
    async fn version_checked(
        &self,
        game: &GameRecord,
        expected_version: i64,
        done: Result<sqlx::any::AnyQueryResult, sqlx::Error>,
    ) -> StoreResult<()> {
        match done {
            Ok(done) if done.rows_affected() == 1 => Ok(()),
            Ok(_) => Err(StoreError::Conflict),
            Err(e) if !answer_may_be_lost(&e) => Err(busy_if_unique(e)),
            // The answer may be lost after the server applied it: the version tells.
            Err(e) => self.settle(game, expected_version, None, Err(e)).await,
        }
    }

    /// Where a game's table and live ping are, under a new version: one statement that
    /// leaves the rest of the row (the snapshot) as it is (issue 22: a turn ping per move
    /// rewrote the whole row).
    pub async fn set_message_ids(
        &self,
        game: &GameRecord,
        expected_version: i64,
    ) -> StoreResult<()> {
        let written = self.message_ids_statement(game, expected_version).await;
        self.cache_written(game, &written);
        written
    }

    async fn message_ids_statement(
        &self,
        game: &GameRecord,
        expected_version: i64,
    ) -> StoreResult<()> {
        self.faults.check(game.id)?;
        let q = sqlx::query(
            "UPDATE games SET table_message_id = $1, ping_message_id = $2, version = $3 \
             WHERE id = $4 AND version = $5",
        )
        .bind(game.table_message)
        .bind(game.ping_message)
        .bind(game.version)
        .bind(game.id)
        .bind(expected_version);
        let done = self.execute_kept(q).await;
        self.version_checked(game, expected_version, done).await
    }

    async fn move_statement(
        &self,
        game: &GameRecord,
        expected_version: i64,
        mv: &MoveRecord,
        deadlines: &[Deadline],
    ) -> StoreResult<()> {
        let sql = move_sql(deadlines.len());
        let mut q = bind_row(sqlx::query(sqlx::AssertSqlSafe(sql)), game)
            .bind(game.id)
            .bind(expected_version)
            .bind(mv.seq)
            .bind(actor_str(mv.actor))
            .bind(mv.seat_counter as i64)
            .bind(mv.choice.0 as i64)
            .bind(mv.committed_at);
        for d in deadlines {
            q = q.bind(d.kind.key()).bind(d.due_ms);
        }
        let fetched = async {
            let mut lent = self.kept.lend(&self.pool).await?;
            let ran = q.fetch_one(lent.conn()).await;
            lent.keep_if_ok(ran)
        };
        match fetched.await {
            Ok(row) => match row.try_get::<i64, _>(0)? {
                1 => Ok(()),
                _ => Err(StoreError::Conflict),
            },
            Err(e) if !answer_may_be_lost(&e) => Err(busy_if_unique(e)),
            // The answer may be lost after the server applied it: the version tells.
            Err(e) => self.settle(game, expected_version, Some(mv), Err(e)).await,
        }
    }

    /// `q` on a kept connection (see `kept.rs`).
    async fn execute_kept(
        &self,
        q: super::AnyQuery<'_>,
    ) -> Result<sqlx::any::AnyQueryResult, sqlx::Error> {
        let mut lent = self.kept.lend(&self.pool).await?;
        let ran = q.execute(lent.conn()).await;
        lent.keep_if_ok(ran)
    }

    async fn move_transaction(
        &self,
        game: &GameRecord,
        expected_version: i64,
        mv: &MoveRecord,
        deadlines: &[Deadline],
        result: Option<&GameResult>,
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        update_row(&mut tx, game, expected_version).await?;
        sqlx::query(
            "INSERT INTO moves (game_id, seq, actor, seat_counter, choice, committed_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(game.id)
        .bind(mv.seq)
        .bind(actor_str(mv.actor))
        .bind(mv.seat_counter as i64)
        .bind(mv.choice.0 as i64)
        .bind(mv.committed_at)
        .execute(&mut *tx)
        .await?;
        replace_deadlines(&mut tx, game.id, deadlines).await?;
        if let Some(result) = result {
            ratings::record_result(&mut tx, self.backend, result).await?;
        }
        let committed = tx.commit().await;
        if let Some(result) = result {
            // After the commit: a read that overlapped it keeps nothing (its epoch moved).
            self.results_written(result.guild, &result.kind, &result.users());
        }
        self.settle(game, expected_version, Some(mv), committed)
            .await
    }
}

/// The one statement of a move with `deadlines` deadlines: `$1`…`$16` the row, `$17` the id,
/// `$18` the expected version, `$19`…`$23` the move, then a kind and a due time per deadline.
/// A replaced deadline is upserted unclaimed, as the delete-and-insert of the transaction
/// leaves it; the kinds no longer due are deleted.
fn move_sql(deadlines: usize) -> String {
    let pairs: Vec<(usize, usize)> = (0..deadlines).map(|i| (24 + 2 * i, 25 + 2 * i)).collect();
    let mut sql = String::from(concat!(
        "WITH g AS (UPDATE games SET ",
        game_row_set!(),
        " WHERE id = $17 AND version = $18 RETURNING id), \
         m AS (INSERT INTO moves (game_id, seq, actor, seat_counter, choice, committed_at) \
         SELECT id, $19, $20, $21, $22, $23 FROM g), \
         gone AS (DELETE FROM deadlines WHERE game_id IN (SELECT id FROM g)"
    ));
    if !pairs.is_empty() {
        let kinds: Vec<String> = pairs.iter().map(|(k, _)| format!("${k}")).collect();
        sql.push_str(&format!(" AND kind NOT IN ({})", kinds.join(", ")));
        let rows: Vec<String> = pairs
            .iter()
            .map(|(k, d)| format!("(${k}::text, ${d}::bigint)"))
            .collect();
        sql.push_str(&format!(
            "), due AS (INSERT INTO deadlines (game_id, kind, due_ms) \
             SELECT g.id, d.kind, d.due_ms FROM g, (VALUES {}) AS d (kind, due_ms) \
             ON CONFLICT (game_id, kind) DO UPDATE SET due_ms = excluded.due_ms, \
             claimed_by = NULL, claimed_until = NULL",
            rows.join(", ")
        ));
    }
    sql.push_str(") SELECT COUNT(*) FROM g");
    sql
}

/// Whether a statement that failed may still have been applied: any failure but the
/// server's own refusal of it, and among the server's errors those that end the
/// connection (SQLSTATE classes 08, connection exception, and 57, operator intervention:
/// `pg_ctl -m immediate` sends "terminating connection" to a backend that may already
/// have committed the statement and not yet answered it).
fn answer_may_be_lost(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(db) => db
            .code()
            .is_some_and(|code| code.starts_with("08") || code.starts_with("57")),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use sqlx::error::{DatabaseError, ErrorKind};

    use super::{answer_may_be_lost, move_sql};

    /// A server's error with a SQLSTATE.
    #[derive(Debug)]
    struct Server(&'static str);

    impl std::fmt::Display for Server {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "SQLSTATE {}", self.0)
        }
    }

    impl std::error::Error for Server {}

    impl DatabaseError for Server {
        fn message(&self) -> &str {
            self.0
        }
        fn code(&self) -> Option<Cow<'_, str>> {
            Some(self.0.into())
        }
        fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
            self
        }
        fn kind(&self) -> ErrorKind {
            ErrorKind::Other
        }
    }

    fn server(code: &'static str) -> sqlx::Error {
        sqlx::Error::Database(Box::new(Server(code)))
    }

    #[test]
    fn only_the_servers_refusal_of_a_statement_proves_it_was_not_applied() {
        let reset = sqlx::Error::Io(std::io::Error::other("connection reset"));
        assert!(answer_may_be_lost(&reset));
        assert!(answer_may_be_lost(&sqlx::Error::PoolTimedOut));
        // "terminating connection due to administrator command", and a lost connection.
        assert!(answer_may_be_lost(&server("57P01")));
        assert!(answer_may_be_lost(&server("08006")));
        // A unique violation, a serialization failure: the statement was refused.
        assert!(!answer_may_be_lost(&server("23505")));
        assert!(!answer_may_be_lost(&server("40001")));
    }

    #[test]
    fn each_deadline_takes_the_next_two_parameters() {
        let sql = move_sql(2);
        assert!(sql.contains("kind NOT IN ($24, $26)"), "{sql}");
        assert!(sql.contains("($24::text, $25::bigint), ($26::text, $27::bigint)"));
        assert!(!move_sql(0).contains("$24"));
        assert!(move_sql(0).ends_with("SELECT COUNT(*) FROM g"));
    }
}
