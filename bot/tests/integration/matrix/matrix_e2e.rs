//! Vliv on Matrix end to end (issue 21), against the real Synapse that `.ci/synapse.sh`
//! starts: the real `vliv run` binary as the bot, players as plain client-server API
//! calls. A whole Claim game with each hand only in its player's DM room and the leak
//! check over every message; a three-player Fantasy Realms game; a SIGKILL mid-game with
//! commands sent while the bot is down, each answered once after the restart; a game that
//! ended while the bot was down shown ended after the restart; a turn's hand lost in a kill
//! sent once after the restart; a non-moderator's settings change refused. Encrypted rooms
//! are `matrix_encrypted.rs`'s.

use crate::common::played_while_down;
use crate::matrix_support;
use vliv_bot::service::UserId;

use std::time::Duration;

use matrix_support::{
    game_in, homeserver, internal,
    leaks::{assert_no_leaks, Deck, Played},
    service, start_published, table_room, Bot, Homeserver, Seen, User, WAIT,
};
use played_while_down::{move_while_down, play_to_end_while_down};
use vliv_bot::service::{GameRecord, Service, Status};
use vliv_engine::{Actor, Seat};

/// Plays until the game ends: whoever must decide answers the first choice of the menu in
/// their DM room. Returns the command event ids of the moves, in order.
pub(super) async fn play_out(
    service: &Service,
    room: &str,
    players: &[(&User, &str)],
    bot: &User,
    max_moves: usize,
) -> Vec<String> {
    let mut moves = Vec::new();
    for _ in 0..max_moves {
        let rec = game_in(service, room).await;
        if rec.status != Status::Running {
            return moves;
        }
        let state = service.live(&rec).unwrap();
        let Some(seat) = state.pending().iter().find_map(|p| match p.actor {
            Actor::Seat(s) => Some(s),
            Actor::System => None,
        }) else {
            panic!("a running game waits for nobody");
        };
        let (player, dm) = players[seat as usize];
        let answer = player.command(dm, "1", &bot.user_id).await;
        assert!(
            answer.body == "Done." || answer.body == "Hotovo.",
            "a move by number was answered {answer:?}"
        );
        moves.push(answer.reply_to.unwrap());
    }
    panic!("the game did not end within {max_moves} moves");
}

#[tokio::test(flavor = "multi_thread")]
async fn two_players_play_a_whole_claim_game_with_hands_only_in_their_direct_rooms() {
    let Some(hs) = homeserver() else { return };
    let (bot_user, mut alice, mut bob) = users(&hs, ["alice", "bob"]).await;
    let bot = Bot::start(&hs, &bot_user);
    bot.ready().await;
    let room = table_room(&alice, &[&bob], &bot_user).await;

    let opened = alice
        .command(&room, "!vliv new claim", &bot_user.user_id)
        .await;
    assert!(opened.body.contains("lobby"), "{opened:?}");
    let joined = bob.command(&room, "!vliv join", &bot_user.user_id).await;
    assert!(joined.body.contains("joined"), "{joined:?}");
    let started = alice.command(&room, "!vliv start", &bot_user.user_id).await;
    assert!(started.body.contains("direct messages"), "{started:?}");
    let alice_dm = alice.accept_invite().await;
    let bob_dm = bob.accept_invite().await;
    assert_ne!(alice_dm, bob_dm);

    let service = service(&bot).await;
    let rec = game_in(&service, &room).await;
    let moves = play_out(
        &service,
        &room,
        &seat_order(&rec, &service, [(&alice, &alice_dm), (&bob, &bob_dm)]).await,
        &bot_user,
        200,
    )
    .await;
    let rec = game_in(&service, &room).await;
    assert_eq!(rec.status, Status::Finished);
    assert!(
        moves.len() >= 26,
        "a Claim game has at least 26 moves, not {}",
        moves.len()
    );

    // The table is one message, edited move after move, its last edit the result.
    let public = alice.messages(&room).await;
    let from_bot: Vec<&Seen> = public
        .iter()
        .filter(|m| m.sender == bot_user.user_id)
        .collect();
    let tables: Vec<&&Seen> = from_bot
        .iter()
        .filter(|m| m.reply_to.is_none() && m.replaces.is_none() && m.msgtype == "m.text")
        .collect();
    assert_eq!(tables.len(), 1, "one table message: {tables:?}");
    // Its picture was replaced every few moves, the old ones redacted: the end's stays.
    let pictures: Vec<&&Seen> = from_bot.iter().filter(|m| m.msgtype == "m.image").collect();
    assert_eq!(pictures.len(), 1, "one picture left: {pictures:?}");
    let redacted = from_bot.iter().filter(|m| m.redacted).count();
    assert!(
        redacted >= moves.len() / 5 - 1,
        "{redacted} pictures replaced in {} moves",
        moves.len()
    );
    let edits: Vec<&&Seen> = from_bot
        .iter()
        .filter(|m| m.replaces.as_deref() == Some(&tables[0].event_id))
        .collect();
    assert!(
        edits.len() > moves.len(),
        "{} edits for {} moves",
        edits.len(),
        moves.len()
    );
    assert!(
        edits.last().unwrap().html.contains("<b>"),
        "the table has an HTML body"
    );

    let log = bot.log();
    let players = seat_order(&rec, &service, [(&alice, &alice_dm), (&bob, &bob_dm)]).await;
    let played = Played {
        service: &service,
        rec: &rec,
        room: &room,
        players: &players,
        moves: &moves,
        bot: &bot_user,
    };
    assert_no_leaks(&played, &Deck::claim(), &log).await;
    assert!(
        !log.contains(&bot_user.token),
        "the access token is in the bot's log"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn three_players_play_fantasy_realms_to_its_end() {
    let Some(hs) = homeserver() else { return };
    let bot_user = hs.register("vliv").await;
    let mut players = Vec::new();
    for name in ["ann", "ben", "cid"] {
        players.push(hs.register(name).await);
    }
    let bot = Bot::start(&hs, &bot_user);
    bot.ready().await;
    let (host, guests) = players.split_first_mut().unwrap();
    let room = table_room(host, &guests.iter().collect::<Vec<_>>(), &bot_user).await;
    host.command(&room, "!vliv new fantasy-realms", &bot_user.user_id)
        .await;
    for g in guests.iter() {
        g.command(&room, "!vliv join", &bot_user.user_id).await;
    }
    host.command(&room, "!vliv start", &bot_user.user_id).await;
    let mut dms = Vec::new();
    for p in players.iter_mut() {
        dms.push(p.accept_invite().await);
    }
    let service = service(&bot).await;
    let rec = game_in(&service, &room).await;
    assert_eq!(rec.seats.len(), 3);
    let by_user: Vec<(&User, &str)> = players
        .iter()
        .zip(&dms)
        .map(|(p, d)| (p, d.as_str()))
        .collect();
    let ordered = seat_order(&rec, &service, [by_user[0], by_user[1], by_user[2]]).await;
    let moves = play_out(&service, &room, &ordered, &bot_user, 400).await;
    let rec = game_in(&service, &room).await;
    assert_eq!(rec.status, Status::Finished, "after {} moves", moves.len());
    let log = bot.log();
    let played = Played {
        service: &service,
        rec: &rec,
        room: &room,
        players: &ordered,
        moves: &moves,
        bot: &bot_user,
    };
    assert_no_leaks(&played, &Deck::fantasy_realms(), &log).await;
    // The table again on request, with its picture.
    let status = players[0]
        .command(&room, "!vliv status", &bot_user.user_id)
        .await;
    assert_eq!(status.body, "Done.");
    players[0]
        .wait_for(&room, &bot_user.user_id, 0, |m| m.body == "table.png")
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn commands_sent_while_the_bot_is_down_are_answered_once_after_a_restart() {
    let Some(hs) = homeserver() else { return };
    let (mut bot, bot_user, mut alice, mut bob, room) = started_claim(&hs).await;
    let alice_dm = alice.accept_invite().await;
    let bob_dm = bob.accept_invite().await;
    let service = service(&bot).await;
    let rec = game_in(&service, &room).await;
    let ordered = seat_order(&rec, &service, [(&alice, &alice_dm), (&bob, &bob_dm)]).await;
    // A few moves, then the bot dies.
    let mut moves = Vec::new();
    for _ in 0..4 {
        moves.extend(one_move(&service, &room, &ordered, &bot_user).await);
    }
    bot.kill();
    let before = service.store().moves(rec.id).await.unwrap().len();
    // While it is down: the waiting player answers, and the room asks for help twice.
    let waiting = waiting_seat(&service, &room).await;
    let (player, dm) = ordered[waiting as usize];
    let move_event = player.send(dm, "1").await;
    let help_1 = alice.send(&room, "!vliv help").await;
    let help_2 = bob.send(&room, "!vliv nápověda").await;
    bot.restart();
    bot.ready().await;
    for (who, room, event) in [
        (player, dm, &move_event),
        (&alice, room.as_str(), &help_1),
        (&bob, room.as_str(), &help_2),
    ] {
        let first = who.answers(room, event, &bot_user.user_id, WAIT).await;
        assert_eq!(first.len(), 1, "answered once: {first:?}");
    }
    // A second restart reads nothing again: still one answer each, one move made.
    bot.kill();
    bot.restart();
    bot.ready().await;
    let probe = alice.command(&room, "!vliv help", &bot_user.user_id).await;
    assert!(probe.body.contains("!vliv"));
    for (who, room, event) in [
        (player, dm, &move_event),
        (&alice, room.as_str(), &help_1),
        (&bob, room.as_str(), &help_2),
    ] {
        let all = who
            .answers(room, event, &bot_user.user_id, Duration::from_secs(1))
            .await;
        assert_eq!(all.len(), 1, "still answered once: {all:?}");
    }
    let after = service.store().moves(rec.id).await.unwrap().len();
    assert_eq!(
        after,
        before + 1,
        "the move sent while down was applied once"
    );
    // And the game goes on to its end.
    play_out(&service, &room, &ordered, &bot_user, 200).await;
    assert_eq!(game_in(&service, &room).await.status, Status::Finished);
}

/// The bot dies between a game's last move and the table's edit that shows the result
/// (here: the whole game is played while it is down, straight in its database): the
/// restarted bot edits the table to the result and posts the final picture.
#[tokio::test(flavor = "multi_thread")]
async fn a_game_that_ended_while_the_bot_was_down_shows_its_result_after_a_restart() {
    let Some(hs) = homeserver() else { return };
    let (mut bot, bot_user, alice, _bob, room) = started_claim(&hs).await;
    let service = service(&bot).await;
    let rec = game_in(&service, &room).await;
    bot.kill();
    let players: Vec<UserId> = rec.users().collect();
    play_to_end_while_down(&service, rec.id, &players).await;
    assert_eq!(game_in(&service, &room).await.status, Status::Finished);
    let from_bot = |seen: Vec<Seen>| seen.into_iter().filter(|m| m.sender == bot_user.user_id);
    let before = from_bot(alice.messages(&room).await).count();
    assert!(
        !from_bot(alice.messages(&room).await).any(|m| m.body.contains("Result")),
        "the table does not show the result yet"
    );
    bot.restart();
    bot.ready().await;
    let edit = alice
        .wait_for(&room, &bot_user.user_id, before, |m| {
            m.replaces.is_some() && m.body.contains("Result")
        })
        .await;
    assert!(edit.body.contains("Result"), "{edit:?}");
    alice
        .wait_for(&room, &bot_user.user_id, before, |m| m.body == "table.png")
        .await;
    // Its final picture is recorded now: a second start leaves the room as it is.
    let shown = from_bot(alice.messages(&room).await).count();
    let brought_up = |log: String| -> Vec<String> {
        log.lines()
            .filter(|l| l.contains("Matrix tables brought up to date at start"))
            .map(str::to_owned)
            .collect()
    };
    let starts = brought_up(bot.log()).len();
    bot.restart();
    let start = std::time::Instant::now();
    let line = loop {
        if let Some(line) = brought_up(bot.log()).get(starts) {
            break line.clone();
        }
        assert!(start.elapsed() < WAIT, "{}", bot.log());
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(line.contains("ended_republished=0"), "{line}");
    assert_eq!(from_bot(alice.messages(&room).await).count(), shown);
}

/// The bot dies between a move's commit and the table's edit (here: the move is made while
/// it is down, straight in its database): the restarted bot edits the table to show it.
#[tokio::test(flavor = "multi_thread")]
async fn a_move_made_while_the_bot_was_down_reaches_the_table_after_a_restart() {
    let Some(hs) = homeserver() else { return };
    let (mut bot, bot_user, alice, _bob, room) = started_claim(&hs).await;
    // The start's picture is the last thing it posts.
    alice
        .wait_for(&room, &bot_user.user_id, 0, |m| m.body == "table.png")
        .await;
    let service = service(&bot).await;
    let rec = game_in(&service, &room).await;
    bot.kill();
    let players: Vec<UserId> = rec.users().collect();
    assert!(move_while_down(&service, rec.id, &players, 0).await);
    let from_bot = |seen: Vec<Seen>| {
        seen.into_iter()
            .filter(|m| m.sender == bot_user.user_id)
            .collect::<Vec<_>>()
    };
    let earlier = from_bot(alice.messages(&room).await);
    bot.restart();
    bot.ready().await;
    let edit = alice
        .wait_for(&room, &bot_user.user_id, earlier.len(), |m| {
            m.replaces.is_some()
        })
        .await;
    assert!(
        earlier.iter().all(|m| m.body != edit.body),
        "the table shows what it showed before: {edit:?}"
    );
}

/// The bot dies between a move's commit and the hand it owes the player whose turn comes
/// (here: the move is made while it is down): the restarted bot sends that hand, once, and
/// records it, so a second start sends none.
#[tokio::test(flavor = "multi_thread")]
async fn a_turn_hand_lost_in_a_kill_is_sent_once_after_a_restart() {
    let Some(hs) = homeserver() else { return };
    let (mut bot, bot_user, mut alice, mut bob, room) = started_claim(&hs).await;
    let dms = [alice.accept_invite().await, bob.accept_invite().await];
    let service = service(&bot).await;
    let rec = game_in(&service, &room).await;
    let order = seat_order(&rec, &service, [(&alice, &dms[0]), (&bob, &dms[1])]).await;
    let first = waiting_seat(&service, &room).await;
    // The start's hands went out, the first player's recorded: the start was published.
    for &(player, dm) in &order {
        player.wait_for(dm, &bot_user.user_id, 0, |_| true).await;
    }
    start_published(&service, &rec, first).await;
    bot.kill();
    let players: Vec<UserId> = rec.users().collect();
    assert!(move_while_down(&service, rec.id, &players, 0).await);
    let next = waiting_seat(&service, &room).await;
    assert_ne!(next, first, "the lead passed the turn");
    let (player, dm) = order[next as usize];
    let hands = |seen: Vec<Seen>| seen.iter().filter(|m| m.sender == bot_user.user_id).count();
    let before = hands(player.messages(dm).await);
    let started = |log: String| -> Vec<String> {
        log.lines()
            .filter(|l| l.contains("Matrix tables brought up to date at start"))
            .map(str::to_owned)
            .collect()
    };
    for (restart, owed) in [(0, "turn_hands_owed=1"), (1, "turn_hands_owed=0")] {
        let starts = started(bot.log()).len();
        bot.restart();
        let start = std::time::Instant::now();
        let line = loop {
            if let Some(line) = started(bot.log()).get(starts) {
                break line.clone();
            }
            assert!(start.elapsed() < WAIT, "{}", bot.log());
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        let hand = player
            .wait_for(dm, &bot_user.user_id, before, |m| {
                m.body.contains("Your turn")
            })
            .await;
        assert!(hand.body.contains("Claim"), "{hand:?}");
        assert_eq!(
            hands(player.messages(dm).await),
            before + 1,
            "start {restart}"
        );
        assert!(line.contains(owed), "start {restart}: {line}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn only_moderators_change_the_rooms_settings_and_the_room_then_reads_czech() {
    let Some(hs) = homeserver() else { return };
    let (bot_user, alice, bob) = users(&hs, ["alice", "bob"]).await;
    let bot = Bot::start(&hs, &bot_user);
    bot.ready().await;
    let room = table_room(&alice, &[&bob], &bot_user).await;
    let refused = bob
        .command(&room, "!vliv settings language cs", &bot_user.user_id)
        .await;
    assert_eq!(
        refused.body,
        "Only the room's moderators and admins can change its settings."
    );
    let shown = bob
        .command(&room, "!vliv settings", &bot_user.user_id)
        .await;
    assert!(shown.body.contains("language en"), "{shown:?}");
    let changed = alice
        .command(&room, "!vliv settings language cs", &bot_user.user_id)
        .await;
    assert!(changed.body.contains("jazyk cs"), "{changed:?}");
    let help = bob
        .command(&room, "!vliv nápověda", &bot_user.user_id)
        .await;
    assert!(help.body.starts_with("Vliv v této místnosti"), "{help:?}");
    let restricted = alice
        .command(&room, "!vliv nastavení hry claim", &bot_user.user_id)
        .await;
    assert!(restricted.body.contains("hry claim"), "{restricted:?}");
    let disabled = bob
        .command(&room, "!vliv nová louis-xiv", &bot_user.user_id)
        .await;
    // A game the room does not host is named as its table names it, and the room too.
    assert_eq!(
        disabled.body, "Hra Louis XIV není v této místnosti povolená.",
        "{disabled:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_and_an_ai_seat_play_claim_to_its_end_the_ai_moving_in_the_sweep() {
    let Some(hs) = homeserver() else { return };
    let bot_user = hs.register("vliv").await;
    let mut alice = hs.register("alice").await;
    let bot = Bot::start(&hs, &bot_user);
    bot.ready().await;
    let room = table_room(&alice, &[], &bot_user).await;
    alice
        .command(&room, "!vliv new claim", &bot_user.user_id)
        .await;
    let seated = alice
        .command(&room, "!vliv ai lehká", &bot_user.user_id)
        .await;
    assert_eq!(seated.body, "Saved.");
    alice.command(&room, "!vliv start", &bot_user.user_id).await;
    let dm = alice.accept_invite().await;
    let service = service(&bot).await;
    let me = internal(&service, &alice.user_id).await;
    let start = std::time::Instant::now();
    let mut mine = 0;
    loop {
        let rec = game_in(&service, &room).await;
        if rec.status != Status::Running {
            break;
        }
        assert!(start.elapsed() < WAIT * 3, "the game did not end");
        let seat = waiting_seat(&service, &room).await;
        if rec.seats[seat as usize].user() == Some(me) {
            alice.command(&dm, "1", &bot_user.user_id).await;
            mine += 1;
        } else {
            // The AI seat moves in the bot's deadline sweep.
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    let rec = game_in(&service, &room).await;
    assert_eq!(rec.status, Status::Finished);
    assert!(mine >= 13, "Alice made {mine} moves");
    let stored = service.store().moves(rec.id).await.unwrap();
    assert!(stored.len() >= 26, "{} moves stored", stored.len());
}

/// A running bot, and a Claim game in a new room that Alice opened, Bob joined and Alice
/// started: (bot, its user, Alice, Bob, the room).
pub(super) async fn started_claim(hs: &Homeserver) -> (Bot, User, User, User, String) {
    let (bot_user, alice, bob) = users(hs, ["alice", "bob"]).await;
    let bot = Bot::start(hs, &bot_user);
    bot.ready().await;
    let room = table_room(&alice, &[&bob], &bot_user).await;
    alice
        .command(&room, "!vliv new claim", &bot_user.user_id)
        .await;
    bob.command(&room, "!vliv join", &bot_user.user_id).await;
    alice.command(&room, "!vliv start", &bot_user.user_id).await;
    (bot, bot_user, alice, bob, room)
}

pub(super) async fn users(hs: &Homeserver, names: [&str; 2]) -> (User, User, User) {
    (
        hs.register("vliv").await,
        hs.register(names[0]).await,
        hs.register(names[1]).await,
    )
}

/// Players in seat order (the game seats them in joining order; this checks it).
pub(super) async fn seat_order<'a, const N: usize>(
    rec: &GameRecord,
    service: &Service,
    players: [(&'a User, &'a str); N],
) -> Vec<(&'a User, &'a str)> {
    let mut ordered = Vec::new();
    for holder in &rec.seats {
        for &(p, dm) in &players {
            if holder.user() == Some(internal(service, &p.user_id).await) {
                ordered.push((p, dm));
            }
        }
    }
    assert_eq!(ordered.len(), N, "every player holds a seat");
    ordered
}

pub(super) async fn waiting_seat(service: &Service, room: &str) -> Seat {
    let rec = game_in(service, room).await;
    let state = service.live(&rec).unwrap();
    state
        .pending()
        .iter()
        .find_map(|p| match p.actor {
            Actor::Seat(s) => Some(s),
            Actor::System => None,
        })
        .expect("someone must decide")
}

pub(super) async fn one_move(
    service: &Service,
    room: &str,
    players: &[(&User, &str)],
    bot: &User,
) -> Option<String> {
    let seat = waiting_seat(service, room).await;
    let (player, dm) = players[seat as usize];
    Some(
        player
            .command(dm, "1", &bot.user_id)
            .await
            .reply_to
            .unwrap(),
    )
}
