//! A Matrix room is its own "server": the ratings' lines that say "on this server" on
//! Discord say "in this room" there, in both languages.

use crate::matrix_support::{homeserver, solo};

#[tokio::test(flavor = "multi_thread")]
async fn stats_and_an_empty_leaderboard_speak_of_the_room_in_both_languages() {
    let Some(hs) = homeserver() else { return };
    let s = solo(&hs, Vec::new()).await;
    let (alice, room, bot) = (&s.alice, s.room.as_str(), s.bot_user.user_id.as_str());
    let stats = alice.command(room, "!vliv stats", bot).await;
    assert!(stats.body.contains("Statistics in this room"), "{stats:?}");
    assert!(
        stats
            .body
            .contains("has not finished a game in this room yet"),
        "{stats:?}"
    );
    let board = alice.command(room, "!vliv leaderboard claim", bot).await;
    assert!(
        board.body.contains("in Claim in this room yet"),
        "{board:?}"
    );
    for said in [&stats, &board] {
        assert!(!said.body.contains("server"), "{said:?}");
    }
    alice.command(room, "!vliv settings language cs", bot).await;
    let stats = alice.command(room, "!vliv statistiky", bot).await;
    assert!(
        stats
            .body
            .contains("v této místnosti zatím žádná dohraná hra"),
        "{stats:?}"
    );
    let board = alice.command(room, "!vliv žebříček claim", bot).await;
    assert!(
        board
            .body
            .contains("zatím v této místnosti nikdo nemá hodnocení"),
        "{board:?}"
    );
    for said in [&stats, &board] {
        assert!(!said.body.contains("server"), "{said:?}");
    }
}
