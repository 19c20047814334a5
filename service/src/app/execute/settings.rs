//! The asker's own settings, and the server's (a Matrix room is its own server): shown, or
//! changed (the server's by an admin only, checked by the service).

use vliv_engine::registry;

use super::{Done, Why};
use crate::{
    app::{
        timeout_action_text, Answer, ClockChange, ListChange, MyChange, Origin, Outcome, Plan,
        ServerChange,
    },
    service::{
        quiet::zone_names, typed_options, GuildConfig, GuildId, PlaceKind, Service, ServiceError,
        TimeChange,
    },
};
use vliv_engine::Text;

/// Asked anywhere, a private conversation included: the settings are the person's.
pub(super) async fn mine(service: &Service, origin: &Origin, change: MyChange) -> Done {
    let user = origin.user;
    let time = match (&change.zone, &change.quiet) {
        (None, None) => service.player_time_settings(user).await?,
        (zone, quiet) => {
            let change = TimeChange {
                zone: zone.as_deref(),
                quiet: quiet.as_deref(),
            };
            Some(service.set_player_time(user, change).await?)
        }
    };
    let settings = service
        .update_user_settings(user, |s| {
            if let Some(on) = change.dms {
                s.dms = on;
                s.dms_refused = false;
            }
            if let Some(lang) = change.language {
                s.lang = lang;
            }
            if let Some(learning) = change.learning {
                s.learning = learning;
            }
        })
        .await?;
    Ok(Outcome {
        answer: Answer::MySettings {
            settings: Box::new(settings),
            time: time.map(Box::new),
        },
        publish: Plan::Nothing,
    })
}

/// Asked anywhere, like the person's other settings: no change when `values` is empty.
pub(super) async fn game_preferences(
    service: &Service,
    origin: &Origin,
    game: &str,
    values: &str,
) -> Done {
    let game = game.trim();
    let changes = typed_options(values)?;
    let prefs = service.set_game_prefs(origin.user, game, changes).await?;
    let kind = registry::find(game).ok_or_else(|| ServiceError::UnknownGame(game.into()))?;
    Ok(Outcome {
        answer: Answer::GamePreferences {
            game: kind.id(),
            prefs,
        },
        publish: Plan::Nothing,
    })
}

/// The server's settings: anyone reads them (their storage only an admin), an admin
/// changes them.
pub(super) async fn server(
    service: &Service,
    origin: &Origin,
    change: Option<ServerChange>,
    storage: bool,
) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    let guild = origin.place.scope();
    let config = match change {
        None => service.guild_config(guild).await?,
        Some(change) => {
            check(&change)?;
            service
                .configure(guild, origin.caller(), |cfg| apply(cfg, &change))
                .await?
        }
    };
    let storage = match storage {
        true => Some(Box::new(service.storage_use(guild, origin.caller()).await?)),
        false => None,
    };
    Ok(Outcome {
        answer: Answer::ServerSettings {
            config: Box::new(config),
            storage,
        },
        publish: Plan::Nothing,
    })
}

/// A conversation's clocks outside any server: anyone in it reads them, and changes them
/// while no game runs there (the service checks). In a server they are its admins'.
pub(super) async fn clocks(service: &Service, origin: &Origin, change: ClockChange) -> Done {
    if origin.place.kind != PlaceKind::Conversation {
        return Err(ServiceError::ClocksOfServer.into());
    }
    let channel = origin.place.channel;
    let config = match change == ClockChange::default() {
        true => service.guild_config(GuildId::of_room(channel)).await?,
        false => {
            service
                .set_conversation_clocks(channel, origin.user, |cfg| {
                    if let Some(minutes) = change.reminder {
                        cfg.reminder_minutes = minutes;
                    }
                    if let Some(minutes) = change.timeout {
                        cfg.timeout_minutes = minutes.max(1);
                    }
                    if let Some(action) = change.action {
                        cfg.timeout_action = action;
                    }
                })
                .await?
        }
    };
    Ok(Outcome {
        answer: Answer::Said(clocks_text(&config)),
        publish: Plan::Nothing,
    })
}

/// A conversation's clocks, said.
fn clocks_text(cfg: &GuildConfig) -> Text {
    Text::new("conversation-clocks")
        .arg("reminder", cfg.reminder_minutes as i64)
        .arg("timeout", cfg.timeout_minutes as i64)
        .arg("action", timeout_action_text(cfg.timeout_action))
}

/// What a change names exists: the games, the zone.
fn check(change: &ServerChange) -> Result<(), ServiceError> {
    let game = |id: &String| match registry::find(id) {
        Some(_) => Ok(()),
        None => Err(ServiceError::UnknownGame(id.clone())),
    };
    match change {
        ServerChange::Game {
            change: ListChange::All,
            ..
        } => Ok(()),
        ServerChange::Game { game: None, .. } => Err(ServiceError::UnknownGame(String::new())),
        ServerChange::Game { game: Some(id), .. } => game(id),
        ServerChange::Games(Some(ids)) => ids.iter().try_for_each(game),
        ServerChange::Zone(zone) => known_zone(zone)
            .map(|_| ())
            .ok_or_else(|| ServiceError::UnknownZone(zone.clone())),
        _ => Ok(()),
    }
}

fn apply(cfg: &mut GuildConfig, change: &ServerChange) -> Result<(), ServiceError> {
    match change {
        ServerChange::Channel { channel, change } => match change {
            ListChange::Add if !cfg.channels.contains(channel) => cfg.channels.push(*channel),
            ListChange::Add => {}
            ListChange::Remove => cfg.channels.retain(|c| c != channel),
            ListChange::All => cfg.channels.clear(),
        },
        ServerChange::Game {
            change: ListChange::All,
            ..
        } => cfg.enabled_games = None,
        ServerChange::Game { game, change } => {
            let game = game.clone().unwrap_or_default();
            let all = registry::all().iter().map(|g| g.id().to_owned()).collect();
            let mut enabled: Vec<String> = cfg.enabled_games.clone().unwrap_or(all);
            enabled.retain(|g| g != &game);
            if *change == ListChange::Add {
                enabled.push(game);
            }
            enabled.sort();
            cfg.enabled_games = Some(enabled);
        }
        ServerChange::Games(games) => cfg.enabled_games = games.clone(),
        ServerChange::Reminder(minutes) => cfg.reminder_minutes = *minutes,
        ServerChange::Timeout { minutes, action } => {
            cfg.timeout_minutes = *minutes;
            cfg.timeout_action = *action;
        }
        ServerChange::TakeoverLevel(level) => cfg.takeover_level = *level,
        ServerChange::Language(lang) => cfg.language = *lang,
        ServerChange::Threads(on) => cfg.thread_mode = *on,
        ServerChange::Pictures(on) => cfg.pictures = *on,
        ServerChange::Hints(on) => cfg.hints = *on,
        ServerChange::Layout(layout) => cfg.layout = *layout,
        ServerChange::Retention(days) => cfg.retention_days = *days,
        ServerChange::Zone(zone) => cfg.time_zone = known_zone(zone),
        ServerChange::VacationDays(days) => cfg.vacation_days = *days,
        ServerChange::SleepingClocks(on) => cfg.sleeping_clocks = *on,
    }
    Ok(())
}

/// The database's name of a zone typed in any case.
fn known_zone(typed: &str) -> Option<String> {
    zone_names()
        .iter()
        .find(|n| n.eq_ignore_ascii_case(typed))
        .cloned()
}
