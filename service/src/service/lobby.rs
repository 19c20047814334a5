//! Lobbies: opening one, joining, seating the random player, starting the game, and
//! leaving (a free seat in the lobby, a forfeit to the random player once it runs).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use vliv_engine::{GameKind, Level};

use crate::store::{LobbyCaps, StoreError};

use super::{
    commit::Change, ensure_host, find_kind, game_options, rng_json, setup_error, Caller, Ending,
    GameId, GameRecord, LobbyRequest, OpenLobby, Report, SeatHolder, Service, ServiceError,
    ServiceResult, Status, UserId,
};

impl Service {
    /// Opens a lobby with the host seated (checked as [`Service::check_lobby`] does); it
    /// closes by itself when nobody starts it within the idle time.
    pub async fn open(&self, req: OpenLobby) -> ServiceResult<GameRecord> {
        let kind = find_kind(&req.kind)?;
        self.check_lobby(&LobbyRequest {
            guild: req.guild,
            channel: req.parent.unwrap_or(req.channel),
            kind: kind.id(),
            options: &req.options,
            host: req.host,
        })
        .await?;
        if req.seats.len() > kind.seat_range().1 {
            return Err(ServiceError::LobbyFull);
        }
        if self.store.active_game(req.channel).await?.is_some() {
            return Err(ServiceError::ChannelBusy);
        }
        // The caps were checked above for a quick answer (before a thread is made); the
        // INSERT checks them again atomically, as two `/game new` may race.
        let limits = self.lobby_limits;
        let caps = LobbyCaps {
            per_user: limits.per_user,
            per_server: limits.per_server,
        };
        let rec = self
            .store
            .insert_lobby(
                &crate::store::NewGame {
                    guild: req.guild,
                    channel: req.channel,
                    kind: kind.id().into(),
                    rules_version: kind.rules_version(),
                    host: req.host,
                    seats: req.seats,
                    options: req.options,
                    seed: req.seed.unwrap_or_else(rand::random),
                    lang: req.lang,
                    created_at: self.now_ms(),
                    expires_at: Some(self.lobby_expires_at()),
                },
                caps,
            )
            .await
            .map_err(|e| match e {
                StoreError::LobbyCap { per_user } => ServiceError::TooManyLobbies {
                    per_user,
                    max: match per_user {
                        true => limits.per_user,
                        false => limits.per_server,
                    },
                },
                other => other.into(),
            })?;
        tracing::info!(game = rec.id, guild = %rec.guild, kind = %rec.kind, "lobby opened");
        Ok(rec)
    }

    pub async fn join(&self, game: GameId, user: UserId) -> ServiceResult<GameRecord> {
        self.edit_lobby(game, |rec, kind| {
            if rec.seat_of(user).is_some() {
                return Err(ServiceError::AlreadySeated);
            }
            if rec.seats.len() >= kind.seat_range().1 {
                return Err(ServiceError::LobbyFull);
            }
            rec.seats.push(SeatHolder::User(user));
            Ok(())
        })
        .await
    }

    /// Seats an AI at `level` (host or admin).
    pub async fn add_ai(
        &self,
        game: GameId,
        caller: Caller,
        level: Level,
    ) -> ServiceResult<GameRecord> {
        self.edit_lobby(game, |rec, kind| {
            ensure_host(rec, caller)?;
            if rec.seats.len() >= kind.seat_range().1 {
                return Err(ServiceError::LobbyFull);
            }
            rec.seats.push(SeatHolder::Ai {
                forfeited_by: None,
                level,
            });
            Ok(())
        })
        .await
    }

    async fn edit_lobby(
        &self,
        game: GameId,
        edit: impl FnOnce(&mut GameRecord, &dyn GameKind) -> ServiceResult<()>,
    ) -> ServiceResult<GameRecord> {
        let _guard = self.lock(game).await;
        let mut rec = self.game(game).await?;
        if rec.status != Status::Lobby {
            return Err(ServiceError::NotInLobby);
        }
        let kind = find_kind(&rec.kind)?;
        let before = rec.version;
        edit(&mut rec, kind)?;
        rec.version += 1;
        // A seat taken is activity: the idle time starts again.
        let expiry = [self.lobby_expiry(rec.id)];
        self.store.update_game(&rec, before, Some(&expiry)).await?;
        Ok(rec)
    }

    /// Starts the game (host or admin): the engine deals, AI seats move at once.
    pub async fn start(&self, game: GameId, caller: Caller) -> ServiceResult<Report> {
        let _guard = self.lock(game).await;
        let mut rec = self.game(game).await?;
        if rec.status != Status::Lobby {
            return Err(ServiceError::NotInLobby);
        }
        ensure_host(&rec, caller)?;
        let kind = find_kind(&rec.kind)?;
        let (min, _) = kind.seat_range();
        if rec.seats.len() < min {
            return Err(ServiceError::TooFewPlayers {
                min,
                got: rec.seats.len(),
            });
        }
        self.check_running(&rec).await?;
        let options = game_options(&rec.options);
        let state = match self.game_data.text(kind.id()) {
            Some(data) => kind.new_game_with_data(&options, rec.seats.len(), rec.seed, data),
            None => kind.new_game(&options, rec.seats.len(), rec.seed),
        }
        .map_err(setup_error)?;
        let cfg = self.game_config(&rec).await?;
        // Each player's quiet hours are read on their turns: all at once now.
        let users: Vec<UserId> = rec
            .seats
            .iter()
            .filter_map(|h| match h {
                SeatHolder::User(u) => Some(*u),
                SeatHolder::Ai { .. } => None,
            })
            .collect();
        self.store.warm_time_settings(&users).await?;
        let before = rec.version;
        rec.status = Status::Running;
        rec.rules_version = kind.rules_version();
        rec.snapshot = Some(state.to_json().into());
        // One counter per seat, then the system's.
        rec.counters = vec![0; rec.seats.len() + 1];
        rec.ai_rng = Some(rng_json(&ChaCha8Rng::seed_from_u64(rec.seed ^ 0xA1)));
        rec.recent = Some(Vec::new().into());
        rec.version += 1;
        let deadlines = self
            .deadlines_for(&rec, Change::Start, state.as_ref(), &cfg)
            .await?;
        self.store
            .update_game(&rec, before, Some(&deadlines))
            .await?;
        self.note_clocks(&deadlines);
        tracing::info!(
            game = rec.id,
            guild = %rec.guild,
            seats = rec.seats.len(),
            "game started"
        );
        let mut report = Report::of(rec);
        self.run_automatic(&mut report, state, &cfg).await;
        Ok(report)
    }

    /// Leaves a game. In the lobby the seat is freed (the host passes on; an empty lobby
    /// closes). A running game is forfeited, only when `confirmed`: the random player
    /// takes the seat, unless no person would be left: then the game ends, abandoned.
    pub async fn leave(
        &self,
        game: GameId,
        user: UserId,
        confirmed: bool,
    ) -> ServiceResult<Report> {
        let _guard = self.lock(game).await;
        let mut rec = self.game(game).await?;
        let seat = rec.seat_of(user).ok_or(ServiceError::NotAPlayer)?;
        let before = rec.version;
        match rec.status {
            Status::Lobby => {
                rec.seats.remove(seat as usize);
                let next_user = rec.users().next();
                if let Some(next) = next_user {
                    if rec.host == user {
                        rec.host = next;
                    }
                } else {
                    rec.status = Status::Abandoned;
                    rec.ending = Some(Ending::Abandoned { by: Some(user) });
                    rec.finished_at = Some(self.now_ms());
                }
                rec.version += 1;
                let expiry = [self.lobby_expiry(rec.id)];
                let deadlines: &[_] = match rec.status {
                    Status::Lobby => &expiry,
                    _ => &[],
                };
                self.store
                    .update_game(&rec, before, Some(deadlines))
                    .await?;
                Ok(Report::of(rec))
            }
            Status::Running => {
                if !confirmed {
                    return Err(ServiceError::ConfirmForfeit);
                }
                let state = self.live(&rec)?;
                let cfg = self.game_config(&rec).await?;
                rec.seats[seat as usize] = SeatHolder::Ai {
                    forfeited_by: Some(user),
                    level: cfg.takeover_level,
                };
                if rec.users().next().is_none() {
                    // The last person left: no AI plays on for nobody (issue 50). The
                    // game ends abandoned, so unrated, with no deadline left to fire.
                    tracing::info!(game = rec.id, guild = %rec.guild, seat, "last player left");
                    let ending = Ending::Abandoned { by: Some(user) };
                    let ended = self.finish(rec, Status::Abandoned, ending, None).await?;
                    return Ok(Report::of(ended));
                }
                if rec.host == user {
                    let next_user = rec.users().next();
                    rec.host = next_user.unwrap_or(user);
                }
                rec.draw_offers.retain(|&s| s != seat);
                rec.version += 1;
                let deadlines = self
                    .deadlines_for(&rec, Change::Seats(state.as_ref()), state.as_ref(), &cfg)
                    .await?;
                self.store
                    .update_game(&rec, before, Some(&deadlines))
                    .await?;
                self.note_clocks(&deadlines);
                tracing::info!(game = rec.id, guild = %rec.guild, seat, "seat forfeited");
                let mut report = Report::of(rec);
                self.run_automatic(&mut report, state, &cfg).await;
                Ok(report)
            }
            Status::Frozen => Err(ServiceError::Frozen),
            _ => Err(ServiceError::GameOver),
        }
    }
}
