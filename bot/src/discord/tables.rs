//! What a game's table shows, in a reader's language: the live state's public view, the
//! latest public events, a running game clock, the picture. The channel's table and each
//! spectator's copy of it are rendered here.

use vliv_engine::{Lang, Text};

use super::Error;
use crate::{
    render::{table_message, with_table_picture, TableInput},
    service::{DeadlineKind, GameRecord, Service, Status},
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
    // Only a game whose own clock runs has one to show (saves a read per refresh).
    let clock_runs = state
        .as_deref()
        .is_some_and(|st| st.pending().iter().any(|&p| st.deadline_secs(p).is_some()));
    let clock_until = match rec.status {
        Status::Running if clock_runs => service
            .store()
            .deadlines(rec.id)
            .await?
            .iter()
            .filter(|d| matches!(d.kind, DeadlineKind::Clock(_)))
            .map(|d| d.due_ms)
            .min(),
        _ => None,
    };
    let spec = table_message(&TableInput {
        game: rec,
        state: state.as_deref(),
        recent: &recent,
        lang,
        clock_until,
    });
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
