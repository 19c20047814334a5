//! What a front end that reads an event stream (Matrix's `/sync`) needs to survive a
//! restart: where the stream stands, the commands read from it (each applied and answered
//! once, however often it is read), and each user's direct-message room with the bot.

use sqlx::{AssertSqlSafe, Row};

use super::{
    game_from_row, to_json, ChannelId, GameRecord, Platform, SeatHolder, Store, StoreResult,
    UserId, GAME_COLUMNS,
};

/// A command read from the stream, as far as it got before the bot stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboxEntry {
    /// The move the command resolved to (a custom id), stored before it was applied: read
    /// again, the command replays this move and not whatever the menu offers by then.
    pub click: Option<String>,
    /// Its replies were sent.
    pub answered: bool,
}

impl Store {
    pub async fn stream_position(&self, account: &str) -> StoreResult<Option<String>> {
        let row = sqlx::query("SELECT position FROM stream_positions WHERE account = $1")
            .bind(account)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    pub async fn set_stream_position(&self, account: &str, position: &str) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO stream_positions (account, position) VALUES ($1, $2) \
             ON CONFLICT (account) DO UPDATE SET position = excluded.position",
        )
        .bind(account)
        .bind(position)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A command's progress, or `None` the first time it is read.
    pub async fn inbox_entry(
        &self,
        platform: Platform,
        event: &str,
    ) -> StoreResult<Option<InboxEntry>> {
        let row =
            sqlx::query("SELECT click, answered FROM inbox WHERE platform = $1 AND event_id = $2")
                .bind(platform.as_str())
                .bind(event)
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| {
            Ok(InboxEntry {
                click: r.try_get(0)?,
                answered: r.try_get::<i64, _>(1)? != 0,
            })
        })
        .transpose()
    }

    /// Records that a command was read, with the move it resolved to if any. The first
    /// record wins: a command read again keeps the move it resolved to the first time.
    pub async fn receive(
        &self,
        platform: Platform,
        event: &str,
        click: Option<&str>,
        now_ms: i64,
    ) -> StoreResult<InboxEntry> {
        sqlx::query(
            "INSERT INTO inbox (platform, event_id, click, answered, received_at) \
             VALUES ($1, $2, $3, 0, $4) ON CONFLICT (platform, event_id) DO NOTHING",
        )
        .bind(platform.as_str())
        .bind(event)
        .bind(click)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(self
            .inbox_entry(platform, event)
            .await?
            .unwrap_or(InboxEntry {
                click: click.map(str::to_owned),
                answered: false,
            }))
    }

    pub async fn mark_answered(&self, platform: Platform, event: &str) -> StoreResult<()> {
        sqlx::query("UPDATE inbox SET answered = 1 WHERE platform = $1 AND event_id = $2")
            .bind(platform.as_str())
            .bind(event)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn direct_room(&self, user: UserId) -> StoreResult<Option<ChannelId>> {
        let row = sqlx::query("SELECT channel_id FROM direct_rooms WHERE user_id = $1")
            .bind(user)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get::<ChannelId, _>(0)).transpose()?)
    }

    /// Remembers (or replaces, when the user left the old one) a user's DM room.
    pub async fn set_direct_room(&self, user: UserId, channel: ChannelId) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO direct_rooms (user_id, channel_id) VALUES ($1, $2) \
             ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
        )
        .bind(user)
        .bind(channel)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Running games of every server and room in which `user` holds a seat, newest first:
    /// a number typed in a DM room answers the one that waits for it.
    pub async fn running_games_of(&self, user: UserId) -> StoreResult<Vec<GameRecord>> {
        let seat = format!("%{}%", to_json(&SeatHolder::User(user)));
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'running' AND seats LIKE $1 \
             ORDER BY id DESC LIMIT 50"
        )))
        .bind(seat)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_from_row).collect()
    }
}
