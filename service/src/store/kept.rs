//! Connections the hot path keeps between its statements (issue 22). sqlx tests a connection
//! every time it goes back to the pool with a `Sync` and its answer: a second round trip per
//! statement, which pg_stat_statements does not count. A kept connection skips that. One
//! whose statement failed, or whose future was dropped mid-statement, is not kept: it goes
//! back to the pool, which tests it and closes it if broken. So does one kept idle for a
//! while: the pool's test then catches a connection the server or the network dropped.

use std::{
    sync::Mutex,
    time::{Duration, Instant},
};

use sqlx::{pool::PoolConnection, Any, AnyConnection, AnyPool};

/// A kept connection idle longer than this goes back to the pool instead of being lent.
pub(super) const KEPT_IDLE: Duration = Duration::from_secs(30);

/// The idle kept connections and when each was kept, at most `cap` (0: none kept, as on
/// SQLite, whose pool may be a single connection the other queries need).
#[derive(Debug)]
pub(super) struct Kept {
    idle: Mutex<Vec<(PoolConnection<Any>, Instant)>>,
    cap: usize,
    stale_after: Duration,
}

/// A connection lent for one statement; dropped without [`Lent::keep`] it goes back to the
/// pool.
pub(super) struct Lent<'a> {
    kept: &'a Kept,
    conn: Option<PoolConnection<Any>>,
}

impl Kept {
    pub(super) fn new(cap: usize, stale_after: Duration) -> Kept {
        Kept {
            idle: Mutex::new(Vec::new()),
            cap,
            stale_after,
        }
    }

    fn idle(&self) -> std::sync::MutexGuard<'_, Vec<(PoolConnection<Any>, Instant)>> {
        self.idle.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A kept connection, or one from `pool`.
    pub(super) async fn lend(&self, pool: &AnyPool) -> Result<Lent<'_>, sqlx::Error> {
        let (conn, stale) = {
            let mut idle = self.idle();
            // Kept in time order, the stale ones first.
            let n = idle.partition_point(|(_, kept)| kept.elapsed() >= self.stale_after);
            let stale: Vec<_> = idle.drain(..n).collect();
            (idle.pop(), stale)
        };
        // Dropped, the stale ones go back to the pool.
        drop(stale);
        let conn = match conn {
            Some((conn, _)) => conn,
            None => pool.acquire().await?,
        };
        Ok(Lent {
            kept: self,
            conn: Some(conn),
        })
    }
}

impl Lent<'_> {
    pub(super) fn conn(&mut self) -> &mut AnyConnection {
        self.conn.as_mut().expect("a lent connection until kept")
    }

    /// `ran`, the statement's outcome, keeping the connection if it ran to its answer.
    pub(super) fn keep_if_ok<T>(self, ran: Result<T, sqlx::Error>) -> Result<T, sqlx::Error> {
        if ran.is_ok() {
            self.keep();
        }
        ran
    }

    /// The statement ran to its answer: the connection is ready for the next one.
    pub(super) fn keep(mut self) {
        let Some(conn) = self.conn.take() else { return };
        let mut idle = self.kept.idle();
        if idle.len() < self.kept.cap {
            idle.push((conn, Instant::now()));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use sqlx::{any::AnyPoolOptions, AnyPool};

    use super::Kept;

    async fn pool(dir: &tempfile::TempDir) -> AnyPool {
        sqlx::any::install_default_drivers();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("k.db").display());
        AnyPoolOptions::new()
            .max_connections(3)
            .connect(&url)
            .await
            .expect("the pool opens")
    }

    /// The pool's connections lent out or kept (not idle in the pool), once its own
    /// returns are done.
    async fn out(pool: &AnyPool) -> u32 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        pool.size() - pool.num_idle() as u32
    }

    #[tokio::test]
    async fn a_kept_connection_is_lent_again_and_a_failed_or_stale_one_goes_back_to_the_pool() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let pool = pool(&dir).await;
        let kept = Kept::new(1, Duration::from_secs(30));
        let mut lent = kept.lend(&pool).await.expect("lent");
        sqlx::query("SELECT 1")
            .execute(lent.conn())
            .await
            .expect("ran");
        lent.keep();
        assert_eq!(out(&pool).await, 1, "kept, not back in the pool");
        let size = pool.size();
        let again = kept.lend(&pool).await.expect("lent");
        assert_eq!(pool.size(), size, "the kept one, no new connection");
        // Not kept (its statement failed, or its future was dropped): back to the pool.
        drop(again);
        assert_eq!(out(&pool).await, 0);

        // Only `cap` are kept: the second of two at once goes back to the pool.
        let (first, second) = (kept.lend(&pool).await, kept.lend(&pool).await);
        first.expect("lent").keep();
        second.expect("lent").keep();
        assert_eq!(out(&pool).await, 1);

        // A stale one is not lent: it goes back to the pool, and the pool lends one.
        let stale = Kept::new(1, Duration::ZERO);
        stale.lend(&pool).await.expect("lent").keep();
        let lent = stale.lend(&pool).await.expect("lent");
        assert_eq!(out(&pool).await, 2, "the other kept one and this lent one");
        drop(lent);
        drop(kept);
        assert_eq!(out(&pool).await, 0);
    }
}
