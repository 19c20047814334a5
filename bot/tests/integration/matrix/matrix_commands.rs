//! The Matrix commands around the play (issue 21), against the real Synapse: conceding the
//! room's game, a rematch of its last game (in Czech), and the room's history by page.

use crate::matrix_support;

use matrix_support::{game_in, homeserver, service, table_room, Bot};
use vliv_bot::service::Status;

#[tokio::test(flavor = "multi_thread")]
async fn concede_ends_the_rooms_game_with_the_conceding_player_last() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    let room = table_room(&alice, &[], &vliv).await;
    let bot_id = vliv.user_id.as_str();
    alice.command(&room, "!vliv new claim", bot_id).await;
    alice.command(&room, "!vliv ai", bot_id).await;
    alice.command(&room, "!vliv start", bot_id).await;
    let answer = alice.command(&room, "!vliv concede", bot_id).await;
    assert!(answer.body.contains("You conceded"), "{answer:?}");
    let db = service(&bot).await;
    let rec = game_in(&db, &room).await;
    assert_eq!(rec.status, Status::Finished);
    let places = &rec.outcome.as_ref().expect("an outcome").places;
    assert_eq!(places, &vec![2, 1], "alice (seat 0) last");
    // The table says so, edited in place.
    alice
        .wait_for(&room, bot_id, 0, |m| {
            m.replaces.is_some() && m.body.contains("conceded")
        })
        .await;
    // A second concession finds no running game.
    let again = alice.command(&room, "!vliv concede", bot_id).await;
    assert!(!again.body.contains("You conceded"), "{again:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rematch_opens_a_lobby_like_the_last_game_and_names_the_other_player() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bob = hs.register("bob").await;
    let bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    let room = table_room(&alice, &[&bob], &vliv).await;
    let bot_id = vliv.user_id.as_str();
    alice
        .command(&room, "!vliv nastavení jazyk cs", bot_id)
        .await;
    alice.command(&room, "!vliv nová claim", bot_id).await;
    bob.command(&room, "!vliv přidat-se", bot_id).await;
    alice.command(&room, "!vliv začít", bot_id).await;
    // Nothing ended yet: no rematch of a running game.
    let early = bob.command(&room, "!vliv odveta", bot_id).await;
    assert!(!early.body.contains("odvetu"), "{early:?}");
    let conceded = alice.command(&room, "!vliv vzdát", bot_id).await;
    assert!(conceded.body.contains("Vzdali jste se"), "{conceded:?}");
    let first = game_in(&service(&bot).await, &room).await;

    let answer = bob.command(&room, "!vliv odveta", bot_id).await;
    assert!(answer.body.contains("navrhuje odvetu"), "{answer:?}");
    assert!(
        answer.body.contains(&alice.user_id),
        "alice is named: {answer:?}"
    );
    assert!(answer.html.contains("matrix.to"), "a mention: {answer:?}");
    let lobby = game_in(&service(&bot).await, &room).await;
    assert_ne!(lobby.id, first.id);
    assert_eq!(lobby.status, Status::Lobby);
    assert_eq!(lobby.kind, first.kind);
    assert_eq!(lobby.options, first.options);
    let db = service(&bot).await;
    let bob_id = matrix_support::internal(&db, &bob.user_id).await;
    assert_eq!(lobby.host, bob_id, "the one who asked hosts it");
    // Alice joins as the answer says.
    let joined = alice.command(&room, "!vliv přidat-se", bot_id).await;
    assert!(joined.body.contains("přisedá"), "{joined:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn history_lists_the_rooms_ended_games_page_by_page() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    let room = table_room(&alice, &[], &vliv).await;
    let bot_id = vliv.user_id.as_str();
    let empty = alice.command(&room, "!vliv history", bot_id).await;
    assert!(empty.body.contains("Nothing to show"), "{empty:?}");
    for (game, ais) in [("claim", 1), ("fantasy-realms", 2)] {
        alice
            .command(&room, &format!("!vliv new {game}"), bot_id)
            .await;
        for _ in 0..ais {
            alice.command(&room, "!vliv ai", bot_id).await;
        }
        alice.command(&room, "!vliv start", bot_id).await;
        alice.command(&room, "!vliv concede", bot_id).await;
    }
    let page = alice.command(&room, "!vliv history", bot_id).await;
    assert!(page.body.contains("page 1"), "{page:?}");
    let lines: Vec<&str> = page.body.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(lines.len(), 2, "both games: {page:?}");
    assert!(
        lines[0].contains("Fantasy Realms"),
        "newest first: {lines:?}"
    );
    assert!(lines[1].contains("Claim"), "{lines:?}");
    assert!(page.html.contains("<b>"), "a rich body: {page:?}");
    // No older page: none offered, and asking for one shows nothing.
    assert!(!page.body.contains("!vliv history 2"), "{page:?}");
    let second = alice.command(&room, "!vliv history 2", bot_id).await;
    assert!(second.body.contains("page 2"), "{second:?}");
    assert!(second.body.contains("Nothing to show"), "{second:?}");
}

/// A room that disables its running game's kind: every command on the game is refused
/// with the reason, as on Discord (`e2e_commands.rs`); leaving still works, so nobody is
/// held in a game the room no longer wants.
#[tokio::test(flavor = "multi_thread")]
async fn a_game_the_room_disables_mid_game_refuses_every_command_on_it_but_leaving() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    let room = table_room(&alice, &[], &vliv).await;
    let bot_id = vliv.user_id.as_str();
    alice.command(&room, "!vliv new claim", bot_id).await;
    alice.command(&room, "!vliv ai", bot_id).await;
    alice.command(&room, "!vliv start", bot_id).await;
    // Alice made the room: she is its moderator.
    let set = alice
        .command(&room, "!vliv settings games fantasy-realms", bot_id)
        .await;
    assert!(set.body.contains("games fantasy-realms"), "{set:?}");
    for command in [
        "!vliv status",
        "!vliv concede",
        "!vliv hand",
        "!vliv play 1",
    ] {
        let answer = alice.command(&room, command, bot_id).await;
        assert_eq!(
            answer.body, "Claim is not enabled in this room.",
            "{command}: {answer:?}"
        );
    }
    let db = service(&bot).await;
    let rec = game_in(&db, &room).await;
    assert_eq!(rec.status, Status::Running, "nothing was applied");
    let leave = alice.command(&room, "!vliv leave", bot_id).await;
    assert!(leave.body.contains("!vliv leave confirm"), "{leave:?}");
}

/// A draw offered and accepted, and a game abandoned by its host after confirming, as on
/// Discord; the room reads the offer with the Matrix command that accepts it.
#[tokio::test(flavor = "multi_thread")]
async fn a_draw_is_offered_and_accepted_and_a_game_abandoned_by_its_host() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bob = hs.register("bob").await;
    let bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    let room = table_room(&alice, &[&bob], &vliv).await;
    let bot_id = vliv.user_id.as_str();
    alice.command(&room, "!vliv new claim", bot_id).await;
    bob.command(&room, "!vliv join", bot_id).await;
    alice.command(&room, "!vliv start", bot_id).await;
    let offered = alice.command(&room, "!vliv draw", bot_id).await;
    assert_eq!(offered.body, "Done.", "{offered:?}");
    alice
        .wait_for(&room, bot_id, 0, |m| {
            m.body.contains("offers a draw") && m.body.contains("!vliv draw")
        })
        .await;
    let db = service(&bot).await;
    assert_eq!(game_in(&db, &room).await.status, Status::Running);
    bob.command(&room, "!vliv remiza", bot_id).await;
    assert_eq!(game_in(&db, &room).await.status, Status::Finished);

    alice.command(&room, "!vliv new claim", bot_id).await;
    bob.command(&room, "!vliv join", bot_id).await;
    alice.command(&room, "!vliv start", bot_id).await;
    let refused = bob.command(&room, "!vliv abandon", bot_id).await;
    assert!(refused.body.contains("host"), "only the host: {refused:?}");
    let asked = alice.command(&room, "!vliv abandon", bot_id).await;
    assert!(
        asked.body.contains("!vliv abandon confirm"),
        "asks to confirm: {asked:?}"
    );
    let second = game_in(&db, &room).await;
    assert_eq!(second.status, Status::Running);
    let done = alice.command(&room, "!vliv abandon confirm", bot_id).await;
    assert!(done.body.contains("abandoned"), "{done:?}");
    let second = db.game(second.id).await.unwrap();
    assert_eq!(second.status, Status::Abandoned);
}
