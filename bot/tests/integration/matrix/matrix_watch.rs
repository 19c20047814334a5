//! Watching on Matrix: a member of the room who does not play asks for the table in their
//! DM room with the bot; it is edited as the game moves, shows only what the room sees,
//! stops on `!vliv unwatch` and ends with the game.

use std::time::Duration;

use super::matrix_e2e::{one_move, play_out, seat_order};
use crate::matrix_support::{
    game_in, homeserver,
    leaks::{assert_no_leaks_in, Deck, Played},
    service, table_room, Bot, Seen, User,
};
use vliv_bot::service::Status;

async fn from_bot(user: &User, room: &str, bot: &str) -> Vec<Seen> {
    let all = user.messages(room).await;
    all.into_iter().filter(|m| m.sender == bot).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_spectator_watches_the_rooms_game_in_their_direct_room_until_it_ends() {
    let Some(hs) = homeserver() else { return };
    let bot_user = hs.register("vliv").await;
    let mut alice = hs.register("alice").await;
    let mut bob = hs.register("bob").await;
    let mut carol = hs.register("carol").await;
    let bot_id = bot_user.user_id.as_str();
    let bot = Bot::start(&hs, &bot_user);
    bot.ready().await;
    let room = table_room(&alice, &[&bob, &carol], &bot_user).await;
    alice.command(&room, "!vliv new claim", bot_id).await;
    bob.command(&room, "!vliv join", bot_id).await;
    let early = carol.command(&room, "!vliv watch", bot_id).await;
    assert!(
        !early.body.contains("You are watching"),
        "a lobby: {early:?}"
    );
    alice.command(&room, "!vliv start", bot_id).await;
    let watching = carol.command(&room, "!vliv watch", bot_id).await;
    assert!(
        watching.body.starts_with("You are watching game #")
            && watching.body.contains("!vliv unwatch"),
        "{watching:?}"
    );
    let seated = alice.command(&room, "!vliv watch", bot_id).await;
    assert!(
        !seated.body.contains("You are watching"),
        "a player: {seated:?}"
    );
    let carol_dm = carol.accept_invite().await;
    let first = carol
        .wait_for(&carol_dm, bot_id, 0, |m| {
            m.body.contains("You are watching game") && m.body.contains(&room)
        })
        .await;

    let dms = [alice.accept_invite().await, bob.accept_invite().await];
    let service = service(&bot).await;
    let rec = game_in(&service, &room).await;
    let order = seat_order(&rec, &service, [(&alice, &dms[0]), (&bob, &dms[1])]).await;
    // A move: her table follows it, edited in place.
    let mut moves = Vec::new();
    moves.extend(one_move(&service, &room, &order, &bot_user).await);
    carol
        .wait_for(&carol_dm, bot_id, 0, |m| {
            m.replaces.as_deref() == Some(&first.event_id)
        })
        .await;
    // Unwatched, her room stays as it is while the game moves.
    let stopped = carol.command(&room, "!vliv unwatch", bot_id).await;
    assert_eq!(stopped.body, "You no longer watch this game.");
    let quiet = from_bot(&carol, &carol_dm, bot_id).await.len();
    moves.extend(one_move(&service, &room, &order, &bot_user).await);
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(from_bot(&carol, &carol_dm, bot_id).await.len(), quiet);
    // Watching again, to the end.
    let again = carol.command(&room, "!vliv sledovat", bot_id).await;
    assert!(again.body.starts_with("You are watching"), "{again:?}");
    moves.extend(play_out(&service, &room, &order, &bot_user, 200).await);
    let rec = game_in(&service, &room).await;
    assert_eq!(rec.status, Status::Finished);
    let last = carol
        .wait_for(&carol_dm, bot_id, 0, |m| m.body.contains("has ended"))
        .await;
    assert!(last.body.contains("Result"), "the last table: {last:?}");
    let edits = from_bot(&carol, &carol_dm, bot_id)
        .await
        .iter()
        .filter(|m| m.replaces.is_some())
        .count();
    assert!(
        edits >= moves.len() - 2,
        "{edits} edits for {} moves",
        moves.len()
    );
    let over = carol.command(&room, "!vliv unwatch", bot_id).await;
    assert!(
        !over.body.contains("no longer watch"),
        "watching ended: {over:?}"
    );

    // Her DM room shows what the room shows: no card hidden from the room, ever.
    let mut read = vec![
        (None, alice.messages(&room).await),
        (None, carol.messages(&carol_dm).await),
    ];
    for (seat, (p, dm)) in order.iter().enumerate() {
        read.push((Some(seat), p.messages(dm).await));
    }
    let played = Played {
        service: &service,
        rec: &rec,
        room: &room,
        players: &order,
        moves: &moves,
        bot: &bot_user,
    };
    assert_no_leaks_in(&played, &Deck::claim(), &bot.log(), &read).await;
}
