//! A Matrix player's own time (issue 21 with issue 23), against the real Synapse: their
//! zone and quiet hours (`!vliv me …`, a bad zone refused), the room's default zone and
//! vacation allowance set by its moderator, a vacation (beyond the allowance refused; the
//! table says who is away until when, and the time to move), coming back, the same in
//! Czech, and no Discord timestamp markup in any body sent to the room or the DM room.

use crate::matrix_support;
use vliv_service::service::GuildId;

use jiff::{tz::TimeZone, Timestamp};
use matrix_support::{
    game_in, homeserver, internal, internal_room, service, solo, table_room, Bot, Seen, Solo,
};
use vliv_bot::service::TimeSettings;

/// Quiet hours in Prague twelve hours away from now (so the game's DMs are not held).
fn quiet_hours_far_from_now() -> (String, (u16, u16)) {
    let prague = TimeZone::get("Europe/Prague").unwrap();
    let later = Timestamp::now()
        .as_millisecond()
        .saturating_add(12 * 3_600_000);
    let hour = Timestamp::from_millisecond(later)
        .unwrap()
        .to_zoned_datetime(prague)
        .hour() as u16;
    let end = (hour + 1) % 24;
    (format!("{hour:02}-{end:02}"), (hour * 60, end * 60))
}

/// How many messages the bot has sent to the room so far.
async fn bot_messages(user: &matrix_support::User, room: &str, bot: &str) -> usize {
    let all = user.messages(room).await;
    all.iter().filter(|m| m.sender == bot).count()
}

fn no_discord_markup(messages: &[Seen], bot: &str, what: &str) {
    let from_bot: Vec<&Seen> = messages.iter().filter(|m| m.sender == bot).collect();
    assert!(!from_bot.is_empty(), "the bot said nothing in {what}");
    for m in from_bot {
        assert!(
            !m.body.contains("<t:")
                && !m.html.contains("&lt;t:")
                && !vliv_service::mark::has_marks(&m.body),
            "Discord's timestamp markup in {what}: {m:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_sets_their_time_takes_a_vacation_and_comes_back() {
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
    for command in [
        "!vliv me timezone",
        "!vliv me quiet",
        "!vliv vacation",
        "!vliv back",
    ] {
        assert!(help.body.contains(command), "{command}: {help:?}");
    }

    // A zone the database does not know is refused and changes nothing.
    let refused = alice
        .command(&room, "!vliv me timezone Mars/Olympus", vliv)
        .await;
    assert!(
        refused.body.contains("“Mars/Olympus” is not a time zone"),
        "{refused:?}"
    );
    let alice_id = internal(&db, &alice.user_id).await;
    assert_eq!(db.player_time_settings(alice_id).await.unwrap(), None);

    // Her zone (typed in any case) and quiet hours, stored where Discord's command stores them.
    let zone = alice
        .command(&room, "!vliv me timezone europe/prague", vliv)
        .await;
    assert!(
        zone.body.contains("Your time zone: Europe/Prague"),
        "{zone:?}"
    );
    let (quiet, minutes) = quiet_hours_far_from_now();
    let quiet_answer = alice
        .command(&room, &format!("!vliv me quiet {quiet}"), vliv)
        .await;
    assert!(
        quiet_answer.body.contains(&format!(
            "quiet hours: {:02}:00–{:02}:00",
            minutes.0 / 60,
            minutes.1 / 60
        )),
        "{quiet_answer:?}"
    );
    assert_eq!(
        db.player_time_settings(alice_id).await.unwrap(),
        Some(TimeSettings {
            zone: "Europe/Prague".into(),
            quiet: Some(minutes),
        })
    );
    // The room's moderator sets the zone its tables read in.
    let room_zone = alice
        .command(&room, "!vliv settings timezone America/New_York", vliv)
        .await;
    assert!(
        room_zone.body.contains("time zone America/New_York"),
        "{room_zone:?}"
    );
    // And the room's yearly vacation allowance.
    let allowance = alice
        .command(&room, "!vliv settings vacation-days 10", vliv)
        .await;
    assert!(
        allowance.body.contains("Vacation: 10 days per year"),
        "{allowance:?}"
    );

    alice.command(&room, "!vliv new claim", vliv).await;
    alice.command(&room, "!vliv ai", vliv).await;
    alice.command(&room, "!vliv start", vliv).await;
    let dm = alice.accept_invite().await;
    alice
        .wait_for(&dm, vliv, 0, |m| m.body.contains("in Claim"))
        .await;

    // More days than the room allows (10 a year): refused, nothing taken.
    let too_long = alice.command(&room, "!vliv vacation 30", vliv).await;
    assert!(
        too_long.body.contains("Only 10 vacation days are left"),
        "{too_long:?}"
    );
    let game = game_in(&db, &room).await;
    assert!(db.vacations_at(&game).await.unwrap().is_empty());

    // Three days: her answer reads in her zone, the table in the room's.
    let away = alice.command(&room, "!vliv vacation 3", vliv).await;
    assert!(away.body.contains("Enjoy your vacation!"), "{away:?}");
    assert!(away.body.contains("(Europe/Prague)"), "{away:?}");
    assert!(away.body.contains("7 vacation days are left"), "{away:?}");
    let seat = game.seat_of(alice_id).unwrap();
    assert_eq!(
        db.vacations_at(&game).await.unwrap().len(),
        1,
        "seat {seat}"
    );
    let table = alice
        .wait_for(&room, vliv, 0, |m| {
            m.replaces.is_some() && m.body.contains("is on vacation until")
        })
        .await;
    assert!(
        table
            .body
            .contains(&format!("{} is on vacation until", alice.user_id)),
        "{table:?}"
    );
    assert!(table.body.contains("(America/New_York)"), "{table:?}");
    assert!(table.body.contains("Time to move ends in "), "{table:?}");

    // Not twice at once.
    let again = alice.command(&room, "!vliv vacation 2", vliv).await;
    assert!(
        again.body.contains("You are on vacation until") && again.body.contains("!vliv back"),
        "{again:?}"
    );

    // Back early: the table no longer says she is away.
    let said = bot_messages(&alice, &room, vliv).await;
    let back = alice.command(&room, "!vliv back", vliv).await;
    assert!(back.body.contains("Welcome back"), "{back:?}");
    assert!(db.vacations_at(&game).await.unwrap().is_empty());
    let present = alice
        .wait_for(&room, vliv, said, |m| {
            m.replaces.is_some() && m.body.contains("Time to move ends in ")
        })
        .await;
    assert!(!present.body.contains("is on vacation"), "{present:?}");
    assert!(present.body.contains("(America/New_York)"), "{present:?}");

    // In Czech: the room's language, her zone in the answer, the days counted.
    alice.command(&room, "!vliv nastavení jazyk cs", vliv).await;
    let said = bot_messages(&alice, &room, vliv).await;
    let czech = alice.command(&room, "!vliv dovolená 1", vliv).await;
    assert!(
        czech.body.contains("Hezkou dovolenou!") && czech.body.contains("(Europe/Prague)"),
        "{czech:?}"
    );
    assert!(czech.body.contains("dovolená končí v"), "{czech:?}");
    let off = alice.command(&room, "!vliv já klid vypnout", vliv).await;
    assert!(off.body.contains("klidové hodiny: žádné"), "{off:?}");
    // The table stays in the game's language (English, as the room spoke at its start).
    alice
        .wait_for(&room, vliv, said, |m| {
            m.replaces.is_some() && m.body.contains("is on vacation until")
        })
        .await;

    no_discord_markup(&alice.messages(&room).await, vliv, "the room");
    no_discord_markup(&alice.messages(&dm).await, vliv, "the DM room");
}

#[tokio::test(flavor = "multi_thread")]
async fn only_a_moderator_ends_another_players_vacation() {
    let Some(hs) = homeserver() else { return };
    let bot_user = hs.register("vliv").await;
    let alice = hs.register("alice").await;
    let bob = hs.register("bob").await;
    let bot = Bot::start(&hs, &bot_user);
    bot.ready().await;
    let vliv = bot_user.user_id.as_str();
    // Alice made the room: she is its moderator, Bob is not.
    let room = table_room(&alice, &[&bob], &bot_user).await;
    let away = bob.command(&room, "!vliv vacation 2", vliv).await;
    assert!(away.body.contains("Enjoy your vacation!"), "{away:?}");
    alice.command(&room, "!vliv vacation 1", vliv).await;

    let refused = bob
        .command(&room, &format!("!vliv back {}", alice.user_id), vliv)
        .await;
    assert!(
        refused.body.contains("Only the room's moderators"),
        "{refused:?}"
    );
    let db = service(&bot).await;
    let room_id = internal_room(&db, &room).await;
    let (alice_id, bob_id) = (
        internal(&db, &alice.user_id).await,
        internal(&db, &bob.user_id).await,
    );
    let left = db
        .vacation_days_left(GuildId::of_room(room_id), alice_id)
        .await
        .unwrap();
    assert_eq!(left, 13, "alice's vacation stands");

    let ended = alice
        .command(&room, &format!("!vliv návrat {}", bob.user_id), vliv)
        .await;
    assert!(
        ended
            .body
            .contains(&format!("{}: the vacation is over", bob.user_id)),
        "{ended:?}"
    );
    assert!(ended.html.contains("matrix.to"), "a mention: {ended:?}");
    let again = alice
        .command(&room, &format!("!vliv back {}", bob.user_id), vliv)
        .await;
    assert!(again.body.contains("not on vacation"), "{again:?}");
    assert!(
        db.vacation_days_left(GuildId::of_room(room_id), bob_id)
            .await
            .unwrap()
            >= 13
    );
}
