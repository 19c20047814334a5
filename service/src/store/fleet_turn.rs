//! A turn the processes of a fleet take one at a time: a Postgres session lock on a
//! connection of its own, held until the turn is released or the process dies (the server
//! then drops the lock with the connection). Discord lets a bot token IDENTIFY once per
//! 5 seconds whichever process sends it, so the processes of a fleet started together
//! connect their shards in turn. SQLite serves one process: its turn is always free.

use sqlx::{pool::PoolConnection, Any, Connection};

use super::{backend::Backend, Store, StoreResult};

/// The lock's key, apart from the other advisory locks (lobby caps, ratings).
const GATEWAY_LOCK: i64 = 0x5_6C69_7647_0001;

/// This process's turn; [`FleetTurn::release`] ends it.
pub struct FleetTurn {
    held: Option<PoolConnection<Any>>,
}

impl Store {
    /// Waits until no other process of the fleet holds the gateway's turn, then holds it.
    pub async fn gateway_turn(&self) -> StoreResult<FleetTurn> {
        if self.backend != Backend::Postgres {
            return Ok(FleetTurn { held: None });
        }
        let mut conn = self.pool.acquire().await?;
        // (Wrapped: the Any driver cannot read a `void` column.)
        sqlx::query("SELECT 1 FROM (SELECT pg_advisory_lock($1)) AS held")
            .bind(GATEWAY_LOCK)
            .execute(&mut *conn)
            .await?;
        Ok(FleetTurn { held: Some(conn) })
    }
}

impl FleetTurn {
    /// Lets the next process take its turn.
    pub async fn release(mut self) {
        if let Some(mut conn) = self.held.take() {
            let unlocked = sqlx::query("SELECT pg_advisory_unlock($1)")
                .bind(GATEWAY_LOCK)
                .execute(&mut *conn)
                .await;
            if let Err(e) = unlocked {
                tracing::warn!(error = %e, "the gateway's turn not released: closing its connection");
                let _ = conn.detach().close().await;
            }
        }
    }
}

impl Drop for FleetTurn {
    /// A turn dropped unreleased must not go back to the pool still locked: its connection
    /// is closed instead, which ends the lock on the server.
    fn drop(&mut self) {
        if let Some(conn) = self.held.take() {
            drop(conn.detach());
        }
    }
}
