//! One command from a room, carried out through the session service: each returns the
//! text of its one answer and leaves the table and hands brought up to date. A room is
//! both the "server" and the "channel" of its games: its settings are the server settings.

use vliv_engine::{registry, Lang, Level, Text};

use super::{
    command::{Command, Setting},
    power::is_moderator,
    publish, Error, Matrix,
};
use crate::{
    app::{self, Numbers, TypedRefusal},
    i18n::{instant, tr, InstantStyle},
    render::{clip, vacation_summary, MessageSpec},
    service::{
        quiet::zone_names, typed_options, Caller, Click, ComponentAction, GameRecord, OpenLobby,
        Place, SeatHolder, ServiceError, Status,
    },
};

/// Who sent a command, and where.
#[derive(Clone, Debug)]
pub struct Origin {
    /// The sender's internal id and Matrix id.
    pub user: u64,
    pub mxid: String,
    /// The room's internal id and Matrix id.
    pub room: u64,
    pub room_id: String,
    /// The room is the sender's DM room with the bot.
    pub direct: bool,
    /// The command's event id: the key of its one answer.
    pub event: String,
}

/// Why a command stopped: the service refused (the sender reads why), or something failed.
pub enum Stop {
    Refused(Text),
    Failed(Error),
}

impl From<ServiceError> for Stop {
    fn from(e: ServiceError) -> Self {
        match e {
            // Discord's wording names Manage Server: a room asks for a moderator.
            ServiceError::NotAdmin => Stop::Refused(Text::new("matrix-not-moderator")),
            // Discord's wordings name its slash commands and zone list.
            ServiceError::OnVacation { until } => Stop::Refused(
                Text::new("matrix-err-on-vacation")
                    .arg("time", instant(until, InstantStyle::DateTime)),
            ),
            // Discord's wording names the server; a known game is named as its table is.
            ServiceError::GameDisabled(id) => {
                let text = Text::new("matrix-err-game-disabled");
                Stop::Refused(match registry::find(&id) {
                    Some(kind) => text.arg("game", kind.name()),
                    None => text.arg("game", clip(&id, 40)),
                })
            }
            ServiceError::UnknownZone(zone) => {
                Stop::Refused(Text::new("matrix-unknown-zone").arg("zone", clip(&zone, 60)))
            }
            e if e.is_transient() => Stop::Failed(e.into()),
            e => Stop::Refused(e.text()),
        }
    }
}

impl From<Error> for Stop {
    fn from(e: Error) -> Self {
        Stop::Failed(e)
    }
}

pub type Answer = Result<Text, Stop>;

/// A command's one answer: a short text, or a whole rendered message (a history page).
pub enum Reply {
    Text(Text),
    Spec(MessageSpec),
}

impl Matrix {
    /// The language the room reads (its setting; a DM room reads its games' rooms').
    pub async fn room_lang(&self, room: u64) -> Lang {
        self.service
            .guild_config(room)
            .await
            .map(|c| c.language)
            .unwrap_or_default()
    }

    /// The language `user` reads in their DM room `room`: theirs if they chose one (and
    /// the database answers), else the room's.
    pub async fn player_lang(&self, user: u64, room: u64) -> Lang {
        match self.service.user_settings(user).await.map(|s| s.lang) {
            Ok(Some(lang)) => lang,
            _ => self.room_lang(room).await,
        }
    }

    pub async fn execute(&self, origin: &Origin, command: Command) -> Result<Reply, Stop> {
        let text = match command {
            Command::History(page) => return self.history(origin, page).await.map(Reply::Spec),
            Command::Concede => self.concede(origin).await,
            Command::Rematch => self.rematch(origin).await,
            Command::New { game, options } => self.new_lobby(origin, &game, &options).await,
            Command::Join => self.join(origin).await,
            Command::Start => self.start(origin).await,
            Command::AddAi(level) => self.add_ai(origin, level).await,
            Command::Play(choice) => self.play(origin, &choice).await,
            Command::Hand => self.hand(origin).await,
            Command::Leave { confirmed } => self.leave(origin, confirmed).await,
            Command::Status => self.status(origin).await,
            Command::Help => return Ok(Reply::Spec(self.help(origin).await)),
            Command::Card { game, card } => {
                return Ok(Reply::Spec(self.card(origin, &game, &card).await))
            }
            Command::Settings(setting) => self.settings(origin, setting).await,
            Command::Me(setting) => self.my_settings(origin, setting).await,
            Command::Vacation(days) => self.vacation(origin, days).await,
            Command::Back(who) => self.back(origin, who).await,
            Command::Unknown(word) => Ok(Text::new("matrix-unknown-command").arg("word", word)),
        };
        text.map(Reply::Text)
    }

    /// The commands, those of the play and those around it.
    async fn help(&self, origin: &Origin) -> MessageSpec {
        let lang = self.room_lang(origin.room).await;
        let say = |key: &'static str| tr(lang, &Text::new(key), &|s| lang.seat_name(s));
        MessageSpec {
            content: [
                say("matrix-help"),
                say("matrix-help-endings"),
                say("matrix-help-time"),
            ]
            .join("\n"),
            ..MessageSpec::default()
        }
    }

    /// What a card does, in the room's language (the sender's in their DM room).
    async fn card(&self, origin: &Origin, game: &str, card: &str) -> MessageSpec {
        let lang = match origin.direct {
            true => self.player_lang(origin.user, origin.room).await,
            false => self.room_lang(origin.room).await,
        };
        let content = match vliv_engine::registry::find(game) {
            Some(kind) if !card.is_empty() => {
                crate::render::cards::lookup_answer(lang, kind, card).unwrap_or_else(|why| why)
            }
            _ => tr(lang, &Text::new("matrix-card-usage"), &|s| {
                lang.seat_name(s)
            }),
        };
        MessageSpec {
            content,
            ..MessageSpec::default()
        }
    }

    /// The room's lobby or running game (never in a DM room: games live in rooms).
    pub(super) async fn here(&self, origin: &Origin) -> Result<GameRecord, Stop> {
        if origin.direct {
            return Err(Stop::Refused(Text::new("matrix-not-in-direct-room")));
        }
        Ok(self.service.game_here(&place(origin)).await?)
    }

    /// The room's game for leaving it, possible even where the room has since disallowed it.
    async fn here_to_leave(&self, origin: &Origin) -> Result<GameRecord, Stop> {
        if origin.direct {
            return Err(Stop::Refused(Text::new("matrix-not-in-direct-room")));
        }
        Ok(self.service.game_to_leave_here(&place(origin)).await?)
    }

    /// The table of the room's game again, or of its latest one once it is over.
    async fn status(&self, origin: &Origin) -> Answer {
        if origin.direct {
            return Err(Stop::Refused(Text::new("matrix-not-in-direct-room")));
        }
        let rec = self
            .service
            .latest_game(origin.room, origin.room)
            .await?
            .ok_or(ServiceError::NoGame)?;
        // The room's restrictions hold for the table as for every command (as on Discord).
        self.service.ensure_allowed(&rec, &place(origin)).await?;
        publish::repost_table(&self.client, &self.service, rec.id).await?;
        Ok(Text::new("move-applied"))
    }

    async fn new_lobby(&self, origin: &Origin, game: &str, options: &str) -> Answer {
        if origin.direct {
            return Err(Stop::Refused(Text::new("matrix-not-in-direct-room")));
        }
        let options = typed_options(options)?;
        let kind = registry::find(game).ok_or_else(|| ServiceError::UnknownGame(game.into()))?;
        let cfg = self.service.guild_config(origin.room).await?;
        let rec = self
            .service
            .open(OpenLobby {
                guild: origin.room,
                channel: origin.room,
                parent: None,
                kind: kind.id().into(),
                host: origin.user,
                seats: vec![SeatHolder::User(origin.user)],
                options,
                seed: None,
                lang: cfg.language,
            })
            .await?;
        publish::edit_table(&self.client, &self.service, rec.id).await?;
        let name = tr(cfg.language, &kind.name(), &|s| cfg.language.seat_name(s));
        Ok(Text::new("lobby-opened").arg("game", name))
    }

    async fn join(&self, origin: &Origin) -> Answer {
        let rec = self.here(origin).await?;
        let rec = self.service.join(rec.id, origin.user).await?;
        publish::edit_table(&self.client, &self.service, rec.id).await?;
        let seat = rec.seat_of(origin.user).unwrap_or(0);
        Ok(Text::new("seat-taken").seat("player", seat))
    }

    async fn add_ai(&self, origin: &Origin, level: Option<Level>) -> Answer {
        let Some(level) = level else {
            return Ok(Text::new("matrix-unknown-level"));
        };
        let rec = self.here(origin).await?;
        let rec = self
            .service
            .add_ai(rec.id, Caller::user(origin.user), level)
            .await?;
        publish::edit_table(&self.client, &self.service, rec.id).await?;
        Ok(Text::new("settings-saved"))
    }

    async fn start(&self, origin: &Origin) -> Answer {
        let rec = self.here(origin).await?;
        let report = self
            .service
            .start(rec.id, Caller::user(origin.user))
            .await?;
        publish::after_report(&self.client, &self.service, &report, true).await?;
        Ok(Text::new("matrix-started"))
    }

    async fn leave(&self, origin: &Origin, confirmed: bool) -> Answer {
        let rec = self.here_to_leave(origin).await?;
        match self.service.leave(rec.id, origin.user, confirmed).await {
            Ok(report) => {
                publish::after_report(&self.client, &self.service, &report, false).await?;
                Ok(Text::new("settings-saved"))
            }
            Err(ServiceError::ConfirmForfeit) => Ok(Text::new("matrix-confirm-leave")),
            Err(e) => Err(e.into()),
        }
    }

    /// A choice by its number in the menu sent, or by its label. The move it resolves to is
    /// stored with the command before it is applied: read again after a restart, the
    /// command replays that move (answered "done" if it was applied) and never the next one.
    async fn play(&self, origin: &Origin, typed: &str) -> Answer {
        let platform = crate::service::Platform::Matrix;
        let stored = self.service.inbox_entry(platform, &origin.event).await?;
        let click = match stored.and_then(|e| e.click) {
            Some(click) => match click.parse::<ComponentAction>() {
                Ok(ComponentAction::Move(click)) => click,
                _ => return Err(Stop::Refused(ServiceError::MalformedId.text())),
            },
            None => {
                let click = self.resolve(origin, typed).await?;
                let custom_id = ComponentAction::Move(click).to_string();
                let entry = self
                    .service
                    .receive(platform, &origin.event, Some(&custom_id))
                    .await?;
                match entry.click.as_deref().map(str::parse::<ComponentAction>) {
                    Some(Ok(ComponentAction::Move(first))) => first,
                    _ => click,
                }
            }
        };
        let report = match self.service.play(origin.user, click).await {
            Ok(report) => report,
            // Read again after a restart: the move was made before the bot stopped.
            Err(ServiceError::AlreadyApplied) => {
                crate::service::Report::of(self.service.game(click.game).await?)
            }
            Err(e) => return Err(e.into()),
        };
        publish::after_report(&self.client, &self.service, &report, false).await?;
        Ok(Text::new("move-applied"))
    }

    /// The game a choice is for: the room's, or in the DM room the newest of the sender's
    /// games that waits for them; the choice by its number in the menu sent, or its label.
    async fn resolve(&self, origin: &Origin, typed: &str) -> Result<Click, Stop> {
        let games = match origin.direct {
            false => vec![self.here(origin).await?],
            true => self.service.running_games_of(origin.user).await?,
        };
        if origin.direct && games.is_empty() {
            return Err(ServiceError::NoGame.into());
        }
        // A label is matched as the game's table names it.
        match app::typed_move(
            &self.service,
            &games,
            origin.user,
            typed,
            Numbers::Positions,
            None,
        )
        .await
        {
            Ok((_, click)) => Ok(click),
            Err(TypedRefusal::Service(e)) => Err(e.into()),
            Err(TypedRefusal::Rule(rule)) => Err(Stop::Refused(rule)),
        }
    }

    async fn hand(&self, origin: &Origin) -> Answer {
        let games = match origin.direct {
            false => vec![self.here(origin).await?],
            true => self.service.running_games_of(origin.user).await?,
        };
        let mut sent = false;
        for rec in games.iter().filter(|g| g.status == Status::Running) {
            if let Some(seat) = rec.seat_of(origin.user) {
                publish::send_hand(&self.client, &self.service, rec, seat, origin.user).await?;
                sent = true;
            }
        }
        match sent {
            true => Ok(Text::new("matrix-hand-sent")),
            false => Err(ServiceError::NotAPlayer.into()),
        }
    }

    /// The room's settings: anyone may read them, moderators (by the room's power levels)
    /// change them.
    async fn settings(&self, origin: &Origin, setting: Setting) -> Answer {
        if origin.direct {
            return Err(Stop::Refused(Text::new("matrix-not-in-direct-room")));
        }
        match &setting {
            Setting::Show => {
                let cfg = self.service.guild_config(origin.room).await?;
                return Ok(settings_text(&cfg));
            }
            Setting::Unknown(words) => {
                return Ok(Text::new("matrix-unknown-setting").arg("words", words.clone()))
            }
            Setting::Games(games) => {
                if let Some(unknown) = games.iter().flatten().find(|g| registry::find(g).is_none())
                {
                    return Err(ServiceError::UnknownGame(unknown.clone()).into());
                }
            }
            Setting::Zone(zone) => {
                if known_zone(zone).is_none() {
                    return Err(ServiceError::UnknownZone(zone.clone()).into());
                }
            }
            Setting::Language(_)
            | Setting::Pictures(_)
            | Setting::VacationDays(_)
            | Setting::SleepingClocks(_) => {}
        }
        let state = self
            .client
            .room_state(&origin.room_id)
            .await
            .map_err(|e| Stop::Failed(e.into()))?;
        let caller = Caller {
            user: origin.user,
            is_admin: is_moderator(&state, &origin.mxid),
        };
        let change = |cfg: &mut crate::service::GuildConfig| {
            match &setting {
                Setting::Language(lang) => cfg.language = *lang,
                Setting::Games(games) => cfg.enabled_games = games.clone(),
                Setting::Pictures(on) => cfg.pictures = *on,
                Setting::Zone(zone) => cfg.time_zone = known_zone(zone),
                Setting::VacationDays(days) => cfg.vacation_days = *days,
                Setting::SleepingClocks(on) => cfg.sleeping_clocks = *on,
                Setting::Show | Setting::Unknown(_) => {}
            }
            Ok(())
        };
        let cfg = self.service.configure(origin.room, caller, change).await?;
        Ok(settings_text(&cfg))
    }
}

fn settings_text(cfg: &crate::service::GuildConfig) -> Text {
    let games = match &cfg.enabled_games {
        Some(games) => games.join(", "),
        None => "*".into(),
    };
    let pictures = match cfg.pictures {
        true => "on",
        false => "off",
    };
    Text::new("matrix-room-settings")
        .arg("language", cfg.language.code())
        .arg(
            "zone",
            cfg.time_zone.clone().unwrap_or_else(|| "UTC".into()),
        )
        .arg("games", games)
        .arg("pictures", pictures)
        .arg("vacations", vacation_summary(cfg))
}

/// The database's name of a zone typed in any case.
fn known_zone(typed: &str) -> Option<String> {
    zone_names()
        .iter()
        .find(|n| n.eq_ignore_ascii_case(typed))
        .cloned()
}

pub(super) fn place(origin: &Origin) -> Place {
    Place::channel(origin.room, origin.room)
}
