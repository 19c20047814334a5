//! Where a game's newest separately posted table picture is (see `store/table_pictures.rs`).

use super::{GameId, Service, ServiceResult};
use crate::store::TablePicture;

impl Service {
    pub async fn table_picture(&self, game: GameId) -> ServiceResult<Option<TablePicture>> {
        Ok(self.store.table_picture(game).await?)
    }

    pub async fn set_table_picture(
        &self,
        game: GameId,
        picture: TablePicture,
    ) -> ServiceResult<()> {
        Ok(self.store.set_table_picture(game, picture).await?)
    }
}
