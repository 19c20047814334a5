//! The newest picture of a game's table posted apart from the table message (a platform
//! whose edits cannot replace a picture posts a new one and takes the old one back).

use sqlx::Row;

use super::{GameId, MessageId, Store, StoreResult};

/// A game's newest table picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablePicture {
    pub message: MessageId,
    /// Changes of the game since it was posted.
    pub changes: u32,
    /// It shows the game's end: no other follows.
    pub last: bool,
}

impl Store {
    pub async fn table_picture(&self, game: GameId) -> StoreResult<Option<TablePicture>> {
        let row =
            sqlx::query("SELECT message_id, changes, final FROM table_pictures WHERE game_id = $1")
                .bind(game)
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| {
            Ok(TablePicture {
                message: r.try_get::<MessageId, _>(0)?,
                changes: r.try_get::<i64, _>(1)?.max(0) as u32,
                last: r.try_get::<i64, _>(2)? != 0,
            })
        })
        .transpose()
    }

    pub async fn set_table_picture(&self, game: GameId, picture: TablePicture) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO table_pictures (game_id, message_id, changes, final) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (game_id) DO UPDATE SET \
             message_id = excluded.message_id, changes = excluded.changes, \
             final = excluded.final",
        )
        .bind(game)
        .bind(picture.message)
        .bind(picture.changes as i64)
        .bind(picture.last as i64)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
