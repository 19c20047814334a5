//! A Matrix player's own language (`!vliv me language`), against the real Synapse. In an
//! English room Bob asks for Czech: his hands, menus and the answers in his DM room are then
//! Czech, while Alice's and everything in the shared room stay English; `room` gives him the
//! room's language back.

use crate::matrix_support;

use matrix_support::{game_in, homeserver, internal, service, table_room, Bot, User};
use vliv_bot::service::Service;
use vliv_engine::{Actor, Lang};

/// The Matrix user whose decision the room's game waits for.
async fn mover<'a>(db: &Service, room: &str, players: [&'a User; 2]) -> &'a User {
    let rec = game_in(db, room).await;
    let state = db.live(&rec).unwrap();
    let seat = state
        .pending()
        .iter()
        .find_map(|p| match p.actor {
            Actor::Seat(s) => Some(s),
            Actor::System => None,
        })
        .expect("a running game waits for a seat");
    let user = rec.seats[seat as usize].user().expect("a player's seat");
    for p in players {
        if internal(db, &p.user_id).await == user {
            return p;
        }
    }
    panic!("seat {seat} is nobody's here");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_reads_their_direct_messages_in_the_language_they_chose() {
    let Some(hs) = homeserver() else { return };
    let bot_user = hs.register("vliv").await;
    let mut alice = hs.register("alice").await;
    let mut bob = hs.register("bob").await;
    let bot = Bot::start(&hs, &bot_user);
    bot.ready().await;
    let vliv = bot_user.user_id.as_str();
    let room = table_room(&alice, &[&bob], &bot_user).await;

    // Answered in the room's language; stored where Discord's `/vliv settings` stores it.
    let set = bob.command(&room, "!vliv me language cs", vliv).await;
    assert!(
        set.body
            .contains("the language of your direct messages: Czech"),
        "{set:?}"
    );
    let unknown = bob.command(&room, "!vliv me language klingon", vliv).await;
    assert!(
        unknown.body.contains("There is no such setting"),
        "{unknown:?}"
    );
    let db = service(&bot).await;
    let bob_id = internal(&db, &bob.user_id).await;
    assert_eq!(db.user_settings(bob_id).await.unwrap().lang, Some(Lang::Cs));

    alice.command(&room, "!vliv new claim", vliv).await;
    bob.command(&room, "!vliv join", vliv).await;
    let started = alice.command(&room, "!vliv start", vliv).await;
    assert!(started.body.contains("The game has started"), "{started:?}");
    let alice_dm = alice.accept_invite().await;
    let bob_dm = bob.accept_invite().await;
    let bob_hand = bob
        .wait_for(&bob_dm, vliv, 0, |m| m.body.contains("ve hře Claim"))
        .await;
    assert!(!bob_hand.body.contains("Your "), "{bob_hand:?}");
    let alice_hand = alice
        .wait_for(&alice_dm, vliv, 0, |m| m.body.contains("in Claim"))
        .await;
    assert!(!alice_hand.body.contains("ve hře"), "{alice_hand:?}");

    // A move by number in each DM room is answered in that player's language.
    let (mut alice_moved, mut bob_moved) = (false, false);
    for _ in 0..8 {
        let who = mover(&db, &room, [&alice, &bob]).await;
        let (dm, done) = match who.user_id == bob.user_id {
            true => (&bob_dm, "Hotovo."),
            false => (&alice_dm, "Done."),
        };
        let answer = who.command(dm, "1", vliv).await;
        assert_eq!(answer.body, done, "{}", who.user_id);
        match who.user_id == bob.user_id {
            true => bob_moved = true,
            false => alice_moved = true,
        }
        if alice_moved && bob_moved {
            break;
        }
    }
    assert!(alice_moved && bob_moved, "both players moved");
    // The shared room reads one language: English, whoever asks.
    let status = bob.command(&room, "!vliv me", vliv).await;
    assert!(status.body.contains("Czech"), "{status:?}");
    for m in alice.messages(&room).await {
        if m.sender == vliv {
            assert!(!m.body.contains("ve hře"), "Czech in the room: {m:?}");
        }
    }

    // Back to the room's language, asked in his DM room: the answer and his next hand in
    // English.
    let seen = bob.messages(&bob_dm).await.len();
    let back = bob.command(&bob_dm, "!vliv já jazyk místnost", vliv).await;
    assert!(
        back.body
            .contains("the language of your direct messages: the room's language"),
        "{back:?}"
    );
    assert_eq!(db.user_settings(bob_id).await.unwrap().lang, None);
    bob.command(&room, "!vliv hand", vliv).await;
    let english = bob
        .wait_for(&bob_dm, vliv, 0, |m| m.body.contains("in Claim"))
        .await;
    assert!(!english.body.contains("ve hře"), "{english:?}");
    assert!(bob.messages(&bob_dm).await.len() > seen);
}
