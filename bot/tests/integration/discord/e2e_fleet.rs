//! Issue 18 end to end: a fleet of two real `vliv run` processes, shards 0 and 1 of 2,
//! against one loopback Discord and one Postgres database. Claim is played in a server on
//! each shard; the process of shard 1 is SIGKILLed mid-game, the other's game keeps
//! moving, and the killed game's turn timeout, falling due during the outage, is applied
//! once, by the process that lives, whose turn DM comes in the Czech the players' clients
//! told the dead process. The killed process restarts, and its game goes on to the end
//! with every click stored once. Postgres only (a fleet on SQLite is refused, which the
//! last test checks).

use crate::common::e2e_tables::table_by_buttons_in;
use crate::common::vliv_process;
use crate::loopback;
use vliv_bot::service::UserId;

use std::time::{Duration, Instant};

use fakecord::{Audience, Fake, Message, MEMBER};
use loopback::{choose_on, options, Db, START, STEP, TOKEN};
use serde_json::json;
use vliv_bot::{
    service::{GameId, Service, Status},
    store::TAKEOVER_MS,
};
use vliv_engine::{Lang, Text};
use vliv_process::Bot;

/// A server on shard 0 of 2 (its id >> 22 is even) and one on shard 1.
const GUILD_0: u64 = 500_000_000_000_000_001;
const GUILD_1: u64 = GUILD_0 + (1 << 22);
const CHANNEL_0: u64 = 500_000_000_000_000_010;
const CHANNEL_1: u64 = 500_000_000_000_000_020;
/// English players in the shard-0 server, Czech ones in the shard-1 server.
const ALICE: u64 = 600_000_000_000_000_011;
const BOB: u64 = 600_000_000_000_000_022;
const EVA: u64 = 600_000_000_000_000_055;
const FILIP: u64 = 600_000_000_000_000_066;

/// One process of the fleet, connecting `shard` of 2.
fn spawn(fake: &Fake, db: &Db, shard: &str) -> Bot {
    let env = [
        ("VLIV_SHARDS", shard),
        ("VLIV_SHARD_TOTAL", "2"),
        // No turn runs out by itself: the test decides which deadline falls due.
        ("VLIV_TIMEOUT_MINUTES", "600"),
    ];
    Bot::spawn_with(fake, &db.url, TOKEN, &env)
}

/// Command registrations so far (each process registers once it is ready).
pub(super) fn registrations(w: &fakecord::World) -> usize {
    w.requests
        .iter()
        .filter(|r| r.method == "PUT" && r.path.contains("commands"))
        .count()
}

pub(super) async fn wait_live(fake: &Fake, shards: &[u32], registered: usize) {
    fake.wait("the fleet's shards to connect and register", START, |w| {
        (w.gateway.live() == shards && registrations(w) >= registered).then_some(())
    })
    .await;
}

/// A Claim game in `channel` between two players, started.
pub(super) async fn started(fake: &Fake, channel: u64, players: [u64; 2]) -> GameId {
    let ix = fake.slash(players[0], channel, "game new", &[("game", json!("claim"))]);
    fake.answer(ix, STEP).await;
    let game: GameId = fake
        .wait("the lobby's table", STEP, |w| {
            w.messages.values().rev().find_map(|m| {
                let id = m.custom_ids().into_iter().find(|c| c.starts_with("vj:"))?;
                (m.channel == channel && !m.deleted).then(|| id[3..].parse().ok())?
            })
        })
        .await;
    click_table(fake, channel, players[1], game, "vj").await;
    click_table(fake, channel, players[0], game, "vs").await;
    fake.wait("the running table", STEP, |w| {
        let t = table_by_buttons_in(w, channel, game)?;
        t.custom_ids().contains(&format!("vh:{game}")).then_some(())
    })
    .await;
    game
}

pub(super) async fn click_table(
    fake: &Fake,
    channel: u64,
    user: u64,
    game: GameId,
    prefix: &str,
) -> Message {
    let id = format!("{prefix}:{game}");
    let table = fake
        .wait(&format!("{id} on the table"), STEP, |w| {
            let t = table_by_buttons_in(w, channel, game)?;
            t.custom_ids().contains(&id).then_some(t)
        })
        .await;
    let ix = fake.click(user, table.id, &id);
    fake.answer(ix, STEP).await
}

/// The player to move makes one move through "My hand"; false once the game is over.
pub(super) async fn play_one(fake: &Fake, channel: u64, game: GameId, players: [u64; 2]) -> bool {
    for user in players {
        let over = fake
            .wait("the table", STEP, |w| table_by_buttons_in(w, channel, game))
            .await
            .custom_ids()
            .iter()
            .all(|c| c != &format!("vh:{game}"));
        if over {
            return false;
        }
        let panel = click_table(fake, channel, user, game, "vh").await;
        assert_eq!(panel.audience, Audience::Ephemeral(user), "{panel:?}");
        if options(&panel).is_empty() {
            continue;
        }
        let before = panel.edits;
        let ix = choose_on(fake, user, &panel, 1);
        fake.answer_where(ix, STEP, |m| m.id != panel.id || m.edits > before)
            .await;
        return true;
    }
    false
}

pub(super) async fn play(
    fake: &Fake,
    channel: u64,
    game: GameId,
    players: [u64; 2],
    moves: usize,
) -> usize {
    let mut made = 0;
    while made < moves && play_one(fake, channel, game, players).await {
        made += 1;
    }
    made
}

/// A message's words before its first argument, in `lang` (robust to rewording).
fn opening(lang: Lang, key: &'static str, arg: &'static str) -> String {
    let text = vliv_bot::i18n::tr(
        lang,
        &Text::new(key).arg(arg, "\u{1}").arg("link", "\u{1}"),
        &|s| lang.seat_name(s),
    );
    let head = text.split('\u{1}').next().unwrap_or_default();
    head.trim_matches(|c: char| c.is_whitespace() || c == '\u{2068}' || c == '\u{2069}')
        .to_string()
}

async fn moves(service: &Service, game: GameId) -> usize {
    service.store().moves(game).await.unwrap().len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fleet_of_two_processes_survives_one_killed_and_fires_its_deadline_once() {
    let Some(db) = Db::postgres().await else {
        assert!(
            !std::env::var("CI").is_ok_and(|v| v == "true"),
            "CI=true but VLIV_TEST_POSTGRES_URL is not set"
        );
        eprintln!("notice: VLIV_TEST_POSTGRES_URL is not set; the fleet test did not run");
        return;
    };
    let fake = Fake::start().await;
    fake.world().gateway.recommended = 2;
    for (id, name, locale) in [
        (ALICE, "alice", "en-US"),
        (BOB, "bob", "en-GB"),
        (EVA, "eva", "cs"),
        (FILIP, "filip", "cs"),
    ] {
        fake.add_user(id, name, locale);
    }
    fake.add_channel(GUILD_0, CHANNEL_0, "games");
    fake.add_channel(GUILD_1, CHANNEL_1, "hry");
    for u in [ALICE, BOB] {
        fake.add_member(GUILD_0, u, MEMBER);
    }
    for u in [EVA, FILIP] {
        fake.add_member(GUILD_1, u, MEMBER);
    }
    let mut first = spawn(&fake, &db, "0");
    let mut second = spawn(&fake, &db, "1");
    wait_live(&fake, &[0, 1], 2).await;

    let english = [ALICE, BOB];
    let czech = [EVA, FILIP];
    let game_0 = started(&fake, CHANNEL_0, english).await;
    let game_1 = started(&fake, CHANNEL_1, czech).await;
    assert_eq!(play(&fake, CHANNEL_0, game_0, english, 3).await, 3);
    let mut clicks_1 = play(&fake, CHANNEL_1, game_1, czech, 3).await;
    assert_eq!(clicks_1, 3);
    // Each process served its own server's commands only.
    let command_of = |guild: u64| format!("guild={guild}");
    assert!(
        first.log().contains(&command_of(GUILD_0)) && !first.log().contains(&command_of(GUILD_1))
    );
    assert!(
        second.log().contains(&command_of(GUILD_1)) && !second.log().contains(&command_of(GUILD_0))
    );

    let service = db.service().await;
    // The client languages the shard-1 process saw are stored for every process.
    assert_eq!(
        service.store().client_lang(UserId(EVA)).await.unwrap(),
        Some(Lang::Cs)
    );
    assert_eq!(
        service.store().client_lang(UserId(ALICE)).await.unwrap(),
        Some(Lang::En)
    );

    // Shard 1's process dies mid-game.
    second.kill();
    fake.wait("shard 1's session to end", STEP, |w| {
        (w.gateway.live() == [0]).then_some(())
    })
    .await;
    let outage_from = fake.world().requests.len();
    // The DM channels the dead process stored. A player who always looked at a fresh panel
    // of it was never DMed, so which of the two has one depends on the deal.
    let mut stored_dm = std::collections::HashMap::new();
    for u in czech {
        stored_dm.insert(u, service.store().dm_channel(UserId(u)).await.unwrap());
    }
    let stored_before = moves(&service, game_1).await;
    assert_eq!(
        stored_before, clicks_1,
        "every click of game {game_1} is stored once"
    );

    // Meanwhile the other server's game goes on, and game 1's turn timeout fell due a
    // while ago, long enough for the living process to stop waiting for its owner.
    let overdue = service.now_ms() - TAKEOVER_MS - 1_000;
    sqlx::query("UPDATE deadlines SET due_ms = $1 WHERE game_id = $2 AND kind = 'timeout'")
        .bind(overdue)
        .bind(game_1)
        .execute(service.store().pool())
        .await
        .unwrap();
    assert_eq!(play(&fake, CHANNEL_0, game_0, english, 4).await, 4);
    let deadline = Instant::now() + Duration::from_secs(90);
    while moves(&service, game_1).await == stored_before {
        assert!(
            Instant::now() < deadline,
            "the timeout of game {game_1} never fired"
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    assert_eq!(moves(&service, game_1).await, stored_before + 1);
    let fired_by = |bot: &Bot| {
        bot.log()
            .lines()
            .any(|l| l.contains("timeout due") && l.contains(&format!("game={game_1}")))
    };
    assert!(fired_by(&first), "the living process applied the timeout");
    // The living process told the next player in Czech, learnt by the dead one, through
    // the DM channel the dead one stored, if it opened one.
    let czech_turn = opening(Lang::Cs, "dm-your-turn", "game");
    assert!(
        czech_turn.chars().count() > 3,
        "the Czech turn DM opens with words"
    );
    assert_ne!(czech_turn, opening(Lang::En, "dm-your-turn", "game"));
    let dm = fake
        .wait("the turn DM after the timeout", STEP, |w| {
            w.requests[outage_from..]
                .iter()
                .find(|r| matches!(r.audience, Audience::Dm(u) if czech.contains(&u)))
                .cloned()
        })
        .await;
    assert!(
        loopback::strings(&dm.body).contains(&czech_turn),
        "the DM is not in Czech: {:?}",
        dm.body
    );
    let Audience::Dm(dmed) = dm.audience else {
        unreachable!()
    };
    let outage_requests: Vec<_> = fake.world().requests[outage_from..].to_vec();
    let opened_for = |user: u64| {
        outage_requests
            .iter()
            .filter(|r| {
                r.path.contains("users/@me/channels")
                    && r.body["recipient_id"].as_str() == Some(user.to_string().as_str())
            })
            .count()
    };
    match stored_dm[&dmed] {
        // The dead process's DM channel is reused, not opened again.
        Some(channel) => {
            assert_eq!(opened_for(dmed), 0, "the stored DM channel was not reused");
            assert_eq!(dm.path, format!("channels/{channel}/messages"));
        }
        // Never DMed before: opened once, and stored for every process.
        None => {
            assert_eq!(opened_for(dmed), 1, "a DM channel opened more than once");
            assert!(service
                .store()
                .dm_channel(UserId(dmed))
                .await
                .unwrap()
                .is_some());
        }
    }

    // Shard 1 comes back: nothing is lost and the timeout is not applied again.
    let registered = registrations(&fake.world());
    second = spawn(&fake, &db, "1");
    wait_live(&fake, &[0, 1], registered + 1).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        moves(&service, game_1).await,
        stored_before + 1,
        "fired twice"
    );
    let rec = service.game(game_1).await.unwrap();
    assert_eq!(rec.status, Status::Running);
    let clicks_after = play(&fake, CHANNEL_1, game_1, czech, 200).await;
    clicks_1 += clicks_after;
    assert!(clicks_after > 0);
    let rec = service.game(game_1).await.unwrap();
    assert_eq!(
        rec.status,
        Status::Finished,
        "game {game_1} ends after the restart"
    );
    assert_eq!(
        moves(&service, game_1).await,
        clicks_1 + 1,
        "clicks + one timeout"
    );
    play(&fake, CHANNEL_0, game_0, english, 200).await;
    assert_eq!(service.game(game_0).await.unwrap().status, Status::Finished);

    // Every DM channel was opened once in the whole run, whichever process sent the DM.
    let w = fake.world();
    let opened = w
        .requests
        .iter()
        .filter(|r| r.method == "POST" && r.path.contains("users/@me/channels"))
        .count();
    let dmed: std::collections::HashSet<u64> = w
        .requests
        .iter()
        .filter_map(|r| match r.audience {
            Audience::Dm(u) => Some(u),
            _ => None,
        })
        .collect();
    assert_eq!(
        opened,
        dmed.len(),
        "DM channels opened {opened} times for {dmed:?}"
    );
    drop(w);
    for bot in [&first, &second] {
        assert!(!bot.log().contains(TOKEN));
    }
    first.kill();
    second.kill();
}

#[tokio::test]
async fn a_fleet_on_sqlite_is_refused_with_a_clear_message() {
    let fake = Fake::start().await;
    let db = Db::sqlite();
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vliv"))
        .arg("run")
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", TOKEN)
        .env("VLIV_API_BASE", fake.api_base())
        .env("VLIV_DATABASE_URL", &db.url)
        .env("VLIV_SHARDS", "1")
        .env("VLIV_SHARD_TOTAL", "2")
        .output()
        .expect("vliv runs");
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("a fleet needs Postgres"), "{said}");
    assert!(said.contains("VLIV_DATABASE_URL"), "{said}");
}
