//! The table's picture in a Matrix room (issue 21), against the real Synapse: an `m.image`
//! below the table when the game starts, drawn from the spectator's view (the same bytes
//! the public scene draws, not the hand's); `!vliv status` replaces it, the old one
//! redacted; the end's picture stays; a room with pictures off gets none.

use crate::matrix_support;

use matrix_support::{game_in, homeserver, service, table_room, Bot, Seen, User};
use vliv_bot::render::{with_hand_picture, with_table_picture, MessageSpec};

fn pictures(messages: &[Seen], bot: &str) -> Vec<Seen> {
    messages
        .iter()
        .filter(|m| m.sender == bot && (m.msgtype == "m.image" || m.redacted))
        .cloned()
        .collect()
}

async fn png(user: &User, picture: &Seen) -> Vec<u8> {
    let url = picture.url.as_deref().expect("an image has a URL");
    let bytes = user.download(url).await;
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    bytes
}

#[tokio::test(flavor = "multi_thread")]
async fn the_table_picture_follows_the_game_and_shows_the_public_view_only() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bob = hs.register("bob").await;
    let bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    // Two players and no AI: the game stands still between their commands.
    let room = table_room(&alice, &[&bob], &vliv).await;
    let bot_id = vliv.user_id.as_str();
    alice.command(&room, "!vliv new claim", bot_id).await;
    bob.command(&room, "!vliv join", bot_id).await;
    assert!(
        pictures(&alice.messages(&room).await, bot_id).is_empty(),
        "a lobby has no picture"
    );
    alice.command(&room, "!vliv start", bot_id).await;
    let first = alice
        .wait_for(&room, bot_id, 0, |m| m.msgtype == "m.image")
        .await;
    assert_eq!(first.body, "table.png");
    let shown = png(&alice, &first).await;

    // The same bytes as the spectator's scene of the game as stored, and not the hand's.
    let db = service(&bot).await;
    let rec = game_in(&db, &room).await;
    let state = db.live(&rec).unwrap();
    let public = with_table_picture(MessageSpec::default(), state.as_ref(), rec.lang)
        .picture
        .expect("claim draws its table")
        .png;
    assert!(shown == public, "the picture is the public scene's");
    for seat in 0..rec.seats.len() as u8 {
        if let Some(hand) =
            with_hand_picture(MessageSpec::default(), state.as_ref(), seat, rec.lang).picture
        {
            assert!(shown != hand.png, "seat {seat}'s hand is not shown");
        }
    }

    // Asked for the table again: a new picture, the old one taken back.
    alice.command(&room, "!vliv status", bot_id).await;
    let start = std::time::Instant::now();
    loop {
        let all = pictures(&alice.messages(&room).await, bot_id);
        let old = all.iter().find(|m| m.event_id == first.event_id);
        let live: Vec<&Seen> = all.iter().filter(|m| !m.redacted).collect();
        if old.is_some_and(|m| m.redacted) && live.len() == 1 {
            assert_ne!(live[0].event_id, first.event_id);
            break;
        }
        assert!(
            start.elapsed() < matrix_support::WAIT,
            "the old picture was not replaced: {all:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }

    // The end's picture replaces it and stays.
    alice.command(&room, "!vliv concede", bot_id).await;
    let start = std::time::Instant::now();
    loop {
        let all = pictures(&alice.messages(&room).await, bot_id);
        let live: Vec<&Seen> = all.iter().filter(|m| !m.redacted).collect();
        if all.len() == 3 && live.len() == 1 {
            assert_eq!(live[0].event_id, all[2].event_id, "the newest stays");
            break;
        }
        assert!(
            start.elapsed() < matrix_support::WAIT,
            "no end picture: {all:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_room_with_pictures_off_gets_no_picture() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    let room = table_room(&alice, &[], &vliv).await;
    let bot_id = vliv.user_id.as_str();
    let set = alice
        .command(&room, "!vliv settings pictures off", bot_id)
        .await;
    assert!(set.body.contains("table pictures off"), "{set:?}");
    alice.command(&room, "!vliv new claim", bot_id).await;
    alice.command(&room, "!vliv ai", bot_id).await;
    alice.command(&room, "!vliv start", bot_id).await;
    alice.command(&room, "!vliv status", bot_id).await;
    alice.command(&room, "!vliv concede", bot_id).await;
    let all = pictures(&alice.messages(&room).await, bot_id);
    assert!(all.is_empty(), "{all:?}");
}
