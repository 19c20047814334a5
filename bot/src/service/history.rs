//! The stored games as the front ends read them: a game by id or channel, its live state,
//! its replay from the moves, the games of a player or a channel, and where its messages
//! are posted.

use vliv_engine::{Audience, Event, GameState, Text};

use super::{
    find_kind, recovery, ChannelId, FreezeReason, GameId, GameRecord, GuildId, MessageId,
    MoveRecord, Service, ServiceError, ServiceResult, Status, UserId, RECENT_EVENTS,
};

impl Service {
    pub async fn game(&self, game: GameId) -> ServiceResult<GameRecord> {
        self.store.game(game).await?.ok_or(ServiceError::NoGame)
    }

    /// The lobby or running game of a channel.
    pub async fn active(&self, channel: ChannelId) -> ServiceResult<GameRecord> {
        self.store
            .active_game(channel)
            .await?
            .ok_or(ServiceError::NoGame)
    }

    /// The live state of a running or finished game.
    pub fn live(&self, rec: &GameRecord) -> ServiceResult<Box<dyn GameState>> {
        let kind = find_kind(&rec.kind)?;
        if rec.rules_version != kind.rules_version() {
            return Err(ServiceError::RulesChanged {
                stored: rec.rules_version,
                current: kind.rules_version(),
            });
        }
        let json = rec.snapshot.as_deref().ok_or(ServiceError::NotRunning)?;
        kind.load(json)
            .map_err(|e| ServiceError::Storage(crate::store::StoreError::Corrupt(e.to_string())))
    }

    /// The game rebuilt from its seed and its first `upto` moves (all when `None`), with
    /// the events of every move.
    pub async fn replay(
        &self,
        rec: &GameRecord,
        upto: Option<usize>,
    ) -> ServiceResult<(Box<dyn GameState>, Vec<(MoveRecord, Vec<Event>)>)> {
        let moves = self.store.moves(rec.id).await?;
        let upto = upto.unwrap_or(moves.len()).min(moves.len());
        let data = self.game_data.text(&rec.kind);
        recovery::replay(rec, &moves[..upto], data).map_err(|r| match r {
            FreezeReason::RulesChanged { stored, current } => {
                ServiceError::RulesChanged { stored, current }
            }
            other => ServiceError::Storage(crate::store::StoreError::Corrupt(format!("{other:?}"))),
        })
    }

    /// The latest public events rebuilt by replaying the game: what [`GameRecord::recent`]
    /// keeps, for games stored before it was kept.
    pub async fn replayed_recent(&self, rec: &GameRecord) -> ServiceResult<Vec<Text>> {
        let (_, log) = self.replay(rec, None).await?;
        let public: Vec<Text> = log
            .into_iter()
            .flat_map(|(_, events)| events)
            .filter(|e| e.audience == Audience::Public)
            .map(|e| e.text)
            .collect();
        Ok(public[public.len().saturating_sub(RECENT_EVENTS)..].to_vec())
    }

    /// Running games of a server in which `user` holds a seat.
    pub async fn my_games(&self, guild: GuildId, user: UserId) -> ServiceResult<Vec<GameRecord>> {
        let active = [Status::Lobby, Status::Running];
        Ok(self.store.seated_games(guild, user, &active, 200).await?)
    }

    /// Finished games of a channel, newest first.
    pub async fn history(
        &self,
        guild: GuildId,
        channel: ChannelId,
        limit: usize,
    ) -> ServiceResult<Vec<GameRecord>> {
        let ended = [Status::Finished, Status::Abandoned];
        Ok(self
            .store
            .channel_games(guild, channel, &ended, limit as i64)
            .await?)
    }

    /// Remembers where the table (or the live ping) of a game is posted.
    pub async fn set_messages(
        &self,
        game: GameId,
        table: Option<MessageId>,
        ping: Option<MessageId>,
    ) -> ServiceResult<GameRecord> {
        let _guard = self.lock(game).await;
        let mut rec = self.game(game).await?;
        let before = rec.version;
        rec.table_message = table.or(rec.table_message);
        rec.ping_message = ping;
        rec.version += 1;
        self.store.update_game(&rec, before, None).await?;
        Ok(rec)
    }
}
