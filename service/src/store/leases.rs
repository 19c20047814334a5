//! Named leases: one process of a fleet holds a name (a Matrix account) until its lease runs
//! out unrenewed; then another may take it. The holder is the store's claimant, the same id
//! that marks the deadlines this process serves.

use super::{Store, StoreResult};

impl Store {
    /// Takes or renews the lease on `name` until `now_ms + ttl_ms` when it is free, run
    /// out, or this process's already; whether this process holds it now.
    pub async fn hold_lease(&self, name: &str, now_ms: i64, ttl_ms: i64) -> StoreResult<bool> {
        // One statement, so two processes asking at once cannot both win.
        sqlx::query(
            "INSERT INTO leases (name, holder, expires_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, \
             expires_ms = excluded.expires_ms \
             WHERE leases.holder = excluded.holder OR leases.expires_ms < $4",
        )
        .bind(name)
        .bind(self.claimant)
        .bind(now_ms + ttl_ms)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        let holder: i64 = sqlx::query_scalar("SELECT holder FROM leases WHERE name = $1")
            .bind(name)
            .fetch_one(&self.pool)
            .await?;
        Ok(holder == self.claimant)
    }
}
