//! Named leases: one process of a fleet holds a name (a Matrix account) until its lease runs
//! out unrenewed; then another may take it. The holder is an id the caller chooses: one that
//! stays the same when the same process is restarted takes its lease back at once.

use super::{Store, StoreResult};

impl Store {
    /// Takes or renews the lease on `name` until `now_ms + ttl_ms` when it is free, run
    /// out, or this process's already; whether this process holds it now.
    pub async fn hold_lease(
        &self,
        name: &str,
        holder: i64,
        now_ms: i64,
        ttl_ms: i64,
    ) -> StoreResult<bool> {
        // One statement, so two processes asking at once cannot both win.
        sqlx::query(
            "INSERT INTO leases (name, holder, expires_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, \
             expires_ms = excluded.expires_ms \
             WHERE leases.holder = excluded.holder OR leases.expires_ms < $4",
        )
        .bind(name)
        .bind(holder)
        .bind(now_ms + ttl_ms)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        let held_by: i64 = sqlx::query_scalar("SELECT holder FROM leases WHERE name = $1")
            .bind(name)
            .fetch_one(&self.pool)
            .await?;
        Ok(held_by == holder)
    }
}
