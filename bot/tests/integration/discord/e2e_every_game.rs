//! Every game end to end through the loopback Discord, each at its largest table, in an
//! English server and in a Czech one (the admin sets the server's language, the players'
//! clients are Czech), all at once against one real `vliv run`: lobbies opened with
//! `/game new`, seats taken by Join, moves made by buttons and select menus on "My hand"
//! and typed with `/play` after its autocomplete, to the result on the table. The fake
//! checks every body as Discord would (lengths, shapes, flags, callbacks, commands) and
//! nothing may be refused; every accepted body is checked for hidden cards.

use crate::common::e2e_answered;
use crate::common::e2e_leaks;
use crate::common::e2e_tables;
use crate::loopback;

use std::{collections::HashMap, time::Duration};

use e2e_tables::{Asked, Input, Played, Policy, Table};
use fakecord::{Audience, MANAGE_GUILD, MEMBER};
use loopback::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use vliv_engine::{games::fantasy_realms::rules::ids, Actor, Lang};

/// The Czech server, its admin, and the first player id of each language.
const CS_GUILD: u64 = 510_000_000_000_000_001;
const CS_ADMIN: u64 = 610_000_000_000_000_001;
const EN_PLAYERS: u64 = 700_000_000_000_000_100;
const CS_PLAYERS: u64 = 710_000_000_000_000_100;

/// Each game at its largest table, with options that keep a random game short.
const GAMES: [(&str, usize, &str); 5] = [
    // Seven seats play Chaotic Realms: trading against a one-minute clock.
    ("fantasy-realms", 7, "variant=chaotic time_limit=1"),
    ("ruse-and-bruise", 6, ""),
    ("louis-xiv", 4, ""),
    ("ovlivneni", 2, "turn_limit=12"),
    ("claim", 2, ""),
];

/// A game's moves at random (seeded), whoever is asked first.
fn random(seed: u64) -> impl FnMut(&[Asked], usize) -> Option<(u64, u32)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    move |asked, _| {
        let (user, _, choices, _) = asked.get(rng.random_range(0..asked.len().max(1)))?;
        Some((*user, choices[rng.random_range(0..choices.len())]))
    }
}

/// Chaotic Realms' trading: seat 0 offers a card to everyone without a wish, seat 1
/// answers with a card, seat 0 confirms the trade; then everyone waits for the clock.
fn chaotic_trade() -> impl FnMut(&[Asked], usize) -> Option<(u64, u32)> {
    let (mut offered, mut answered, mut traded) = (false, false, false);
    move |asked, _| {
        let card = |c: &[u32]| c.iter().copied().find(|&i| (1..=53).contains(&i));
        for (user, seat, choices, _) in asked {
            let has = |id: u32| choices.contains(&id);
            let pick = match seat {
                0 if !offered && has(ids::OFFER) => {
                    offered = true;
                    Some(ids::OFFER)
                }
                0 if has(ids::EVERYONE) => Some(ids::EVERYONE),
                0 if has(ids::NO_WISH) => Some(ids::NO_WISH),
                0 if has(ids::BACK) => card(choices),
                0 if has(ids::CONFIRM + 1) => {
                    traded = true;
                    Some(ids::CONFIRM + 1)
                }
                1 if !answered && has(ids::ANSWER) => {
                    answered = true;
                    Some(ids::ANSWER)
                }
                1 if has(ids::BACK) => card(choices),
                // Seat 1 waits for the offer; seat 0, once it offered, for the answer.
                1 if !answered => None,
                _ if has(ids::WAIT) && (traded || *seat > 1 || (*seat == 0 && offered)) => {
                    Some(ids::WAIT)
                }
                _ => None,
            };
            if let Some(p) = pick {
                return Some((*user, p));
            }
        }
        None
    }
}

async fn add_people(scene: &Scene) {
    let fake = &scene.fake;
    fake.add_user(CS_ADMIN, "spravce", "cs");
    fake.add_member(CS_GUILD, CS_ADMIN, MEMBER | MANAGE_GUILD);
    for i in 0..GAMES.len() as u64 {
        fake.add_channel(GUILD, en_channel(i), &format!("hra-en-{i}"));
        fake.add_channel(CS_GUILD, cs_channel(i), &format!("hra-cs-{i}"));
    }
    for k in 0..40 {
        fake.add_user(EN_PLAYERS + k, &format!("player{k}"), "en-US");
        fake.add_member(GUILD, EN_PLAYERS + k, MEMBER);
        fake.add_user(CS_PLAYERS + k, &format!("hrac{k}"), "cs");
        fake.add_member(CS_GUILD, CS_PLAYERS + k, MEMBER);
    }
}

fn en_channel(i: u64) -> u64 {
    500_000_000_000_001_000 + i
}

fn cs_channel(i: u64) -> u64 {
    510_000_000_000_001_000 + i
}

/// One game from lobby to result; what it took.
async fn one_game(scene: &Scene, i: usize, lang: Lang) -> (Table, Played) {
    let (kind, seats, opts) = GAMES[i];
    let (channel, first) = match lang {
        Lang::En => (en_channel(i as u64), EN_PLAYERS),
        Lang::Cs => (cs_channel(i as u64), CS_PLAYERS),
    };
    let base = first + 8 * i as u64;
    let players: Vec<u64> = (0..seats as u64).map(|k| base + k).collect();
    let began = std::time::Instant::now();
    let table = e2e_tables::start(scene, channel, kind, opts, &players, lang).await;
    let service = scene.db.service().await;
    let mut policy: Box<Policy> = if kind == "fantasy-realms" {
        Box::new(chaotic_trade())
    } else {
        Box::new(random(i as u64 * 31 + lang as u64))
    };
    // Every fourth move typed with /play; the clock of Chaotic Realms runs a minute.
    let played = e2e_tables::play_to_end(
        scene,
        &service,
        &table,
        &mut *policy,
        4,
        Duration::from_secs(150),
    )
    .await;
    let shown = e2e_tables::result_on_table(scene, &table).await;
    let rec = service.game(table.game).await.unwrap();
    assert!(rec.outcome.is_some(), "{kind}: no outcome stored");
    if kind == "fantasy-realms" {
        // Chaotic Realms: seat 0 confirmed seat 1's answer (a trade), the clock ended it.
        let moves = service.store().moves(table.game).await.unwrap();
        let confirmed = moves
            .iter()
            .any(|m| m.actor == Actor::Seat(0) && m.choice.0 == ids::CONFIRM + 1);
        assert!(confirmed, "no trade in Chaotic Realms");
        assert_eq!(
            moves.last().map(|m| (m.actor, m.choice.0)),
            Some((Actor::System, ids::TIME_UP)),
            "the clock ends the trading"
        );
    }
    // The table is in the server's language.
    let other = match lang {
        Lang::En => Lang::Cs,
        Lang::Cs => Lang::En,
    };
    let foreign = vliv_bot::i18n::msg(other, "table-result");
    assert!(
        !shown.text().contains(&foreign),
        "{kind} in {lang:?} shows {foreign}: {}",
        shown.text()
    );
    let played_in = began.elapsed();
    e2e_leaks::assert_no_leaks(scene, &service, &table, &played).await;
    eprintln!(
        "{kind} ({lang:?}): played in {played_in:.1?}, checked for leaks in {:.1?}",
        began.elapsed() - played_in
    );
    (table, played)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_at_its_largest_table_in_both_languages_through_discord() {
    let db = match Db::postgres().await {
        Some(db) => db,
        None => Db::sqlite(),
    };
    let scene = Scene::start(db).await;
    add_people(&scene).await;
    // The Czech server's admin makes the server Czech (the choice "Czech" is the second).
    let set = scene
        .run_in(
            CS_ADMIN,
            cs_channel(0),
            "vliv-admin language",
            &[("language", json!(1))],
        )
        .await;
    assert_eq!(set.audience, Audience::Ephemeral(CS_ADMIN), "{set:?}");
    // The English server's tables are text only (a picture per edit is slow in a debug
    // build); the Czech server's carry their pictures, so multipart bodies are checked too.
    let off = scene
        .run(CAROL, "vliv-admin pictures", &[("on", json!(false))])
        .await;
    assert!(
        off.content.contains(&vliv_bot::i18n::msg(Lang::En, "no")),
        "{off:?}"
    );

    let runs: Vec<_> = (0..GAMES.len())
        .flat_map(|i| [(i, Lang::En), (i, Lang::Cs)])
        .map(|(i, lang)| one_game(&scene, i, lang))
        .collect();
    let results = futures::future::join_all(runs).await;

    let mut inputs: HashMap<Input, usize> = HashMap::new();
    for (table, played) in &results {
        assert!(!played.inputs.is_empty(), "{}: no move", table.kind);
        for i in &played.inputs {
            *inputs.entry(*i).or_default() += 1;
        }
        eprintln!(
            "{} ({:?}, {} seats): {} moves, {} in reaction windows",
            table.kind,
            table.lang,
            table.players.len(),
            played.inputs.len(),
            played.reactions
        );
    }
    for kind in [Input::Button, Input::Select, Input::Typed] {
        assert!(
            inputs.get(&kind).is_some_and(|&n| n > 0),
            "no move by {kind:?}: {inputs:?}"
        );
    }
    let ov: usize = results
        .iter()
        .filter(|(t, _)| t.kind == "ovlivneni")
        .map(|(_, p)| p.reactions)
        .sum();
    assert!(ov > 0, "Ovlivnění never opened a reaction window");
    // Nothing the bot sent was refused (a deleted ping's 404 aside), nothing answered late.
    e2e_answered::assert_all_accepted_and_answered(&scene.fake);
    eprintln!("inputs: {inputs:?}");
}
