//! The requests Matrix gained beside Discord's, against the real Synapse: a player's games
//! in the room, the log of the room's game and the hand's card texts sent privately, and a
//! seat handed to another player (who then gets the hand in their own direct room).

use crate::matrix_support;

use matrix_support::{game_in, homeserver, internal, service, table_room, Bot};

#[tokio::test(flavor = "multi_thread")]
async fn list_log_and_substitute_reach_matrix_players_where_each_belongs() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let mut alice = hs.register("alice").await;
    let mut bob = hs.register("bob").await;
    let mut carol = hs.register("carol").await;
    let bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    let room = table_room(&alice, &[&bob, &carol], &vliv).await;
    let bot_id = vliv.user_id.as_str();
    alice.command(&room, "!vliv new claim", bot_id).await;
    bob.command(&room, "!vliv join", bot_id).await;

    // A lobby is listed as one.
    let listed = alice.command(&room, "!vliv list", bot_id).await;
    let db = service(&bot).await;
    let lobby = game_in(&db, &room).await;
    assert!(
        listed.body.contains(&format!("#{}", lobby.id)) && listed.body.contains("(lobby)"),
        "{listed:?}"
    );
    alice.command(&room, "!vliv start", bot_id).await;
    let alice_dm = alice.accept_invite().await;
    let _bob_dm = bob.accept_invite().await;

    // Running now, and in Czech by its Czech word.
    let seznam = bob.command(&room, "!vliv seznam", bot_id).await;
    assert!(seznam.body.contains("(running)"), "{seznam:?}");

    // The log goes to the asker's direct room, never to the game's room.
    let sent = alice.command(&room, "!vliv log", bot_id).await;
    assert!(sent.body.contains("direct messages"), "{sent:?}");
    let log = alice
        .wait_for(&alice_dm, bot_id, 0, |m| {
            m.body.contains("the moves so far")
        })
        .await;
    assert!(log.body.contains(&format!("Game #{}", lobby.id)), "{log:?}");
    let public = alice.messages(&room).await;
    assert!(
        public
            .iter()
            .all(|m| !m.body.contains("the moves so far") && !m.body.contains('🔒')),
        "nothing of a log in the room"
    );

    // The hand's cards with their texts go to the asker's direct room too; Bob's hand is
    // nowhere in them.
    let cards = alice.command(&room, "!vliv cards", bot_id).await;
    assert!(cards.body.contains("direct messages"), "{cards:?}");
    let texts = alice
        .wait_for(&alice_dm, bot_id, 0, |m| {
            m.body.contains("what your cards do")
        })
        .await;
    let public = alice.messages(&room).await;
    assert!(
        public
            .iter()
            .all(|m| !m.body.contains("what your cards do")),
        "no hand's card texts in the room"
    );
    let rec = game_in(&db, &room).await;
    let bob_id = internal(&db, &bob.user_id).await;
    let bob_seat = rec.seat_of(bob_id).expect("bob is seated");
    let alice_seat = rec
        .seat_of(internal(&db, &alice.user_id).await)
        .expect("alice too");
    let state = db.live(&rec).expect("the live game");
    let own = vliv_bot::render::cards::hand_cards(state.as_ref(), alice_seat);
    assert!(!own.is_empty(), "alice holds cards with texts");
    for card in vliv_bot::render::cards::hand_cards(state.as_ref(), bob_seat) {
        if own.iter().any(|c| c.key == card.key) {
            continue;
        }
        let name = vliv_bot::i18n::tr(rec.lang, &card.name, &|s| rec.lang.seat_name(s));
        assert!(
            !texts.body.contains(&name),
            "bob's {name} in alice's card texts"
        );
    }

    // A seat handed over without naming anyone: how to.
    let usage = alice.command(&room, "!vliv substitute", bot_id).await;
    assert!(usage.body.contains("@player:server"), "{usage:?}");

    // Alice hands her seat to Carol: the room is told, Carol holds it and gets the hand.
    let handed = alice
        .command(
            &room,
            &format!("!vliv substitute {}", carol.user_id),
            bot_id,
        )
        .await;
    assert!(handed.body.contains("Done"), "{handed:?}");
    alice
        .wait_for(&room, bot_id, 0, |m| m.body.contains("from now on"))
        .await;
    let rec = game_in(&db, &room).await;
    let alice_id = internal(&db, &alice.user_id).await;
    let carol_id = internal(&db, &carol.user_id).await;
    assert!(rec.seat_of(alice_id).is_none(), "alice holds no seat");
    assert!(rec.seat_of(carol_id).is_some(), "carol holds alice's seat");
    let carol_dm = carol.accept_invite().await;
    carol
        .wait_for(&carol_dm, bot_id, 0, |m| m.body.contains("Claim"))
        .await;
}
