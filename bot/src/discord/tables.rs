//! What a game's table shows, in a reader's language: the live state's public view, the
//! latest public events, a running game clock, the picture. The channel's table and each
//! spectator's copy of it are rendered here.

use vliv_engine::{Lang, Text};

use super::Error;
use crate::{
    render::{
        hand_panel, table_message, with_hand_picture, with_table_picture, with_turn_times,
        MessageSpec, TableInput,
    },
    service::{GameRecord, Service, ServiceError, Status},
};

/// The table in `lang` (the channel's is the game's language; a spectator reads their own).
pub async fn render(
    service: &Service,
    rec: &GameRecord,
    lang: Lang,
) -> Result<crate::render::MessageSpec, Error> {
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
    Ok(match state {
        Some(state) if service.guild_config(rec.guild).await?.pictures => {
            with_table_picture(spec, state.as_ref(), lang)
        }
        _ => spec,
    })
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

/// The "My hand" panel of a user at a game.
pub async fn hand_spec(
    service: &Service,
    rec: &GameRecord,
    user: u64,
    lang: vliv_engine::Lang,
) -> Result<MessageSpec, ServiceError> {
    let Some(seat) = rec.seat_of(user) else {
        // A former holder of a handed-over seat is told so.
        return Err(service.not_seated(rec, user).await);
    };
    if rec.status == Status::Lobby {
        return Err(ServiceError::NotRunning);
    }
    let state = service.live(rec)?;
    let menus = service.pending_menus(rec.id, user).await?;
    let spec = hand_panel(rec, state.as_ref(), seat, menus.first(), lang);
    Ok(match service.guild_config(rec.guild).await?.pictures {
        true => with_hand_picture(spec, state.as_ref(), seat, lang),
        false => spec,
    })
}
