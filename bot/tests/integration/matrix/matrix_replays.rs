//! The room's records and tools Matrix gained beside Discord's, against the real Synapse:
//! a replay and an export sent to the asker's DM room only (a running game's replay shows
//! only what its table showed, its export is refused, as on Discord), a player's stats and
//! a game's leaderboard in the room, the rules, and the Fantasy Realms calculator.

use crate::matrix_support;

use crate::common::hidden_cards::{shows, Deck, Secrets};
use matrix_support::{game_in, homeserver, service, table_room, Bot};

#[tokio::test(flavor = "multi_thread")]
async fn replays_exports_ratings_and_the_calculator_reach_matrix_players_where_each_belongs() {
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
    let id = rec.id;

    // The first move, by whoever leads.
    let played = alice.command(&room, "!vliv play 1", bot_id).await;
    if played.body.contains("not your turn") {
        bob.command(&room, "!vliv play 1", bot_id).await;
    }

    // Without a number: how to ask.
    let usage = alice.command(&room, "!vliv replay", bot_id).await;
    assert!(usage.body.contains("!vliv replay GAME"), "{usage:?}");

    // A running game's replay goes to the asker's DM room, as its table showed it: no card
    // of Bob's hand that the table does not show.
    let sent = alice
        .command(&room, &format!("!vliv replay {id}"), bot_id)
        .await;
    assert!(sent.body.contains("direct messages"), "{sent:?}");
    let replay = alice
        .wait_for(&alice_dm, bot_id, 0, |m| {
            m.body.contains(&format!("Replay of game #{id}"))
        })
        .await;
    assert!(
        replay.body.contains("only what the table showed"),
        "{replay:?}"
    );
    assert!(
        replay
            .body
            .contains(&format!("!vliv replay {id} 1 (moves 0–1)")),
        "the next step's command: {replay:?}"
    );
    assert!(!replay.body.contains("**"), "no Discord marks: {replay:?}");
    // Every card some seat could not see at the deal (each player's hand): none in it.
    let secrets = Secrets::replay(&db, &rec, 2).await;
    let deck = Deck::claim();
    let hidden: Vec<String> = secrets.dealt().iter().flatten().cloned().collect();
    assert!(!hidden.is_empty(), "the hands are hidden at the deal");
    for name in deck.names(&hidden) {
        assert!(
            !shows(&replay.body, name),
            "{name}, hidden at the deal, in the replay of a running game"
        );
    }
    assert!(
        !replay.body.contains('🂠'),
        "no hand is shown while the game runs"
    );
    let elsewhere = [alice.messages(&room).await, bob.messages(&bob_dm).await].concat();
    assert!(
        elsewhere.iter().all(|m| !m.body.contains("Replay of game")),
        "the replay reached only the asker"
    );

    // A running game is not exported: the file would tell every hidden card.
    let refused = alice
        .command(&room, &format!("!vliv export {id}"), bot_id)
        .await;
    assert!(refused.body.contains("still running"), "{refused:?}");

    // Alice concedes: now the export reaches her DM room, a file that names the game.
    alice.command(&room, "!vliv concede", bot_id).await;
    let before = alice
        .messages(&alice_dm)
        .await
        .iter()
        .filter(|m| m.sender == bot_id)
        .count();
    let sent = alice
        .command(&room, &format!("!vliv export {id}"), bot_id)
        .await;
    assert!(sent.body.contains("direct messages"), "{sent:?}");
    let file = alice
        .wait_for(&alice_dm, bot_id, before, |m| m.body.starts_with('{'))
        .await;
    let exported: serde_json::Value = serde_json::from_str(&file.body).expect("JSON");
    assert_eq!(exported["id"], id, "{exported}");
    assert_eq!(exported["game"], "claim");
    assert!(exported["seed"].is_u64() && exported["moves"].is_array());
    assert!(
        bob.messages(&bob_dm)
            .await
            .iter()
            .all(|m| !m.body.starts_with('{')),
        "the file reached only the asker"
    );

    // An ended game's replay shows every hand.
    bob.command(&room, &format!("!vliv přehrát {id}"), bot_id)
        .await;
    let ended = bob
        .wait_for(&bob_dm, bot_id, 0, |m| {
            m.body.contains(&format!("Replay of game #{id}"))
        })
        .await;
    assert!(ended.body.contains('🂠'), "{ended:?}");

    // In a DM room, a replay is refused: games live in rooms.
    let private = alice
        .command(&alice_dm, &format!("!vliv replay {id}"), bot_id)
        .await;
    assert!(private.body.contains("played in rooms"), "{private:?}");

    // The room's stats and leaderboard, in the room, players named by their Matrix ids.
    let stats = bob.command(&room, "!vliv stats", bot_id).await;
    assert!(
        stats.body.contains(&bob.user_id) && stats.body.contains("Claim"),
        "{stats:?}"
    );
    let of_alice = bob
        .command(
            &room,
            &format!("!vliv stats {} claim", alice.user_id),
            bot_id,
        )
        .await;
    assert!(of_alice.body.contains(&alice.user_id), "{of_alice:?}");
    let board = bob.command(&room, "!vliv leaderboard claim", bot_id).await;
    assert!(board.body.contains("Leaderboard: Claim (1/1)"), "{board:?}");
    let unknown = bob.command(&room, "!vliv žebříček chess", bot_id).await;
    assert!(unknown.body.contains("no game called"), "{unknown:?}");

    // The rules, and the calculator: in the room, and in a DM room too.
    let rules = alice.command(&room, "!vliv rules claim", bot_id).await;
    assert!(rules.body.starts_with("Claim ("), "{rules:?}");
    let hand = "1, Požár, smoke, stoletá voda, 15, Přelud, Whirlwind";
    let score = alice
        .command(&alice_dm, &format!("!vliv score {hand}"), bot_id)
        .await;
    assert!(score.body.starts_with("Best score: 260"), "{score:?}");
    let twice = alice
        .command(&room, "!vliv skóre 1, 2, 3, 4, 5, 6, hora", bot_id)
        .await;
    assert!(twice.body.contains("given twice"), "{twice:?}");

    // Help names the records' commands and what this room allows.
    let help = bob.command(&room, "!vliv help", bot_id).await;
    assert!(
        help.body.contains("!vliv replay GAME") && help.body.contains("In this room one may play"),
        "{help:?}"
    );
}
