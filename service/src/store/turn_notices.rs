//! The turn DM last sent to each seat of a game, as the game's move count then: its version
//! moves with every table and ping it stores too, its move count only with a move.

use sqlx::Row;
use vliv_engine::Seat;

use super::{GameId, Store, StoreResult};

impl Store {
    /// Records that `seat`'s turn DM at `moves` went out. One statement, written after the
    /// DM; a record of a later move is kept (a slower sender must not move it back).
    pub async fn turn_notice_sent(&self, game: GameId, seat: Seat, moves: i64) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO turn_notices (game_id, seat, moves) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id, seat) DO UPDATE SET moves = excluded.moves \
             WHERE turn_notices.moves < excluded.moves",
        )
        .bind(game)
        .bind(i64::from(seat))
        .bind(moves)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Each seat's last recorded turn DM of `game`: (seat, move count), by seat.
    pub async fn turn_notices(&self, game: GameId) -> StoreResult<Vec<(Seat, i64)>> {
        let rows =
            sqlx::query("SELECT seat, moves FROM turn_notices WHERE game_id = $1 ORDER BY seat")
                .bind(game)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| Ok((r.try_get::<i64, _>(0)? as Seat, r.try_get::<i64, _>(1)?)))
            .collect()
    }
}
