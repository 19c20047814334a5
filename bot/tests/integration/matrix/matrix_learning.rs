//! Learning mode on Matrix, against the real Synapse: a player's first Claim game explains
//! each choice of the menu in their direct room, one line a choice, as Discord's hand panel
//! does; `!vliv me learning off` turns it off for the next hand.

use crate::matrix_support;

use matrix_support::{homeserver, table_room, Bot};

const HEADING: &str = "What each choice does";

/// The numbered lines under the learning heading of a hand message's plain body.
fn learning_lines(body: &str) -> Vec<&str> {
    body.lines()
        .skip_while(|l| !l.contains(HEADING))
        .skip(1)
        .take_while(|l| {
            l.split_once(") ")
                .is_some_and(|(n, _)| n.trim().parse::<u32>().is_ok())
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_first_game_explains_each_choice_in_the_direct_room_until_switched_off() {
    let Some(hs) = homeserver() else { return };
    let vliv = hs.register("vliv").await;
    let mut alice = hs.register("alice").await;
    let bot = Bot::start(&hs, &vliv);
    bot.ready().await;
    let room = table_room(&alice, &[], &vliv).await;
    let bot_id = vliv.user_id.as_str();
    alice.command(&room, "!vliv new claim", bot_id).await;
    alice.command(&room, "!vliv ai", bot_id).await;
    alice.command(&room, "!vliv start", bot_id).await;
    let dm = alice.accept_invite().await;
    let turn = alice
        .wait_for(&dm, bot_id, 0, |m| m.body.contains("Your turn in"))
        .await;
    let lines = learning_lines(&turn.body);
    assert!(!lines.is_empty(), "no learning lines in {}", turn.body);
    for (i, line) in lines.iter().enumerate() {
        assert!(
            line.trim_start().starts_with(&format!("{}) ", i + 1)),
            "line {i}: {line} in {}",
            turn.body
        );
    }
    // One line a choice: the menu's numbered choices ("1. Goblin 0") are as many, and a
    // continued list of lines shows no blank or zero-width line of its own.
    let menu = turn
        .body
        .lines()
        .filter(|l| {
            l.split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .count();
    assert_eq!(lines.len(), menu, "{}", turn.body);
    assert!(!turn.body.contains('\u{200b}'), "{}", turn.body);

    let off = alice.command(&room, "!vliv me learning off", bot_id).await;
    assert!(!off.body.is_empty());
    let before = alice.messages(&dm).await.len();
    alice.command(&room, "!vliv hand", bot_id).await;
    let again = alice
        .wait_for(&dm, bot_id, before.saturating_sub(1), |m| {
            m.body.contains("Your turn in") && m.event_id != turn.event_id
        })
        .await;
    assert!(!again.body.contains(HEADING), "{}", again.body);
}
