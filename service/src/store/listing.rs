//! The queries that list games (recovery, `/game list`, `/game history`): each filters and
//! orders in SQL on an index, so a busy server's other games never reach the bot.

use sqlx::AssertSqlSafe;

use super::{
    game_from_row, identities::Platform, places::owned_games_of, to_json, ChannelId, GameRecord,
    GuildId, SeatHolder, Status, Store, StoreResult, UserId, GAME_COLUMNS,
};

impl Store {
    /// The running games this process serves: those of `platforms` and, in a fleet, of its
    /// own places (a game with no slot is everyone's; see `places.rs`). What a restart
    /// checks; the others are their own processes' to check.
    pub async fn running_games_for(&self, platforms: &[Platform]) -> StoreResult<Vec<GameRecord>> {
        self.games_served("status = 'running'", None, platforms)
            .await
    }

    /// Games of `platforms` (and of this process's places) that finished or were abandoned
    /// at `since` or later, in the order they were opened.
    pub async fn games_ended_since_for(
        &self,
        since: i64,
        platforms: &[Platform],
    ) -> StoreResult<Vec<GameRecord>> {
        self.games_served(
            "status IN ('finished', 'abandoned') AND finished_at >= $1",
            Some(since),
            platforms,
        )
        .await
    }

    async fn games_served(
        &self,
        filter: &str,
        since: Option<i64>,
        platforms: &[Platform],
    ) -> StoreResult<Vec<GameRecord>> {
        let platform = Platform::channels_sql(platforms);
        let first = if since.is_some() { 2 } else { 1 };
        let places = match self.places.served {
            Some(_) => format!("AND {}", owned_games_of("id", first)),
            None => String::new(),
        };
        let query = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE {filter} AND {platform} {places} ORDER BY id"
        );
        let mut query = sqlx::query(AssertSqlSafe(query));
        if let Some(since) = since {
            query = query.bind(since);
        }
        if let Some(slots) = self.places.served {
            query = slots.bind(query);
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter().map(game_from_row).collect()
    }

    /// A game as stored now, past this process's cache (recovery's second look at a game
    /// another process may have moved).
    pub async fn stored_game(&self, id: super::GameId) -> StoreResult<Option<GameRecord>> {
        self.faults.check_read(id)?;
        self.game_row(id).await
    }

    /// A game's row as stored, without fault injection.
    pub(super) async fn game_row(&self, id: super::GameId) -> StoreResult<Option<GameRecord>> {
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(game_from_row).transpose()
    }

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
        let filter = format!("AND channel_id = {}", channel.0 as i64);
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
        let mut query = sqlx::query(AssertSqlSafe(sql)).bind(guild).bind(limit);
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
