//! One command from a room, carried out through the session service: each returns the
//! text of its one answer and leaves the table and hands brought up to date. A room is
//! one place and its own community (`Place::room`): its settings are the server settings.

use vliv_engine::{registry, Lang, Text};
use vliv_service::service::{ChannelId, GuildId, UserId};

use super::{
    command::{Command, Setting},
    members, Error, Matrix,
};
use vliv_service::i18n::tr;
use vliv_service::{
    app::{Answer as AppAnswer, Numbers, Refusal, Request, ServerChange, Target},
    render::{vacation_summary, MessageSpec},
    service::{Place, Platform, ServiceError},
};

/// Who sent a command, and where.
#[derive(Clone, Debug)]
pub struct Origin {
    /// The sender's internal id and Matrix id.
    pub user: UserId,
    pub mxid: String,
    /// The room's internal id and Matrix id.
    pub room: ChannelId,
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
    /// The application layer's one wording of a refusal.
    fn from(e: ServiceError) -> Self {
        Refusal::of(Platform::Matrix, e).into()
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
    pub async fn room_lang(&self, room: ChannelId) -> Lang {
        self.service
            .guild_config(GuildId::of_room(room))
            .await
            .map(|c| c.language)
            .unwrap_or_default()
    }

    /// The language `user` reads in their DM room `room`: theirs if they chose one (and
    /// the database answers), else the room's.
    pub async fn player_lang(&self, user: UserId, room: ChannelId) -> Lang {
        match self.service.user_settings(user).await.map(|s| s.lang) {
            Ok(Some(lang)) => lang,
            _ => self.room_lang(room).await,
        }
    }

    pub async fn execute(&self, origin: &Origin, command: Command) -> Result<Reply, Stop> {
        let text = match command {
            Command::History(page) => return self.history(origin, page).await.map(Reply::Spec),
            Command::MyGames => return self.my_games(origin).await.map(Reply::Spec),
            Command::Log => self.ask(origin, Request::Log).await,
            Command::Web => self.ask(origin, Request::WebLink(Target::Here)).await,
            Command::CardTexts => self.ask(origin, Request::CardTexts(Target::Here)).await,
            Command::Hint => self.ask(origin, Request::Hint).await,
            Command::Review { game, seat } => {
                let game = game.map_or(Target::Here, Target::Game);
                self.ask(origin, Request::Review { game, seat }).await
            }
            Command::Substitute {
                to: Some(mxid),
                seat,
            } => {
                let to = self.service.identity(Platform::Matrix, &mxid).await?;
                self.ask(origin, Request::Substitute { to, seat }).await
            }
            Command::Substitute { to: None, .. } => Ok(Text::new("matrix-substitute-usage")),
            Command::Concede => self.ask(origin, Request::Concede).await,
            Command::Watch => {
                let said = self.ask(origin, Request::Watch).await?;
                // Said with the Matrix commands and places (not the slash command's).
                Ok(match said.key == "watch-started" {
                    true => Text {
                        key: "matrix-watch-started".into(),
                        ..said
                    },
                    false => said,
                })
            }
            Command::Unwatch => self.ask(origin, Request::Unwatch).await,
            Command::Draw => self.ask(origin, Request::OfferDraw).await,
            Command::Abandon { confirmed } => {
                let game = Target::Here;
                self.ask(origin, Request::Abandon { game, confirmed }).await
            }
            Command::Rematch => self.ask(origin, Request::Rematch(Target::Here)).await,
            Command::New { game, options } => {
                let thread = None;
                let request = Request::OpenLobby {
                    game,
                    options,
                    thread,
                };
                self.ask(origin, request).await
            }
            Command::Join => {
                let said = self.ask(origin, Request::Join(Target::Here)).await?;
                // Who sat down, by the name the room shows them under (the answer's seat
                // would read "Player 2").
                match said.key == "seat-taken" {
                    true => {
                        let name =
                            members::display_name(&self.client, &origin.room_id, &origin.mxid);
                        Ok(Text::new("seat-taken").arg("player", name.await))
                    }
                    false => Ok(said),
                }
            }
            Command::Start => self.ask(origin, Request::Start(Target::Here)).await,
            Command::AddAi(Some(level)) => self.ask(origin, Request::AddAi(level)).await,
            Command::AddAi(None) => Ok(Text::new("matrix-unknown-level")),
            Command::Play(typed) => {
                // A number is the choice's place in the menu the player was sent.
                let numbers = Numbers::Positions;
                self.ask(origin, Request::Play { typed, numbers }).await
            }
            Command::Hand => self.ask(origin, Request::Hand).await,
            Command::Leave { confirmed } => {
                let game = Target::Here;
                self.ask(origin, Request::Leave { game, confirmed }).await
            }
            // Posted again a moment ago: the table (and its picture) is just above.
            Command::Status if self.statuses.recent(origin.room) => {
                Ok(Text::new("matrix-status-just-posted"))
            }
            Command::Status => {
                let said = self.ask(origin, Request::Status).await?;
                self.statuses.posted(origin.room);
                Ok(said)
            }
            Command::Help => return Ok(Reply::Spec(self.help(origin).await)),
            Command::Card { game, card } => return self.card(origin, game, card).await,
            Command::Rules(game) => return self.rules(origin, game).await,
            Command::Score { cards, chaotic } => return self.score(origin, cards, chaotic).await,
            Command::Replay { game, step } => return self.replay(origin, game, step).await,
            Command::Export(game) => return self.export(origin, game).await,
            Command::Leaderboard { game, page } => {
                return self.leaderboard(origin, game, page).await
            }
            Command::Stats { player, game } => return self.stats(origin, player, game).await,
            Command::Settings(setting) => self.settings(origin, setting).await,
            Command::Me(setting) => self.my_settings(origin, setting).await,
            Command::Prefs { game, values } => return self.preferences(origin, game, values).await,
            Command::Vacation(Some(days)) => self.ask(origin, Request::Vacation { days }).await,
            Command::Vacation(None) => Ok(Text::new("matrix-vacation-days")),
            Command::Back(who) => self.back(origin, who).await,
            Command::Unknown(word) => Ok(Text::new("matrix-unknown-command").arg("word", word)),
        };
        text.map(Reply::Text)
    }

    /// The commands, those of the play and those around it, and what this room allows
    /// (its games, hints); a DM room hosts no game, so it names none.
    async fn help(&self, origin: &Origin) -> MessageSpec {
        let lang = self.room_lang(origin.room).await;
        let say = |text: &Text| tr(lang, text, &|s| lang.seat_name(s));
        let mut lines: Vec<String> = [
            "matrix-help",
            "matrix-help-endings",
            "matrix-help-records",
            "matrix-help-time",
        ]
        .into_iter()
        .map(|key| say(&Text::new(key)))
        .collect();
        if !origin.direct {
            if let Ok(cfg) = self
                .service
                .guild_config(GuildId::of_room(origin.room))
                .await
            {
                let games: Vec<String> = registry::all()
                    .iter()
                    .filter(|k| cfg.allows_game(k.id()))
                    .map(|k| format!("{} ({})", say(&k.name()), k.id()))
                    .collect();
                let room = Text::new("matrix-help-room")
                    .arg("games", games.join(", "))
                    .arg("hints", if cfg.hints { "on" } else { "off" });
                lines.push(say(&room));
            }
        }
        MessageSpec {
            content: lines.join("\n"),
            ..MessageSpec::default()
        }
    }

    /// The room's settings: anyone may read them, moderators (by the room's power levels)
    /// change them.
    async fn settings(&self, origin: &Origin, setting: Setting) -> Answer {
        let change = match setting {
            Setting::Show => None,
            Setting::Unknown(words) => {
                return Ok(Text::new("matrix-unknown-setting").arg("words", words))
            }
            Setting::Language(lang) => Some(ServerChange::Language(lang)),
            Setting::Games(games) => Some(ServerChange::Games(games)),
            Setting::Pictures(on) => Some(ServerChange::Pictures(on)),
            Setting::Zone(zone) => Some(ServerChange::Zone(zone)),
            Setting::VacationDays(days) => Some(ServerChange::VacationDays(days)),
            Setting::SleepingClocks(on) => Some(ServerChange::SleepingClocks(on)),
            Setting::Hints(on) => Some(ServerChange::Hints(on)),
        };
        match self
            .execute_plain(
                origin,
                Request::ServerSettings {
                    change,
                    storage: false,
                },
            )
            .await?
        {
            AppAnswer::ServerSettings { config, .. } => Ok(settings_text(&config)),
            _ => Ok(Text::new("move-applied")),
        }
    }
}

fn settings_text(cfg: &vliv_service::service::GuildConfig) -> Text {
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
        .arg("hints", if cfg.hints { "on" } else { "off" })
        .arg("vacations", vacation_summary(cfg))
}

pub(super) fn place(origin: &Origin) -> Place {
    Place::room(origin.room)
}
