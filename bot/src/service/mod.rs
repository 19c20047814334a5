//! The session service: lobbies, seats, turns, AI seats, deadlines, and the only place
//! that applies moves. No Discord types: the Discord layer and the console both call it.
//!
//! Every accepted choice is committed (move appended, snapshot and version updated in one
//! transaction, checked against the version read) before it is reported as accepted. The
//! service keeps nothing in memory that the database does not have, so a service rebuilt
//! over the same database continues where the last one stopped.

mod clock;
mod custom_id;
mod error;
mod recovery;
mod timers;

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use vliv_engine::{
    random_player, registry, resolve_options, Actor, Audience, ChoiceId, Event, GameKind,
    GameState, Lang, Menu, OptionValues, Outcome, Seat, SetupError, Text,
};

pub use crate::game_data::GameData;
pub use crate::store::{
    ChannelId, Deadline, DeadlineKind, Ending, GameId, GameRecord, GuildConfig, GuildId, MessageId,
    MoveRecord, SeatHolder, Status, Store, TimeoutAction, UserId, UserSettings,
};
pub use clock::{Clock, ManualClock, SystemClock};
pub use custom_id::{Click, ComponentAction, MAX_CUSTOM_ID};
pub use error::{ServiceError, ServiceResult};
pub use recovery::{FreezeReason, Recovery};
pub use timers::Fired;

/// Who asks: a user, and whether the front end vouches that they administer the server
/// (Discord's Manage Server permission).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caller {
    pub user: UserId,
    pub is_admin: bool,
}

impl Caller {
    pub fn user(user: UserId) -> Caller {
        Caller {
            user,
            is_admin: false,
        }
    }
    pub fn admin(user: UserId) -> Caller {
        Caller {
            user,
            is_admin: true,
        }
    }
}

/// A request to open a lobby.
#[derive(Clone, Debug)]
pub struct OpenLobby {
    pub guild: GuildId,
    pub channel: ChannelId,
    /// The channel a thread was opened from: the server's channel list applies to it.
    pub parent: Option<ChannelId>,
    pub kind: String,
    pub host: UserId,
    /// The seats at opening: normally just the host; the console seats everyone at once.
    pub seats: Vec<SeatHolder>,
    pub options: OptionValues,
    /// The game's seed; `None` draws one.
    pub seed: Option<u64>,
    pub lang: Lang,
}

/// One choice the service applied, with what happened (all audiences: the front end
/// shows each event only to whom [`vliv_engine::Audience`] allows).
#[derive(Clone, Debug)]
pub struct Applied {
    pub actor: Actor,
    pub choice: ChoiceId,
    pub events: Vec<Event>,
}

/// The result of a request that may have moved the game: the game as committed and every
/// choice applied on the way (the user's, then AI seats' and system decisions).
#[derive(Clone, Debug)]
pub struct Report {
    pub game: GameRecord,
    pub applied: Vec<Applied>,
}

/// The decision one seat of a user faces now, with the counter its clicks must carry.
#[derive(Clone, Debug)]
pub struct PendingMenu {
    pub game: GameId,
    pub seat: Seat,
    pub counter: u32,
    pub menu: Menu,
}

impl PendingMenu {
    pub fn click(&self, choice: ChoiceId) -> Click {
        Click {
            game: self.game,
            seat: self.seat,
            counter: self.counter,
            choice,
        }
    }
}

/// Where draw offers stand after an offer.
#[derive(Clone, Debug)]
pub struct DrawOffer {
    pub game: GameRecord,
    /// Everyone agreed: the game ended in a draw.
    pub agreed: bool,
}

pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    /// Serialises writers to one game inside this process; the version check covers others.
    locks: Mutex<HashMap<GameId, Arc<tokio::sync::Mutex<()>>>>,
    /// Wakes the deadline scheduler when a game clock is set (it may be sooner than its sleep).
    clock_set: tokio::sync::Notify,
    /// The component data new games start with.
    game_data: GameData,
}

impl Service {
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Service {
        Service {
            store,
            clock,
            locks: Mutex::new(HashMap::new()),
            clock_set: tokio::sync::Notify::new(),
            game_data: GameData::default(),
        }
    }

    /// The service with component data overrides in force (validated by [`GameData::load`]).
    pub fn with_game_data(mut self, game_data: GameData) -> Service {
        self.game_data = game_data;
        self
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    fn note_clocks(&self, deadlines: &[Deadline]) {
        if deadlines
            .iter()
            .any(|d| matches!(d.kind, DeadlineKind::Clock(_)))
        {
            self.clock_set.notify_one();
        }
    }

    /// Resolves when a game clock has been set since the last call: the scheduler's wake-up.
    pub async fn clock_set(&self) {
        self.clock_set.notified().await
    }

    async fn lock(&self, game: GameId) -> tokio::sync::OwnedMutexGuard<()> {
        let m = {
            let mut locks = self.locks.lock().unwrap_or_else(|p| p.into_inner());
            locks.entry(game).or_default().clone()
        };
        m.lock_owned().await
    }

    // ---- lobby ----

    /// Opens a lobby with the host seated.
    pub async fn open(&self, req: OpenLobby) -> ServiceResult<GameRecord> {
        let kind = find_kind(&req.kind)?;
        let cfg = self.store.guild_config(req.guild).await?;
        if !cfg.allows_game(kind.id()) {
            return Err(ServiceError::GameDisabled(kind.id().into()));
        }
        if !cfg.allows_channel(req.parent.unwrap_or(req.channel)) {
            return Err(ServiceError::ChannelNotAllowed);
        }
        resolve_options(&kind.option_schema(), &req.options).map_err(setup_error)?;
        if req.seats.len() > kind.seat_range().1 {
            return Err(ServiceError::LobbyFull);
        }
        if self.store.active_game(req.channel).await?.is_some() {
            return Err(ServiceError::ChannelBusy);
        }
        let rec = self
            .store
            .insert_game(&crate::store::NewGame {
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
            })
            .await?;
        tracing::info!(game = rec.id, guild = rec.guild, kind = %rec.kind, "lobby opened");
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

    /// Seats the random player (host or admin).
    pub async fn add_ai(&self, game: GameId, caller: Caller) -> ServiceResult<GameRecord> {
        self.edit_lobby(game, |rec, kind| {
            ensure_host(rec, caller)?;
            if rec.seats.len() >= kind.seat_range().1 {
                return Err(ServiceError::LobbyFull);
            }
            rec.seats.push(SeatHolder::Ai { forfeited_by: None });
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
        self.store.update_game(&rec, before, None).await?;
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
        let state = match self.game_data.text(kind.id()) {
            Some(data) => kind.new_game_with_data(&rec.options, rec.seats.len(), rec.seed, data),
            None => kind.new_game(&rec.options, rec.seats.len(), rec.seed),
        }
        .map_err(setup_error)?;
        let cfg = self.store.guild_config(rec.guild).await?;
        let before = rec.version;
        rec.status = Status::Running;
        rec.rules_version = kind.rules_version();
        rec.snapshot = Some(state.to_json());
        // One counter per seat, then the system's.
        rec.counters = vec![0; rec.seats.len() + 1];
        rec.ai_rng = Some(rng_json(&ChaCha8Rng::seed_from_u64(rec.seed ^ 0xA1)));
        rec.recent = Some(Vec::new());
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
            guild = rec.guild,
            seats = rec.seats.len(),
            "game started"
        );
        let mut report = Report {
            game: rec,
            applied: Vec::new(),
        };
        self.run_automatic(&mut report, state, &cfg).await?;
        Ok(report)
    }

    /// Leaves a game. In the lobby the seat is freed (the host passes on; an empty lobby
    /// closes). A running game is forfeited, only when `confirmed`: the random player
    /// takes the seat.
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
                self.store.update_game(&rec, before, Some(&[])).await?;
                Ok(Report {
                    game: rec,
                    applied: Vec::new(),
                })
            }
            Status::Running => {
                if !confirmed {
                    return Err(ServiceError::ConfirmForfeit);
                }
                let state = self.live(&rec)?;
                let cfg = self.store.guild_config(rec.guild).await?;
                rec.seats[seat as usize] = SeatHolder::Ai {
                    forfeited_by: Some(user),
                };
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
                tracing::info!(game = rec.id, guild = rec.guild, seat, "seat forfeited");
                let mut report = Report {
                    game: rec,
                    applied: Vec::new(),
                };
                self.run_automatic(&mut report, state, &cfg).await?;
                Ok(report)
            }
            Status::Frozen => Err(ServiceError::Frozen),
            _ => Err(ServiceError::GameOver),
        }
    }

    // ---- play ----

    /// Applies a user's click. Committed before it returns `Ok`; AI seats then move.
    pub async fn play(&self, user: UserId, click: Click) -> ServiceResult<Report> {
        let _guard = self.lock(click.game).await;
        let rec = self.game(click.game).await?;
        let holder = rec
            .seats
            .get(click.seat as usize)
            .ok_or(ServiceError::NotAPlayer)?;
        if *holder != SeatHolder::User(user) {
            return Err(ServiceError::NotAPlayer);
        }
        let actor = Actor::Seat(click.seat);
        let current = rec.counters.get(click.seat as usize).copied().unwrap_or(0);
        if rec.status != Status::Lobby && click.counter != current {
            let earlier = match click.counter < current {
                true => {
                    self.store
                        .move_at_counter(rec.id, actor, click.counter)
                        .await?
                }
                false => None,
            };
            return Err(match earlier {
                Some(choice) if choice == click.choice => ServiceError::AlreadyApplied,
                _ => ServiceError::Stale,
            });
        }
        ensure_running(&rec)?;
        let state = self.live(&rec)?;
        if !state.pending().iter().any(|p| p.actor == actor) {
            return Err(ServiceError::NotYourTurn);
        }
        let cfg = self.store.guild_config(rec.guild).await?;
        let mut report = Report {
            game: rec,
            applied: Vec::new(),
        };
        let state = self
            .commit(&mut report, state, actor, click.choice, &cfg, None)
            .await?;
        self.run_automatic(&mut report, state, &cfg).await?;
        Ok(report)
    }

    /// The decisions `user` faces in a game now (one per seat they hold that is pending).
    pub async fn pending_menus(
        &self,
        game: GameId,
        user: UserId,
    ) -> ServiceResult<Vec<PendingMenu>> {
        let rec = self.game(game).await?;
        if rec.status != Status::Running {
            return Ok(Vec::new());
        }
        let state = self.live(&rec)?;
        Ok(state
            .pending()
            .iter()
            .filter_map(|p| match p.actor {
                Actor::Seat(s) if rec.seats[s as usize] == SeatHolder::User(user) => {
                    Some(PendingMenu {
                        game: rec.id,
                        seat: s,
                        counter: rec.counters[s as usize],
                        menu: state.menu(p.actor)?,
                    })
                }
                _ => None,
            })
            .collect())
    }

    // ---- ending by agreement ----

    /// Concedes: the game ends, the conceding seat last, everyone else sharing first place.
    pub async fn concede(&self, game: GameId, user: UserId) -> ServiceResult<GameRecord> {
        let _guard = self.lock(game).await;
        let rec = self.game(game).await?;
        ensure_running(&rec)?;
        let seat = rec.seat_of(user).ok_or(ServiceError::NotAPlayer)?;
        let n = rec.seats.len();
        let outcome = Outcome {
            places: (0..n)
                .map(|s| if s == seat as usize { n as u8 } else { 1 })
                .collect(),
            scores: Vec::new(),
            explanation: vec![Text::new("outcome-conceded").seat("player", seat)],
        };
        self.finish(
            rec,
            Status::Finished,
            Ending::Conceded { seat },
            Some(outcome),
        )
        .await
    }

    /// Offers (or accepts) a draw; when every player has, the game ends drawn. AI seats
    /// agree to whatever the players agree. A move withdraws all offers.
    pub async fn offer_draw(&self, game: GameId, user: UserId) -> ServiceResult<DrawOffer> {
        let _guard = self.lock(game).await;
        let mut rec = self.game(game).await?;
        ensure_running(&rec)?;
        let seat = rec.seat_of(user).ok_or(ServiceError::NotAPlayer)?;
        if !rec.draw_offers.contains(&seat) {
            rec.draw_offers.push(seat);
            rec.draw_offers.sort_unstable();
        }
        let everyone = rec
            .seats
            .iter()
            .enumerate()
            .filter(|(_, h)| h.user().is_some())
            .all(|(s, _)| rec.draw_offers.contains(&(s as Seat)));
        if everyone {
            let n = rec.seats.len();
            let outcome = Outcome {
                places: vec![1; n],
                scores: Vec::new(),
                explanation: vec![Text::new("outcome-draw-agreed")],
            };
            let game = self
                .finish(rec, Status::Finished, Ending::DrawAgreed, Some(outcome))
                .await?;
            return Ok(DrawOffer { game, agreed: true });
        }
        let before = rec.version;
        rec.version += 1;
        self.store.update_game(&rec, before, None).await?;
        Ok(DrawOffer {
            game: rec,
            agreed: false,
        })
    }

    /// Abandons a lobby or running game: the host or a server admin.
    pub async fn abandon(&self, game: GameId, caller: Caller) -> ServiceResult<GameRecord> {
        let _guard = self.lock(game).await;
        let rec = self.game(game).await?;
        if !rec.status.is_active() {
            return Err(match rec.status {
                Status::Frozen if caller.is_admin => {
                    return self
                        .finish(
                            rec,
                            Status::Abandoned,
                            Ending::Abandoned {
                                by: Some(caller.user),
                            },
                            None,
                        )
                        .await
                }
                Status::Frozen => ServiceError::NotAdmin,
                _ => ServiceError::GameOver,
            });
        }
        ensure_host(&rec, caller)?;
        self.finish(
            rec,
            Status::Abandoned,
            Ending::Abandoned {
                by: Some(caller.user),
            },
            None,
        )
        .await
    }

    /// A new lobby in the same channel with the same game, options and seats.
    pub async fn rematch(&self, game: GameId, user: UserId) -> ServiceResult<GameRecord> {
        let old = self.game(game).await?;
        if old.status.is_active() {
            return Err(ServiceError::ChannelBusy);
        }
        let was_seated = old.seats.iter().any(|h| match h {
            SeatHolder::User(u) => *u == user,
            SeatHolder::Ai { forfeited_by } => *forfeited_by == Some(user),
        });
        if !was_seated {
            return Err(ServiceError::NotAPlayer);
        }
        let mut rec = self
            .open(OpenLobby {
                guild: old.guild,
                channel: old.channel,
                parent: None,
                kind: old.kind.clone(),
                host: user,
                seats: vec![SeatHolder::User(user)],
                options: old.options.clone(),
                seed: None,
                lang: old.lang,
            })
            .await?;
        let _guard = self.lock(rec.id).await;
        let before = rec.version;
        rec.seats = std::iter::once(SeatHolder::User(user))
            .chain(old.seats.iter().filter_map(|h| match h {
                SeatHolder::User(u) if *u == user => None,
                SeatHolder::User(u) => Some(SeatHolder::User(*u)),
                SeatHolder::Ai { forfeited_by } if *forfeited_by == Some(user) => None,
                SeatHolder::Ai { .. } => Some(SeatHolder::Ai { forfeited_by: None }),
            }))
            .collect();
        rec.version += 1;
        self.store.update_game(&rec, before, None).await?;
        Ok(rec)
    }

    // ---- queries ----

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
        let games = self
            .store
            .guild_games(guild, &[Status::Lobby, Status::Running], 200)
            .await?;
        Ok(games
            .into_iter()
            .filter(|g| g.seat_of(user).is_some())
            .collect())
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

    // ---- settings ----

    pub async fn guild_config(&self, guild: GuildId) -> ServiceResult<GuildConfig> {
        Ok(self.store.guild_config(guild).await?)
    }

    /// Changes a server's settings: admins only.
    pub async fn configure(
        &self,
        guild: GuildId,
        caller: Caller,
        change: impl FnOnce(&mut GuildConfig) -> ServiceResult<()>,
    ) -> ServiceResult<GuildConfig> {
        if !caller.is_admin {
            return Err(ServiceError::NotAdmin);
        }
        let mut cfg = self.store.guild_config(guild).await?;
        change(&mut cfg)?;
        self.store.put_guild_config(guild, &cfg).await?;
        tracing::info!(guild, user = caller.user, "server settings changed");
        Ok(cfg)
    }

    /// Sets some of a player's preferences for one game (checked against the game's
    /// schema; the others stay); returns all that are set.
    pub async fn set_game_prefs(
        &self,
        user: UserId,
        game: &str,
        values: OptionValues,
    ) -> ServiceResult<OptionValues> {
        let kind = find_kind(game)?;
        let schema = kind.preference_schema();
        if schema.is_empty() {
            return Err(ServiceError::NoPreferences(kind.id().into()));
        }
        let mut settings = self.store.user_settings(user).await?;
        let mut prefs = settings
            .game_prefs
            .get(kind.id())
            .cloned()
            .unwrap_or_default();
        prefs.extend(values);
        resolve_options(&schema, &prefs).map_err(setup_error)?;
        settings.game_prefs.insert(kind.id().into(), prefs.clone());
        self.store.put_user_settings(user, &settings).await?;
        Ok(prefs)
    }

    pub async fn user_settings(&self, user: UserId) -> ServiceResult<UserSettings> {
        Ok(self.store.user_settings(user).await?)
    }

    pub async fn update_user_settings(
        &self,
        user: UserId,
        change: impl FnOnce(&mut UserSettings),
    ) -> ServiceResult<UserSettings> {
        let mut s = self.store.user_settings(user).await?;
        change(&mut s);
        self.store.put_user_settings(user, &s).await?;
        Ok(s)
    }

    // ---- internals ----

    /// Applies one choice to a copy of the state and commits it; on any failure nothing
    /// changed, in memory or in the database.
    async fn commit(
        &self,
        report: &mut Report,
        state: Box<dyn GameState>,
        actor: Actor,
        choice: ChoiceId,
        cfg: &GuildConfig,
        ai_rng: Option<String>,
    ) -> ServiceResult<Box<dyn GameState>> {
        let mut next = state.clone_box();
        let events = next.apply(actor, choice)?;
        let old = &report.game;
        let mut rec = old.clone();
        let slot = match actor {
            Actor::Seat(s) => s as usize,
            Actor::System => rec.counters.len() - 1,
        };
        let seat_counter = rec.counters[slot];
        rec.counters[slot] += 1;
        let seq: i64 = old.counters.iter().map(|&c| c as i64).sum();
        rec.version += 1;
        rec.snapshot = Some(next.to_json());
        rec.draw_offers.clear();
        if let Some(rng) = ai_rng {
            rec.ai_rng = Some(rng);
        }
        let recent = rec.recent.get_or_insert_with(Vec::new);
        recent.extend(
            events
                .iter()
                .filter(|e| e.audience == Audience::Public)
                .map(|e| e.text.clone()),
        );
        recent.drain(..recent.len().saturating_sub(RECENT_EVENTS));
        let now = self.now_ms();
        if let Some(outcome) = next.outcome() {
            rec.status = Status::Finished;
            rec.finished_at = Some(now);
            rec.outcome = Some(outcome);
            rec.ending = Some(Ending::Played);
        }
        let change = Change::Choice {
            before: state.as_ref(),
            actor,
            choice,
        };
        let deadlines = self.deadlines_for(&rec, change, next.as_ref(), cfg).await?;
        let mv = MoveRecord {
            seq,
            actor,
            seat_counter,
            choice,
            committed_at: now,
        };
        if let Err(e) = self
            .store
            .commit_move(&rec, old.version, &mv, &deadlines)
            .await
        {
            tracing::warn!(game = rec.id, guild = rec.guild, seq, error = %e, "move not committed");
            return Err(e.into());
        }
        tracing::debug!(game = rec.id, guild = rec.guild, seq, "move committed");
        self.note_clocks(&deadlines);
        if rec.status == Status::Finished {
            tracing::info!(game = rec.id, guild = rec.guild, "game finished");
        }
        report.game = rec;
        report.applied.push(Applied {
            actor,
            choice,
            events,
        });
        Ok(next)
    }

    /// Lets AI seats, system decisions without a clock and players' standing preferences
    /// (an automatic pass) move until someone must decide or the game ends. The first
    /// pending automatic actor moves first (as the console always did).
    async fn run_automatic(
        &self,
        report: &mut Report,
        mut state: Box<dyn GameState>,
        cfg: &GuildConfig,
    ) -> ServiceResult<()> {
        let mut clocked_ai_moves = 0;
        while report.game.status == Status::Running {
            let Some((actor, choice)) = self.automatic_move(&report.game, state.as_ref()).await?
            else {
                break;
            };
            // While a game clock runs (a trading period) random seats could act without end;
            // the clock closes the period anyway.
            let clock_runs = state
                .pending()
                .iter()
                .any(|&p| state.deadline_secs(p).is_some());
            if clock_runs && choice.is_none() && matches!(actor, Actor::Seat(_)) {
                clocked_ai_moves += 1;
                if clocked_ai_moves > MAX_AI_MOVES_WHILE_CLOCK_RUNS {
                    break;
                }
            }
            let mut rng = load_rng(&report.game)?;
            let choice = choice
                .or_else(|| match actor {
                    Actor::System => state.timeout_choice(actor),
                    Actor::Seat(_) => None,
                })
                .or_else(|| random_player::choose_dyn(state.as_ref(), actor, &mut rng))
                .ok_or(ServiceError::IllegalChoice)?;
            state = self
                .commit(report, state, actor, choice, cfg, Some(rng_json(&rng)))
                .await?;
        }
        Ok(())
    }

    /// The next actor that moves without being asked, with its choice when it is fixed:
    /// an AI seat, a system decision the game does not put on a clock, or a user seat
    /// whose preferences answer the decision.
    async fn automatic_move(
        &self,
        rec: &GameRecord,
        state: &dyn GameState,
    ) -> ServiceResult<Option<(Actor, Option<ChoiceId>)>> {
        let has_prefs = !state.kind().preference_schema().is_empty();
        for p in state.pending() {
            match p.actor {
                Actor::System if state.deadline_secs(p).is_none() => {
                    return Ok(Some((p.actor, None)))
                }
                Actor::System => {}
                Actor::Seat(s) => match rec.seats[s as usize] {
                    SeatHolder::Ai { .. } => return Ok(Some((p.actor, None))),
                    SeatHolder::User(user) if has_prefs => {
                        let settings = self.store.user_settings(user).await?;
                        let prefs = settings
                            .game_prefs
                            .get(&rec.kind)
                            .cloned()
                            .unwrap_or_default();
                        if let Some(choice) = state.auto_choice(s, &prefs) {
                            return Ok(Some((p.actor, Some(choice))));
                        }
                    }
                    SeatHolder::User(_) => {}
                },
            }
        }
        Ok(None)
    }

    async fn finish(
        &self,
        mut rec: GameRecord,
        status: Status,
        ending: Ending,
        outcome: Option<Outcome>,
    ) -> ServiceResult<GameRecord> {
        let before = rec.version;
        rec.status = status;
        rec.ending = Some(ending);
        rec.outcome = outcome;
        rec.finished_at = Some(self.now_ms());
        rec.draw_offers.clear();
        rec.version += 1;
        self.store.update_game(&rec, before, Some(&[])).await?;
        tracing::info!(
            game = rec.id,
            guild = rec.guild,
            status = rec.status.as_str(),
            "game ended"
        );
        Ok(rec)
    }

    /// The deadlines after a change. The game's own clocks come first: each is kept while
    /// the same decision stays pending (a trade or a step of a reaction does not restart the
    /// period), and while one runs the seats without a clock wait for it. Otherwise a
    /// reminder and the server's timeout run while a user seat must decide.
    async fn deadlines_for(
        &self,
        rec: &GameRecord,
        change: Change<'_>,
        state: &dyn GameState,
        cfg: &GuildConfig,
    ) -> ServiceResult<Vec<Deadline>> {
        if rec.status != Status::Running {
            return Ok(Vec::new());
        }
        let now = self.now_ms();
        let pending = state.pending();
        let clocks: Vec<(Actor, u64)> = pending
            .iter()
            .filter_map(|&p| state.deadline_secs(p).map(|secs| (p.actor, secs)))
            .collect();
        if !clocks.is_empty() {
            let carried = |actor: Actor| change.carries_clock(actor);
            let stored = match clocks.iter().any(|&(a, _)| carried(a)) {
                true => self.store.deadlines(rec.id).await?,
                false => Vec::new(),
            };
            return Ok(clocks
                .into_iter()
                .map(|(actor, secs)| {
                    let kind = DeadlineKind::Clock(actor);
                    let kept = carried(actor)
                        .then(|| stored.iter().find(|d| d.kind == kind).map(|d| d.due_ms))
                        .flatten();
                    Deadline {
                        game: rec.id,
                        kind,
                        due_ms: kept.unwrap_or(now + secs as i64 * 1000),
                    }
                })
                .collect());
        }
        let waits_for_user = pending.iter().any(|p| !is_automatic(rec, p.actor));
        if !waits_for_user {
            return Ok(Vec::new());
        }
        let timeout = now + cfg.timeout_minutes as i64 * 60_000;
        let reminder = now + cfg.reminder_minutes as i64 * 60_000;
        let mut out = vec![Deadline {
            game: rec.id,
            kind: DeadlineKind::Timeout,
            due_ms: timeout,
        }];
        if cfg.reminder_minutes > 0 && reminder < timeout {
            out.push(Deadline {
                game: rec.id,
                kind: DeadlineKind::Reminder,
                due_ms: reminder,
            });
        }
        Ok(out)
    }
}

/// What led to the state whose deadlines are set: the game's start, a change of who holds
/// the seats, or one applied choice.
#[derive(Clone, Copy)]
enum Change<'a> {
    Start,
    Seats(&'a dyn GameState),
    Choice {
        before: &'a dyn GameState,
        actor: Actor,
        choice: ChoiceId,
    },
}

impl Change<'_> {
    /// Whether `actor`'s clock that ran before this change still runs: its decision was
    /// pending with a clock, and the change was not that actor taking its timeout choice
    /// (a pass closes a reaction window; a new window gets a new clock).
    fn carries_clock(&self, actor: Actor) -> bool {
        let (before, closed) = match *self {
            Change::Start => return false,
            Change::Seats(before) => (before, false),
            Change::Choice {
                before,
                actor: mover,
                choice,
            } => (
                before,
                mover == actor && before.timeout_choice(actor) == Some(choice),
            ),
        };
        !closed
            && before
                .pending()
                .iter()
                .any(|&p| p.actor == actor && before.deadline_secs(p).is_some())
    }
}

/// How many of the latest public events a game keeps for its table.
pub const RECENT_EVENTS: usize = 8;

/// How many random moves AI seats make in one go while a game clock runs.
const MAX_AI_MOVES_WHILE_CLOCK_RUNS: usize = 40;

/// The seats a user decides for: AI seats and the system decide by themselves.
fn is_automatic(rec: &GameRecord, actor: Actor) -> bool {
    match actor {
        Actor::System => true,
        Actor::Seat(s) => matches!(rec.seats[s as usize], SeatHolder::Ai { .. }),
    }
}

fn find_kind(id: &str) -> ServiceResult<&'static dyn GameKind> {
    registry::find(id).ok_or_else(|| ServiceError::UnknownGame(id.into()))
}

fn ensure_host(rec: &GameRecord, caller: Caller) -> ServiceResult<()> {
    if rec.host == caller.user || caller.is_admin {
        Ok(())
    } else {
        Err(ServiceError::NotHost)
    }
}

fn ensure_running(rec: &GameRecord) -> ServiceResult<()> {
    match rec.status {
        Status::Running => Ok(()),
        Status::Lobby => Err(ServiceError::NotRunning),
        Status::Frozen => Err(ServiceError::Frozen),
        Status::Finished | Status::Abandoned => Err(ServiceError::GameOver),
    }
}

fn setup_error(e: SetupError) -> ServiceError {
    match e {
        SetupError::SeatCount { min, got, .. } if got < min => {
            ServiceError::TooFewPlayers { min, got }
        }
        SetupError::UnknownGame(id) => ServiceError::UnknownGame(id),
        other => ServiceError::BadOption(other.to_string()),
    }
}

fn rng_json(rng: &ChaCha8Rng) -> String {
    serde_json::to_string(rng).expect("the generator serializes")
}

fn load_rng(rec: &GameRecord) -> ServiceResult<ChaCha8Rng> {
    match &rec.ai_rng {
        Some(json) => serde_json::from_str(json)
            .map_err(|e| ServiceError::Storage(crate::store::StoreError::Corrupt(e.to_string()))),
        None => Ok(ChaCha8Rng::seed_from_u64(rec.seed ^ 0xA1)),
    }
}
