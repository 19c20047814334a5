//! A player's time zone from their Matrix profile (`m.tz`, MSC4175), against the real
//! Synapse: a player who never set one with the bot reads their answers in their profile's
//! zone, their quiet hours keep it, and a zone set with `!vliv me timezone` wins over it.

use reqwest::Method;
use serde_json::json;

use crate::matrix_support::{game_in, homeserver, internal, service, table_room, Bot};

#[tokio::test(flavor = "multi_thread")]
async fn a_player_with_a_profile_zone_reads_their_local_time_without_setting_it() {
    let Some(hs) = homeserver() else { return };
    let bot_user = hs.register("vliv").await;
    let mut alice = hs.register("alice").await;
    let vliv = bot_user.user_id.as_str();
    // Set in her client before she meets the bot.
    let path = ["profile", alice.user_id.as_str(), "m.tz"];
    let (status, body) = alice
        .try_call(Method::PUT, &path, json!({"m.tz": "Asia/Tokyo"}))
        .await;
    assert_eq!(status, 200, "m.tz not set: {body}");
    let bot = Bot::start(&hs, &bot_user);
    bot.ready().await;
    let room = table_room(&alice, &[], &bot_user).await;
    let db = service(&bot).await;
    let alice_id = internal(&db, &alice.user_id).await;

    let me = alice.command(&room, "!vliv me", vliv).await;
    assert!(
        me.body
            .contains("Your time zone: Asia/Tokyo (from your Matrix profile)"),
        "{me:?}"
    );
    assert_eq!(db.player_time_settings(alice_id).await.unwrap(), None);

    // An answer with an instant reads in her profile's zone (the room has none).
    alice.command(&room, "!vliv new claim", vliv).await;
    alice.command(&room, "!vliv ai", vliv).await;
    alice.command(&room, "!vliv start", vliv).await;
    let dm = alice.accept_invite().await;
    alice
        .wait_for(&dm, vliv, 0, |m| m.body.contains("in Claim"))
        .await;
    let away = alice.command(&room, "!vliv vacation 2", vliv).await;
    assert!(away.body.contains("Enjoy your vacation!"), "{away:?}");
    assert!(away.body.contains("(Asia/Tokyo)"), "{away:?}");
    assert!(!away.body.contains("(UTC)"), "{away:?}");
    let game = game_in(&db, &room).await;
    assert_eq!(db.vacations_at(&game).await.unwrap().len(), 1);

    // Quiet hours set without a zone keep the profile's.
    alice.command(&room, "!vliv me quiet 23-07", vliv).await;
    let stored = db.player_time_settings(alice_id).await.unwrap().unwrap();
    assert_eq!(stored.zone, "Asia/Tokyo");
    assert_eq!(stored.quiet, Some((23 * 60, 7 * 60)));

    // A zone set with the bot wins over the profile's.
    alice
        .command(&room, "!vliv me timezone Europe/Prague", vliv)
        .await;
    let again = alice.command(&room, "!vliv vacation 2", vliv).await;
    assert!(
        again.body.contains("You are on vacation until") && again.body.contains("(Europe/Prague)"),
        "{again:?}"
    );
    let me = alice.command(&room, "!vliv me", vliv).await;
    assert!(me.body.contains("Your time zone: Europe/Prague;"), "{me:?}");
}
