//! Vliv in encrypted rooms, against the real Synapse: players use their own encrypting
//! client (`matrix_support::e2ee`, an `OlmMachine` per player's device, none of the bot's
//! code), rooms made as Element makes a private room (`m.room.encryption` in the initial
//! state), the players' clients sharing keys only with cross-signed devices (MSC4153). The
//! bot's device is cross-signed; an encrypted command is answered encrypted, also after the
//! bot's restart; a message whose key never reached the bot is said once; a room that turns
//! encryption on mid-game keeps playing, encrypted; a whole Claim game (the bot SIGKILLed
//! mid-game) and a three-player Fantasy Realms game with encrypted DMs and encrypted
//! pictures, the leak check over the decrypted bodies.

use crate::matrix_support;
use vliv_bot::service::UserId;

use matrix_support::{
    e2ee::{cross_signed, encrypted_picture, turn_on_encryption, wait_joined, E2ee, Shown},
    game_in, homeserver, internal,
    leaks::{assert_no_leaks_in, Deck, Played},
    service, table_room, Bot, Homeserver, Seen, User,
};
use vliv_bot::service::{Service, Status};
use vliv_engine::Actor;

const ENCRYPTED: &str = "m.room.encrypted";

/// Every message of the bot's in `shown` went out encrypted.
fn all_encrypted(shown: &[Shown], bot: &str) -> usize {
    let from_bot: Vec<&Shown> = shown.iter().filter(|m| m.seen.sender == bot).collect();
    for m in &from_bot {
        assert_eq!(m.wire_type, ENCRYPTED, "sent in the clear: {m:?}");
    }
    from_bot.len()
}

#[tokio::test(flavor = "multi_thread")]
async fn an_encrypted_command_is_answered_encrypted_also_after_a_restart() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bot_id = vliv.user_id.as_str();
    let mut bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    let mut phone = E2ee::new(&alice).await;
    // The bot cross-signed its device at its start: Alice's client, which shares keys only
    // with such devices, gives it the room's key.
    let device = vliv.device_id().await;
    // It does so once it holds the account's lease, just after its login.
    let start = std::time::Instant::now();
    while !cross_signed(&alice, bot_id, &device).await {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(30),
            "the bot's device {device} is cross-signed"
        );
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    }
    let room = alice.create_encrypted_room(&[bot_id]).await;
    wait_joined(&alice, &room, bot_id).await;

    let help = phone.command(&alice, &room, "!vliv help", bot_id).await;
    assert_eq!(help.wire_type, ENCRYPTED, "{help:?}");
    assert!(help.seen.body.contains("Vliv hosts card games"), "{help:?}");
    // What the homeserver stores is ciphertext only.
    let stored = alice.raw_events(&room).await;
    let raw = stored
        .iter()
        .find(|e| e["event_id"] == help.seen.event_id.as_str())
        .expect("the answer is stored");
    assert_eq!(raw["type"], ENCRYPTED);
    assert!(!raw.to_string().contains("card games"), "{raw}");

    // Restarted, the bot still holds its device's keys and the room's session.
    bot.kill();
    bot.restart();
    bot.ready().await;
    let opened = phone
        .command(&alice, &room, "!vliv new claim", bot_id)
        .await;
    assert_eq!(opened.wire_type, ENCRYPTED, "{opened:?}");
    assert!(opened.seen.body.contains("lobby"), "{opened:?}");
    let shown = phone.messages(&alice, &room).await;
    assert!(all_encrypted(&shown, bot_id) >= 2);
    assert!(
        !shown.iter().any(|m| m.seen.body.contains("cannot read")),
        "the bot could read everything: {shown:?}"
    );
    assert!(
        bot.log().contains("end-to-end encryption ready"),
        "the store was opened"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_message_the_bot_cannot_decrypt_is_said_once_and_the_next_is_answered() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bot_id = vliv.user_id.as_str();
    let bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    let mut phone = E2ee::new(&alice).await;
    let room = alice.create_encrypted_room(&[bot_id]).await;
    wait_joined(&alice, &room, bot_id).await;

    // The room key goes to Alice's own device only: the bot cannot read this one.
    let me = [alice.user_id.as_str()];
    phone
        .send_sharing(&alice, &room, "!vliv help", Some(&me))
        .await;
    phone
        .send_sharing(&alice, &room, "!vliv status", Some(&me))
        .await;
    let told = phone
        .wait_for(&alice, &room, bot_id, 0, |m| {
            m.seen.body.contains("cannot read")
        })
        .await;
    assert_eq!(told.wire_type, ENCRYPTED);
    // Shared with everyone again, the next command is read and answered.
    let help = phone.command(&alice, &room, "!vliv help", bot_id).await;
    assert!(help.seen.body.contains("Vliv hosts"), "{help:?}");
    let notices = phone
        .messages(&alice, &room)
        .await
        .into_iter()
        .filter(|m| m.seen.body.contains("cannot read"))
        .count();
    assert_eq!(notices, 1, "said once");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_room_that_turns_encryption_on_mid_game_keeps_playing_encrypted() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bot_id = vliv.user_id.as_str();
    let bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    let mut phone = E2ee::new(&alice).await;
    let room = table_room(&alice, &[], &vliv).await;
    alice.command(&room, "!vliv new claim", bot_id).await;
    alice.command(&room, "!vliv ai", bot_id).await;
    let before = phone.messages(&alice, &room).await.len();

    turn_on_encryption(&alice, &room).await;
    let started = phone.command(&alice, &room, "!vliv start", bot_id).await;
    assert_eq!(started.wire_type, ENCRYPTED, "{started:?}");
    assert!(started.seen.body.contains("direct messages"), "{started:?}");
    let status = phone.command(&alice, &room, "!vliv status", bot_id).await;
    assert_eq!(status.wire_type, ENCRYPTED, "{status:?}");
    let after: Vec<Shown> = phone
        .messages(&alice, &room)
        .await
        .into_iter()
        .skip(before)
        .collect();
    // The answers, the table's edits and its picture all went out encrypted.
    assert!(all_encrypted(&after, bot_id) >= 3, "{after:?}");
    let db = service(&bot).await;
    assert_eq!(game_in(&db, &room).await.status, Status::Running);
}

#[tokio::test(flavor = "multi_thread")]
async fn two_players_play_claim_in_an_encrypted_room_through_a_kill_of_the_bot() {
    let Some(hs) = homeserver() else { return };
    encrypted_game(&hs, "claim", &["alice", "bob"], Deck::claim(), Some(12)).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn three_players_play_fantasy_realms_in_an_encrypted_room() {
    let Some(hs) = homeserver() else { return };
    let deck = Deck::fantasy_realms();
    encrypted_game(&hs, "fantasy-realms", &["ann", "ben", "cid"], deck, None).await;
}

/// A whole game of `kind` for `names` in an encrypted room made as Element makes it, each
/// hand in its player's encrypted DM room, the bot SIGKILLed and restarted after
/// `kill_after` moves. Everything the bot sent is encrypted and decrypts on the players'
/// clients (one that did not would fail the test), the table's picture is an encrypted
/// attachment, and nothing decrypted shows a card hidden from its reader. The bot's log.
pub(super) async fn encrypted_game(
    hs: &Homeserver,
    kind: &str,
    names: &[&str],
    deck: Deck,
    kill_after: Option<usize>,
) -> String {
    let vliv = hs.register("vliv").await;
    let bot_id = vliv.user_id.as_str();
    let mut users = Vec::new();
    let mut phones = Vec::new();
    for name in names {
        let user = hs.register(name).await;
        phones.push(E2ee::new(&user).await);
        users.push(user);
    }
    let mut bot = Bot::start(hs, &vliv);
    bot.ready().await;
    let mut invite: Vec<&str> = users[1..].iter().map(|u| u.user_id.as_str()).collect();
    invite.push(bot_id);
    let room = users[0].create_encrypted_room(&invite).await;
    for guest in &users[1..] {
        guest.join(&room).await;
    }
    wait_joined(&users[0], &room, bot_id).await;

    let opened = phones[0]
        .command(&users[0], &room, &format!("!vliv new {kind}"), bot_id)
        .await;
    assert!(opened.seen.body.contains("lobby"), "{opened:?}");
    for (guest, phone) in users[1..].iter().zip(&mut phones[1..]) {
        let joined = phone.command(guest, &room, "!vliv join", bot_id).await;
        assert!(joined.seen.body.contains("joined"), "{joined:?}");
    }
    phones[0]
        .command(&users[0], &room, "!vliv start", bot_id)
        .await;
    // The players have devices with keys: their DM rooms are made encrypted.
    let mut dms = Vec::new();
    for user in users.iter_mut() {
        dms.push(user.accept_invite().await);
    }

    let db = service(&bot).await;
    let rec = game_in(&db, &room).await;
    assert_eq!(rec.seats.len(), names.len());
    // Seat order: the game seats them in joining order; this checks it.
    let mut seated: Vec<(usize, &User, &str, &mut E2ee)> = Vec::new();
    for ((user, dm), phone) in users.iter().zip(&dms).zip(phones.iter_mut()) {
        let id: UserId = internal(&db, &user.user_id).await;
        let seat = rec.seats.iter().position(|h| h.user() == Some(id)).unwrap();
        seated.push((seat, user, dm.as_str(), phone));
    }
    seated.sort_by_key(|(seat, ..)| *seat);
    let mut players: Vec<(&User, &str, &mut E2ee)> =
        seated.into_iter().map(|(_, u, d, p)| (u, d, p)).collect();
    let moves = play_out(&db, &room, &mut players, bot_id, 400, kill_after, &mut bot).await;
    let rec = game_in(&db, &room).await;
    assert_eq!(rec.status, Status::Finished, "after {} moves", moves.len());

    let mut read: Vec<(Option<usize>, Vec<Seen>)> = Vec::new();
    let (first, _, first_phone) = &mut players[0];
    let public = first_phone.messages(first, &room).await;
    assert!(all_encrypted(&public, bot_id) > 3);
    // The picture left below the final table, an encrypted attachment that decrypts to a PNG.
    let pictures: Vec<&Shown> = public
        .iter()
        .filter(|m| m.seen.sender == bot_id && m.seen.msgtype == "m.image")
        .collect();
    assert!(!pictures.is_empty(), "the table has a picture");
    for picture in pictures {
        let png = encrypted_picture(first, picture)
            .await
            .expect("an encrypted attachment");
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
    }
    read.push((None, public.into_iter().map(|m| m.seen).collect()));
    for (seat, (user, dm, phone)) in players.iter_mut().enumerate() {
        let mine = phone.messages(user, dm).await;
        assert!(all_encrypted(&mine, bot_id) > 3, "seat {seat}: {mine:?}");
        read.push((Some(seat), mine.into_iter().map(|m| m.seen).collect()));
    }
    let seats: Vec<(&User, &str)> = players.iter().map(|(u, dm, _)| (*u, *dm)).collect();
    let played = Played {
        service: &db,
        rec: &rec,
        room: &room,
        players: &seats,
        moves: &moves,
        bot: &vliv,
    };
    let log = bot.log();
    assert_no_leaks_in(&played, &deck, &log, &read).await;
    assert!(
        !log.contains("not decrypted") && !log.contains("was given up"),
        "the bot decrypted every command"
    );
    if kill_after.is_some() {
        assert!(
            log.matches("end-to-end encryption ready").count() >= 2,
            "restarted"
        );
    }
    log
}

/// Plays until the game ends: whoever must decide answers the first choice of their menu,
/// encrypted, in their DM room; after `kill_after` moves the bot is SIGKILLed and started
/// again. The command event ids of the moves, in order.
async fn play_out(
    db: &Service,
    room: &str,
    players: &mut [(&User, &str, &mut E2ee)],
    bot_id: &str,
    max_moves: usize,
    kill_after: Option<usize>,
    bot: &mut Bot,
) -> Vec<String> {
    let mut moves = Vec::new();
    for _ in 0..max_moves {
        if kill_after == Some(moves.len()) {
            bot.kill();
            bot.restart();
            bot.ready().await;
        }
        let rec = game_in(db, room).await;
        if rec.status != Status::Running {
            return moves;
        }
        let state = db.live(&rec).unwrap();
        let seat = state
            .pending()
            .iter()
            .find_map(|p| match p.actor {
                Actor::Seat(s) => Some(s),
                Actor::System => None,
            })
            .expect("a running game waits for a seat");
        let (player, dm, phone) = &mut players[seat as usize];
        let answer = phone.command(player, dm, "1", bot_id).await;
        assert_eq!(answer.wire_type, ENCRYPTED, "{answer:?}");
        assert!(
            answer.seen.body == "Done." || answer.seen.body == "Hotovo.",
            "a move by number was answered {answer:?}"
        );
        moves.push(answer.seen.reply_to.unwrap());
    }
    panic!("the game did not end within {max_moves} moves");
}
