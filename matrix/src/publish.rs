//! What the rooms see: the table (one message per game, kept current with `m.replace`
//! edits) built from the public view only, and each player's hand with its numbered menu
//! in their direct-message room with the bot, made on first need and remembered.

use std::sync::LazyLock;
use vliv_service::service::{GuildId, UserId};

use vliv_engine::{Lang, Text};

use super::{
    client::{Client, Message},
    fault, ids,
    pictures::{self, Moment},
    render::{self, mentioned, Mentions},
    Error,
};
use vliv_service::i18n::tr;
use vliv_service::{
    app,
    dispatch::late,
    keyed_lock::KeyedLocks,
    render::{with_thinking_notice, MessageSpec, Names, Reader},
    service::{
        GameId, GameRecord, HeldNotice, Platform, Report, SeatHolder, Service, Status,
        ThinkingNotice,
    },
};

/// Held while a user's DM room is looked up or made, so two hands make one room.
static DIRECT_ROOMS: LazyLock<KeyedLocks<UserId>> = LazyLock::new(Default::default);

/// The Matrix ids of the users `spec` mentions.
pub async fn mentions(service: &Service, texts: &[&str]) -> Result<Mentions, Error> {
    let mut who = Mentions::new();
    for text in texts {
        for user in mentioned(text) {
            if who.contains_key(&user) {
                continue;
            }
            if let Some((Platform::Matrix, mxid)) = service.external_identity(user).await? {
                who.insert(user, mxid);
            }
        }
    }
    Ok(who)
}

/// A rendered spec with its mentions resolved and its instants in words.
pub async fn to_message(
    service: &Service,
    spec: &MessageSpec,
    reader: &Reader,
) -> Result<Message, Error> {
    let text = spec.visible_text();
    let who = mentions(service, &[&text]).await?;
    Ok(render::message(spec, reader, &who))
}

/// A room's reader: its language, its default zone (else UTC), from the settings of
/// `community` (the room's own, [`GuildId::of_room`]).
pub async fn room_reader(
    service: &Service,
    community: GuildId,
    lang: Lang,
) -> Result<Reader, Error> {
    reader_in(service, None, community, lang).await
}

/// A player reading in a room or their DM room: the zone they set with the bot, else their
/// Matrix profile's (`m.tz`), else the room's.
pub async fn player_reader(
    client: &Client,
    service: &Service,
    user: Option<UserId>,
    community: GuildId,
    lang: Lang,
) -> Result<Reader, Error> {
    let own = match user {
        Some(user) => match service.player_time_settings(user).await?.map(|t| t.zone) {
            Some(zone) => Some(zone),
            None => profile_zone(client, service, user).await?,
        },
        None => None,
    };
    reader_in(service, own, community, lang).await
}

/// The zone `user`'s Matrix profile names, if they are a Matrix user and it names one.
pub async fn profile_zone(
    client: &Client,
    service: &Service,
    user: UserId,
) -> Result<Option<String>, Error> {
    Ok(match service.external_identity(user).await? {
        Some((Platform::Matrix, mxid)) => client.profile_zone(&mxid).await,
        _ => None,
    })
}

async fn reader_in(
    service: &Service,
    own: Option<String>,
    community: GuildId,
    lang: Lang,
) -> Result<Reader, Error> {
    let room_zone = service.guild_config(community).await?.time_zone;
    Ok(Reader::new(
        lang,
        &[own.as_deref(), room_zone.as_deref()],
        service.now_ms(),
    ))
}

/// Posts the table again, with its picture below it (replacing the room's older picture
/// of the game) when the game has one to draw and the room did not turn pictures off.
pub async fn repost_table(client: &Client, service: &Service, game: GameId) -> Result<(), Error> {
    let _publishing = vliv_service::app::publishing(game).await;
    let rec = refresh_table(client, service, game, true).await?;
    pictures::follow(client, service, &rec, Moment::Asked).await
}

/// Edits the game's table, or posts it (again, with `repost`) and remembers it. The caller
/// holds the game's publishing lock.
async fn refresh_table(
    client: &Client,
    service: &Service,
    game: GameId,
    repost: bool,
) -> Result<GameRecord, Error> {
    let rec = service.game(game).await?;
    let reader = room_reader(service, rec.guild, rec.lang).await?;
    let message = to_message(service, &render_table(service, &rec).await?, &reader).await?;
    let room = ids::room_of(service, rec.channel).await?;
    if let (Some(table), false) = (rec.table_message, repost) {
        if let Some((Platform::Matrix, event)) = service.external_identity(table).await? {
            client
                .edit(&room, &ids::fresh_txn(), &event, &message)
                .await?;
            return Ok(rec);
        }
    }
    let event = client.send(&room, &ids::fresh_txn(), &message).await?;
    let id = service.identity(Platform::Matrix, &event).await?;
    Ok(service.set_messages(game, Some(id), None).await?)
}

/// The public table: the spectator's view and public events only, with its times.
async fn render_table(service: &Service, rec: &GameRecord) -> Result<MessageSpec, Error> {
    // The picture is posted apart (`pictures::follow`).
    Ok(app::table(service, rec, rec.lang, app::Picture::Without)
        .await?
        .spec)
}

/// After a change: the table, then the hands — every player's when the game `started`,
/// else those whose decision is pending. A table the database kept behind is published
/// again by the sweep.
pub async fn after_report(
    client: &Client,
    service: &Service,
    report: &Report,
    started: bool,
) -> Result<(), Error> {
    let published = publish_report(client, service, report, started).await;
    if let Err(e) = &published {
        late::note_failure(report.game.id, e);
    }
    published
}

/// Edits the game's table as it stands now (after a vacation ended, a join), or posts it,
/// under the game's publishing lock: an edit made from an older read must not replace a
/// newer one.
pub async fn edit_table(client: &Client, service: &Service, game: GameId) -> Result<(), Error> {
    let _publishing = vliv_service::app::publishing(game).await;
    refresh_table(client, service, game, false).await?;
    Ok(())
}

/// [`edit_table`] for a caller that holds the game's publishing lock.
pub async fn edit_table_held(
    client: &Client,
    service: &Service,
    game: GameId,
) -> Result<(), Error> {
    refresh_table(client, service, game, false).await?;
    Ok(())
}

/// An AI seat has thought for over a second: the table says so, unless the game moved
/// since. The next edit of the table drops the line.
pub async fn show_thinking(
    client: &Client,
    service: &Service,
    notice: ThinkingNotice,
) -> Result<(), Error> {
    let _publishing = vliv_service::app::publishing(notice.game).await;
    let rec = service.game(notice.game).await?;
    let Some(table) = rec.table_message else {
        return Ok(());
    };
    if rec.version != notice.version || rec.status != Status::Running {
        return Ok(());
    }
    let Some((Platform::Matrix, event)) = service.external_identity(table).await? else {
        return Ok(());
    };
    let spec = with_thinking_notice(
        render_table(service, &rec).await?,
        &rec,
        notice.seat,
        rec.lang,
    );
    let reader = room_reader(service, rec.guild, rec.lang).await?;
    let message = to_message(service, &spec, &reader).await?;
    let room = ids::room_of(service, rec.channel).await?;
    client
        .edit(&room, &ids::fresh_txn(), &event, &message)
        .await?;
    Ok(())
}

/// The notice held for the end of the player's quiet hours: their hand and menu, if the
/// seat is still theirs.
pub async fn deliver_held(
    client: &Client,
    service: &Service,
    rec: &GameRecord,
    notice: HeldNotice,
) -> Result<(), Error> {
    let _publishing = vliv_service::app::publishing(rec.id).await;
    let rec = service.game(rec.id).await?;
    if rec.seats.get(notice.seat as usize) != Some(&SeatHolder::User(notice.user)) {
        return Ok(());
    }
    send_turn(client, service, &rec, notice.seat, notice.user).await
}

/// At start, in a game that moved just before it: the hands of the players whose turn it is
/// and whose hand for the game's last move is not recorded (the last process may have been
/// killed before sending them). Returns how many were owed.
pub async fn send_owed_turns(
    client: &Client,
    service: &Service,
    game: GameId,
) -> Result<usize, Error> {
    let _publishing = vliv_service::app::publishing(game).await;
    let rec = service.game(game).await?;
    let owed = service.turn_notices_owed(&rec).await?;
    for &(seat, user) in &owed {
        match service.quiet_until(user).await? {
            None => send_turn(client, service, &rec, seat, user).await?,
            Some(until) => service.hold_notice(rec.id, user, seat, until).await?,
        }
    }
    Ok(owed.len())
}

async fn publish_report(
    client: &Client,
    service: &Service,
    report: &Report,
    started: bool,
) -> Result<(), Error> {
    let _publishing = vliv_service::app::publishing(report.game.id).await;
    let rec = refresh_table(client, service, report.game.id, false).await?;
    pictures::follow(client, service, &rec, Moment::Changed { started }).await?;
    if rec.status != Status::Running {
        return Ok(());
    }
    let waiting: Vec<UserId> = app::waiting(service, &rec)?
        .into_iter()
        .map(|(_, user)| user)
        .collect();
    for (seat, holder) in rec.seats.iter().enumerate() {
        let SeatHolder::User(user) = *holder else {
            continue;
        };
        if !started && !waiting.contains(&user) {
            continue;
        }
        // No DM in quiet hours: a turn's is held (stored) and sent when they end.
        match service.quiet_until(user).await? {
            None if waiting.contains(&user) => {
                send_turn(client, service, &rec, seat as u8, user).await?
            }
            None => {
                let txn = format!("hand-{}-{}-{seat}", rec.id, rec.version);
                send_hand(client, service, &rec, seat as u8, user, &txn).await?
            }
            Some(until) if waiting.contains(&user) => {
                service.hold_notice(rec.id, user, seat as u8, until).await?
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// [`send_hand`] to a player whose turn it is, recorded with the game's move count so a
/// restart does not send it again (not recording it costs at most that second message).
/// Its transaction id is the game's state and the seat: a command read again after a kill
/// publishes again, and the homeserver keeps the first send of that hand.
async fn send_turn(
    client: &Client,
    service: &Service,
    rec: &GameRecord,
    seat: u8,
    user: UserId,
) -> Result<(), Error> {
    let txn = format!("turn-{}-{}-{seat}", rec.id, rec.version);
    send_hand(client, service, rec, seat, user, &txn).await?;
    if let Err(e) = service.turn_notice_sent(rec, seat).await {
        tracing::info!(game = rec.id, seat, error = %e, "turn hand not recorded");
    }
    fault::point("matrix-after-turn-hand");
    Ok(())
}

/// A player's private view and pending menu, to their DM room only, under `txn` (the same
/// `txn` is sent once).
pub async fn send_hand(
    client: &Client,
    service: &Service,
    rec: &GameRecord,
    seat: u8,
    user: UserId,
    txn: &str,
) -> Result<(), Error> {
    // The menu of the state this hand shows (a later move sends its own hand).
    let menu = service
        .pending_menus_in(rec, user)?
        .into_iter()
        .find(|m| m.seat == seat);
    // The player's own language where they chose one (`!vliv me language`), else the game's.
    let lang = service.user_settings(user).await?.lang.unwrap_or(rec.lang);
    let view = app::hand(
        service,
        rec,
        seat,
        menu.as_ref(),
        lang,
        app::Picture::Without,
    );
    let mut panel = view.await?.spec;
    let names = Names::for_game(rec, lang);
    let game = vliv_engine::registry::find(&rec.kind)
        .map(|k| tr(lang, &k.name(), &|s| names.get(s)))
        .unwrap_or_default();
    let heading = match menu {
        Some(_) => "matrix-dm-your-turn",
        None => "matrix-dm-your-hand",
    };
    let heading = tr(lang, &Text::new(heading).arg("game", game), &|s| {
        names.get(s)
    });
    panel.content = match panel.content.is_empty() {
        true => heading,
        false => format!("{heading}\n{}", panel.content),
    };
    let reader = player_reader(client, service, Some(user), rec.guild, lang).await?;
    let message = to_message(service, &panel, &reader).await?;
    let room = direct_room(client, service, user).await?;
    client.send(&room, txn, &message).await?;
    Ok(())
}

/// The user's DM room with the bot: the stored one, else a new unencrypted one.
pub async fn direct_room(
    client: &Client,
    service: &Service,
    user: UserId,
) -> Result<String, Error> {
    let _making = DIRECT_ROOMS.lock(user).await;
    if let Some(room) = service.direct_room(user).await? {
        return ids::room_of(service, room).await;
    }
    let Some((Platform::Matrix, mxid)) = service.external_identity(user).await? else {
        return Err(format!("user {user} has no Matrix id").into());
    };
    let room = client.create_direct_room(&mxid).await?;
    let id = service.identity(Platform::Matrix, &room).await?;
    service.set_direct_room(user, id).await?;
    tracing::info!(%user, room = %id, "direct room created");
    Ok(room)
}

/// A short note in a game's room (a seat forfeited to the AI, a draw offered).
pub async fn say_in_room(
    client: &Client,
    service: &Service,
    rec: &GameRecord,
    text: &vliv_engine::Text,
) -> Result<(), Error> {
    let reader = room_reader(service, rec.guild, rec.lang).await?;
    let names = vliv_service::render::Names::for_game(rec, rec.lang);
    let line = vliv_service::i18n::tr(rec.lang, text, &|s| names.get(s));
    let who = mentions(service, &[&line]).await?;
    let room = ids::room_of(service, rec.channel).await?;
    client
        .send(
            &room,
            &ids::fresh_txn(),
            &render::reply(&line, &reader, &who),
        )
        .await?;
    Ok(())
}
