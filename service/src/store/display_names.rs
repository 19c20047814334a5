//! The names players show under, as a front end last read them (public, like a seat).

use std::collections::HashMap;

use sqlx::{AssertSqlSafe, Row};

use super::{cache::Fact, Store, StoreResult, UserId};

impl Store {
    /// Keeps `name` as `user`'s display name, seen at `at` (ms).
    pub async fn remember_display_name(
        &self,
        user: UserId,
        name: &str,
        at: i64,
    ) -> StoreResult<()> {
        let written = sqlx::query(
            "INSERT INTO display_names (user_id, name, seen_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at",
        )
        .bind(user)
        .bind(name)
        .bind(at)
        .execute(&self.pool)
        .await;
        self.fact_written(Fact::Names, |f| match written {
            Ok(_) => {
                f.names.insert(user, Some(name.to_owned()));
            }
            Err(_) => {
                f.names.remove(&user);
            }
        });
        written?;
        Ok(())
    }

    /// The display names known of `users`, in one statement (a table is named at every
    /// publish), none once the sole writer knows them all.
    pub async fn display_names(&self, users: &[UserId]) -> StoreResult<HashMap<UserId, String>> {
        if users.is_empty() {
            return Ok(HashMap::new());
        }
        self.cached_fact(
            Fact::Names,
            |f| {
                let mut known = HashMap::new();
                for user in users {
                    if let Some(name) = f.names.get(user)?.clone() {
                        known.insert(*user, name);
                    }
                }
                Some(known)
            },
            self.read_display_names(users),
            |f, read| {
                for user in users {
                    f.names.insert(*user, read.get(user).cloned());
                }
            },
        )
        .await
    }

    async fn read_display_names(&self, users: &[UserId]) -> StoreResult<HashMap<UserId, String>> {
        let marks: Vec<String> = (1..=users.len()).map(|n| format!("${n}")).collect();
        let sql = format!(
            "SELECT user_id, name FROM display_names WHERE user_id IN ({})",
            marks.join(", ")
        );
        // Only numbered placeholders are written into the text; the ids are bound.
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for &user in users {
            query = query.bind(user);
        }
        let mut names = HashMap::new();
        for row in query.fetch_all(&self.pool).await? {
            names.insert(row.try_get::<UserId, _>(0)?, row.try_get::<String, _>(1)?);
        }
        Ok(names)
    }
}
