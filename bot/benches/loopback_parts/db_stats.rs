//! What the bot's Postgres database did over a round: its commits (`pg_stat_database`) and
//! every statement the server ran for it (`pg_stat_statements`, when the server preloads it),
//! each statement being one round trip from the bot.

use std::collections::HashMap;

use sqlx::Row;

/// The database's counters at one moment (Postgres only).
pub struct DbStats {
    pub commits: i64,
    /// Calls per statement text; `None` without `pg_stat_statements`.
    pub statements: Option<HashMap<String, i64>>,
}

/// The counters of the database at `url` now (`None` on SQLite).
pub async fn db_stats(url: &str) -> Option<DbStats> {
    if !url.starts_with("postgres") {
        return None;
    }
    let pool = sqlx::AnyPool::connect(url).await.ok()?;
    let row: (i64,) = sqlx::query_as(
        "SELECT xact_commit::BIGINT FROM pg_stat_database WHERE datname = current_database()",
    )
    .fetch_one(&pool)
    .await
    .ok()?;
    // Needs `shared_preload_libraries = pg_stat_statements` on the server (and a superuser).
    let statements = match sqlx::query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        .execute(&pool)
        .await
    {
        Ok(_) => sqlx::query(
            "SELECT query, SUM(calls)::BIGINT FROM pg_stat_statements \
             WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) \
             AND query NOT LIKE '%pg_stat%' AND query NOT LIKE '%pg_database%' GROUP BY query",
        )
        .fetch_all(&pool)
        .await
        .ok()
        .map(|rows| {
            rows.iter()
                .filter_map(|r| Some((r.try_get::<String, _>(0).ok()?, r.try_get(1).ok()?)))
                .collect()
        }),
        Err(_) => None,
    };
    pool.close().await;
    Some(DbStats {
        commits: row.0,
        statements,
    })
}

/// What a round added: commits, and statements by text (most called first).
pub struct DbDelta {
    pub commits: i64,
    pub statements: Option<Vec<(String, i64)>>,
}

impl DbDelta {
    pub fn between(before: &DbStats, after: &DbStats) -> DbDelta {
        let statements = match (&before.statements, &after.statements) {
            (Some(b), Some(a)) => {
                let mut d: Vec<(String, i64)> = a
                    .iter()
                    .map(|(q, n)| (q.clone(), n - b.get(q).copied().unwrap_or(0)))
                    .filter(|(_, n)| *n > 0)
                    .collect();
                d.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
                Some(d)
            }
            _ => None,
        };
        DbDelta {
            commits: after.commits - before.commits,
            statements,
        }
    }

    /// Prints the commits and statements per move, and the most frequent statements.
    pub fn print(&self, moves: usize) {
        let per_move = |n: i64| n as f64 / moves.max(1) as f64;
        println!(
            "  database transactions per move (Postgres xact_commit): {:.2}",
            per_move(self.commits)
        );
        let Some(statements) = &self.statements else {
            println!(
                "  database statements per move: not counted (the server lacks \
                 shared_preload_libraries = pg_stat_statements)"
            );
            return;
        };
        let total: i64 = statements.iter().map(|(_, n)| n).sum();
        println!(
            "  database statements per move (pg_stat_statements, every statement the bot \
             ran during play, its sweeps included; each one round trip, plus one for each \
             connection sqlx tests going back to its pool, which the hot path's kept \
             connections skip): {:.2}",
            per_move(total)
        );
        for (query, n) in statements.iter().take(12) {
            let query: String = query.split_whitespace().collect::<Vec<_>>().join(" ");
            let short: String = query.chars().take(100).collect();
            println!("    {:.3}/move  {short}", per_move(*n));
        }
    }
}
