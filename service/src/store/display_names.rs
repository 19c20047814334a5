//! The names players show under, as a front end last read them (public, like a seat).

use std::collections::HashMap;

use sqlx::Row;

use super::{Store, StoreResult};

impl Store {
    /// Keeps `name` as `user`'s display name, seen at `at` (ms).
    pub async fn remember_display_name(&self, user: u64, name: &str, at: i64) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO display_names (user_id, name, seen_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at",
        )
        .bind(user as i64)
        .bind(name)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The display names known of `users` (a page of a board: one lookup each).
    pub async fn display_names(&self, users: &[u64]) -> StoreResult<HashMap<u64, String>> {
        let mut names = HashMap::new();
        for &user in users {
            let row = sqlx::query("SELECT name FROM display_names WHERE user_id = $1")
                .bind(user as i64)
                .fetch_optional(&self.pool)
                .await?;
            if let Some(row) = row {
                names.insert(user, row.try_get::<String, _>(0)?);
            }
        }
        Ok(names)
    }
}
