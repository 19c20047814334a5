//! The stored games as the front ends read them: a game by id or channel, its live state,
//! its replay from the moves, the games of a player or a channel, and where its messages
//! are posted; a channel's history page by page.

use vliv_engine::{Event, GameState, Text};

use crate::store::{GameLength, SeatChange};

use super::error::read_only;
use super::{
    find_kind, recovery, ChannelId, FreezeReason, GameId, GameRecord, GuildId, MessageId,
    MoveRecord, Service, ServiceError, ServiceResult, Status, UserId,
};

/// Games on one page of `/game history`.
pub const HISTORY_PAGE: usize = 15;

/// One page of a channel's history.
#[derive(Clone, Debug)]
pub struct HistoryPage {
    pub page: u32,
    pub entries: Vec<HistoryEntry>,
    /// Older games follow on the next page.
    pub more: bool,
}

/// An ended game as the history lists it.
#[derive(Clone, Debug)]
pub struct HistoryEntry {
    pub game: GameRecord,
    pub length: GameLength,
    pub seat_changes: Vec<SeatChange>,
}

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
        if rec.rules_version > kind.rules_version() {
            return Err(ServiceError::NewerRelease {
                stored: rec.rules_version,
                current: kind.rules_version(),
            });
        }
        if !kind.replays_from(rec.rules_version) {
            return Err(ServiceError::RulesChanged {
                stored: rec.rules_version,
                current: kind.rules_version(),
            });
        }
        let json = rec.snapshot.as_deref().ok_or(ServiceError::NotRunning)?;
        if let Some(state) = self.parsed.get(rec.id, json) {
            return Ok(state);
        }
        let state = kind
            .load(json)
            .map_err(|e| ServiceError::Storage(crate::store::StoreError::Corrupt(e.to_string())))?;
        self.parsed.put(rec.id, json, state.clone_box());
        Ok(state)
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

    /// The latest public events (with why they scored) rebuilt by replaying the game: what
    /// [`GameRecord::recent`] keeps, for games stored before it was kept.
    pub async fn replayed_recent(&self, rec: &GameRecord) -> ServiceResult<Vec<Text>> {
        let (_, log) = self.replay(rec, None).await?;
        let mut kept = Vec::new();
        for (_, events) in log {
            super::recent::record(&mut kept, &events);
        }
        Ok(kept)
    }

    /// Running games of a server in which `user` holds a seat.
    pub async fn my_games(&self, guild: GuildId, user: UserId) -> ServiceResult<Vec<GameRecord>> {
        read_only(
            async {
                let active = [Status::Lobby, Status::Running];
                Ok(self.store.seated_games(guild, user, &active, 200).await?)
            }
            .await,
        )
    }

    /// Finished games of a channel, newest first.
    pub async fn history(
        &self,
        guild: GuildId,
        channel: ChannelId,
        limit: usize,
    ) -> ServiceResult<Vec<GameRecord>> {
        read_only(
            async {
                let ended = [Status::Finished, Status::Abandoned];
                Ok(self
                    .store
                    .channel_games(guild, channel, &ended, limit as i64)
                    .await?)
            }
            .await,
        )
    }

    /// One page (from 0) of a channel's ended games, newest first, each with its length and
    /// the seats handed over during it.
    pub async fn history_page(
        &self,
        guild: GuildId,
        channel: ChannelId,
        page: u32,
    ) -> ServiceResult<HistoryPage> {
        read_only(
            async {
                let size = HISTORY_PAGE as i64;
                let mut games = self
                    .store
                    .ended_games_page(guild, channel, size + 1, page as i64 * size)
                    .await?;
                let more = games.len() > HISTORY_PAGE;
                games.truncate(HISTORY_PAGE);
                let ids: Vec<GameId> = games.iter().map(|g| g.id).collect();
                let mut lengths = self.store.game_lengths(&ids).await?;
                let changes = self.store.seat_changes(&ids).await?;
                let entries = games
                    .into_iter()
                    .map(|game| HistoryEntry {
                        length: lengths.remove(&game.id).unwrap_or_default(),
                        seat_changes: changes
                            .iter()
                            .filter(|c| c.game == game.id)
                            .copied()
                            .collect(),
                        game,
                    })
                    .collect();
                Ok(HistoryPage {
                    page,
                    entries,
                    more,
                })
            }
            .await,
        )
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
        self.store.set_message_ids(&rec, before).await?;
        Ok(rec)
    }
}
