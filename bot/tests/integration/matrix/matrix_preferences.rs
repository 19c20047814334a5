//! A player's preferences for a game on Matrix (`!vliv prefs`, Discord's `/vliv
//! preferences`), against the real Synapse: shown and changed in the player's DM room only,
//! stored where Discord's command stores them, refused with the shared words, in Czech by
//! its Czech word.

use crate::matrix_support;

use matrix_support::{homeserver, internal, service, solo, Solo};
use vliv_engine::OptionValue;

#[tokio::test(flavor = "multi_thread")]
async fn a_player_reads_and_changes_their_preferences_privately() {
    let Some(hs) = homeserver() else { return };
    let Solo {
        bot_user,
        mut alice,
        bot,
        room,
    } = solo(&hs, Vec::new()).await;
    let vliv = bot_user.user_id.as_str();
    let db = service(&bot).await;

    let help = alice.command(&room, "!vliv help", vliv).await;
    assert!(help.body.contains("!vliv prefs GAME"), "{help:?}");
    // No game named: which games have preferences.
    let usage = alice.command(&room, "!vliv prefs", vliv).await;
    assert!(
        usage.body.contains("Which game?") && usage.body.contains("ovlivneni"),
        "{usage:?}"
    );

    // Asked in the room: the room reads only that they were sent.
    let sent = alice.command(&room, "!vliv prefs ovlivneni", vliv).await;
    assert_eq!(
        sent.body, "Your preferences are in your direct messages with Vliv.",
        "{sent:?}"
    );
    let dm = alice.accept_invite().await;
    let shown = alice
        .wait_for(&dm, vliv, 0, |m| m.body.contains("Your preferences for"))
        .await;
    assert!(
        shown.body.contains("(reactions): always ask me"),
        "{shown:?}"
    );
    assert!(shown.body.contains("- reactions=auto_pass:"), "{shown:?}");
    assert!(
        shown.body.contains("!vliv prefs ovlivneni key=value") && !shown.body.contains("/vliv"),
        "{shown:?}"
    );
    assert!(
        !shown.body.contains("**") && !shown.body.contains('`'),
        "{shown:?}"
    );

    // Changed from the room: stored, the DM shows the new value.
    let changed = alice
        .command(&room, "!vliv prefs ovlivneni reactions=auto_pass", vliv)
        .await;
    assert!(changed.body.contains("direct messages"), "{changed:?}");
    let alice_id = internal(&db, &alice.user_id).await;
    let stored = db.user_settings(alice_id).await.unwrap();
    assert_eq!(
        stored.game_prefs["ovlivneni"]["reactions"],
        OptionValue::Str("auto_pass".into())
    );
    // The first showed the default ("always ask me"): this is the changed one.
    let again = alice
        .wait_for(&dm, vliv, 0, |m| {
            m.body.contains("(reactions): pass every window at once")
        })
        .await;
    assert!(again.body.contains("Your preferences for"), "{again:?}");

    // Nothing of them in the shared room.
    let public = alice.messages(&room).await;
    assert!(
        public.iter().all(|m| !m.body.contains("Reaction windows")),
        "preferences in the room: {public:?}"
    );

    // In the DM room, answered there; a value the game does not take is refused.
    let here = alice.command(&dm, "!vliv prefs ovlivneni", vliv).await;
    assert!(here.body.contains("Your preferences for"), "{here:?}");
    let bad = alice
        .command(&dm, "!vliv prefs ovlivneni reactions=sometimes", vliv)
        .await;
    assert!(!bad.body.contains("Your preferences for"), "{bad:?}");
    assert!(
        bad.body.starts_with("Bad game option") && bad.body.contains("reactions"),
        "{bad:?}"
    );
    let unchanged = db.user_settings(alice_id).await.unwrap();
    assert_eq!(
        unchanged.game_prefs["ovlivneni"]["reactions"],
        OptionValue::Str("auto_pass".into())
    );
    let none = alice.command(&dm, "!vliv prefs claim", vliv).await;
    assert!(
        none.body
            .contains("The game claim has no personal preferences"),
        "{none:?}"
    );

    // In Czech, by the Czech word.
    alice.command(&dm, "!vliv já jazyk cs", vliv).await;
    let cz = alice
        .command(&dm, "!vliv předvolby ovlivneni reactions=ask", vliv)
        .await;
    assert!(cz.body.contains("Vaše předvolby pro hru"), "{cz:?}");
    assert!(
        cz.body
            .contains("Změna: !vliv předvolby ovlivneni klíč=hodnota"),
        "{cz:?}"
    );
}
