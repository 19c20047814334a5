//! What games may cost a server: how many lobbies may be open per host and per server, and
//! how long one may sit idle before it closes (an open lobby keeps its channel busy); how
//! many games may run per host and per server (each keeps the AI's workers busy); how
//! many may watch one game (each spectator's table is a message edited on every move).

use vliv_engine::{resolve_options, OptionValues};

use super::{
    find_kind, setup_error, ChannelId, Deadline, DeadlineKind, Ending, GameId, GameRecord, GuildId,
    Platform, Service, ServiceError, ServiceResult, Status, UserId,
};

/// The caps on open lobbies and their idle time (the config's `[lobbies]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LobbyLimits {
    pub per_user: u32,
    pub per_server: u32,
    pub idle_minutes: u32,
}

impl Default for LobbyLimits {
    fn default() -> Self {
        LobbyLimits {
            per_user: 3,
            per_server: 25,
            idle_minutes: 120,
        }
    }
}

/// The caps on running games and on each game's spectators (the config's `[games]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameLimits {
    pub running_per_host: u32,
    pub running_per_server: u32,
    pub spectators_per_game: u32,
}

impl Default for GameLimits {
    fn default() -> Self {
        GameLimits {
            running_per_host: 10,
            running_per_server: 100,
            spectators_per_game: 20,
        }
    }
}

/// What is asked to be opened, checked before anything exists (in thread mode, before
/// the thread is created).
#[derive(Clone, Copy, Debug)]
pub struct LobbyRequest<'a> {
    pub guild: GuildId,
    /// The channel the lobby's restrictions apply to (a thread's parent).
    pub channel: ChannelId,
    pub kind: &'a str,
    pub options: &'a OptionValues,
    pub host: UserId,
}

impl Service {
    /// The service with other lobby caps than the defaults.
    pub fn with_lobby_limits(mut self, limits: LobbyLimits) -> Service {
        self.lobby_limits = limits;
        self
    }

    /// The service with other caps on running games and spectators than the defaults.
    pub fn with_game_limits(mut self, limits: GameLimits) -> Service {
        self.game_limits = limits;
        self
    }

    /// Whether `rec`, a lobby, may start: its host and its server run fewer games than the
    /// caps. Checked under the lobby's lock only, so two starts at once may pass one over.
    pub(super) async fn check_running(&self, rec: &GameRecord) -> ServiceResult<()> {
        let limits = self.game_limits;
        let per_host = self.store.running_games(rec.guild, Some(rec.host)).await?;
        if per_host >= limits.running_per_host as u64 {
            return Err(ServiceError::TooManyRunning {
                per_host: true,
                max: limits.running_per_host,
            });
        }
        if self.store.running_games(rec.guild, None).await? >= limits.running_per_server as u64 {
            return Err(ServiceError::TooManyRunning {
                per_host: false,
                max: limits.running_per_server,
            });
        }
        Ok(())
    }

    /// Every check of opening a lobby that needs no new channel: the game exists and is
    /// enabled, the channel is allowed, the options are valid, and the caps leave room.
    pub async fn check_lobby(&self, req: &LobbyRequest<'_>) -> ServiceResult<()> {
        let kind = find_kind(req.kind)?;
        let cfg = self.store.guild_config(req.guild).await?;
        if !cfg.allows_game(kind.id()) {
            return Err(ServiceError::GameDisabled(kind.id().into()));
        }
        if !cfg.allows_channel(req.channel) {
            return Err(ServiceError::ChannelNotAllowed);
        }
        super::pace::check_days_per_move(req.options)?;
        super::teaching::check_hints_option(req.options)?;
        resolve_options(&kind.option_schema(), &super::game_options(req.options))
            .map_err(setup_error)?;
        let limits = self.lobby_limits;
        if self.store.open_lobbies(req.guild, Some(req.host)).await? >= limits.per_user as u64 {
            return Err(ServiceError::TooManyLobbies {
                per_user: true,
                max: limits.per_user,
            });
        }
        if self.store.open_lobbies(req.guild, None).await? >= limits.per_server as u64 {
            return Err(ServiceError::TooManyLobbies {
                per_user: false,
                max: limits.per_server,
            });
        }
        Ok(())
    }

    /// When a lobby opened or changed now closes if nobody starts it.
    pub(super) fn lobby_expires_at(&self) -> i64 {
        self.now_ms() + self.lobby_limits.idle_minutes as i64 * 60_000
    }

    /// The expiry a lobby gets each time a seat changes.
    pub(super) fn lobby_expiry(&self, game: GameId) -> Deadline {
        Deadline {
            game,
            kind: DeadlineKind::LobbyExpiry,
            due_ms: self.lobby_expires_at(),
        }
    }

    /// Closes every lobby whose idle time ran out; the front end edits their tables. A
    /// lobby that failed to close is logged with its id and tried again at the next sweep,
    /// without holding up the others.
    pub async fn expire_lobbies(&self) -> ServiceResult<Vec<GameRecord>> {
        self.expire_lobbies_for(&Platform::ALL).await
    }

    /// The same for the lobbies of `platforms` only.
    pub async fn expire_lobbies_for(
        &self,
        platforms: &[Platform],
    ) -> ServiceResult<Vec<GameRecord>> {
        let now = self.now_ms();
        let due = self.store.claim_due_lobby_expiries(now, platforms).await?;
        let mut closed = Vec::new();
        for game in due {
            match self.expire_lobby(game).await {
                Ok(Some(rec)) => closed.push(rec),
                Ok(None) => {}
                Err(e) => tracing::warn!(game, error = %e, "lobby not expired"),
            }
        }
        Ok(closed)
    }

    async fn expire_lobby(&self, game: GameId) -> ServiceResult<Option<GameRecord>> {
        let _guard = self.lock(game).await;
        let rec = self.game(game).await?;
        if rec.status != Status::Lobby {
            // Started meanwhile: its deadlines are the game's now.
            return Ok(None);
        }
        if self.store.claimed_kinds(game).await?.is_empty() {
            // Joined in another process since the claim: the expiry moved.
            return Ok(None);
        }
        let minutes = self.lobby_limits.idle_minutes;
        tracing::info!(game, guild = %rec.guild, "idle lobby expired");
        let rec = self
            .finish(
                rec,
                Status::Abandoned,
                Ending::LobbyExpired { minutes },
                None,
            )
            .await?;
        Ok(Some(rec))
    }
}
