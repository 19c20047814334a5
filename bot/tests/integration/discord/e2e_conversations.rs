//! Games among friends outside any server, through the loopback Discord: the app installed
//! to a user's account (Discord's USER_INSTALL), its `/game` offered in a DM between two
//! users and in a group DM (the PRIVATE_CHANNEL context), where the bot is no member and
//! Discord lets it answer only through the interactions it is given. Claim and Ovlivnění in
//! a DM of two, Fantasy Realms in a group DM of three, each with a 20-minute gap on the
//! simulated clock between two moves, so every interaction token of the game so far has
//! expired: the table is posted again through the next click, and nothing is ever asked
//! of the bot's own token there.

use crate::common::e2e_leaks;
use crate::common::e2e_tables::{self, Asked, Played, Table};
use crate::loopback::*;
use vliv_bot::service::{ChannelId, GuildId, UserId};

use std::{cell::Cell, time::Duration};

use fakecord::{Audience, CODE_INVALID_WEBHOOK_TOKEN, CONTEXT_PRIVATE_CHANNEL, USER_INSTALL};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_bot::service::NO_SERVER;
use vliv_engine::Lang;

/// A DM between Alice and Bob, and a group DM of Alice, Bob and Carol.
const PAIR: u64 = 520_000_000_000_000_001;
const GROUP: u64 = 520_000_000_000_000_002;
/// More than an interaction token's 15 minutes.
const GAP: Duration = Duration::from_secs(20 * 60);

/// Random moves (seeded); before move `gap_at`, the simulated clock jumps 20 minutes and
/// `table` keeps the table message shown then.
fn random_with_gap<'a>(
    scene: &'a Scene,
    on: &'a Table,
    seed: u64,
    gap_at: usize,
    table: &'a Cell<Option<u64>>,
) -> impl FnMut(&[Asked], usize) -> Option<(u64, u32)> + 'a {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    move |asked, n| {
        if n == gap_at {
            let shown = e2e_tables::table_in(&scene.fake.world(), on.channel, on.game);
            table.set(shown.map(|m| m.id));
            scene.fake.advance(GAP);
        }
        let (user, _, choices, _) = asked.get(rng.random_range(0..asked.len().max(1)))?;
        Some((*user, choices[rng.random_range(0..choices.len())]))
    }
}

/// One game from `/game new` to its result in `channel`, with the gap before move 6.
async fn play(
    scene: &Scene,
    channel: u64,
    kind: &'static str,
    opts: &str,
    players: &[u64],
) -> (Table, Played) {
    let table = e2e_tables::start(scene, channel, kind, opts, players, Lang::En).await;
    let service = scene.db.service().await;
    let rec = service.game(table.game).await.unwrap();
    assert_eq!(
        (rec.guild, rec.channel),
        (NO_SERVER, ChannelId(channel)),
        "{kind}: a conversation's game is in the no-server scope"
    );
    let before_gap = scene.fake.world().requests.len();
    let before = Cell::new(None);
    let mut policy = random_with_gap(scene, &table, table.game as u64 * 7 + 1, 6, &before);
    let played = e2e_tables::play_to_end(
        scene,
        &service,
        &table,
        &mut policy,
        0,
        Duration::from_secs(150),
    )
    .await;
    drop(policy);
    assert!(played.marks.len() > 6, "{kind}: the game had its gap");
    let shown = e2e_tables::result_on_table(scene, &table).await;
    let rec = service.game(table.game).await.unwrap();
    assert!(rec.outcome.is_some(), "{kind}: no outcome stored");
    // After the gap the old table could not be edited (its token is dead, as Discord
    // says: 401 / 50027) and a new one was posted through a later click.
    let requests = scene.fake.requests();
    let dead = requests[before_gap..]
        .iter()
        .filter(|r| r.status == 401 && r.response["code"] == CODE_INVALID_WEBHOOK_TOKEN)
        .count();
    assert!(dead > 0, "{kind}: no token of the game expired in the gap");
    let before = before.get().expect("a table before the gap");
    assert_ne!(
        shown.id, before,
        "{kind}: the result is on a table posted again after the gap"
    );
    assert!(
        scene.fake.world().messages[&before].edits > 0,
        "{kind}: the table before the gap was a live one"
    );
    assert!(
        shown.interaction.is_some(),
        "{kind}: the table is a follow-up"
    );
    e2e_leaks::assert_no_leaks(scene, &service, &table, &played).await;
    (table, played)
}

/// Nothing was asked of the bot's own token in the conversation, and nothing was refused
/// but the expired tokens' edits.
fn only_through_interactions(scene: &Scene, channel: u64) {
    for r in scene.fake.requests() {
        assert!(
            !r.path.starts_with(&format!("channels/{channel}")),
            "request {} ({} {}) uses the bot's token in a conversation",
            r.seq,
            r.method,
            r.path
        );
        assert!(
            r.status < 400 || r.status == 401,
            "request {} ({} {}) refused: {} {}",
            r.seq,
            r.method,
            r.path,
            r.status,
            r.response
        );
    }
}

fn conversation_scene(scene: &Scene) {
    scene.fake.install_for_user(ALICE);
    scene.fake.add_private_channel(PAIR, false, &[ALICE, BOB]);
    scene
        .fake
        .add_private_channel(GROUP, true, &[ALICE, BOB, CAROL]);
    // The bot offers `/game` to user installs, in DMs and group DMs.
    let w = scene.fake.world();
    let game = w.commands.iter().find(|c| c["name"] == "game").unwrap();
    assert!(
        game["integration_types"]
            .as_array()
            .is_some_and(|t| t.contains(&USER_INSTALL.into())),
        "{game}"
    );
    assert!(
        game["contexts"]
            .as_array()
            .is_some_and(|t| t.contains(&CONTEXT_PRIVATE_CHANNEL.into())),
        "{game}"
    );
    // A server's settings stay a server's: not offered outside one.
    assert!(w.not_offered("vliv-admin", ALICE, PAIR).is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn claim_and_ovlivneni_to_the_end_in_a_dm_between_two_users() {
    let scene = Scene::start(Db::sqlite()).await;
    conversation_scene(&scene);
    // Bob never installed the app: he cannot start a game there, but he plays.
    assert!(scene
        .fake
        .try_slash(BOB, PAIR, "game new", &[("game", "claim".into())])
        .is_err());
    // The conversation's own clocks: a day to a reminder and a week a move, set by Alice
    // (no admin of anything; Bob, who did not add the app, has no commands there).
    let week = [("reminder", 1440.into()), ("timeout", 10080.into())];
    let set = scene.run_in(ALICE, PAIR, "game clocks", &week).await;
    assert_eq!(set.audience, Audience::Ephemeral(ALICE));
    let read = scene.run_in(ALICE, PAIR, "game clocks", &[]).await;
    for answer in [&set, &read] {
        let text = answer.text();
        assert!(
            text.contains("1440") && text.contains("10080"),
            "{answer:?}"
        );
    }
    let (claim, _) = play(&scene, PAIR, "claim", "", &[ALICE, BOB]).await;
    let (ovlivneni, _) = play(&scene, PAIR, "ovlivneni", "turn_limit=12", &[ALICE, BOB]).await;
    only_through_interactions(&scene, PAIR);
    // Ratings in the no-server scope, apart from the server's.
    let service = scene.db.service().await;
    for user in [ALICE, BOB] {
        let rated = service
            .store()
            .rating(NO_SERVER, "claim", UserId(user))
            .await
            .unwrap();
        assert_eq!(rated.map(|r| r.games), Some(1), "{user}");
        let server = service
            .store()
            .rating(GuildId(GUILD), "claim", UserId(user))
            .await
            .unwrap();
        assert!(server.is_none(), "{user} has a server rating");
    }
    // The conversation's history lists both games, the server's none of them.
    let history = scene.run_in(ALICE, PAIR, "game history", &[]).await;
    assert_eq!(history.audience, Audience::Ephemeral(ALICE));
    for game in [claim.game, ovlivneni.game] {
        assert!(
            history.text().contains(&format!("#{game}")),
            "the conversation's history lists game {game}: {history:?}"
        );
    }
    let server = scene.run(ALICE, "game history", &[]).await;
    assert!(
        !server.text().contains(&format!("#{}", claim.game)),
        "the server's history lists a conversation's game: {server:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fantasy_realms_to_the_end_in_a_group_dm_of_three() {
    let scene = Scene::start(Db::sqlite()).await;
    conversation_scene(&scene);
    play(&scene, GROUP, "fantasy-realms", "", &[ALICE, BOB, CAROL]).await;
    only_through_interactions(&scene, GROUP);
}

/// The DMs Discord took for `user`, as messages.
fn dms_to(scene: &Scene, user: u64) -> Vec<fakecord::Message> {
    let w = scene.fake.world();
    w.messages
        .values()
        .filter(|m| m.audience == Audience::Dm(user))
        .cloned()
        .collect()
}

/// Turn notices by DM in a conversation, before and after the gap: the mover learns of the
/// first turn by DM; after 20 minutes their move, clicked on the panel they opened before,
/// brings the table back as a new follow-up (its old token is dead) and the next player
/// learns of their turn by DM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_gap_the_table_comes_back_with_the_move_and_the_turn_goes_by_dm() {
    let scene = Scene::start(Db::sqlite()).await;
    conversation_scene(&scene);
    let table = e2e_tables::start(&scene, PAIR, "claim", "", &[ALICE, BOB], Lang::En).await;
    let service = scene.db.service().await;
    let mut mover = None;
    for (user, other) in [(ALICE, BOB), (BOB, ALICE)] {
        if !service
            .pending_menus(table.game, UserId(user))
            .await
            .unwrap()
            .is_empty()
        {
            mover = Some((user, other));
        }
    }
    let (mover, waiting) = mover.expect("someone is to move");
    scene
        .fake
        .wait("the mover's turn DM", STEP, |w| {
            w.messages
                .values()
                .any(|m| m.audience == Audience::Dm(mover))
                .then_some(())
        })
        .await;
    let panel = e2e_tables::click_table(&scene, mover, &table, "vh").await;
    // On Components V2 (`VLIV_TEST_LAYOUT`, the process's default, which a conversation
    // outside any server takes) the panel there is V2 too, and the move below edits it.
    if std::env::var("VLIV_TEST_LAYOUT").is_ok_and(|l| l == "components_v2") {
        let v2 = fakecord::validate::IS_COMPONENTS_V2;
        assert_ne!(panel.flags & v2, 0, "{panel:?}");
    }
    let old_table = e2e_tables::table_in(&scene.fake.world(), PAIR, table.game)
        .expect("the table in the conversation");
    let dms_before = dms_to(&scene, waiting);
    let before_gap = scene.fake.world().requests.len();
    scene.fake.advance(GAP);
    let ix = choose_on(&scene.fake, mover, &panel, 0);
    let moved = scene
        .fake
        .answer_where(ix, STEP, |m| m.id == panel.id && m.edits > panel.edits)
        .await;
    assert_eq!(moved.audience, Audience::Ephemeral(mover));
    let reposted = scene
        .fake
        .wait("the table posted again", STEP, |w| {
            e2e_tables::table_in(w, PAIR, table.game).filter(|t| t.id != old_table.id)
        })
        .await;
    assert!(reposted.interaction.is_some(), "the table is a follow-up");
    let refused = scene.fake.requests()[before_gap..]
        .iter()
        .filter(|r| r.path.contains(&old_table.id.to_string()) && r.status == 401)
        .count();
    assert!(refused > 0, "the old table's token was tried and refused");
    scene
        .fake
        .wait("the next player's turn DM", STEP, |w| {
            w.messages
                .values()
                .filter(|m| m.audience == Audience::Dm(waiting))
                .any(|m| dms_before.iter().all(|b| b.id != m.id))
                .then_some(())
        })
        .await;
    // Another 20 minutes: `/game status` cannot post the table through any token it knows
    // (all dead), so the table comes back through the command's own, once it is answered.
    scene.fake.advance(GAP);
    // (Alice: she added the app to her account, so Discord offers her its commands there.)
    let status = scene.run_in(ALICE, PAIR, "game status", &[]).await;
    assert_eq!(status.audience, Audience::Ephemeral(ALICE), "{status:?}");
    let again = scene
        .fake
        .wait("the table posted by /game status", STEP, |w| {
            e2e_tables::table_in(w, PAIR, table.game).filter(|t| t.id != reposted.id)
        })
        .await;
    let by = again.interaction.expect("a follow-up");
    let asker = scene.fake.world().interactions[&by].user;
    assert_eq!(asker, ALICE, "posted through the command");
    // The bot's log says so (written in the background: read until it is there).
    let shown = |log: &str| {
        log.contains("table waits for the next click in its conversation")
            && log.contains("table shown again in its conversation")
    };
    let deadline = tokio::time::Instant::now() + STEP;
    while !shown(&scene.bot.as_ref().expect("the bot").log()) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the table waited for the command, which showed it"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    only_through_interactions(&scene, PAIR);
}
