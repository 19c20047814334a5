//! A channel's ended games page by page, and how long each one was.

use std::collections::HashMap;

use sqlx::{AssertSqlSafe, Row};

use super::{
    game_from_row, ChannelId, GameId, GameRecord, GuildId, Store, StoreResult, GAME_COLUMNS,
};

/// How long a game was: its stored moves and when the first and last were made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameLength {
    pub moves: u32,
    pub first_ms: Option<i64>,
    pub last_ms: Option<i64>,
}

impl Store {
    /// One page of a channel's finished and abandoned games, newest first (the
    /// `games_by_channel` index: the page is read from the index, not the server's games).
    pub async fn ended_games_page(
        &self,
        guild: GuildId,
        channel: ChannelId,
        limit: i64,
        offset: i64,
    ) -> StoreResult<Vec<GameRecord>> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 AND guild_id = $2 \
             AND status IN ('finished', 'abandoned') ORDER BY id DESC LIMIT $3 OFFSET $4"
        )))
        .bind(channel)
        .bind(guild)
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// The length of each of `games` (games without moves are left out).
    pub async fn game_lengths(&self, games: &[GameId]) -> StoreResult<HashMap<GameId, GameLength>> {
        if games.is_empty() {
            return Ok(HashMap::new());
        }
        // Ids are numbers of ours, never user text; the moves' primary key serves each.
        let list: Vec<String> = games.iter().map(|g| g.to_string()).collect();
        let sql = format!(
            "SELECT game_id, COUNT(*) AS n, MIN(committed_at) AS first, MAX(committed_at) AS last \
             FROM moves WHERE game_id IN ({}) GROUP BY game_id",
            list.join(", ")
        );
        let rows = sqlx::query(AssertSqlSafe(sql))
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get::<i64, _>("game_id")?,
                    GameLength {
                        moves: r.try_get::<i64, _>("n")? as u32,
                        first_ms: r.try_get("first")?,
                        last_ms: r.try_get("last")?,
                    },
                ))
            })
            .collect()
    }
}
