//! Which turn DMs went out (see `store/turn_notices.rs`): a start sends those a killed
//! process owed for the games that moved just before it, and none twice.

use vliv_engine::Seat;

use super::{GameRecord, Service, ServiceResult, Status, UserId};

impl Service {
    /// `seat`'s turn DM for the game as `rec` stands went out (or was refused for good).
    pub async fn turn_notice_sent(&self, rec: &GameRecord, seat: Seat) -> ServiceResult<()> {
        Ok(self
            .store
            .turn_notice_sent(rec.id, seat, rec.moves_stored() as i64)
            .await?)
    }

    /// The players whose turn it is in `rec` with no turn DM recorded since its last move:
    /// (seat, user), each seat once. AI seats and the system are nobody's DM.
    pub async fn turn_notices_owed(&self, rec: &GameRecord) -> ServiceResult<Vec<(Seat, UserId)>> {
        if rec.status != Status::Running {
            return Ok(Vec::new());
        }
        let mut waiting = rec.waiting_users(&self.live(rec)?.pending());
        if waiting.is_empty() {
            return Ok(waiting);
        }
        waiting.sort_unstable();
        waiting.dedup();
        let sent = self.store.turn_notices(rec.id).await?;
        let now = rec.moves_stored() as i64;
        waiting.retain(|&(seat, _)| !sent.iter().any(|&(s, moves)| s == seat && moves >= now));
        Ok(waiting)
    }
}
