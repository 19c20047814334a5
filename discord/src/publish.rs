//! What the channel sees: the table (one message per game, edited in place, re-posted if
//! deleted), the one live turn ping per game, and each spectator's copy of the table. The
//! waiting players' panels and DMs are `turn_shown`'s.

use crate::ids::{Ours, Theirs};
use crate::limits;
use std::{future::Future, pin::Pin, time::Duration};
use vliv_service::service::{ChannelId, MessageId, UserId};

use poise::serenity_prelude as serenity;
use vliv_engine::Text;

use super::{
    budget::{self, Class},
    pictures::{self, TablePicture},
    table_message::{delete_table, edit_table, post_table},
    turn_shown::{dm_turn, turn_on_panel, Shown},
    Error,
};
use vliv_service::i18n::tr;
use vliv_service::{
    app,
    render::{
        clip, drawing::Target, ping_text, show_file, with_thinking_notice, Names, TABLE_FILE,
    },
    service::{
        GameId, GameRecord, Layout, Rematch, Report, SeatHolder, Service, Status, ThinkingNotice,
    },
};

/// After an interaction in a conversation is answered: the tables there that no token could
/// show are posted again through its token (its answer is out, so a follow-up of it is a
/// message of its own).
pub async fn show_waiting_tables(
    http: &serenity::Http,
    service: &Service,
    token: &str,
    channel: ChannelId,
) {
    for game in budget::stale_in(channel) {
        budget::answered(game, token, channel);
        match refresh_table(http, service, game, false).await {
            Ok(_) => tracing::info!(game, "table shown again in its conversation"),
            Err(e) => tracing::warn!(game, error = %e, "table not shown again in its conversation"),
        }
    }
}

/// The game's one publishing lock, shared with every front end.
pub use vliv_service::app::publishing;

/// Discord refused the request's body (not a missing message or permission).
fn bad_request(result: &serenity::Result<()>) -> bool {
    matches!(result, Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)))
        if r.status_code.as_u16() == 400)
}

/// Edits the game's table in place, or posts it if it has none or it was deleted, under the
/// game's publishing lock: an edit made from an older read must not land after a newer one
/// (a restart's refresh of the tables raced the first moves after it and re-posted one).
pub async fn refresh_table(
    http: &serenity::Http,
    service: &Service,
    game: GameId,
    repost: bool,
) -> Result<GameRecord, Error> {
    let _publishing = publishing(game).await;
    refresh_table_held(http, service, game, repost).await
}

/// [`refresh_table`] for a caller that holds the game's publishing lock. A table no live
/// token can edit moves below, as a follow-up of an interaction that just arrived: its
/// edits are then outside the global limit for most of that token's life.
pub async fn refresh_table_held(
    http: &serenity::Http,
    service: &Service,
    game: GameId,
    repost: bool,
) -> Result<GameRecord, Error> {
    let rec = service.game(game).await?;
    let mut view = super::tables::render_view(service, &rec, rec.lang).await?;
    let layout = view.layout;
    let key = view.picture.as_ref().map(|(s, l)| pictures::key(s, *l));
    let mut moved_from = None;
    if let Some(mid) = rec.table_message {
        let token = budget::table_token(game, mid);
        let young = budget::young(game, rec.channel);
        if repost {
            delete_table(http, &rec, mid).await;
        } else if token.is_none() && young.is_some() {
            moved_from = Some(mid);
        } else {
            let plan = key.map(|k| {
                pictures::table_picture(game, Some(mid), k, rec.status == Status::Running)
            });
            let mut drew = false;
            let (spec, keep_files) = match plan {
                None => (view.spec, false),
                Some(TablePicture::Draw) => {
                    let target = Target::Table(game, rec.lang);
                    // A finished game's table waits for its final picture.
                    let drawn = match rec.status == Status::Running {
                        true => {
                            view.drawn_within(target, TABLE_FILE, pictures::table_draw_wait())
                                .await
                        }
                        false => Ok(view.drawn(target, TABLE_FILE).await),
                    };
                    match drawn {
                        Ok(spec) => {
                            drew = spec.picture.is_some();
                            (spec, false)
                        }
                        // Busy drawing: the text goes now, the picture with a later edit.
                        Err(mut spec) => {
                            let (carries, due) = pictures::table_late(game, mid);
                            if let Some(due) = due {
                                catch_up(game, due);
                            }
                            let keep = carries && spec.embed.is_some();
                            if keep {
                                show_file(&mut spec, TABLE_FILE);
                            }
                            (spec, keep)
                        }
                    }
                }
                Some(plan) => {
                    if let TablePicture::Later(Some(due)) = plan {
                        catch_up(game, due);
                    }
                    // The message keeps the picture it carries.
                    let mut spec = view.spec;
                    show_file(&mut spec, TABLE_FILE);
                    (spec, true)
                }
            };
            let edited = edit_table(http, &rec, mid, (&spec, layout), keep_files).await;
            if edited.is_ok() {
                if let (true, Some(key)) = (drew, key) {
                    pictures::table_drawn(game, mid, key);
                }
                return Ok(rec);
            }
            // A V2 table that must show an embed (a final scoring too long for V2, a server
            // back on embeds) cannot (Discord keeps the flag): the embed is posted below and
            // the old one goes. After a restart only Discord's 400 says so.
            let v2_refused = layout == Layout::ComponentsV2 && !super::layout_v2::fits(&spec);
            if super::layout_v2::stuck(mid, layout, &spec) || v2_refused || bad_request(&edited) {
                moved_from = Some(mid);
            }
            // A re-post draws the picture again.
            view = super::tables::render_view(service, &rec, rec.lang).await?;
        }
        if moved_from.is_none() {
            tracing::info!(game, guild = %rec.guild, "table re-posted");
        }
    }
    let spec = view.drawn(Target::Table(game, rec.lang), TABLE_FILE).await;
    let posted = match post_table(http, &rec, (&spec, layout)).await {
        Ok(posted) => posted,
        // A conversation is reached through its interactions only: the table is shown
        // again on the next click there, and the players' turn notices go by DM meanwhile.
        Err(e) if super::place::in_conversation(&rec) => {
            tracing::info!(game, error = %e, "table waits for the next click in its conversation");
            budget::table_stale(game, rec.channel);
            return Ok(rec);
        }
        Err(e) => return Err(e),
    };
    if let (Some(key), Some(_)) = (key, &spec.picture) {
        pictures::table_drawn(game, posted, key);
    }
    let rec = service
        .set_messages(game, Some(posted), rec.ping_message)
        .await?;
    if let Some(old) = moved_from {
        delete_table(http, &rec, old).await;
    }
    Ok(rec)
}

/// The table's latest picture once its turn comes, unless one was drawn meanwhile.
fn catch_up(game: GameId, due: std::time::Instant) {
    let Some((http, service)) = pictures::handles() else {
        return;
    };
    tokio::spawn(async move {
        tokio::time::sleep_until(due.into()).await;
        if !pictures::table_owed(game) {
            return;
        }
        let published = match service.game(game).await {
            Ok(rec) => {
                // The edit waits for the picture itself (drawn once, then found drawn).
                if let Ok(view) = super::tables::render_view(&service, &rec, rec.lang).await {
                    view.drawn(Target::Table(game, rec.lang), TABLE_FILE).await;
                }
                after_report(&http, &service, &Report::of(rec), false).await
            }
            Err(e) => Err(e.into()),
        };
        if let Err(e) = published {
            tracing::info!(game, error = %e, "a table's picture not caught up");
        }
    });
}

/// What to tell a user whose change was stored but not shown: a table late because the
/// database failed while it was drawn is not a missing permission.
pub fn not_shown_key(e: &Error) -> &'static str {
    match super::late::is_database(e) {
        true => "done-table-late",
        false => "done-not-shown",
    }
}

/// An AI seat has thought for over a second: the table says so, unless the game moved
/// since (its move is then on the table already). The next edit of the table drops it.
pub async fn show_thinking(
    http: &serenity::Http,
    service: &Service,
    notice: ThinkingNotice,
) -> Result<(), Error> {
    let _publishing = publishing(notice.game).await;
    let rec = service.game(notice.game).await?;
    let Some(mid) = rec.table_message else {
        return Ok(());
    };
    if rec.version != notice.version || rec.status != Status::Running {
        return Ok(());
    }
    let view = super::tables::render_view(service, &rec, rec.lang).await?;
    let layout = view.layout;
    // The notice is text: a table that carries a picture keeps it.
    let keeps = view.picture.is_some() && pictures::table_carries(rec.id, mid);
    let mut spec = match keeps {
        true => view.spec,
        false => {
            view.drawn(Target::Table(rec.id, rec.lang), TABLE_FILE)
                .await
        }
    };
    if keeps {
        show_file(&mut spec, TABLE_FILE);
    }
    let spec = with_thinking_notice(spec, &rec, notice.seat, rec.lang);
    edit_table(http, &rec, mid, (&spec, layout), keeps).await?;
    Ok(())
}

pub use super::tables::table_link;

/// How long an answer waits for its change's publishing (the table, the turn's ping and DMs)
/// before it says "Done." and publishing goes on. A turn DM may queue behind others for a
/// DM channel (one bucket for the whole bot), and a click's token dies after 15 minutes:
/// at N = 1,000 games started at once by new players, 92 starts waited past that and could
/// never be answered (issue 22, 2026-11-30).
pub const ANSWER_WITHIN: Duration = Duration::from_secs(10);

/// The rest of a publishing, to be awaited once the user has their answer.
pub type Rest<'a> = Pin<Box<dyn Future<Output = Result<(), Error>> + Send + 'a>>;

/// A change's publishing, done within [`ANSWER_WITHIN`] or still going.
pub enum InTime<'a> {
    Published(Result<(), Error>),
    Publishing(Rest<'a>),
}

/// Runs `publishing` for up to [`ANSWER_WITHIN`].
pub async fn in_answer_time<'a>(
    publishing: impl Future<Output = Result<(), Error>> + Send + 'a,
) -> InTime<'a> {
    let mut publishing = Box::pin(publishing);
    match tokio::time::timeout(ANSWER_WITHIN, &mut publishing).await {
        Ok(published) => InTime::Published(published),
        Err(_) => InTime::Publishing(publishing),
    }
}

/// The rest of a publishing whose answer went before it ended: its failure is logged (and
/// noted for the sweep by [`after_report`]), since the user was told "Done." already.
pub async fn finish_publishing(rest: Rest<'_>) {
    if let Err(e) = rest.await {
        tracing::warn!(error = %e, "change stored and answered, but not all of it published");
    }
}

/// After anything that changed a game: the table, then the turn ping and DM if a move
/// was made or the game just started.
pub async fn after_report(
    http: &serenity::Http,
    service: &Service,
    report: &Report,
    new_turn: bool,
) -> Result<(), Error> {
    let published = publish_report(http, service, report, new_turn).await;
    if let Err(e) = &published {
        super::late::note_failure(report.game.id, e);
    }
    published
}

async fn publish_report(
    http: &serenity::Http,
    service: &Service,
    report: &Report,
    new_turn: bool,
) -> Result<(), Error> {
    // At most one table edit per game and second: a report that arrives meanwhile takes
    // over, and the table shows the state read when the edit is made.
    let announce = new_turn || !report.applied.is_empty();
    let ticket = budget::table_ticket(report.game.id, announce);
    tokio::time::sleep_until(ticket.not_before.into()).await;
    let _publishing = publishing(report.game.id).await;
    if report.stalled {
        // The moves in the report are stored; say why the next ones are late.
        say_in_channel(http, &report.game, &Text::new("automatic-stalled")).await?;
    }
    let Some(announce) = ticket.claim() else {
        return Ok(());
    };
    let rec = refresh_table_held(http, service, report.game.id, false).await?;
    super::spectate::update_all(http, service, &rec).await;
    // Also for a report that gave way to this one.
    if rec.status == Status::Running && announce {
        announce_turn(http, service, &rec, false).await?;
    } else if rec.status != Status::Running && ticket.is_latest() {
        // Only the last publisher: one that gave way would end the game's book before the
        // final state reached the table (a table moved below shows the state read before).
        clear_ping(http, service, &rec).await?;
        budget::game_over(rec.id);
        pictures::game_over(rec.id);
    }
    Ok(())
}

async fn clear_ping(
    http: &serenity::Http,
    service: &Service,
    rec: &GameRecord,
) -> Result<(), Error> {
    if let Some(old) = rec.ping_message {
        delete_ping(http, rec, old).await;
        service.set_messages(rec.id, None, None).await?;
    }
    Ok(())
}

/// Deletes a ping through the follow-up token that posted it while that works (exempt),
/// else as a channel message.
async fn delete_ping(http: &serenity::Http, rec: &GameRecord, ping: MessageId) {
    let mid = ping.theirs();
    if let Some(t) = budget::ping_token(rec.id, ping) {
        budget::spend(Class::Exempt).await;
        if http.delete_followup_message(&t.token, mid).await.is_ok() {
            return;
        }
    }
    if super::place::in_conversation(rec) {
        return;
    }
    budget::spend(Class::Channel).await;
    let _ = rec.channel.theirs().delete_message(http, mid).await;
}

/// Posts the turn ping as a public follow-up of the game's latest interaction when its
/// token still works (outside the global limit), else as a channel message.
async fn post_ping(
    http: &serenity::Http,
    rec: &GameRecord,
    text: String,
) -> Result<Option<MessageId>, Error> {
    if let Some(t) = budget::latest(rec.id, rec.channel) {
        budget::spend(Class::Exempt).await;
        let followup = serenity::CreateInteractionResponseFollowup::new()
            .content(crate::markup::discord(&text));
        match http
            .create_followup_message(&t.token, &followup, Vec::new())
            .await
        {
            Ok(m) => {
                budget::ping_posted(rec.id, m.id.ours(), t);
                return Ok(Some(m.id.ours()));
            }
            Err(e) => {
                tracing::info!(game = rec.id, error = %e, "ping follow-up refused");
                budget::token_lost(rec.id, &t.token);
            }
        }
    }
    if super::place::in_conversation(rec) {
        // No ping without a token there: the waiting players have their DMs.
        return Ok(None);
    }
    budget::spend(Class::Channel).await;
    let ping = rec
        .channel
        .theirs()
        .send_message(
            http,
            serenity::CreateMessage::new().content(crate::markup::discord(&text)),
        )
        .await?;
    Ok(Some(ping.id.ours()))
}

/// One live ping per game: the previous one is deleted. Each waiting player also gets a
/// DM with their private view, unless they turned DMs off or Discord refused one.
pub async fn announce_turn(
    http: &serenity::Http,
    service: &Service,
    rec: &GameRecord,
    reminder: bool,
) -> Result<(), Error> {
    let waiting = app::waiting(service, rec)?;
    if waiting.is_empty() {
        return Ok(());
    }
    // A player in quiet hours is pinged when they end (stored: a restart delivers it too).
    let mut awake = Vec::new();
    for (seat, user) in waiting {
        match service.quiet_until(user).await? {
            Some(until) => service.hold_notice(rec.id, user, seat, until).await?,
            None => awake.push((seat, user)),
        }
    }
    ping_and_dm(http, service, rec, awake, reminder).await
}

/// A notice held for the end of a player's quiet hours, delivered now: the ping and DM
/// they would have had (once, however many turns and reminders came meanwhile).
pub async fn deliver_held(
    http: &serenity::Http,
    service: &Service,
    game: GameId,
    seat: u8,
    user: UserId,
) -> Result<(), Error> {
    let _publishing = publishing(game).await;
    let rec = service.game(game).await?;
    ping_and_dm(http, service, &rec, vec![(seat, user)], false).await
}

/// The live ping (the previous one deleted) naming the waiting players who are not looking
/// at the game, and their DMs. A player who clicked a panel of this game within the last
/// minute sees their turn on it: no ping for them. With nobody to ping, the previous ping
/// goes (it named players whose turn has passed).
async fn ping_and_dm(
    http: &serenity::Http,
    service: &Service,
    rec: &GameRecord,
    waiting: Vec<(u8, UserId)>,
    reminder: bool,
) -> Result<(), Error> {
    let mut away = Vec::new();
    for (seat, user) in waiting {
        match turn_on_panel(http, service, rec, user).await {
            // A reminder is a ping for everyone it names: the clock is running out.
            Shown::Looking if !reminder => {}
            shown => away.push((seat, user, shown)),
        }
    }
    if away.is_empty() {
        if let Some(old) = rec.ping_message {
            delete_ping(http, rec, old).await;
            service
                .set_messages(rec.id, rec.table_message, None)
                .await?;
        }
        return Ok(());
    }
    let text: Vec<String> = away
        .iter()
        .map(|&(s, ..)| ping_text(rec, s, rec.lang, reminder))
        .collect();
    if let Some(old) = rec.ping_message {
        delete_ping(http, rec, old).await;
    }
    let ping = post_ping(http, rec, text.join("\n")).await?;
    let rec = service
        .set_messages(rec.id, rec.table_message, ping)
        .await?;
    // A seat handed over meanwhile: its hand goes to its new holder only.
    for (seat, user, shown) in away {
        if shown == Shown::Nowhere && rec.seats[seat as usize] == SeatHolder::User(user) {
            dm_turn(http, service, &rec, seat, user).await?;
        }
    }
    Ok(())
}

/// A rematch's lobby on the table, and a note in the channel naming the former players it
/// invites (they join with the table's button; nobody is seated without asking).
pub async fn invite_to_rematch(
    http: &serenity::Http,
    service: &Service,
    rematch: &Rematch,
) -> Result<(), Error> {
    let rec = refresh_table(http, service, rematch.lobby.id, false).await?;
    if rematch.invited.is_empty() {
        return Ok(());
    }
    let players: Vec<String> = rematch.invited.iter().map(|u| format!("<@{u}>")).collect();
    let names = Names::for_game(&rec, rec.lang);
    let game = vliv_engine::registry::find(&rec.kind)
        .map(|k| tr(rec.lang, &k.name(), &|s| names.get(s)))
        .unwrap_or_default();
    let text = Text::new("rematch-invite")
        .seat("host", 0)
        .arg("game", game)
        .arg("players", players.join(", "));
    let line = clip(&tr(rec.lang, &text, &|s| names.get(s)), limits::CONTENT);
    // Only the invited are pinged, not everyone the text might mention.
    let mentions =
        serenity::CreateAllowedMentions::new().users(rematch.invited.iter().map(|&u| u.theirs()));
    if super::place::in_conversation(&rec) {
        conversation_note(http, &rec, &line, mentions).await;
        return Ok(());
    }
    budget::spend(Class::Channel).await;
    rec.channel
        .theirs()
        .send_message(
            http,
            serenity::CreateMessage::new()
                .content(crate::markup::discord(&line))
                .allowed_mentions(mentions),
        )
        .await?;
    Ok(())
}

/// A short public note in a game's channel.
pub async fn say_in_channel(
    http: &serenity::Http,
    rec: &GameRecord,
    text: &Text,
) -> Result<(), Error> {
    let names = Names::for_game(rec, rec.lang);
    let line = tr(rec.lang, text, &|s| names.get(s));
    if super::place::in_conversation(rec) {
        conversation_note(http, rec, &line, serenity::CreateAllowedMentions::new()).await;
        return Ok(());
    }
    budget::spend(Class::Channel).await;
    rec.channel
        .theirs()
        .send_message(
            http,
            serenity::CreateMessage::new().content(crate::markup::discord(&line)),
        )
        .await?;
    Ok(())
}

/// A public note in a conversation, as a follow-up of its latest interaction while one
/// works; without one it is left out (the table and the DMs carry what the players need).
async fn conversation_note(
    http: &serenity::Http,
    rec: &GameRecord,
    line: &str,
    mentions: serenity::CreateAllowedMentions,
) {
    let Some(t) = budget::latest(rec.id, rec.channel) else {
        tracing::info!(
            game = rec.id,
            "note left out: no live token in the conversation"
        );
        return;
    };
    budget::spend(Class::Exempt).await;
    let followup = serenity::CreateInteractionResponseFollowup::new()
        .content(crate::markup::discord(line))
        .allowed_mentions(mentions);
    if let Err(e) = http
        .create_followup_message(&t.token, &followup, Vec::new())
        .await
    {
        tracing::info!(game = rec.id, error = %e, "conversation note refused");
        budget::token_lost(rec.id, &t.token);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_late_for_the_database_is_not_blamed_on_a_permission() {
        let database: Error = Box::new(vliv_service::service::ServiceError::Storage(
            vliv_service::store::StoreError::Unconfirmed,
        ));
        assert_eq!(not_shown_key(&database), "done-table-late");
        let discord: Error = "Missing Permissions".into();
        assert_eq!(not_shown_key(&discord), "done-not-shown");
    }
}
