//! What a game's table shows, in a reader's language: the live state's public view, the
//! latest public events, a running game clock, the picture. The channel's table and each
//! spectator's copy of it are rendered here.

use vliv_engine::{Lang, Text};

use super::{pictures::View, Error};
use crate::{
    render::{
        drawing::Target, hand_panel, hand_scene, table_message, table_scene, with_learning,
        with_turn_times, MessageSpec, TableInput, HAND_FILE, TABLE_FILE,
    },
    service::{GameRecord, Service, ServiceError, Status},
};

/// The table in `lang` (the channel's is the game's language; a spectator reads their own),
/// its picture drawn.
pub async fn render(
    service: &Service,
    rec: &GameRecord,
    lang: Lang,
) -> Result<crate::render::MessageSpec, Error> {
    let view = render_view(service, rec, lang).await?;
    Ok(view.drawn(Target::Table(rec.id, lang), TABLE_FILE).await)
}

/// The table in `lang` and the scene of its picture, not drawn yet.
pub async fn render_view(service: &Service, rec: &GameRecord, lang: Lang) -> Result<View, Error> {
    let state = match rec.snapshot {
        Some(_) => service.live(rec).ok(),
        None => None,
    };
    let recent: Vec<Text> = match (&rec.recent, rec.status) {
        (_, Status::Lobby) => Vec::new(),
        (Some(recent), _) => recent.clone(),
        // A game stored before the latest events were kept: replay them once.
        (None, _) => service.replayed_recent(rec).await.unwrap_or_default(),
    };
    let times = service.turn_times(rec).await?;
    let spec = table_message(&TableInput {
        game: rec,
        state: state.as_deref(),
        recent: &recent,
        lang,
        clock_until: times.clock_until,
    });
    let spec = with_turn_times(spec, rec, &times, lang);
    // A lobby has no table to draw; a game with one is drawn unless the server said no.
    let picture = match state {
        Some(state) if service.guild_config(rec.guild).await?.pictures => {
            Some((table_scene(state.as_ref()), lang))
        }
        _ => None,
    };
    Ok(View { spec, picture })
}

/// A link to the table message.
pub fn table_link(rec: &GameRecord) -> String {
    match rec.table_message {
        Some(m) => format!(
            "https://discord.com/channels/{}/{}/{m}",
            rec.guild, rec.channel
        ),
        None => format!("https://discord.com/channels/{}/{}", rec.guild, rec.channel),
    }
}

/// The "My hand" panel of a user at a game, its picture drawn.
pub async fn hand_spec(
    service: &Service,
    rec: &GameRecord,
    user: u64,
    lang: vliv_engine::Lang,
) -> Result<MessageSpec, ServiceError> {
    let view = hand_view(service, rec, user, lang).await?;
    Ok(view.drawn(Target::Direct(rec.id, user), HAND_FILE).await)
}

/// The "My hand" panel of a user at a game and the scene of its picture, not drawn yet.
pub async fn hand_view(
    service: &Service,
    rec: &GameRecord,
    user: u64,
    lang: vliv_engine::Lang,
) -> Result<View, ServiceError> {
    let Some(seat) = rec.seat_of(user) else {
        // A former holder of a handed-over seat is told so.
        return Err(service.not_seated(rec, user).await);
    };
    if rec.status == Status::Lobby {
        return Err(ServiceError::NotRunning);
    }
    let state = service.live(rec)?;
    let menus = service.pending_menus(rec.id, user).await?;
    let mut spec = hand_panel(rec, state.as_ref(), seat, menus.first(), lang);
    if service.learning(rec, user).await? {
        spec = with_learning(spec, rec, state.as_ref(), menus.first(), lang);
    }
    let picture = match service.guild_config(rec.guild).await?.pictures {
        true => hand_scene(state.as_ref(), seat).map(|s| (s, lang)),
        false => None,
    };
    Ok(View { spec, picture })
}
