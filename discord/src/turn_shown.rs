//! Where a waiting player sees that it is their turn: the panel they last used at the game
//! (edited at once, beside the mover's), else a DM with their hand.

use crate::ids::Theirs;
use crate::limits;
use poise::serenity_prelude as serenity;
use vliv_engine::Text;
use vliv_service::service::UserId;

use super::{
    budget::{self, Class},
    convert, dm, lang,
    layout_v2::panel::At,
    pictures::{self, View},
    tables::table_link,
    Error,
};
use vliv_service::i18n::tr;
use vliv_service::{
    app,
    render::{clip, drawing::Target, Names, HAND_FILE},
    service::{GameRecord, Service},
};

/// Discord's "Cannot send messages to this user".
const DMS_CLOSED: isize = 50007;

/// Where a waiting player's turn was shown before any ping or DM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// On a panel they clicked within the last minute: they are playing.
    Looking,
    /// On a panel they used within a few minutes: no DM, but a ping.
    Panel,
    /// Nowhere yet: a ping and a DM.
    Nowhere,
}

/// Edits the panel `user` last used at this game (if they used one lately) to show their
/// turn, unless it shows this version of the game already.
pub async fn turn_on_panel(
    http: &serenity::Http,
    service: &Service,
    rec: &GameRecord,
    user: UserId,
) -> Shown {
    let Some(panel) = budget::panel(rec.id, user) else {
        return Shown::Nowhere;
    };
    let edited = match pictures::panel_shows(panel.message, rec.version) {
        true => Ok(()),
        false => {
            let Ok(view) = super::tables::hand_view(service, rec, user, panel.lang).await else {
                return Shown::Nowhere;
            };
            let panel_of = (rec.id, user, panel.message);
            let by = (rec.version, pictures::PanelEdit::Update);
            let at = match panel.followup {
                true => At::Followup(panel.message),
                false => At::Original,
            };
            let token = (panel.token.token.as_str(), at);
            match pictures::edit_panel(http, token, panel_of, by, view).await {
                Ok(pictures::PanelShows::Moved(to)) => {
                    budget::panel_moved(rec.id, user, &panel.token.token, to);
                    Ok(())
                }
                other => other.map(drop),
            }
        }
    };
    match edited {
        Ok(()) if panel.token.at.elapsed() < budget::PLAYING => Shown::Looking,
        Ok(()) => Shown::Panel,
        Err(_) => {
            budget::panel_lost(rec.id, user);
            Shown::Nowhere
        }
    }
}

/// After a move, the players whose turn it is see it on their panels at once (but `mover`,
/// whose click's own panel shows it): the table's edit, which would show it too, comes at
/// most once a second per game.
pub async fn turn_on_panels(
    http: &serenity::Http,
    service: &Service,
    rec: &GameRecord,
    mover: Option<UserId>,
) {
    let Ok(waiting) = app::waiting(service, rec) else {
        return;
    };
    let mut waiting: Vec<UserId> = waiting
        .into_iter()
        .map(|(_, u)| u)
        .filter(|&u| Some(u) != mover)
        .collect();
    waiting.sort_unstable();
    waiting.dedup();
    for user in waiting {
        turn_on_panel(http, service, rec, user).await;
    }
}

/// The turn by DM (with the hand), unless the player turned DMs off or refuses them; a DM
/// sent (or refused for good) is recorded with the game's move count.
pub async fn dm_turn(
    http: &serenity::Http,
    service: &Service,
    rec: &GameRecord,
    seat: u8,
    user: UserId,
) -> Result<(), Error> {
    let settings = service.user_settings(user).await?;
    if !settings.dms || settings.dms_refused {
        return Ok(());
    }
    let lang = lang::for_user(service, user, None, Some(rec.guild)).await;
    // The private view; choices are made on the table's ephemeral panel, except a decision
    // on the game's own clock (a reaction window), which is answered right in the DM.
    let menu = match app::on_clock(service, rec, seat)? {
        // The menu of the state this DM shows (a later move sends its own).
        true => service
            .pending_menus_in(rec, user)?
            .into_iter()
            .find(|m| m.seat == seat),
        false => None,
    };
    let view = app::hand(service, rec, seat, menu.as_ref(), lang, app::Picture::Scene).await?;
    let mut panel = View::of(view, lang)
        .drawn(Target::Direct(rec.id, user), HAND_FILE)
        .await;
    let prompt = std::mem::take(&mut panel.content);
    let names = Names::for_game(rec, lang);
    let game = vliv_engine::registry::find(&rec.kind)
        .map(|k| tr(lang, &k.name(), &|s| names.get(s)))
        .unwrap_or_default();
    panel.content = tr(
        lang,
        &Text::new("dm-your-turn")
            .arg("game", game)
            .arg("link", table_link(rec)),
        &|s| names.get(s),
    );
    if !prompt.is_empty() {
        panel.content = clip(&format!("{}\n{prompt}", panel.content), limits::CONTENT);
    }
    let sent = dm::send(http, service, user, convert::create_message(&panel)).await;
    match sent {
        Ok(_) => {
            noted(service, rec, seat).await;
            Ok(())
        }
        Err(e) if dms_closed(&e) => {
            // Remember, say so once in the channel, and rely on the ephemeral panel.
            service
                .update_user_settings(user, |s| s.dms_refused = true)
                .await?;
            noted(service, rec, seat).await;
            let note = tr(
                rec.lang,
                &Text::new("dm-refused").seat("player", seat),
                &|s| Names::for_game(rec, rec.lang).get(s),
            );
            // Not in a conversation, which the bot's token does not reach: the ephemeral
            // panel carries the turn there.
            if !super::place::in_conversation(rec) {
                budget::spend(Class::Channel).await;
                rec.channel
                    .theirs()
                    .send_message(
                        http,
                        serenity::CreateMessage::new().content(crate::markup::discord(&note)),
                    )
                    .await?;
            }
            tracing::info!(game = rec.id, guild = %rec.guild, "DMs refused by a player");
            Ok(())
        }
        Err(e) => {
            tracing::warn!(game = rec.id, guild = %rec.guild, error = %e, "DM failed");
            Ok(())
        }
    }
}

/// Records the turn DM, so a restart does not send it again. Not recording it costs at
/// most that second DM: the publish goes on (its failure would announce the turn again).
async fn noted(service: &Service, rec: &GameRecord, seat: u8) {
    if let Err(e) = service.turn_notice_sent(rec, seat).await {
        tracing::info!(game = rec.id, seat, error = %e, "turn DM not recorded");
    }
}

/// Discord refused the DM because the user does not accept them (403, code 50007).
fn dms_closed(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
        if r.error.code == DMS_CLOSED)
}
