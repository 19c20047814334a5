//! A game as one reader sees it: the public table (for a channel, a room, a spectator) and
//! a seat's hand, each with the scene of its picture, built from that reader's view only.

use vliv_engine::{Audience, CardText, Lang, Scene, Seat, Text, Viewer};

use crate::{
    render::{
        cards::{cards_named, hand_cards},
        hand_panel, hand_scene, name_users, spec_users, table_message, table_scene, with_learning,
        with_scoring, with_turn_times, MessageSpec, TableInput,
    },
    service::{recent, GameRecord, PendingMenu, Service, ServiceResult, Spectator, Status, UserId},
};

/// A message for one reader and the scene of its picture (not drawn: each front end draws
/// it its own way, or not at all where the server turned pictures off).
pub struct View {
    pub spec: MessageSpec,
    pub scene: Option<Scene>,
}

/// Whether a view comes with its picture's scene: Discord attaches the picture to the
/// message; Matrix posts the table's as an image of its own, at its own pace, and sends
/// hands as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    Scene,
    Without,
}

/// Each spectator of `rec` shown the table by `show` (a front end's DM, which handles its
/// own failures); once the game has ended, they got its last table and watch no more.
pub async fn update_spectators<F, Fut>(service: &Service, rec: &GameRecord, mut show: F)
where
    F: FnMut(Spectator) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let spectators = match service.spectators(rec.id).await {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!(game = rec.id, error = %e, "spectators not read");
            return;
        }
    };
    for spectator in &spectators {
        show(*spectator).await;
    }
    if !rec.status.is_active() && !spectators.is_empty() {
        if let Err(e) = service.end_watching(rec.id).await {
            tracing::warn!(game = rec.id, error = %e, "spectators not cleared");
        }
    }
}

/// The public table in `lang`: the spectator's view, the latest public events, the turn
/// times; its picture's scene if asked for, unless the server turned pictures off (a lobby
/// has none).
pub async fn table(
    service: &Service,
    rec: &GameRecord,
    lang: Lang,
    picture: Picture,
) -> ServiceResult<View> {
    let state = match rec.snapshot {
        Some(_) => service.live(rec).ok(),
        None => None,
    };
    let recent: Vec<Text> = match (&rec.recent, rec.status) {
        (_, Status::Lobby) => Vec::new(),
        (Some(recent), _) => recent::events(recent),
        // A game stored before the latest events were kept: replay them once.
        (None, _) => recent::events(&service.replayed_recent(rec).await.unwrap_or_default()),
    };
    let times = service.turn_times(rec).await?;
    let spec = table_message(&TableInput {
        game: rec,
        state: state.as_deref(),
        recent: &recent,
        lang,
        clock_until: times.clock_until,
    });
    let spec = with_names(service, rec, with_turn_times(spec, rec, &times, lang), lang).await;
    let scene = match (state, picture) {
        (Some(state), Picture::Scene) if service.game_config(rec).await?.pictures => {
            Some(table_scene(state.as_ref()))
        }
        _ => None,
    };
    Ok(View { spec, scene })
}

/// `spec` with the names of the users its marks name (see [`crate::render::name_users`]):
/// the names kept in the store, in one read (a Matrix id, which a Matrix reader's text
/// carries anyway, is not looked up). A name that cannot be read leaves the mark to the
/// front end.
async fn with_names(
    service: &Service,
    rec: &GameRecord,
    spec: MessageSpec,
    lang: Lang,
) -> MessageSpec {
    let users = spec_users(&spec);
    if users.is_empty() {
        return spec;
    }
    let known = service
        .store()
        .display_names(&users)
        .await
        .unwrap_or_else(|e| {
            tracing::warn!(game = rec.id, error = %e, "display names not read");
            Default::default()
        });
    name_users(spec, users, rec, &known, lang)
}

/// The public table's picture as a scene, for a front end that posts it apart.
pub fn table_picture(service: &Service, rec: &GameRecord) -> ServiceResult<Scene> {
    Ok(table_scene(service.live(rec)?.as_ref()))
}

/// `seat`'s hand and, where given, the menu it is to answer; the picture's scene if asked
/// for, unless the server turned pictures off or the game shows the seat no private zone.
pub async fn hand(
    service: &Service,
    rec: &GameRecord,
    seat: Seat,
    menu: Option<&PendingMenu>,
    lang: Lang,
    picture: Picture,
) -> ServiceResult<View> {
    let state = service.live(rec)?;
    let mut spec = hand_panel(rec, state.as_ref(), seat, menu, lang);
    // A player learning the game reads what each of their choices does.
    let holder = rec.seats.get(seat as usize).and_then(|h| h.user());
    if let (Some(_), Some(user)) = (menu, holder) {
        if service.learning(rec, user).await? {
            spec = with_learning(spec, rec, state.as_ref(), menu, lang);
            // And why the latest scoring came out as it did.
            let why = recent::latest_why(rec.recent.as_deref().unwrap_or_default(), 4);
            spec = with_scoring(spec, rec, &why, lang);
        }
    }
    let spec = with_names(service, rec, spec, lang).await;
    let scene = match picture {
        Picture::Scene if service.game_config(rec).await?.pictures => {
            hand_scene(state.as_ref(), seat)
        }
        _ => None,
    };
    Ok(View { spec, scene })
}

/// The game's events `reader` may read, oldest first: a seat's own private events beside
/// the public ones (marked `true`), anyone else's (a spectator's, `None`) the public ones.
pub async fn log_lines(
    service: &Service,
    rec: &GameRecord,
    reader: Option<UserId>,
) -> ServiceResult<Vec<(Text, bool)>> {
    let viewer = match reader.and_then(|u| rec.seat_of(u)) {
        Some(seat) => Viewer::Seat(seat),
        None => Viewer::Spectator,
    };
    let (_, moves) = service.replay(rec, None).await?;
    Ok(moves
        .into_iter()
        .flat_map(|(_, events)| events)
        .filter(|e| e.audience.shown_to(viewer))
        .map(|e| (e.text, e.audience != Audience::Public))
        .collect())
}

/// What a page drawing the game itself (the web table) shows of it for one reader: the
/// public table's scene, the seat's own private zones, and the texts of every card the
/// reader can see named (the public table, their hand, their choices), drawn from that
/// reader's views only.
pub struct Scenes {
    pub table: Scene,
    pub hand: Option<Scene>,
    pub cards: Vec<CardText>,
}

/// The [`Scenes`] of `rec` for `seat` (`None`: a spectator) answering `menu`.
pub fn scenes(
    service: &Service,
    rec: &GameRecord,
    seat: Option<Seat>,
    menu: Option<&PendingMenu>,
) -> ServiceResult<Scenes> {
    let state = service.live(rec)?;
    let state = state.as_ref();
    let public = state.panel(Viewer::Spectator);
    let choices = menu
        .iter()
        .flat_map(|m| m.menu.choices.iter().map(|c| &c.label));
    let mut cards = match seat {
        Some(seat) => hand_cards(state, seat),
        None => Vec::new(),
    };
    let named = cards_named(
        state.kind(),
        choices.chain(
            public
                .sections
                .iter()
                .filter(|s| !s.private)
                .flat_map(|s| s.lines.iter()),
        ),
    );
    for card in named {
        if !cards.iter().any(|c| c.key == card.key) {
            cards.push(card);
        }
    }
    Ok(Scenes {
        table: table_scene(state),
        hand: seat.and_then(|seat| hand_scene(state, seat)),
        cards,
    })
}
