//! Seats handed to another member mid-game: written with the game row in one transaction,
//! read for the history and to tell a former holder why their old buttons are refused.

use sqlx::Row;

use vliv_engine::Seat;

use super::{update_row, GameId, GameRecord, Store, StoreResult, UserId};

/// One hand-over of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatChange {
    pub game: GameId,
    /// How many moves were stored when it happened.
    pub at_move: u32,
    pub seat: Seat,
    /// `None`: the AI played the seat.
    pub from: Option<UserId>,
    pub to: UserId,
    /// The seated player or the admin who handed it over.
    pub by: UserId,
    pub at_ms: i64,
}

impl Store {
    /// Writes the game with its seat handed over (checked against `expected_version`) and
    /// records the change, in one transaction. `change.at_move` is taken from the moves.
    pub async fn hand_over_seat(
        &self,
        game: &GameRecord,
        expected_version: i64,
        change: &SeatChange,
    ) -> StoreResult<SeatChange> {
        let written = self.write_seat_change(game, expected_version, change).await;
        self.cache_written(game, &written);
        written
    }

    async fn write_seat_change(
        &self,
        game: &GameRecord,
        expected_version: i64,
        change: &SeatChange,
    ) -> StoreResult<SeatChange> {
        self.faults.check(game.id)?;
        let mut tx = self.pool.begin().await?;
        update_row(&mut tx, game, expected_version).await?;
        let moves: i64 = sqlx::query("SELECT COUNT(*) FROM moves WHERE game_id = $1")
            .bind(game.id)
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
        sqlx::query(
            "INSERT INTO seat_changes (game_id, at_move, seat, from_user, to_user, by_user, \
             changed_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(game.id)
        .bind(moves)
        .bind(change.seat as i64)
        .bind(change.from)
        .bind(change.to)
        .bind(change.by)
        .bind(change.at_ms)
        .execute(&mut *tx)
        .await?;
        let committed = tx.commit().await;
        self.settle(game, expected_version, None, committed).await?;
        Ok(SeatChange {
            at_move: moves as u32,
            ..*change
        })
    }

    /// The hand-overs of the given games, oldest first.
    pub async fn seat_changes(&self, games: &[GameId]) -> StoreResult<Vec<SeatChange>> {
        if games.is_empty() {
            return Ok(Vec::new());
        }
        // Ids are numbers of ours, never user text.
        let list: Vec<String> = games.iter().map(|g| g.to_string()).collect();
        let sql = format!(
            "SELECT game_id, at_move, seat, from_user, to_user, by_user, changed_at \
             FROM seat_changes WHERE game_id IN ({}) ORDER BY id",
            list.join(", ")
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(SeatChange {
                    game: r.try_get("game_id")?,
                    at_move: r.try_get::<i64, _>("at_move")? as u32,
                    seat: r.try_get::<i64, _>("seat")? as Seat,
                    from: r.try_get::<Option<UserId>, _>("from_user")?,
                    to: r.try_get::<UserId, _>("to_user")?,
                    by: r.try_get::<UserId, _>("by_user")?,
                    at_ms: r.try_get("changed_at")?,
                })
            })
            .collect()
    }

    /// Whether `user` once held a seat of `game` that was handed to someone else.
    pub async fn handed_over(&self, game: GameId, user: UserId) -> StoreResult<bool> {
        let row = sqlx::query("SELECT 1 FROM seat_changes WHERE game_id = $1 AND from_user = $2")
            .bind(game)
            .bind(user)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }
}
