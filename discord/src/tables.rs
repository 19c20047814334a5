//! What a game's table shows, in a reader's language: the live state's public view, the
//! latest public events, a running game clock, the picture. The channel's table and each
//! spectator's copy of it are rendered here.

use vliv_engine::Lang;
use vliv_service::service::UserId;

use super::{pictures::View, Error};
use vliv_service::{
    app,
    render::{drawing::Target, MessageSpec, HAND_FILE, TABLE_FILE},
    service::{GameRecord, Layout, Service, ServiceError, Status},
};

/// The table in `lang` (the channel's is the game's language; a spectator reads their own),
/// its picture drawn.
pub async fn render(
    service: &Service,
    rec: &GameRecord,
    lang: Lang,
) -> Result<vliv_service::render::MessageSpec, Error> {
    let view = render_view(service, rec, lang).await?;
    Ok(view.drawn(Target::Table(rec.id, lang), TABLE_FILE).await)
}

/// The table in `lang` and the scene of its picture, not drawn yet.
pub async fn render_view(service: &Service, rec: &GameRecord, lang: Lang) -> Result<View, Error> {
    // Where Discord refused the bot's files, the table goes as text for a while.
    let picture = match super::no_pictures::refused_in(rec.channel) {
        true => app::Picture::Without,
        false => app::Picture::Scene,
    };
    Ok(
        View::of(app::table(service, rec, lang, picture).await?, lang)
            .laid_out(layout_of(service, rec).await),
    )
}

/// The layout the game's server chose (a conversation, or a server that chose none: the
/// process's default).
pub async fn layout_of(service: &Service, rec: &GameRecord) -> Layout {
    match service.guild_config(rec.guild).await {
        Ok(cfg) => cfg.layout,
        // Unread settings: the layout every chat shows.
        Err(_) => Layout::Embed,
    }
}

/// A link to the table message (outside a server, Discord's `@me` stands for the server).
pub fn table_link(rec: &GameRecord) -> String {
    let server = match super::place::in_conversation(rec) {
        true => "@me".to_owned(),
        false => rec.guild.to_string(),
    };
    match rec.table_message {
        Some(m) => format!("https://discord.com/channels/{server}/{}/{m}", rec.channel),
        None => format!("https://discord.com/channels/{server}/{}", rec.channel),
    }
}

/// The "My hand" panel of a user at a game, its picture drawn.
pub async fn hand_spec(
    service: &Service,
    rec: &GameRecord,
    user: UserId,
    lang: vliv_engine::Lang,
) -> Result<MessageSpec, ServiceError> {
    let view = hand_view(service, rec, user, lang).await?;
    Ok(view.drawn(Target::Direct(rec.id, user), HAND_FILE).await)
}

/// The "My hand" panel of a user at a game and the scene of its picture, not drawn yet.
pub async fn hand_view(
    service: &Service,
    rec: &GameRecord,
    user: UserId,
    lang: vliv_engine::Lang,
) -> Result<View, ServiceError> {
    let Some(seat) = rec.seat_of(user) else {
        // A former holder of a handed-over seat is told so.
        return Err(service.not_seated(rec, user).await);
    };
    if rec.status == Status::Lobby {
        return Err(ServiceError::NotRunning);
    }
    // The menus of the state this view shows (the game read again could have moved on).
    let menus = service.pending_menus_in(rec, user)?;
    // A new panel is laid out as the server chose; an open one keeps its layout
    // (`layout_v2::panel`).
    let view = app::hand(service, rec, seat, menus.first(), lang, app::Picture::Scene).await?;
    Ok(View::of(view, lang).laid_out(layout_of(service, rec).await))
}
