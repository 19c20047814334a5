//! Every slash command and subcommand through the loopback Discord against the real
//! `vliv run`, each with what the user reads: `/game` (all 19 subcommands), `/play`,
//! `/score fantasy-realms`, `/stats`, `/leaderboard`, `/vliv settings|preferences|vacation|
//! back`, every `/vliv-admin` subcommand (and each refused to a member without Manage
//! Server), in English and in Czech. Discord sends a command by its base name whatever the
//! client's language, so the Czech names are checked where Discord takes them: in the
//! registration the fake accepted. Nothing the bot sent may be refused by the fake.

use crate::common::e2e_answered;
use crate::loopback;
use vliv_bot::service::{ChannelId, UserId};

use fakecord::{Audience, Message};
use loopback::*;
use serde_json::{json, Value};
use vliv_bot::{
    i18n::{msg, tr},
    service::Status,
};
use vliv_engine::{Lang, Text};

fn say(lang: Lang, text: &Text) -> String {
    tr(lang, text, &|s| lang.seat_name(s))
}

fn user(id: u64) -> Value {
    json!({ "type": 6, "value": id.to_string() })
}

fn channel(id: u64) -> Value {
    json!({ "type": 7, "value": id.to_string() })
}

fn ephemeral_to(m: &Message, who: u64) {
    assert_eq!(m.audience, Audience::Ephemeral(who), "{m:?}");
}

/// Every `/vliv-admin` subcommand with options that change something.
fn admin_runs() -> Vec<(&'static str, Vec<(&'static str, Value)>)> {
    vec![
        (
            "channels",
            vec![("action", json!(0)), ("channel", channel(CHANNEL))],
        ),
        (
            "games",
            vec![("action", json!(0)), ("game", json!("claim"))],
        ),
        ("reminder", vec![("minutes", json!(45))]),
        (
            "timeout",
            vec![("minutes", json!(90)), ("action", json!(1))],
        ),
        ("ai-level", vec![("level", json!(2))]),
        ("language", vec![("language", json!(0))]),
        ("threads", vec![("on", json!(false))]),
        ("pictures", vec![("on", json!(false))]),
        ("retention", vec![("days", json!(30))]),
        ("show", vec![]),
        ("vacation-days", vec![("days", json!(10))]),
        ("sleeping-clocks", vec![("on", json!(false))]),
        ("end-vacation", vec![("user", user(ALICE))]),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_answers_what_the_user_should_read() {
    let scene = Scene::start(Db::sqlite()).await;
    let en = |k: &'static str| msg(Lang::En, k);
    let cs = |k: &'static str| msg(Lang::Cs, k);

    // The registration Discord took names every command and subcommand in Czech too.
    let commands = scene.fake.world().commands.clone();
    let mut czech = 0;
    for c in &commands {
        let subs = c["options"].as_array().cloned().unwrap_or_default();
        for item in std::iter::once(c).chain(subs.iter().filter(|o| o["type"] == 1)) {
            assert!(
                item["name_localizations"]["cs"].is_string(),
                "no Czech name for {}",
                item["name"]
            );
            czech += 1;
        }
    }
    // 7 commands, 19 + 13 + 4 + 1 subcommands of /game, /vliv-admin, /vliv and /score.
    assert!(czech >= 44, "{czech} names checked");
    let cs_name = |root: &str| {
        commands.iter().find(|c| c["name"] == root).unwrap()["name_localizations"]["cs"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(cs_name("game"), "hra");
    assert_eq!(cs_name("play"), "hrát");
    assert_eq!(cs_name("vliv-admin"), "vliv-správa");

    // Every admin subcommand: refused to Dave (in English) and Eva (in Czech)...
    for (sub, opts) in admin_runs() {
        let path = format!("vliv-admin {sub}");
        let denied = scene.run(DAVE, &path, &opts).await;
        ephemeral_to(&denied, DAVE);
        assert_eq!(denied.content, en("err-not-admin"), "/{path}");
    }
    let denied = scene.run(EVA, "vliv-admin show", &[]).await;
    assert_eq!(denied.content, cs("err-not-admin"));

    // ...and done for Carol.
    for (sub, opts) in admin_runs() {
        let path = format!("vliv-admin {sub}");
        if sub == "end-vacation" {
            // Alice goes on vacation first (the server now allows 10 days a year).
            let away = scene
                .run(ALICE, "vliv vacation", &[("days", json!(2))])
                .await;
            ephemeral_to(&away, ALICE);
            assert!(away.content.contains(" 8 "), "8 days left: {away:?}");
        }
        let done = scene.run(CAROL, &path, &opts).await;
        ephemeral_to(&done, CAROL);
        let c = &done.content;
        let ok = match sub {
            "channels" => c.contains(&format!("<#{CHANNEL}>")),
            "games" => c.contains("games: claim"),
            "reminder" => c.contains("reminder: 45 min"),
            "timeout" => c.contains(&format!(
                "timeout: 90 min ({})",
                en("timeout-action-abandon")
            )),
            "ai-level" => c.contains(": hard"),
            "language" => c.contains("language: en"),
            "threads" => c.contains(&format!("threads: {}", en("no"))),
            "pictures" => c.contains(&format!("pictures: {}", en("no"))),
            "retention" => *c == say(Lang::En, &Text::new("admin-retention").arg("days", 30)),
            "show" => {
                c.starts_with("Channels:")
                    && c.lines().count() == 4
                    && c.contains("Vacation: 14 days per year")
            }
            "vacation-days" | "sleeping-clocks" => {
                // Clocks sleep in quiet hours by default; the subcommand turns it off.
                let sleeping = if sub == "sleeping-clocks" {
                    "no"
                } else {
                    "yes"
                };
                *c == say(
                    Lang::En,
                    &Text::new("admin-vacations")
                        .arg("n", 10)
                        .arg("sleeping", Text::new(sleeping)),
                )
            }
            "end-vacation" => {
                *c == say(
                    Lang::En,
                    &Text::new("vacation-ended-by-admin").arg("user", format!("<@{ALICE}>")),
                )
            }
            _ => unreachable!(),
        };
        assert!(ok, "/{path} answered {done:?}");
    }
    // Games anywhere again, every game enabled.
    for sub in ["channels", "games"] {
        let all = scene
            .run(CAROL, &format!("vliv-admin {sub}"), &[("action", json!(2))])
            .await;
        assert!(all.content.contains(&en("admin-all")), "{all:?}");
    }

    // /vliv: settings, preferences, vacation and back.
    let set = scene
        .run(
            BOB,
            "vliv settings",
            &[
                ("dms", json!(true)),
                ("language", json!(0)),
                ("timezone", json!("Europe/Prague")),
                ("quiet", json!("22-08")),
            ],
        )
        .await;
    ephemeral_to(&set, BOB);
    let first = say(
        Lang::En,
        &Text::new("settings-show")
            .arg("dms", Text::new("yes"))
            .arg("lang", "auto"),
    );
    assert_eq!(set.content.lines().next(), Some(first.as_str()), "{set:?}");
    assert!(set.content.contains("Europe/Prague"), "{set:?}");
    let czech = scene
        .run(BOB, "vliv settings", &[("language", json!(2))])
        .await;
    let in_czech = say(
        Lang::Cs,
        &Text::new("settings-show")
            .arg("dms", Text::new("yes"))
            .arg("lang", "cs"),
    );
    assert_eq!(
        czech.content.lines().next(),
        Some(in_czech.as_str()),
        "{czech:?}"
    );
    // Bob asked for Czech: the bot answers him in Czech from now on.
    let prefs = scene
        .run(
            BOB,
            "vliv preferences",
            &[
                ("game", json!("ovlivneni")),
                ("values", json!("reactions=auto_pass")),
            ],
        )
        .await;
    let how = say(Lang::Cs, &Text::new("prefs-how").arg("game", "ovlivneni"));
    assert!(prefs.content.ends_with(&how), "{prefs:?}");
    let none = scene
        .run(BOB, "vliv preferences", &[("game", json!("claim"))])
        .await;
    assert!(
        !none.content.contains(&how),
        "Claim has no preferences: {none:?}"
    );
    scene
        .run(BOB, "vliv settings", &[("language", json!(0))])
        .await;
    let away = scene
        .run(DAVE, "vliv vacation", &[("days", json!(3))])
        .await;
    assert!(away.content.contains(" 7 "), "{away:?}");
    let back = scene.run(DAVE, "vliv back", &[]).await;
    ephemeral_to(&back, DAVE);
    // Back the same day: the unused days return, the day begun counts.
    assert_eq!(
        back.content,
        say(Lang::En, &Text::new("vacation-ended").arg("n", 9))
    );

    // /score fantasy-realms, in both languages: the rulebook's hand scores 260.
    let hand = [
        ("card1", "1"),
        ("card2", "Požár"),
        ("card3", "smoke"),
        ("card4", "stoleta voda"),
        ("card5", "15"),
        ("card6", "Přelud"),
        ("card7", "Whirlwind"),
    ]
    .map(|(k, v)| (k, json!(v)));
    let scored = scene.run(ALICE, "score fantasy-realms", &hand).await;
    assert_eq!(
        scored.content.lines().next(),
        Some("Best score: 260"),
        "{scored:?}"
    );
    let scored = scene.run(EVA, "score fantasy-realms", &hand).await;
    assert_eq!(
        scored.content.lines().next(),
        Some("Nejlepší skóre: 260"),
        "{scored:?}"
    );

    // /game rules, in both languages.
    let rules = scene
        .run(ALICE, "game rules", &[("game", json!("claim"))])
        .await;
    assert!(rules.content.starts_with("**Claim** (2–2)"), "{rules:?}");
    let pravidla = scene
        .run(EVA, "game rules", &[("game", json!("ovlivneni"))])
        .await;
    assert!(
        pravidla.content.starts_with("**Ovlivnění** (2–2)"),
        "{pravidla:?}"
    );

    // A lobby: new, join, leave, join again, start.
    let game = scene.new_claim(ALICE).await;
    let joined = scene.run(BOB, "game join", &[]).await;
    assert!(joined.content.ends_with(" joined."), "{joined:?}");
    let left = scene.run(BOB, "game leave", &[]).await;
    assert_eq!(left.content, en("settings-saved"));
    scene.run(BOB, "game join", &[]).await;
    let started = scene.run(ALICE, "game start", &[]).await;
    assert_eq!(started.content, en("move-applied"));

    // A second lobby elsewhere: an AI seat, then abandoned after the confirmation.
    let ai_lobby = scene
        .run_in(DAVE, OTHER_CHANNEL, "game new", &[("game", json!("claim"))])
        .await;
    ephemeral_to(&ai_lobby, DAVE);
    let added = scene
        .run_in(DAVE, OTHER_CHANNEL, "game add-ai", &[("level", json!(0))])
        .await;
    assert_eq!(added.content, en("settings-saved"), "{added:?}");
    let confirm = scene.run_in(DAVE, OTHER_CHANNEL, "game abandon", &[]).await;
    ephemeral_to(&confirm, DAVE);
    let button = confirm
        .custom_ids()
        .into_iter()
        .next()
        .expect("a confirm button");
    let ix = scene.fake.click(DAVE, confirm.id, &button);
    let abandoned = scene.fake.answer(ix, STEP).await;
    ephemeral_to(&abandoned, DAVE);
    let service = scene.db.service().await;
    let other = service.active(ChannelId(OTHER_CHANNEL)).await;
    assert!(other.is_err(), "the abandoned lobby is gone: {other:?}");

    // The running game: list, status, hand, a typed move, log, watch, substitute, draw, concede.
    let list = scene.run(ALICE, "game list", &[]).await;
    assert!(list.content.contains(&format!("#{game} Claim")), "{list:?}");
    let status = scene.run(BOB, "game status", &[]).await;
    assert_eq!(status.content, en("move-applied"));
    let (mover, _) = scene.mover(game, [ALICE, BOB]).await;
    let hand = scene.run(mover, "game hand", &[]).await;
    ephemeral_to(&hand, mover);
    let choices = options(&hand);
    assert!(
        !choices.is_empty(),
        "the mover's hand offers moves: {hand:?}"
    );
    let menus = service.pending_menus(game, UserId(mover)).await.unwrap();
    let first = menus[0].menu.choices[0].id.0.to_string();
    let ix = scene
        .fake
        .autocomplete(mover, CHANNEL, "play", "choice", "");
    let offered = scene
        .fake
        .wait("autocomplete of /play", STEP, |w| {
            w.interactions[&ix].autocomplete.clone()
        })
        .await;
    assert!(
        offered.to_string().contains(&format!("\"{first}\"")),
        "{offered}"
    );
    let played = scene.run(mover, "play", &[("choice", json!(first))]).await;
    assert_eq!(played.content, en("move-applied"), "{played:?}");
    let log = scene.run(ALICE, "game log", &[]).await;
    ephemeral_to(&log, ALICE);
    assert!(
        !log.content.is_empty() && log.content != en("list-none"),
        "{log:?}"
    );
    let watching = scene.run(DAVE, "game watch", &[]).await;
    assert_eq!(
        watching.content,
        say(Lang::En, &Text::new("watch-started").arg("id", game)),
    );
    let unwatched = scene.run(DAVE, "game unwatch", &[]).await;
    assert_eq!(unwatched.content, en("watch-stopped"));
    let handed = scene
        .run(BOB, "game substitute", &[("player", user(EVA))])
        .await;
    assert_eq!(handed.content, en("move-applied"), "{handed:?}");
    let rec = service.game(game).await.unwrap();
    assert_eq!(rec.seat_of(UserId(EVA)), Some(1), "Eva holds Bob's seat");
    let draw = scene.run(ALICE, "game offer-draw", &[]).await;
    assert_eq!(draw.content, en("move-applied"));
    scene
        .fake
        .wait("the draw offer in the channel", STEP, |w| {
            w.messages
                .values()
                .any(|m| m.channel == CHANNEL && m.content.contains("/game offer-draw"))
                .then_some(())
        })
        .await;
    let conceded = scene.run(EVA, "game concede", &[]).await;
    // The answer every front end gives a concession.
    assert_eq!(
        conceded.content,
        cs("conceded"),
        "Eva reads Czech: {conceded:?}"
    );
    let rec = service.game(game).await.unwrap();
    assert_eq!(rec.status, Status::Finished);

    // The finished game: history, replay, export, stats, leaderboard.
    let history = scene.run(ALICE, "game history", &[]).await;
    ephemeral_to(&history, ALICE);
    assert!(history.text().contains(&format!("#{game}")), "{history:?}");
    let replay = scene
        .run(ALICE, "game replay", &[("id", json!(game))])
        .await;
    ephemeral_to(&replay, ALICE);
    assert!(
        !replay.custom_ids().is_empty(),
        "a replay steps by buttons: {replay:?}"
    );
    let export = scene
        .run(ALICE, "game export", &[("id", json!(game))])
        .await;
    assert_eq!(
        export.content,
        say(Lang::En, &Text::new("export-ready").arg("id", game))
    );
    assert_eq!(export.attachments.len(), 1, "the file: {export:?}");
    let stats = scene.run(ALICE, "stats", &[]).await;
    ephemeral_to(&stats, ALICE);
    assert!(stats.text().contains("Claim"), "{stats:?}");
    let theirs = scene
        .run(
            ALICE,
            "stats",
            &[("player", user(EVA)), ("game", json!("claim"))],
        )
        .await;
    assert!(theirs.text().contains("Claim"), "{theirs:?}");
    let board = scene
        .run(ALICE, "leaderboard", &[("game", json!("claim"))])
        .await;
    ephemeral_to(&board, ALICE);
    assert!(
        board.text().contains("alice") || board.text().contains(&ALICE.to_string()),
        "{board:?}"
    );

    // Nothing the bot sent was refused by the fake's checks; every interaction answered.
    e2e_answered::assert_all_accepted_and_answered(&scene.fake);
}

/// A server that disallows a channel after its game started: every command on that game is
/// refused there with the reason, as its buttons are; leaving and unwatching still work, so
/// nobody is held in a game the server no longer wants. Matrix holds the same rule
/// (`matrix_commands.rs`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_disallowed_mid_game_refuses_every_command_on_it_but_leaving() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    let watching = scene.run(DAVE, "game watch", &[]).await;
    assert_eq!(
        watching.content,
        say(Lang::En, &Text::new("watch-started").arg("id", game)),
    );
    let (mover, _) = scene.mover(game, [ALICE, BOB]).await;
    let set = scene
        .run(
            CAROL,
            "vliv-admin channels",
            &[("action", json!(0)), ("channel", channel(OTHER_CHANNEL))],
        )
        .await;
    assert!(set.content.contains(&OTHER_CHANNEL.to_string()), "{set:?}");

    let refusal = |who| match who {
        EVA => msg(Lang::Cs, "err-channel-not-allowed"),
        _ => msg(Lang::En, "err-channel-not-allowed"),
    };
    let runs = [
        (BOB, "game status", vec![]),
        (ALICE, "game concede", vec![]),
        (EVA, "game watch", vec![]),
        (BOB, "game substitute", vec![("player", user(EVA))]),
        (ALICE, "game offer-draw", vec![]),
        (mover, "game hand", vec![]),
        (mover, "play", vec![("choice", json!("1"))]),
    ];
    for (who, path, options) in runs {
        let answer = scene.run(who, path, &options).await;
        ephemeral_to(&answer, who);
        assert_eq!(answer.content, refusal(who), "/{path}: {answer:?}");
    }
    let service = scene.db.service().await;
    let rec = service.game(game).await.unwrap();
    assert_eq!(rec.status, Status::Running, "nothing was applied");
    assert_eq!(
        rec.seat_of(UserId(BOB)),
        Some(1),
        "Bob still holds his seat"
    );

    // Leaving the game stays possible: unwatching, and leaving (asked to confirm first).
    let unwatched = scene.run(DAVE, "game unwatch", &[]).await;
    assert_eq!(unwatched.content, msg(Lang::En, "watch-stopped"));
    let leave = scene.run(ALICE, "game leave", &[]).await;
    ephemeral_to(&leave, ALICE);
    assert_eq!(
        leave.content,
        msg(Lang::En, "err-confirm-forfeit"),
        "{leave:?}"
    );
}
