//! A game write whose COMMIT answer was lost: whether it landed, read from the stored row
//! and, for a move, the stored move at its index.

use super::{
    backend::Backend, move_from_row, to_json, GameId, GameRecord, MoveRecord, Store, StoreError,
    StoreResult,
};

impl Store {
    /// The outcome of a game write's COMMIT. An error there may be a lost answer to a
    /// commit the server applied (the connection died on the way back): the stored row,
    /// read again while the database comes back, tells. In a fleet another process may
    /// have written the same version meanwhile (issue 50), so the version alone proves
    /// nothing: the write landed only if the stored row is the one sent and, for a move
    /// (`mv`), the stored move at its index is the one sent. Another writer's row at or
    /// past this version is a conflict (this write checked an older version, so it can no
    /// longer land).
    ///
    /// A row still at `expected` proves nothing yet: the server may not have run the
    /// statement (its bytes still on the way, its backend waiting for a CPU) and run it
    /// after this read, which would make a "nothing was applied" untrue. So the row is
    /// fenced first (see [`Store::fence`]): once the version moved past `expected`, the
    /// write can never land, and the caller hears a conflict and judges its change again.
    pub(super) async fn settle(
        &self,
        game: &GameRecord,
        expected: i64,
        mv: Option<&MoveRecord>,
        committed: Result<(), sqlx::Error>,
    ) -> StoreResult<()> {
        let Err(error) = committed else {
            return Ok(());
        };
        for wait_ms in [50, 250, 500, 1_000, 2_000] {
            tokio::time::sleep(std::time::Duration::from_millis(wait_ms)).await;
            let (stored, stored_move) = match self.row_and_move(game.id, mv).await {
                Ok(read) => read,
                // Still away: ask again.
                Err(_) => continue,
            };
            let Some(stored) = stored else {
                return Err(StoreError::Database(error));
            };
            let move_landed = match mv {
                Some(mv) => stored_move.as_ref() == Some(mv),
                None => true,
            };
            let landed = if stored.version == game.version {
                move_landed && same_row(&stored, game)
            } else if stored.version > game.version {
                match mv {
                    // Its move is stored: it landed, and the game moved on since.
                    Some(_) if move_landed => true,
                    Some(_) => false,
                    // A row written again since may or may not hold this write.
                    None => return Err(StoreError::Unconfirmed),
                }
            } else if self.backend == Backend::Sqlite {
                // SQLite runs a statement in this process and to its end before it answers:
                // nothing lands after its error.
                return Err(StoreError::Database(error));
            } else {
                // Fenced, written meanwhile, or still held by the write (or the database is
                // still away): the next read tells which.
                let _ = self.fence(game.id, expected).await;
                continue;
            };
            if landed {
                tracing::warn!(game = game.id, version = game.version, %error, "a commit's answer was lost, but it was applied");
                return Ok(());
            }
            tracing::warn!(game = game.id, version = game.version, %error, "a commit's answer was lost, and another writer's is stored");
            return Err(StoreError::Conflict);
        }
        Err(StoreError::Unconfirmed)
    }

    /// Moves the row's version from `expected` one on, its content untouched, so that a write
    /// checked against `expected` can no longer land (the next read of the row tells which
    /// landed). It does not wait for a write that holds the row (NOWAIT: a lost connection's
    /// backend may hold it until the server notices): it errs, and is asked again. Postgres
    /// only.
    async fn fence(&self, game: GameId, expected: i64) -> Result<(), sqlx::Error> {
        let done = sqlx::query(
            "WITH held AS (SELECT id FROM games WHERE id = $1 AND version = $2 \
             FOR UPDATE NOWAIT) \
             UPDATE games SET version = version + 1 FROM held WHERE games.id = held.id",
        )
        .bind(game)
        .bind(expected)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 1 {
            tracing::warn!(
                game,
                version = expected,
                "a write whose answer was lost was fenced off"
            );
        }
        Ok(())
    }

    /// A game's row as stored, and its move at `mv`'s index (when given).
    async fn row_and_move(
        &self,
        game: GameId,
        mv: Option<&MoveRecord>,
    ) -> StoreResult<(Option<GameRecord>, Option<MoveRecord>)> {
        // Read past any injected read fault: this is the write's own confirmation.
        let stored = self.game_row(game).await?;
        let Some(mv) = mv else {
            return Ok((stored, None));
        };
        let row = sqlx::query(
            "SELECT seq, actor, seat_counter, choice, committed_at FROM moves \
             WHERE game_id = $1 AND seq = $2",
        )
        .bind(game)
        .bind(mv.seq)
        .fetch_optional(&self.pool)
        .await?;
        Ok((stored, row.as_ref().map(move_from_row).transpose()?))
    }
}

/// Whether a stored game row holds what `sent` wrote (the columns a write sets).
fn same_row(stored: &GameRecord, sent: &GameRecord) -> bool {
    stored.version == sent.version
        && stored.status == sent.status
        && stored.snapshot == sent.snapshot
        && stored.ai_rng == sent.ai_rng
        && stored.host == sent.host
        && to_json(&stored.seats) == to_json(&sent.seats)
        && to_json(&stored.counters) == to_json(&sent.counters)
        && to_json(&stored.draw_offers) == to_json(&sent.draw_offers)
        && stored.table_message == sent.table_message
        && stored.ping_message == sent.ping_message
        && stored.finished_at == sent.finished_at
        && stored.rules_version == sent.rules_version
}
