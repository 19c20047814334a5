//! The queries that list games (recovery, `/game list`, `/game history`): each filters and
//! orders in SQL on an index, so a busy server's other games never reach the bot.

use sqlx::AssertSqlSafe;

use super::{
    game_from_row, to_json, ChannelId, GameRecord, GuildId, SeatHolder, Status, Store, StoreResult,
    UserId, GAME_COLUMNS,
};

impl Store {
    pub async fn games_with_status(&self, status: Status) -> StoreResult<Vec<GameRecord>> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = $1 ORDER BY id"
        )))
        .bind(status.as_str())
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// Games that finished or were abandoned at `since` or later, in the order they were
    /// opened (the `games_by_finished` index).
    pub async fn games_ended_since(&self, since: i64) -> StoreResult<Vec<GameRecord>> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status IN ('finished', 'abandoned') \
             AND finished_at >= $1 ORDER BY id"
        )))
        .bind(since)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// Games of a guild with a status, newest first.
    pub async fn guild_games(
        &self,
        guild: GuildId,
        statuses: &[Status],
        limit: i64,
    ) -> StoreResult<Vec<GameRecord>> {
        self.newest(guild, "", None, statuses, limit).await
    }

    /// Games of one channel with a status, newest first (the `games_by_channel` index).
    pub async fn channel_games(
        &self,
        guild: GuildId,
        channel: ChannelId,
        statuses: &[Status],
        limit: i64,
    ) -> StoreResult<Vec<GameRecord>> {
        let filter = format!("AND channel_id = {}", channel as i64);
        self.newest(guild, &filter, None, statuses, limit).await
    }

    /// Games of a server with a status in which `user` holds a seat, newest first. The
    /// seat is matched in SQL on the stored seats (`{"user":ID}` exactly, the closing brace
    /// keeps 12 from matching 123), so a busy server's other games never reach Rust.
    pub async fn seated_games(
        &self,
        guild: GuildId,
        user: UserId,
        statuses: &[Status],
        limit: i64,
    ) -> StoreResult<Vec<GameRecord>> {
        let seat = format!("%{}%", to_json(&SeatHolder::User(user)));
        self.newest(guild, "AND seats LIKE $3", Some(seat), statuses, limit)
            .await
    }

    /// A server's games with a status and an extra `filter` (numbers only, or `$3` bound to
    /// `text`), newest first.
    async fn newest(
        &self,
        guild: GuildId,
        filter: &str,
        text: Option<String>,
        statuses: &[Status],
        limit: i64,
    ) -> StoreResult<Vec<GameRecord>> {
        let list = status_list(statuses);
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = $1 AND status IN ({list}) \
             {filter} ORDER BY id DESC LIMIT $2"
        );
        let mut query = sqlx::query(AssertSqlSafe(sql))
            .bind(guild as i64)
            .bind(limit);
        if let Some(text) = text {
            query = query.bind(text);
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter().map(game_from_row).collect()
    }
}

/// `'lobby', 'running'`: the statuses are fixed words of ours, never user input.
fn status_list(statuses: &[Status]) -> String {
    statuses
        .iter()
        .map(|s| format!("'{}'", s.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}
