//! Hints and reviews on Matrix against the real Synapse: `!vliv hint` sends the AI's best
//! choices to the asker's direct room only (the game's room and the other player read none
//! of it, and it names none of the other player's cards), the game is then marked and not
//! rated; `!vliv rozbor` of the ended game sends the review to the asker's direct room.

use crate::matrix_support;

use matrix_support::{game_in, homeserver, internal, service, table_room, Bot};
use vliv_bot::{
    render::cards::hand_cards,
    service::{hinted, rating_of, Unrated},
};

const HINT_TITLE: &str = "what the AI would choose here, from what you know";

#[tokio::test(flavor = "multi_thread")]
async fn a_hint_and_a_review_reach_the_askers_direct_room_only() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let mut alice = hs.register("alice").await;
    let mut bob = hs.register("bob").await;
    let bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    let room = table_room(&alice, &[&bob], &vliv).await;
    let bot_id = vliv.user_id.as_str();
    alice.command(&room, "!vliv new claim", bot_id).await;
    bob.command(&room, "!vliv join", bot_id).await;
    alice.command(&room, "!vliv start", bot_id).await;
    let alice_dm = alice.accept_invite().await;
    let bob_dm = bob.accept_invite().await;

    let db = service(&bot).await;
    let rec = game_in(&db, &room).await;
    let alice_id = internal(&db, &alice.user_id).await;
    let bob_id = internal(&db, &bob.user_id).await;
    let alice_moves = !db.pending_menus(rec.id, alice_id).await.unwrap().is_empty();
    let (asker, asker_dm, asker_id, other, other_dm, other_id) = match alice_moves {
        true => (&alice, &alice_dm, alice_id, &bob, &bob_dm, bob_id),
        false => (&bob, &bob_dm, bob_id, &alice, &alice_dm, alice_id),
    };

    // Not the other's turn: said in the room, nothing marked.
    let refused = other.command(&room, "!vliv rada", bot_id).await;
    assert!(refused.body.contains("not your turn"), "{refused:?}");
    assert!(!hinted(&db.game(rec.id).await.unwrap().options));

    let sent = asker.command(&room, "!vliv hint", bot_id).await;
    assert!(sent.body.contains("direct messages"), "{sent:?}");
    let hint = asker
        .wait_for(asker_dm, bot_id, 0, |m| m.body.contains(HINT_TITLE))
        .await;
    assert!(hint.body.contains("1. "), "{hint:?}");
    for m in asker.messages(&room).await {
        assert!(!m.body.contains(HINT_TITLE), "a hint in the room: {m:?}");
    }
    for m in other.messages(other_dm).await {
        assert!(
            !m.body.contains(HINT_TITLE),
            "a hint in the other's DM: {m:?}"
        );
    }
    let rec = db.game(rec.id).await.unwrap();
    assert!(hinted(&rec.options), "the game is marked");
    let state = db.live(&rec).unwrap();
    let own = hand_cards(state.as_ref(), rec.seat_of(asker_id).unwrap());
    for card in hand_cards(state.as_ref(), rec.seat_of(other_id).unwrap()) {
        if own.iter().any(|c| c.key == card.key) {
            continue;
        }
        let name = vliv_bot::i18n::tr(rec.lang, &card.name, &|s| rec.lang.seat_name(s));
        assert!(!hint.body.contains(&name), "{name} in {hint:?}");
    }

    // A running game is not reviewed.
    let running = alice.command(&room, "!vliv review", bot_id).await;
    assert!(running.body.contains("still running"), "{running:?}");

    bob.command(&room, "!vliv concede", bot_id).await;
    let ended = db.game(rec.id).await.unwrap();
    assert_eq!(rating_of(&ended), Some(Err(Unrated::Hinted)));
    alice
        .wait_for(&room, bot_id, 0, |m| {
            m.body
                .contains("Not rated: a player asked the AI for a hint.")
        })
        .await;

    // The review, by its Czech word, to Alice's direct room only.
    let asked = alice.command(&room, "!vliv rozbor", bot_id).await;
    assert!(asked.body.contains("direct messages"), "{asked:?}");
    let review = alice
        .wait_for(&alice_dm, bot_id, 0, |m| {
            m.body.contains(&format!("Review of game #{}", rec.id))
        })
        .await;
    assert!(review.body.contains("Turning points:"), "{review:?}");
    for m in alice.messages(&room).await {
        assert!(
            !m.body.contains("Turning points:"),
            "a review in the room: {m:?}"
        );
    }
    for m in bob.messages(&bob_dm).await {
        assert!(
            !m.body.contains("Turning points:"),
            "a review in Bob's DM: {m:?}"
        );
    }
}
