//! An AI seat thinking for over a second on Matrix (issue 21 with issue 15), against the
//! real Synapse: the room's table is edited to say so. The AI's budget is fixed far beyond
//! a second of search (`VLIV_AI_ITERATIONS`), so whenever it must choose among several
//! cards it thinks long; the test ends as soon as the table says so.

use crate::matrix_support;

use std::time::{Duration, Instant};

use matrix_support::{homeserver, solo, Solo};

/// Far more iterations than a second allows on any machine.
const ITERATIONS: &str = "50000000";

#[tokio::test(flavor = "multi_thread")]
async fn a_long_thought_of_an_ai_seat_edits_the_table() {
    let Some(hs) = homeserver() else { return };
    let env = vec![("VLIV_AI_ITERATIONS".to_owned(), ITERATIONS.to_owned())];
    let Solo {
        bot_user,
        alice,
        bot,
        room,
    } = solo(&hs, env).await;
    let vliv = bot_user.user_id.as_str();
    alice.command(&room, "!vliv new claim", vliv).await;
    alice.command(&room, "!vliv ai", vliv).await;
    alice.command(&room, "!vliv start", vliv).await;

    // The AI thinks at its first turn with a choice; until then alice leads (a follower
    // with one legal card plays it without a search).
    let start = Instant::now();
    let thinking = loop {
        let seen = alice.messages(&room).await;
        if let Some(m) = seen
            .iter()
            .find(|m| m.replaces.is_some() && m.body.contains("is thinking…"))
        {
            break m.clone();
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the table never said the AI thinks:\n{}",
            bot.log()
        );
        let answer = alice.command(&room, "!vliv play 1", vliv).await;
        assert!(!answer.body.is_empty());
        tokio::time::sleep(Duration::from_secs(3)).await;
    };
    assert!(
        thinking.body.contains("Player 2 (AI) is thinking…"),
        "{thinking:?}"
    );
    assert!(!thinking.body.contains("<t:"), "{thinking:?}");
}
