//! The bot's Discord permissions end to end: the loopback Discord computes them as Discord
//! does and refuses what they do not cover. The invite asks for exactly the permissions the
//! requests of a representative game need, and a channel without Attach Files still plays,
//! in text, told once what to grant.

use crate::loopback;
use vliv_bot::service::ChannelId;

use fakecord::{permissions as bits, Request, Target};
use loopback::*;
use serde_json::json;
use vliv_bot::service::Status;
use vliv_discord::permissions::INVITE;

fn en(key: &'static str) -> String {
    vliv_bot::i18n::msg(vliv_engine::Lang::En, key)
}

/// Each bit set in `perms`, by Discord's name.
fn names(perms: u64) -> Vec<&'static str> {
    [
        (bits::VIEW_CHANNEL, "View Channel"),
        (bits::SEND_MESSAGES, "Send Messages"),
        (bits::EMBED_LINKS, "Embed Links"),
        (bits::ATTACH_FILES, "Attach Files"),
        (bits::READ_MESSAGE_HISTORY, "Read Message History"),
        (bits::CREATE_PUBLIC_THREADS, "Create Public Threads"),
        (bits::SEND_MESSAGES_IN_THREADS, "Send Messages in Threads"),
    ]
    .into_iter()
    .filter(|(b, _)| perms & b != 0)
    .map(|(_, n)| n)
    .collect()
}

/// The table of `game` in a thread opened from the games channel: (thread, message).
async fn table_in_thread(scene: &Scene, game_kind: &str) -> (u64, u64, u64) {
    scene
        .run(ALICE, "game new", &[("game", json!(game_kind))])
        .await;
    scene
        .fake
        .wait("a table in a thread", STEP, |w| {
            w.messages.values().rev().find_map(|m| {
                let ch = w.channels.get(&m.channel)?;
                let join = m.custom_ids().into_iter().find(|c| c.starts_with("vj:"))?;
                (ch.parent == Some(CHANNEL))
                    .then(|| Some((ch.id, m.id, join[3..].parse::<u64>().ok()?)))?
            })
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_invite_asks_for_exactly_the_permissions_a_games_requests_need() {
    // A running table's edit waits longer for its picture, drawn at the bot's own priority
    // rather than on an idle core only: on a loaded machine the usual 200 ms are missed (and
    // the idle core may never come), and the table then moves to a click's follow-up before
    // its picture goes with the bot's own token (the only upload needing Attach Files). The
    // wait stays under a step's, since the click's answer follows the table's edit.
    let mut scene = Scene::start_with(
        Db::sqlite(),
        vec![
            ("VLIV_TABLE_DRAW_WAIT_MS", Some("15000")),
            ("VLIV_PICTURE_BACKGROUND", Some("0")),
        ],
    )
    .await;
    // A game in the channel to its end, its table with a picture, then the rematch asked.
    let game = scene.started_claim().await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    // A restart: the table is edited again without an interaction, in the channel, with
    // its picture.
    scene.restart().await;
    scene.play_to_end(game, [ALICE, BOB]).await;
    scene.click_table(BOB, game, "vr").await;
    // Thread mode: a game in a thread of its own, started and moved once.
    scene
        .run(CAROL, "vliv-admin threads", &[("on", json!(true))])
        .await;
    let (_, table, game) = table_in_thread(&scene, "claim").await;
    let joined = scene.fake.click(BOB, table, &format!("vj:{game}"));
    scene.fake.answer(joined, STEP).await;
    let start = scene.fake.click(ALICE, table, &format!("vs:{game}"));
    scene.fake.answer(start, STEP).await;

    let w = scene.fake.world();
    let refused: Vec<&Request> = w.requests.iter().filter(|r| r.status >= 400).collect();
    assert!(
        refused.iter().all(|r| r.method == "DELETE"),
        "refused: {refused:?}"
    );
    let mut used = 0;
    let mut by_bit: Vec<(u64, String)> = Vec::new();
    for r in w.requests.iter().filter(|r| r.status < 400) {
        let needed = w.needed(r);
        for bit in (0..64)
            .map(|b| 1u64 << b)
            .filter(|b| needed & b & !used != 0)
        {
            by_bit.push((bit, format!("{} {}", r.method, r.path)));
        }
        used |= needed;
    }
    // With the tables as Components V2 (`VLIV_TEST_LAYOUT`) no request of this game needs
    // Embed Links; the invite keeps it for the servers on the embed layout (the default).
    if std::env::var("VLIV_TEST_LAYOUT").is_ok_and(|l| l == "components_v2") {
        assert_eq!(
            used & bits::EMBED_LINKS,
            0,
            "a V2 table needs no Embed Links"
        );
        used |= bits::EMBED_LINKS;
    }
    assert_eq!(
        names(used),
        names(INVITE),
        "the requests needed {:?} (first use: {by_bit:?}); the invite asks for {:?}",
        names(used),
        names(INVITE)
    );
    assert_eq!(used, INVITE);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_attach_files_a_game_goes_on_in_text_and_the_channel_is_told_once() {
    let mut scene = Scene::start(Db::sqlite()).await;
    // The server took Attach Files from the bot's role in the games channel.
    scene
        .fake
        .add_overwrite(CHANNEL, Target::BotRole, 0, bits::ATTACH_FILES);
    let game = scene.started_claim().await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    // After a restart the table is edited in the channel, with no interaction's token:
    // Discord refuses its picture, the text goes all the same.
    scene.restart().await;
    let note = en("pictures-need-attach-files");
    scene
        .fake
        .wait("the note on Attach Files", STEP, |w| {
            w.messages
                .values()
                .find(|m| m.channel == CHANNEL && m.content == note)
                .map(drop)
        })
        .await;
    // To the end, asking the database whether it is over: a table without a picture is
    // edited at once, so "My hand" may be gone before the last panel is read.
    let service = scene.db.service().await;
    let mut n = 0;
    while service.game(game).await.unwrap().status == Status::Running {
        let (user, panel) = scene.mover(game, [ALICE, BOB]).await;
        let ix = scene.choose(user, &panel, n * 7 + 2);
        scene
            .fake
            .answer_where(ix, STEP, |m| m.id == panel.id && m.edits > panel.edits)
            .await;
        n += 1;
        assert!(n < 400, "a Claim game has 52 moves");
    }
    // The game ends on its table.
    let result = en("table-result");
    scene
        .fake
        .wait("the result on the table", STEP, |w| {
            table_in(w, game).filter(|t| t.text().contains(&result))
        })
        .await;
    let w = scene.fake.world();
    // Told once, in the channel's language, naming the permission.
    let notes = w
        .messages
        .values()
        .filter(|m| m.channel == CHANNEL && m.content == note)
        .count();
    assert_eq!(notes, 1);
    assert!(note.contains("**Attach Files**"), "{note}");
    // The only refusals: a picture in the channel (403 / 50013), each followed by its text.
    let refused: Vec<&Request> = w
        .requests
        .iter()
        .filter(|r| r.status >= 400 && !(r.method == "DELETE" && r.status == 404))
        .collect();
    assert!(!refused.is_empty(), "the picture was refused");
    for r in &refused {
        assert_eq!(
            (r.status, r.response["code"].as_u64()),
            (403, Some(50013)),
            "{r:?}"
        );
        assert!(!r.files.is_empty(), "only a picture is refused: {r:?}");
        let text = w
            .requests
            .iter()
            .find(|t| t.seq > r.seq && t.path == r.path && t.status < 400)
            .unwrap_or_else(|| panic!("no text after the refused picture: {r:?}"));
        assert!(text.files.is_empty(), "{text:?}");
        assert!(
            layout::picture(&text.body["embeds"], &text.body["components"]).is_none(),
            "the text shows no picture: {text:?}"
        );
    }
}

/// Where the bot may not see the channel or post in it, `/game new` says which permission
/// is missing and where, in the asker's language, and opens nothing: no lobby, no thread,
/// no message, no refused request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_is_not_opened_where_the_bot_lacks_a_permission_and_the_user_reads_which() {
    let scene = Scene::start(Db::sqlite()).await;
    let cases: [(u64, Target, u64, &str, &str); 3] = [
        // Send Messages taken by an overwrite for the bot's role; an English user.
        (
            ALICE,
            Target::BotRole,
            bits::SEND_MESSAGES,
            "**Send Messages**",
            "the permission",
        ),
        // The channel hidden from @everyone (the bot's role has no View Channel of its
        // own to put back); a Czech user.
        (
            EVA,
            Target::Everyone,
            bits::VIEW_CHANNEL,
            "**Zobrazit kanály**",
            "oprávnění",
        ),
        // Both, on the bot as a member.
        (
            ALICE,
            Target::Bot,
            bits::VIEW_CHANNEL | bits::SEND_MESSAGES,
            "**View Channels**, **Send Messages**",
            "the permissions",
        ),
    ];
    for (user, target, deny, named, wording) in cases {
        scene.fake.clear_overwrites(CHANNEL);
        scene.fake.add_overwrite(CHANNEL, target, 0, deny);
        let before = scene.fake.world().messages.len();
        let answer = scene
            .run(user, "game new", &[("game", json!("claim"))])
            .await;
        assert_eq!(answer.audience, fakecord::Audience::Ephemeral(user));
        assert!(answer.content.contains(named), "{answer:?}");
        assert!(answer.content.contains(wording), "{answer:?}");
        assert!(
            answer.content.contains(&format!("<#{CHANNEL}>")),
            "{answer:?}"
        );
        // Nothing was created: no lobby, no message but the answer.
        let service = scene.db.service().await;
        assert!(
            service.active(ChannelId(CHANNEL)).await.is_err(),
            "a lobby was opened"
        );
        assert_eq!(scene.fake.world().messages.len(), before + 1);
    }
    // Granted again, the lobby opens.
    scene.fake.clear_overwrites(CHANNEL);
    scene.new_claim(ALICE).await;
    let w = scene.fake.world();
    let refused: Vec<&Request> = w.requests.iter().filter(|r| r.status >= 400).collect();
    assert!(refused.is_empty(), "refused: {refused:?}");
}

/// Each permission a lobby needs, taken from the bot's role (not by a channel overwrite):
/// `/game new` names it and where, and opens nothing; in thread mode the same for the
/// thread permissions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_permission_taken_from_the_bots_role_is_named_and_nothing_is_opened() {
    let scene = Scene::start(Db::sqlite()).await;
    let cases = [
        (false, bits::VIEW_CHANNEL, "**View Channels**"),
        (false, bits::SEND_MESSAGES, "**Send Messages**"),
        (false, bits::EMBED_LINKS, "**Embed Links**"),
        (
            true,
            bits::CREATE_PUBLIC_THREADS,
            "**Create Public Threads**",
        ),
        (
            true,
            bits::SEND_MESSAGES_IN_THREADS,
            "**Send Messages in Threads**",
        ),
    ];
    for (threads, bit, named) in cases {
        scene
            .run(CAROL, "vliv-admin threads", &[("on", json!(threads))])
            .await;
        scene.fake.set_bot_roles(GUILD, 0, INVITE & !bit);
        let before = scene.fake.world().messages.len();
        let channels = scene.fake.world().channels.len();
        let answer = scene
            .run(ALICE, "game new", &[("game", json!("claim"))])
            .await;
        assert_eq!(answer.audience, fakecord::Audience::Ephemeral(ALICE));
        assert!(answer.content.contains(named), "{named}: {answer:?}");
        assert!(
            answer.content.contains(&format!("<#{CHANNEL}>")),
            "{answer:?}"
        );
        let service = scene.db.service().await;
        assert!(
            service.active(ChannelId(CHANNEL)).await.is_err(),
            "a lobby was opened"
        );
        let w = scene.fake.world();
        assert_eq!(w.messages.len(), before + 1, "{named}: only the answer");
        assert_eq!(w.channels.len(), channels, "{named}: no thread was made");
        let refused: Vec<&Request> = w.requests.iter().filter(|r| r.status >= 400).collect();
        assert!(refused.is_empty(), "{named}: refused {refused:?}");
    }
    scene.fake.set_bot_roles(GUILD, 0, INVITE);
    scene
        .run(CAROL, "vliv-admin threads", &[("on", json!(false))])
        .await;
    scene.new_claim(ALICE).await;
}

/// A permission taken from the bot's role while a game runs: what needs it (the table
/// posted again, a new lobby's table, a seat taken) is refused before anything is done,
/// naming the permission; the moves, which only edit, go on; granted again, all works.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_permission_lost_mid_game_refuses_only_what_needs_it_and_the_game_goes_on() {
    let scene = Scene::start(Db::sqlite()).await;
    let game = scene.started_claim().await;
    scene.play_one(game, [ALICE, BOB], 0).await;
    // Send Messages gone from the role: the table cannot be posted again.
    scene
        .fake
        .set_bot_roles(GUILD, 0, INVITE & !bits::SEND_MESSAGES);
    let tables = scene.fake.world().messages.len();
    let status = scene.run(ALICE, "game status", &[]).await;
    assert_eq!(status.audience, fakecord::Audience::Ephemeral(ALICE));
    assert!(status.content.contains("**Send Messages**"), "{status:?}");
    assert!(status.content.contains("Nothing was done"), "{status:?}");
    assert_eq!(scene.fake.world().messages.len(), tables + 1);
    // The game goes on: a move is a click, its panel and the table are edited.
    let moves = scene
        .db
        .service()
        .await
        .game(game)
        .await
        .unwrap()
        .moves_stored();
    scene.play_one(game, [ALICE, BOB], 1).await;
    let after = scene.db.service().await.game(game).await.unwrap();
    assert!(after.moves_stored() > moves, "the move was stored");
    // Embed Links gone too: the request is refused for them before anything else (the
    // game here is running), in Czech for a Czech user.
    scene
        .fake
        .set_bot_roles(GUILD, 0, INVITE & !bits::SEND_MESSAGES & !bits::EMBED_LINKS);
    let join = scene.run(EVA, "game join", &[]).await;
    assert!(join.content.contains("**Vkládat odkazy**"), "{join:?}");
    assert!(join.content.contains("Nic se nestalo"), "{join:?}");
    // Granted again: the table is posted again.
    scene.fake.set_bot_roles(GUILD, 0, INVITE);
    let status = scene.run(BOB, "game status", &[]).await;
    assert_eq!(status.content, en("move-applied"), "{status:?}");
    let w = scene.fake.world();
    let refused: Vec<&Request> = w
        .requests
        .iter()
        .filter(|r| r.status >= 400 && r.method != "DELETE")
        .collect();
    // Only what the bot could not have known before trying: the turn pings of the move.
    for r in &refused {
        assert_eq!(r.response["code"].as_u64(), Some(50013), "{r:?}");
        assert_eq!(r.method, "POST", "{r:?}");
    }
}
