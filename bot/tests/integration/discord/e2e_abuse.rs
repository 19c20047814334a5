//! End to end against the loopback Discord: forged clicks from another server, a refused
//! `/game new` in thread mode, and an option string as long as Discord lets a user type.

use crate::loopback;
use vliv_bot::service::{ChannelId, GuildId, UserId};

use fakecord::{Audience, Request, MANAGE_GUILD, MEMBER};
use loopback::*;
use serde_json::json;
use vliv_bot::service::Status;

/// A throwaway server where Dave is an admin.
const EVIL_GUILD: u64 = 500_000_000_000_000_901;
const EVIL_CHANNEL: u64 = 500_000_000_000_000_910;

fn en(key: &'static str) -> String {
    vliv_bot::i18n::msg(vliv_engine::Lang::En, key)
}

/// Requests Discord refused (the fake enforces its limits with 400 / 50035).
fn refused(requests: &[Request]) -> Vec<String> {
    requests
        .iter()
        .filter(|r| r.status >= 400)
        .filter(|r| !(r.method == "DELETE" && r.status == 404))
        .map(|r| format!("{} {} -> {} {}", r.method, r.path, r.status, r.response))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_clicks_from_another_server_are_refused_and_change_nothing() {
    let scene = Scene::start(Db::sqlite()).await;
    scene.fake.add_channel(EVIL_GUILD, EVIL_CHANNEL, "evil");
    scene
        .fake
        .add_member(EVIL_GUILD, DAVE, MEMBER | MANAGE_GUILD);
    let lobby = scene.new_claim(ALICE).await;
    let running = {
        // A running game in the other channel of Alice's server.
        let ix = scene.fake.slash(
            ALICE,
            OTHER_CHANNEL,
            "game new",
            &[("game", json!("claim"))],
        );
        scene.fake.answer(ix, STEP).await;
        let id = scene
            .db
            .service()
            .await
            .active(ChannelId(OTHER_CHANNEL))
            .await
            .unwrap()
            .id;
        let ix = scene.fake.slash(BOB, OTHER_CHANNEL, "game join", &[]);
        scene.fake.answer(ix, STEP).await;
        let ix = scene.fake.slash(ALICE, OTHER_CHANNEL, "game start", &[]);
        scene.fake.answer(ix, STEP).await;
        id
    };
    // Dave's own lobby gives him a message to click on in his server.
    let ix = scene
        .fake
        .slash(DAVE, EVIL_CHANNEL, "game new", &[("game", json!("claim"))]);
    scene.fake.answer(ix, STEP).await;
    let dave_table = scene
        .fake
        .wait("Dave's table", STEP, |w| {
            w.messages.values().find_map(|m| {
                (m.audience == Audience::Channel(EVIL_CHANNEL) && !m.deleted).then_some(m.id)
            })
        })
        .await;
    let service = scene.db.service().await;
    let before_lobby = service.game(lobby).await.unwrap();
    let before_running = service.game(running).await.unwrap();
    for game in [lobby, running] {
        for forged in [
            format!("vj:{game}"),
            format!("vs:{game}"),
            format!("va:{game}"),
            format!("vl:{game}"),
            format!("vh:{game}"),
            format!("vr:{game}"),
            format!("vm:{game}:0:0:0"),
        ] {
            let ix = scene.fake.click(DAVE, dave_table, &forged);
            let answer = scene.fake.answer(ix, STEP).await;
            assert_eq!(answer.audience, Audience::Ephemeral(DAVE), "{forged}");
            assert_eq!(
                answer.content,
                en("err-foreign-game"),
                "{forged}: {answer:?}"
            );
        }
    }
    // A made-up id is refused as no game at all.
    let ix = scene.fake.click(DAVE, dave_table, "va:987654");
    assert_eq!(scene.fake.answer(ix, STEP).await.content, en("err-no-game"));
    let after_lobby = service.game(lobby).await.unwrap();
    let after_running = service.game(running).await.unwrap();
    assert_eq!(after_lobby.version, before_lobby.version);
    assert_eq!(after_lobby.seats, before_lobby.seats);
    assert_eq!(after_lobby.status, Status::Lobby);
    assert_eq!(after_running.version, before_running.version);
    assert_eq!(after_running.status, Status::Running);
    assert_eq!(refused(&scene.fake.requests()), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_game_new_in_thread_mode_leaves_no_thread_and_long_input_is_clipped() {
    let scene = Scene::start(Db::sqlite()).await;
    scene
        .run(CAROL, "vliv-admin threads", &[("on", json!(true))])
        .await;
    let threads = |w: &fakecord::World| {
        w.channels
            .values()
            .filter(|c| c.parent == Some(CHANNEL))
            .count()
    };
    // Discord lets a user type 6,000 characters into an option; the reply must still fit.
    let long = format!("variant={}", "x".repeat(5_990));
    for (game, options) in [
        ("no-such-game", None),
        ("claim", Some("nonsense")),
        ("claim", Some(long.as_str())),
        (&*"g".repeat(3_000), None),
    ] {
        let mut args = vec![("game", json!(game))];
        if let Some(o) = options {
            args.push(("options", json!(o)));
        }
        let answer = scene.run(ALICE, "game new", &args).await;
        assert_eq!(answer.audience, Audience::Ephemeral(ALICE));
        assert!(
            answer.content.chars().count() <= 2_000 && !answer.content.is_empty(),
            "{}",
            answer.content.len()
        );
        assert_eq!(threads(&scene.fake.world()), 0, "{game} {options:?}");
    }
    // A game the server disabled: refused before any thread too.
    let claim_off = scene
        .run(
            CAROL,
            "vliv-admin games",
            &[("action", json!(1)), ("game", json!("claim"))],
        )
        .await;
    assert!(!claim_off.content.is_empty());
    let answer = scene
        .run(ALICE, "game new", &[("game", json!("claim"))])
        .await;
    let lang = vliv_engine::Lang::En;
    let disabled = vliv_bot::service::ServiceError::GameDisabled("claim".into()).text();
    assert_eq!(
        answer.content,
        vliv_bot::i18n::tr(lang, &disabled, &|s| lang.seat_name(s))
    );
    assert_eq!(threads(&scene.fake.world()), 0);
    assert_eq!(refused(&scene.fake.requests()), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_whose_table_cannot_be_posted_is_reported_truthfully_and_stays_usable() {
    let scene = Scene::start(Db::sqlite()).await;
    let answer = scene
        .run(ALICE, "game new", &[("game", json!("claim"))])
        .await;
    assert_eq!(answer.audience, Audience::Ephemeral(ALICE));
    assert_eq!(answer.content, "A lobby for Claim is open.", "{answer:?}");
    // The table follows the answer through the interaction's token.
    let rec = scene
        .db
        .service()
        .await
        .active(ChannelId(CHANNEL))
        .await
        .unwrap();
    assert_eq!(rec.status, Status::Lobby);
    let table = scene
        .fake
        .wait("the table as a follow-up", STEP, |w| table_in(w, rec.id))
        .await;
    assert!(table.interaction.is_some(), "{table:?}");
    // Then the server takes Send Messages from the bot in the channel (a lobby cannot be
    // opened so: `e2e_permissions`).
    scene.fake.mute_bot_in(CHANNEL);
    // Deleted once no token reaches it, the table cannot be posted again: a seat taken now
    // could not be shown, so Bob is told which permission the bot lacks and nothing
    // changes, never that it happened.
    scene.fake.expire_tokens();
    scene.fake.delete_message(table.id);
    let joined = scene.run(BOB, "game join", &[]).await;
    assert!(joined.content.contains("**Send Messages**"), "{joined:?}");
    assert!(joined.content.starts_with("Nothing was done"), "{joined:?}");
    let rec = scene.db.service().await.game(rec.id).await.unwrap();
    assert_eq!(rec.seats.len(), 1);
    // Permission granted again: Bob sits down, /game status posts the table.
    scene.fake.clear_overwrites(CHANNEL);
    let joined = scene.run(BOB, "game join", &[]).await;
    assert_eq!(joined.content, "Player 2 joined.", "{joined:?}");
    let status = scene.run(ALICE, "game status", &[]).await;
    assert_eq!(status.content, en("move-applied"), "{status:?}");
    scene
        .fake
        .wait("the table", STEP, |w| table_in(w, rec.id))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_invites_the_former_players_instead_of_seating_them() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    let conceded = scene.run(ALICE, "game concede", &[]).await;
    assert_eq!(conceded.audience, Audience::Ephemeral(ALICE));
    let asked = scene.click_table(BOB, game, "vr").await;
    assert_eq!(asked.content, en("settings-saved"), "{asked:?}");
    let invite = scene
        .fake
        .wait("the rematch invitation", STEP, |w| {
            w.messages.values().find_map(|m| {
                (m.channel == CHANNEL
                    && m.content.contains(&format!("<@{ALICE}>"))
                    && m.content.contains("rematch"))
                .then(|| m.content.clone())
            })
        })
        .await;
    assert!(invite.contains("press Join"), "{invite}");
    let lobby = scene
        .db
        .service()
        .await
        .active(ChannelId(CHANNEL))
        .await
        .unwrap();
    assert_eq!(lobby.host, UserId(BOB));
    assert_eq!(
        lobby.seats,
        vec![vliv_bot::service::SeatHolder::User(UserId(BOB))]
    );
    // Alice accepts by joining like anyone else.
    assert_eq!(
        scene.click_table(ALICE, lobby.id, "vj").await.content,
        "Player 2 joined."
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn status_and_log_have_a_per_user_cooldown() {
    let scene = Scene::start(Db::sqlite()).await;
    scene.started_claim().await;
    for command in ["game status", "game log"] {
        let first = scene.run(ALICE, command, &[]).await;
        assert!(!first.content.starts_with("Please wait"), "{first:?}");
        let again = scene.run(ALICE, command, &[]).await;
        assert_eq!(again.audience, Audience::Ephemeral(ALICE));
        assert!(again.content.starts_with("Please wait"), "{again:?}");
        // Another user is not held up by Alice's cooldown.
        let bob = scene.run(BOB, command, &[]).await;
        assert!(!bob.content.starts_with("Please wait"), "{bob:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_lobby_closes_and_its_table_says_so() {
    let db = Db::sqlite();
    // A lobby whose stored expiry passed while the bot was down.
    let game = {
        let service = db.service().await;
        let rec = service
            .open(vliv_bot::service::OpenLobby {
                guild: GuildId(GUILD),
                channel: ChannelId(CHANNEL),
                parent: None,
                kind: "claim".into(),
                host: UserId(ALICE),
                seats: vec![vliv_bot::service::SeatHolder::User(UserId(ALICE))],
                options: Default::default(),
                seed: Some(1),
                lang: vliv_engine::Lang::En,
            })
            .await
            .unwrap();
        let expired = vliv_bot::service::Deadline {
            game: rec.id,
            kind: vliv_bot::service::DeadlineKind::LobbyExpiry,
            due_ms: 1,
        };
        service
            .store()
            .set_deadlines(rec.id, &[expired])
            .await
            .unwrap();
        rec.id
    };
    let scene = Scene::start(db).await;
    let table = scene
        .fake
        .wait("the expired lobby's table", STEP, |w| {
            table_in(w, game).filter(|t| t.text().contains("Nobody started this lobby"))
        })
        .await;
    assert!(table.text().contains("120 minutes"), "{}", table.text());
    let rec = scene.db.service().await.game(game).await.unwrap();
    assert_eq!(rec.status, Status::Abandoned);
    // The channel is free for a new lobby.
    scene.new_claim(BOB).await;
}
