//! End to end: the real `vliv` binary against the loopback Discord (`fakecord`), driven by
//! simulated users through slash commands and components only.

use crate::loopback;
use vliv_bot::service::UserId;

use fakecord::{Audience, Request};
use loopback::*;
use serde_json::json;

/// Requests the bot made that Discord refused, other than the expected ones.
fn refused(requests: &[Request], allowed: &[u16]) -> Vec<String> {
    requests
        .iter()
        .filter(|r| r.status >= 400 && !allowed.contains(&r.status))
        // A ping already deleted (by a user, or by a concurrent update) is not a failure.
        .filter(|r| !(r.method == "DELETE" && r.status == 404))
        .map(|r| format!("{} {} -> {} {}", r.method, r.path, r.status, r.response))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_users_play_a_whole_claim_game_and_the_table_shows_the_result() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    let table_id = scene.table(game).id;
    // Taking a seat keeps the name Discord shows everyone (for the web's leaderboard);
    // a move does not need it.
    let names = scene
        .db
        .service()
        .await
        .display_names(&[UserId(ALICE), UserId(BOB), UserId(CAROL)])
        .await
        .unwrap();
    assert_eq!(names.get(&UserId(ALICE)).map(String::as_str), Some("alice"));
    assert_eq!(names.get(&UserId(BOB)).map(String::as_str), Some("bob"));
    assert_eq!(names.get(&UserId(CAROL)), None, "Carol took no seat");
    // The lobby's title names its host by that name: Discord shows no mention in a title.
    let titles: Vec<String> = scene
        .fake
        .requests()
        .iter()
        .filter_map(|r| layout::title(&r.body).or_else(|| layout::title(&r.body["data"])))
        .collect();
    assert!(
        titles
            .iter()
            .any(|t| t == "Lobby of Claim, hosted by alice"),
        "{titles:?}"
    );

    let marks = scene.play_to_end(game, [ALICE, BOB]).await;
    assert_eq!(marks.len(), 52, "Claim is 26 tricks of two cards");

    // The result is on the table, which is the same message, edited move after move (at
    // most once a second: moves in between show in the next edit).
    let table = scene
        .fake
        .wait("the result on the table", STEP, |w| {
            let t = table_in(w, game)?;
            t.text().contains("Result").then_some(t)
        })
        .await;
    assert_eq!(table.id, table_id, "the table was re-posted");
    // How many edits a game gets depends on how long it took (edits are coalesced to one
    // a second, and a fast run plays the 52 moves in about five): at least one while it
    // was played and the result.
    assert!(
        table.edits >= 2,
        "the table was edited {} times",
        table.edits
    );
    let requests = scene.fake.requests();
    assert_eq!(table_posts(&requests), 1, "one table message per game");
    // The table follows /game new's answer and is edited through its token (exempt from the
    // global limit) while that lives: never in the channel in a game this short.
    let table_edits: Vec<&str> = requests
        .iter()
        .filter(|r| r.method == "PATCH" && r.path.ends_with(&format!("/messages/{table_id}")))
        .map(|r| r.path.as_str())
        .collect();
    assert!(table_edits.len() >= 3, "{table_edits:?}");
    assert!(
        table_edits.iter().all(|p| p.starts_with("webhooks/")),
        "{table_edits:?}"
    );

    // A player learns of their turn by DM, or on the panel they look at (edited through
    // that panel's own interaction). Moves within a second of each other share one table
    // edit and one announcement, so a fast game has few: a game played in two seconds may
    // announce only turns of one player, so the notices are counted for both together.
    let mut seen = Vec::new();
    for user in [ALICE, BOB] {
        let w = scene.fake.world();
        let dms = requests
            .iter()
            .filter(|r| r.audience == Audience::Dm(user) && r.status == 200)
            .count();
        // Their clicks on a panel (moves) are each answered by one edit of that panel.
        let moves = w
            .interactions
            .values()
            .filter(|i| i.user == user && i.message.is_some_and(|m| m != table_id))
            .count();
        let panel_edits = requests
            .iter()
            .filter(|r| {
                r.method == "PATCH"
                    && r.path.ends_with("/messages/@original")
                    && r.status == 200
                    && r.interaction
                        .is_some_and(|ix| w.interactions.get(&ix).is_some_and(|i| i.user == user))
            })
            .count();
        let notices = dms + panel_edits.saturating_sub(moves);
        seen.push((
            user,
            notices,
            format!("{user}: {dms} DMs and {panel_edits} panel edits for {moves} moves"),
        ));
    }
    assert!(
        seen.iter().map(|(_, n, _)| n).sum::<usize>() >= 1,
        "no turn was announced: {seen:?}"
    );
    let dm_opens = requests
        .iter()
        .filter(|r| r.method == "POST" && r.path == "users/@me/channels")
        .count();
    assert!(
        dm_opens <= 2,
        "{dm_opens} DM channels opened for two players"
    );
    assert_eq!(refused(&requests, &[]), Vec::<String>::new());
    // One live turn ping per game (posted as the mover's follow-up or in the channel), none
    // after the end: the channel holds only the table once the last ping is deleted (just
    // after the final table edit).
    let left_in = |w: &fakecord::World| -> Vec<String> {
        w.messages
            .values()
            .filter(|m| {
                m.channel == CHANNEL && !m.deleted && m.audience == Audience::Channel(CHANNEL)
            })
            .map(|m| m.content.clone())
            .collect()
    };
    let waited = tokio::time::timeout(
        STEP,
        scene.fake.wait("only the table in the channel", STEP, |w| {
            (left_in(w).len() == 1).then_some(())
        }),
    )
    .await;
    let left = left_in(&scene.fake.world());
    assert!(
        waited.is_ok() && left.len() == 1,
        "messages left in the channel: {left:#?}"
    );
    let late: Vec<u64> = scene
        .fake
        .world()
        .interactions
        .values()
        .filter(|i| i.expired || i.first_response.is_none())
        .map(|i| i.id)
        .collect();
    assert!(
        late.is_empty(),
        "interactions never answered in time: {late:?}"
    );

    assert_no_leaks(&scene, game, [ALICE, BOB], &marks).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_payload_the_fake_sent_deserializes_into_serenity_types() {
    use poise::serenity_prelude as serenity;
    let scene = Scene::start(Db::sqlite()).await;
    // Autocomplete, commands, buttons, a select menu or buttons on a panel, a DM.
    let ix = scene
        .fake
        .autocomplete(ALICE, CHANNEL, "game new", "game", "cl");
    let choices = scene
        .fake
        .wait("autocomplete choices", STEP, |w| {
            w.interactions[&ix].autocomplete.clone()
        })
        .await;
    assert!(choices.to_string().contains("claim"), "{choices}");
    let game = scene.started_claim().await;
    let panel = scene.hand(ALICE, game).await;
    let panel = if options(&panel).is_empty() {
        scene.hand(BOB, game).await
    } else {
        panel
    };
    let mover = match panel.audience {
        Audience::Ephemeral(u) => u,
        other => panic!("{other:?}"),
    };
    let ix = scene.choose(mover, &panel, 0);
    scene.fake.answer(ix, STEP).await;

    let (frames, requests) = {
        let w = scene.fake.world();
        (w.frames.clone(), w.requests.clone())
    };
    let mut kinds = std::collections::BTreeSet::new();
    for frame in &frames {
        let t = frame["t"].as_str().unwrap_or_default();
        let event: serenity::Event = serde_json::from_value(frame.clone())
            .unwrap_or_else(|e| panic!("{t} is not a serenity event: {e}\n{frame}"));
        assert!(
            !matches!(event, serenity::Event::Unknown(_)),
            "{t} became Event::Unknown (a missing field): {frame}"
        );
        // Strictly: the payload as serenity's own type, so a missing field names itself.
        let d = frame["d"].clone();
        let typed = match t {
            "READY" => serde_json::from_value::<serenity::Ready>(d).map(|_| ()),
            "INTERACTION_CREATE" => serde_json::from_value::<serenity::Interaction>(d).map(|_| ()),
            other => panic!("the fake sent an unexpected {other}"),
        };
        typed.unwrap_or_else(|e| panic!("{t}: {e}\n{frame}"));
        kinds.insert(format!("{t}:{}", frame["d"]["type"]));
    }
    for want in [
        "READY:null",
        "INTERACTION_CREATE:2",
        "INTERACTION_CREATE:3",
        "INTERACTION_CREATE:4",
    ] {
        assert!(kinds.contains(want), "no {want} was sent: {kinds:?}");
    }
    // Every REST answer as the type serenity reads it for that route.
    let mut typed = 0;
    for r in requests
        .iter()
        .filter(|r| r.status < 300 && !r.response.is_null())
    {
        let v = r.response.clone();
        let segs: Vec<&str> = r.path.split('/').collect();
        let result = match (r.method.as_str(), segs.as_slice()) {
            (_, ["channels", _, "messages", ..]) | (_, ["webhooks", ..]) => {
                serde_json::from_value::<serenity::Message>(v).map(|_| ())
            }
            ("POST", ["users", "@me", "channels"]) => {
                serde_json::from_value::<serenity::PrivateChannel>(v).map(|_| ())
            }
            ("POST", ["channels", _, "threads"]) | ("GET", ["channels", _]) => {
                serde_json::from_value::<serenity::GuildChannel>(v).map(|_| ())
            }
            ("GET", ["users", "@me"]) => {
                serde_json::from_value::<serenity::CurrentUser>(v).map(|_| ())
            }
            ("GET", ["oauth2", "applications", "@me"]) => {
                serde_json::from_value::<serenity::CurrentApplicationInfo>(v).map(|_| ())
            }
            ("PUT", ["applications", ..]) => {
                serde_json::from_value::<Vec<serenity::Command>>(v).map(|_| ())
            }
            // The shard count the bot asks for when `shard_total` is unset (issue 18).
            ("GET", ["gateway", "bot"]) => {
                serde_json::from_value::<serenity::BotGateway>(v).map(|_| ())
            }
            ("GET", ["gateway"]) => serde_json::from_value::<serenity::BotGateway>(
                json!({ "url": v["url"], "shards": 1, "session_start_limit":
                    { "total": 1, "remaining": 1, "reset_after": 0, "max_concurrency": 1 } }),
            )
            .map(|_| ()),
            _ => panic!("no schema for {} {}", r.method, r.path),
        };
        result.unwrap_or_else(|e| panic!("{} {}: {e}\n{}", r.method, r.path, r.response));
        typed += 1;
    }
    assert!(typed > 10, "only {typed} answers were checked");
}

fn en(key: &'static str) -> String {
    vliv_bot::i18n::msg(vliv_engine::Lang::En, key)
}

fn cs(key: &'static str) -> String {
    vliv_bot::i18n::msg(vliv_engine::Lang::Cs, key)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_with_closed_dms_plays_the_whole_game_on_the_ephemeral_panel() {
    let scene = Scene::start(Db::sqlite()).await;
    scene.fake.close_dms(BOB);
    let game = scene.started_claim().await;
    let marks = scene.play_to_end(game, [ALICE, BOB]).await;
    assert_eq!(marks.len(), 52);
    scene
        .fake
        .wait("the result on the table", STEP, |w| {
            table_in(w, game)?.text().contains("Result").then_some(())
        })
        .await;
    let requests = scene.fake.requests();
    // Discord refused the first DM; the bot remembered and never tried again.
    let to_bob: Vec<u16> = requests
        .iter()
        .filter(|r| r.audience == Audience::Dm(BOB))
        .map(|r| r.status)
        .collect();
    // (Bob may have looked at his panel each time his turn came: then nobody DMed him.)
    assert!(
        to_bob.len() <= 1 && to_bob.iter().all(|&s| s == 403),
        "DMs to Bob: {to_bob:?}"
    );
    let notes = requests
        .iter()
        .filter(|r| {
            r.status == 200
                && r.audience == Audience::Channel(CHANNEL)
                && r.body["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("does not accept direct messages"))
        })
        .count();
    assert_eq!(
        notes,
        to_bob.len(),
        "the channel is told once, if a DM was refused"
    );
    assert_eq!(refused(&requests, &[403]), Vec::<String>::new());
    assert_no_leaks(&scene, game, [ALICE, BOB], &marks).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_table_is_posted_again_and_then_edited() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    let old = scene.table(game).id;
    scene.fake.delete_message(old);
    scene.play_one(game, [ALICE, BOB], 0).await;
    let new = scene
        .fake
        .wait("a new table", STEP, |w| {
            let t = table_in(w, game)?;
            (t.id != old && t.custom_ids().contains(&format!("vh:{game}"))).then_some(t)
        })
        .await;
    // The next move edits the new table instead of posting a third one.
    scene.play_one(game, [ALICE, BOB], 0).await;
    scene
        .fake
        .wait("the new table edited", STEP, |w| {
            let t = table_in(w, game)?;
            (t.id == new.id && t.edits > new.edits).then_some(())
        })
        .await;
    let posted = table_posts(&scene.fake.requests());
    assert_eq!(posted, 2, "the lobby's table and its one re-post");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_foreign_and_forbidden_requests_get_the_right_ephemeral_error() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    let (mover, before) = scene.mover(game, [ALICE, BOB]).await;
    assert!(options(&before).len() > 1, "a lead offers several cards");
    let ix = scene.choose(mover, &before, 0);
    scene
        .fake
        .answer_where(ix, STEP, |m| m.edits > before.edits)
        .await;

    let says = |m: &fakecord::Message, text: &str, user: u64| {
        assert_eq!(m.audience, Audience::Ephemeral(user), "{m:?}");
        assert_eq!(m.content, text, "{m:?}");
    };
    // The same click again (a double click, a retry): already applied.
    let again = scene.choose(mover, &before, 0);
    says(
        &scene.fake.answer(again, STEP).await,
        &en("err-already-applied"),
        mover,
    );
    // Another option of the old panel: the game has moved on.
    let stale = scene.choose(mover, &before, 1);
    says(
        &scene.fake.answer(stale, STEP).await,
        &en("err-stale"),
        mover,
    );
    // Dave plays in nothing: not his hand, not his move.
    says(
        &scene.click_table(DAVE, game, "vh").await,
        &en("err-not-a-player"),
        DAVE,
    );
    let foreign = scene.choose(DAVE, &before, 1);
    says(
        &scene.fake.answer(foreign, STEP).await,
        &en("err-not-a-player"),
        DAVE,
    );

    // Server settings are for Manage Server only.
    let denied = scene.run(DAVE, "vliv-admin show", &[]).await;
    assert_eq!(denied.audience, Audience::Ephemeral(DAVE));
    assert_eq!(denied.content, en("err-not-admin"), "{denied:?}");
    let shown = scene.run(CAROL, "vliv-admin show", &[]).await;
    assert_eq!(shown.audience, Audience::Ephemeral(CAROL));
    assert!(shown.content.starts_with("Channels:"), "{shown:?}");
    assert!(
        shown
            .content
            .contains("Vacation: 14 days per year; time to move stops in quiet hours: yes"),
        "the vacation settings are shown too: {shown:?}"
    );

    // Carol allows games only in #general: a click on the game here is refused.
    let other = json!({ "type": 7, "value": OTHER_CHANNEL.to_string() });
    let set = scene
        .run(
            CAROL,
            "vliv-admin channels",
            &[("action", json!(0)), ("channel", other)],
        )
        .await;
    assert!(set.content.contains(&OTHER_CHANNEL.to_string()), "{set:?}");
    says(
        &scene.click_table(BOB, game, "vh").await,
        &en("err-channel-not-allowed"),
        BOB,
    );
    assert_eq!(refused(&scene.fake.requests(), &[]), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn czech_users_read_czech_and_english_users_english() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim_with(EVA).await;
    // Turn DMs follow the reader's language. Neither player has a panel open yet, so the
    // first mover's turn comes by DM, and after their move the other's.
    let dm_to = |w: &fakecord::World, user: u64| {
        w.requests
            .iter()
            .filter(|r| r.audience == Audience::Dm(user) && r.status == 200)
            .find_map(|r| r.body["content"].as_str().map(str::to_owned))
    };
    let first = scene
        .fake
        .wait("the first turn DM", STEP, |w| {
            [ALICE, EVA].into_iter().find(|&u| dm_to(w, u).is_some())
        })
        .await;
    let panel = scene.hand(first, game).await;
    let ix = scene.choose(first, &panel, 0);
    scene
        .fake
        .answer_where(ix, STEP, |m| m.id == panel.id && m.edits > panel.edits)
        .await;
    let (eva_dm, alice_dm) = scene
        .fake
        .wait("turn DMs to both", STEP, |w| {
            Some((dm_to(w, EVA)?, dm_to(w, ALICE)?))
        })
        .await;
    assert!(eva_dm.starts_with("Jste na tahu"), "{eva_dm}");
    assert!(alice_dm.starts_with("Your turn"), "{alice_dm}");

    // Eva's client is Czech, Alice's English: the same request, two languages.
    let eva_again = scene.run(EVA, "game join", &[]).await;
    let alice_again = scene.run(ALICE, "game join", &[]).await;
    assert_eq!(eva_again.content, cs("err-not-in-lobby"), "{eva_again:?}");
    assert_eq!(
        alice_again.content,
        en("err-not-in-lobby"),
        "{alice_again:?}"
    );

    let czech = ["Skřet", "Trpaslík", "Nemrtvý", "Měňavec", "Rytíř"];
    let english = ["Goblin", "Dwarf", "Undead", "Doppelganger", "Knight"];
    let eva = scene.hand(EVA, game).await.text();
    let alice = scene.hand(ALICE, game).await.text();
    assert!(czech.iter().any(|w| eva.contains(w)), "{eva}");
    assert!(!english.iter().any(|w| eva.contains(w)), "{eva}");
    assert!(english.iter().any(|w| alice.contains(w)), "{alice}");
    assert!(!czech.iter().any(|w| alice.contains(w)), "{alice}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_thread_mode_a_game_gets_its_own_thread_allowed_where_its_parent_is() {
    let scene = Scene::start(Db::sqlite()).await;
    scene
        .run(CAROL, "vliv-admin threads", &[("on", json!(true))])
        .await;
    scene
        .run(ALICE, "game new", &[("game", json!("claim"))])
        .await;
    // The lobby's table is in a new thread opened from the games channel.
    let (thread, table, game) = scene
        .fake
        .wait("a table in a thread", STEP, |w| {
            w.messages.values().find_map(|m| {
                let ch = w.channels.get(&m.channel)?;
                let join = m.custom_ids().into_iter().find(|c| c.starts_with("vj:"))?;
                (ch.parent == Some(CHANNEL))
                    .then(|| Some((ch.id, m.id, join[3..].parse::<u64>().ok()?)))?
            })
        })
        .await;
    let joined = scene.fake.click(BOB, table, &format!("vj:{game}"));
    let joined = scene.fake.answer(joined, STEP).await;
    // A join is answered as on Matrix and by `/game join`: who sat down.
    assert_eq!(joined.content, "Player 2 joined.", "{joined:?}");
    assert_eq!(joined.channel, thread);

    // Games only in #general: the thread's parent is no longer allowed, nor the thread.
    let other = json!({ "type": 7, "value": OTHER_CHANNEL.to_string() });
    scene
        .run(
            CAROL,
            "vliv-admin channels",
            &[("action", json!(0)), ("channel", other)],
        )
        .await;
    let start = scene.fake.click(ALICE, table, &format!("vs:{game}"));
    let refused = scene.fake.answer(start, STEP).await;
    assert_eq!(
        refused.content,
        en("err-channel-not-allowed"),
        "{refused:?}"
    );
    // The games channel again: its threads are allowed with it.
    let games = json!({ "type": 7, "value": CHANNEL.to_string() });
    scene
        .run(
            CAROL,
            "vliv-admin channels",
            &[("action", json!(0)), ("channel", games)],
        )
        .await;
    let start = scene.fake.click(ALICE, table, &format!("vs:{game}"));
    let started = scene.fake.answer(start, STEP).await;
    assert_eq!(started.content, en("move-applied"), "{started:?}");
}

/// Tables posted: public messages with an embed, in the channel or as a follow-up of an
/// interaction (the table follows `/game new`'s answer and is edited through its token).
fn table_posts(requests: &[fakecord::Request]) -> usize {
    requests
        .iter()
        .filter(|r| {
            let public = r.body["flags"].as_u64().unwrap_or(0) & 64 == 0;
            r.method == "POST"
                && public
                && layout::shows_embed_or_v2(&r.body)
                && (r.path == format!("channels/{CHANNEL}/messages")
                    || r.path.starts_with("webhooks/"))
        })
        .count()
}
