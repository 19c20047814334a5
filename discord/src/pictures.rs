//! Pictures on Discord's messages, kept off the answer's path (issue 22). A panel's text
//! goes out at once; its hand picture follows by a second (exempt) edit once the drawing
//! thread has drawn it, and only when the hand differs from the picture the panel already
//! carries (Discord keeps a message's files when an edit does not list them). A table's
//! picture is drawn at most once every few seconds while the game runs; a table edited
//! meanwhile keeps its previous picture until a catch-up edit brings the latest
//! (`table_pictures.rs`).

use crate::ids::Ours;
use std::{
    collections::HashMap,
    hash::{DefaultHasher, Hash, Hasher},
    sync::{Arc, LazyLock, Mutex, OnceLock},
    time::Duration,
};
use vliv_service::service::UserId;

use poise::serenity_prelude as serenity;
use vliv_engine::{Lang, Scene};

use super::{
    budget::{self, Class},
    layout_v2::{
        self,
        panel::{self as v2_panel, At, PanelLayout},
    },
    unread::Files,
};
use vliv_service::{
    render::{attach_png, drawing, show_file, MessageSpec, HAND_FILE},
    service::{GameId, Layout, Service},
};

mod outgrown;
mod table_pictures;

pub use table_pictures::{
    set_table_draw_wait, table_carries, table_draw_wait, table_drawn, table_late, table_owed,
    table_picture, TablePicture,
};

/// A message and the scene its picture is to show (`None`: no picture: pictures are off,
/// or the game shows this reader no private zone).
pub struct View {
    pub spec: MessageSpec,
    pub picture: Option<(Scene, Lang)>,
    /// How the server lays a table or a new hand panel out (`layout_v2`).
    pub layout: Layout,
    /// The reader's language.
    pub lang: Lang,
}

impl View {
    /// The application layer's view, its picture to be drawn in `lang`.
    pub fn of(view: vliv_service::app::View, lang: Lang) -> View {
        View {
            spec: view.spec,
            picture: view.scene.map(|s| (s, lang)),
            layout: Layout::Embed,
            lang,
        }
    }

    /// The view laid out as `layout` chooses.
    pub fn laid_out(self, layout: Layout) -> View {
        View { layout, ..self }
    }

    /// The message with its picture drawn (on the drawing thread), for a message that must
    /// carry it from the start.
    pub async fn drawn(self, target: drawing::Target, file: &str) -> MessageSpec {
        let Some((scene, lang)) = self.picture else {
            return self.spec;
        };
        match drawing::draw(drawing::Lane::Awaited, target, scene, lang).await {
            Some(png) => attach_png(self.spec, file, png),
            // Replaced by a newer picture of the same target: that one will be shown.
            None => self.spec,
        }
    }

    /// As [`View::drawn`], but only if the drawing thread gets to it `within` (under load
    /// it may not for long): `Err` gives the message back without its picture.
    pub async fn drawn_within(
        self,
        target: drawing::Target,
        file: &str,
        within: Duration,
    ) -> Result<MessageSpec, MessageSpec> {
        let Some((scene, lang)) = self.picture else {
            return Ok(self.spec);
        };
        let drawing = drawing::draw(drawing::Lane::Background, target, scene, lang);
        match tokio::time::timeout(within, drawing).await {
            Ok(Some(png)) => Ok(attach_png(self.spec, file, png)),
            Ok(None) | Err(_) => Err(self.spec),
        }
    }
}

/// What the background edits need: set once the client is up.
struct Handles {
    http: Arc<serenity::Http>,
    service: Arc<Service>,
}

static HANDLES: OnceLock<Handles> = OnceLock::new();

/// Lets pictures follow their messages (without it they are drawn before the message).
pub fn start(http: Arc<serenity::Http>, service: Arc<Service>) {
    let _ = HANDLES.set(Handles { http, service });
}

/// The HTTP client and service for a background edit, once [`start`] ran.
pub fn handles() -> Option<(Arc<serenity::Http>, Arc<Service>)> {
    HANDLES.get().map(|h| (h.http.clone(), h.service.clone()))
}

/// What one panel message carries: edits are numbered so a picture drawn for an older
/// text is not sent over a newer one. `version` is the game record's the latest edit was
/// made from, and `sent` the key of that edit (0: none known), so an older view or the
/// same one again is not sent.
struct Panel {
    game: GameId,
    edits: u64,
    shown: Option<u64>,
    version: i64,
    sent: u64,
    /// The panel is a Components V2 message.
    v2: bool,
    turn: Arc<tokio::sync::Mutex<()>>,
}

static PANELS: LazyLock<Mutex<HashMap<u64, Panel>>> = LazyLock::new(Default::default);

fn panels() -> std::sync::MutexGuard<'static, HashMap<u64, Panel>> {
    PANELS.lock().unwrap_or_else(|p| p.into_inner())
}

fn panel_turn(message: u64, game: GameId) -> Arc<tokio::sync::Mutex<()>> {
    panels()
        .entry(message)
        .or_insert_with(|| Panel {
            game,
            edits: 0,
            shown: None,
            version: i64::MIN,
            sent: 0,
            v2: false,
            turn: Default::default(),
        })
        .turn
        .clone()
}

/// The key of a picture: the scene and its language.
pub fn key(scene: &Scene, lang: Lang) -> u64 {
    let mut h = DefaultHasher::new();
    (scene, lang).hash(&mut h);
    h.finish()
}

/// What an edit of a panel left it showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelShows {
    /// The view asked for (sent now, or shown already).
    Shown,
    /// A later version than the view's: nothing was sent.
    Newer,
    /// The view outgrew the V2 panel: it is shown on a new panel, this message.
    Moved(u64),
}

/// Who edits a panel: the click made on it, answered through its own token, or a publisher
/// showing a waiting player's turn through the token that opened the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelEdit {
    Answer,
    Update,
}

/// Numbers a new edit of the panel `message` (made from `version`, keyed `sent`) and gives
/// it with the picture the panel carries; what the panel shows instead when it shows a
/// later version, or this very view and the edit is not a click's answer. A click is answered through its own
/// token even when a publisher showed the same view first: its deferred answer then ends in
/// an edit of its own, whichever edit came first.
fn begin_edit(
    message: u64,
    version: i64,
    sent: u64,
    edit: PanelEdit,
) -> Result<(u64, Option<u64>), PanelShows> {
    let mut p = panels();
    let p = p.get_mut(&message).expect("entered by panel_turn");
    if version < p.version {
        return Err(PanelShows::Newer);
    }
    if sent == p.sent && edit == PanelEdit::Update {
        return Err(PanelShows::Shown);
    }
    p.edits += 1;
    Ok((p.edits, p.shown))
}

/// Edit `edit` of the panel `message` went through (the panel shows it) or failed (what
/// it shows is unknown, so the next edit goes whatever it is).
fn end_edit(message: u64, edit: u64, (version, sent): (i64, u64), ok: bool) {
    if let Some(p) = panels().get_mut(&message).filter(|p| p.edits == edit) {
        match ok {
            true => (p.version, p.sent) = (version, sent),
            false => p.sent = 0,
        }
    }
}

/// The panel `message` was just posted showing the game as of `version` (the view keyed
/// `sent`). Without this it would take any edit: a publisher that read an older record
/// before the click (its turn notice for this player, late under load) would put an older
/// hand back on the new panel; and the same view again would be sent for nothing.
fn opened(message: u64, game: GameId, (version, sent): (i64, u64), v2: bool) {
    panel_turn(message, game);
    if let Some(p) = panels().get_mut(&message) {
        p.v2 = v2;
        if version >= p.version {
            (p.version, p.sent) = (version, sent);
        }
    }
}

/// A click came from the panel `message`, a V2 message (`v2`) or an embed: its edits keep
/// that layout (the process may not have posted it: a DM's hand, or before a restart).
pub fn panel_seen(message: u64, game: GameId, v2: bool) {
    panel_turn(message, game);
    if let Some(p) = panels().get_mut(&message) {
        p.v2 = v2;
    }
}

fn panel_v2(message: u64) -> bool {
    panels().get(&message).is_some_and(|p| p.v2)
}

/// `spec` as Discord shows it once its picture (`picture`) is carried: the gallery counts.
fn as_carried(spec: &MessageSpec, picture: bool) -> std::borrow::Cow<'_, MessageSpec> {
    match picture {
        false => std::borrow::Cow::Borrowed(spec),
        true => {
            let mut carried = spec.clone();
            show_file(&mut carried, HAND_FILE);
            std::borrow::Cow::Owned(carried)
        }
    }
}

/// Whether the panel `message` shows the game as of `version` or later already.
pub fn panel_shows(message: u64, version: i64) -> bool {
    panels().get(&message).is_some_and(|p| p.version >= version)
}

/// The key of a panel's edit: its text, components and picture.
fn edit_key(view: &View) -> u64 {
    let mut h = DefaultHasher::new();
    view.spec.hash(&mut h);
    view.picture.as_ref().map(|(s, l)| key(s, *l)).hash(&mut h);
    h.finish().max(1)
}

/// Edits the panel `message` (at `at` of `token`) to show `view`, made from the game
/// record's `version`, in the panel's layout: the text now, the picture after it unless
/// the panel already shows that very picture; a view that outgrew a V2 panel goes on a new
/// panel ([`PanelShows::Moved`]). Nothing is sent when the panel shows a later version (the
/// mover's and the table's edits of a waiting player's panel race) or, but for a click's
/// answer (`by`), this very view. [`PanelShows::Newer`]: nothing was sent because the panel
/// shows a later version; a click's answer is then made again from the latest record, so
/// that its deferred answer still ends in an edit of its own.
pub async fn edit_panel(
    http: &serenity::Http,
    (token, at): (&str, At),
    (game, user, message): (GameId, UserId, u64),
    (version, by): (i64, PanelEdit),
    view: View,
) -> serenity::Result<PanelShows> {
    let turn = panel_turn(message, game);
    let _turn = turn.lock().await;
    let sent = edit_key(&view);
    let (edit, shown) = match begin_edit(message, version, sent, by) {
        Ok(begun) => begun,
        Err(shows) => return Ok(shows),
    };
    let done = |ok: bool| end_edit(message, edit, (version, sent), ok);
    let carried = as_carried(&view.spec, view.picture.is_some());
    let v2 = match v2_panel::panel_layout(panel_v2(message), &carried) {
        PanelLayout::Embed => false,
        PanelLayout::V2 => true,
        PanelLayout::Outgrown => {
            let panel = (game, user, message);
            let moved = outgrown::replace(http, (token, at), panel, (version, sent), view).await;
            done(moved.is_ok());
            return Ok(PanelShows::Moved(moved?));
        }
    };
    budget::spend(Class::Exempt).await;
    let Some((scene, lang)) = view.picture else {
        let edited = v2_panel::edit(http, token, at, &view.spec, (Files::Remove, v2)).await;
        done(edited.is_ok());
        edited?;
        set_shown(message, edit, None);
        return Ok(PanelShows::Shown);
    };
    let key = key(&scene, lang);
    let mut spec = view.spec;
    if HANDLES.get().is_none() {
        // No background edits: the picture goes with the text.
        let spec = View {
            spec,
            picture: Some((scene, lang)),
            layout: Layout::Embed,
            lang,
        }
        .drawn(drawing::Target::Direct(game, user), HAND_FILE)
        .await;
        let edited = v2_panel::edit(http, token, at, &spec, (Files::Remove, v2)).await;
        done(edited.is_ok());
        edited?;
        set_shown(message, edit, Some(key));
        return Ok(PanelShows::Shown);
    }
    // The file the panel carries stays (the previous hand, until the new one follows).
    if shown.is_some() {
        show_file(&mut spec, HAND_FILE);
    }
    let edited = v2_panel::edit(http, token, at, &spec, (Files::Keep, v2)).await;
    done(edited.is_ok());
    edited?;
    if shown != Some(key) {
        let target = drawing::Target::Panel(game, user);
        let to = (token, at, v2);
        follow_with_picture(to, target, message, edit, spec, (scene, lang, key));
    }
    Ok(PanelShows::Shown)
}

/// A new panel as the deferred answer's follow-up, made from the game record's `version`:
/// its text now, its picture after it.
pub async fn open_panel(
    http: &serenity::Http,
    c: &serenity::ComponentInteraction,
    game: GameId,
    version: i64,
    view: View,
) -> serenity::Result<serenity::Message> {
    let sent = edit_key(&view);
    let carried = as_carried(&view.spec, view.picture.is_some());
    let v2 = layout_v2::chosen(view.layout, &carried);
    let Some((scene, lang)) = view.picture else {
        let posted = v2_panel::open(http, &c.token, &view.spec, v2).await?;
        opened(posted.id.get(), game, (version, sent), v2);
        return Ok(posted);
    };
    if HANDLES.get().is_none() {
        let spec = View {
            spec: view.spec,
            picture: Some((scene, lang)),
            layout: Layout::Embed,
            lang,
        }
        .drawn(drawing::Target::Direct(game, c.user.id.ours()), HAND_FILE)
        .await;
        let posted = v2_panel::open(http, &c.token, &spec, v2).await?;
        opened(posted.id.get(), game, (version, sent), v2);
        return Ok(posted);
    }
    let posted = v2_panel::open(http, &c.token, &view.spec, v2).await?;
    let message = posted.id.get();
    opened(message, game, (version, sent), v2);
    let turn = panel_turn(message, game);
    let _turn = turn.lock().await;
    let edit = {
        let mut p = panels();
        let p = p.get_mut(&message).expect("entered above");
        p.edits += 1;
        p.edits
    };
    let key = key(&scene, lang);
    let target = drawing::Target::Panel(game, c.user.id.ours());
    follow_with_picture(
        (&c.token, At::Original, v2),
        target,
        message,
        edit,
        view.spec,
        (scene, lang, key),
    );
    Ok(posted)
}

/// Queues the picture of edit number `edit` of a panel; once drawn, it is sent with that
/// edit's text if no later edit came meanwhile. The player's newer panel replaces the job.
fn follow_with_picture(
    (token, at, v2): (&str, At, bool),
    target: drawing::Target,
    message: u64,
    edit: u64,
    spec: MessageSpec,
    (scene, lang, key): (Scene, Lang, u64),
) {
    let token = token.to_owned();
    let runtime = tokio::runtime::Handle::current();
    drawing::submit(target, scene, lang, move |png| {
        runtime.spawn(async move {
            let Some((http, service)) = handles() else {
                return;
            };
            let turn = match panels().get(&message) {
                Some(p) if p.edits == edit => p.turn.clone(),
                _ => return,
            };
            let _turn = turn.lock().await;
            if panels().get(&message).map(|p| p.edits) != Some(edit) {
                return;
            }
            // A seat handed over meanwhile: its former holder gets no picture of it.
            if let drawing::Target::Panel(game, user) = target {
                match service.game(game).await {
                    Ok(rec) if rec.seat_of(user).is_some() => {}
                    _ => return,
                }
            }
            let spec = attach_png(spec, HAND_FILE, png);
            budget::spend(Class::Exempt).await;
            match v2_panel::edit(&http, &token, at, &spec, (Files::Keep, v2)).await {
                Ok(()) => set_shown(message, edit, Some(key)),
                Err(e) => tracing::info!(error = %e, "a panel's picture not sent"),
            }
        });
    });
}

fn set_shown(message: u64, edit: u64, shown: Option<u64>) {
    if let Some(p) = panels().get_mut(&message) {
        if p.edits == edit {
            p.shown = shown;
        }
    }
}

/// A game is over: forget what its messages carry.
pub fn game_over(game: GameId) {
    table_pictures::forget(game);
    panels().retain(|_, p| p.game != game);
}

#[cfg(test)]
mod tests {
    use super::{
        begin_edit, end_edit, opened, panel_shows, panel_turn, panels, PanelEdit, PanelShows,
    };

    #[test]
    fn a_panel_is_not_sent_an_older_view_nor_the_one_it_shows() {
        // The mover's click and the table's publisher both edit a waiting player's panel.
        let message = 0xfeed_0001;
        panel_turn(message, 7);
        let (shown_at, older, newer) = (5, 4, 6);
        let (edit, _) =
            begin_edit(message, shown_at, 11, PanelEdit::Update).expect("a first edit goes");
        end_edit(message, edit, (shown_at, 11), true);
        assert!(panel_shows(message, shown_at) && !panel_shows(message, newer));
        assert_eq!(
            begin_edit(message, older, 12, PanelEdit::Update),
            Err(PanelShows::Newer),
            "older than the panel shows"
        );
        assert_eq!(
            begin_edit(message, newer, 11, PanelEdit::Update),
            Err(PanelShows::Shown),
            "what the panel shows already"
        );
        let (edit, _) =
            begin_edit(message, newer, 12, PanelEdit::Update).expect("a newer view goes");
        // A failed edit leaves the panel unknown: the same view goes again.
        end_edit(message, edit, (newer, 12), false);
        assert!(begin_edit(message, newer, 12, PanelEdit::Update).is_ok());
        panels().remove(&message);
    }

    #[test]
    fn a_new_panel_is_not_sent_a_view_older_than_it_was_opened_with() {
        // "My hand" opened at version 9 while a publisher that read version 8 was on its
        // way to this player's newest panel.
        let message = 0xfeed_0002;
        opened(message, 7, (9, 21), false);
        assert!(panel_shows(message, 9) && !panel_shows(message, 10));
        assert_eq!(
            begin_edit(message, 8, 22, PanelEdit::Update),
            Err(PanelShows::Newer),
            "older than the panel shows"
        );
        assert_eq!(
            begin_edit(message, 10, 21, PanelEdit::Update),
            Err(PanelShows::Shown),
            "what the panel shows already"
        );
        assert!(
            begin_edit(message, 10, 22, PanelEdit::Update).is_ok(),
            "a newer view goes"
        );
        panels().remove(&message);
    }

    #[test]
    fn a_click_is_answered_through_its_own_token_after_a_publisher_showed_its_view() {
        // The turn notice of the waiting players reached the mover's panel first.
        let message = 0xfeed_0003;
        opened(message, 7, (9, 21), false);
        let (edit, _) = begin_edit(message, 10, 22, PanelEdit::Update).expect("the publisher's");
        end_edit(message, edit, (10, 22), true);
        assert_eq!(
            begin_edit(message, 10, 22, PanelEdit::Update),
            Err(PanelShows::Shown)
        );
        assert!(
            begin_edit(message, 10, 22, PanelEdit::Answer).is_ok(),
            "the click's own answer goes"
        );
        assert_eq!(
            begin_edit(message, 9, 21, PanelEdit::Answer),
            Err(PanelShows::Newer),
            "never an older view: the answer is made again from the latest record"
        );
        panels().remove(&message);
    }
}
