//! Replays and exports (issue 20, part B): for random finished games of every registered
//! game, replaying the stored moves gives the stored final state and outcome, the export
//! replays to the same, and every replay step's public view is what the table showed after
//! that move. `VLIV_CASES_REPLAYS` sets the games per game and table size (default 2).

use crate::common;
use vliv_bot::discord::limits::{check, fit};
use vliv_bot::service::{ChannelId, GuildId, UserId};

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_bot::{
    render::{public_fields, replay_message, table_message, FieldSpec, Names, TableInput},
    service::{
        Caller, Clock, ComponentAction, ExportedGame, OpenLobby, Place, SeatHolder, Service,
        ServiceError, Status,
    },
};
use vliv_engine::{registry, Lang, OptionValues};

const USERS: [u64; 7] = [11, 22, 33, 44, 55, 66, 77];

fn cases() -> u64 {
    std::env::var("VLIV_CASES_REPLAYS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2)
}

/// What the table showed after some moves: its title and its public sections.
struct Shown {
    moves: usize,
    title: String,
    fields: Vec<FieldSpec>,
}

/// The channel's table as `publish` renders it, in English.
async fn table_now(service: &Service, id: i64) -> Shown {
    let rec = service.game(id).await.unwrap();
    let live = service.live(&rec).unwrap();
    let lang = Lang::En;
    let table = table_message(&TableInput {
        game: &rec,
        state: Some(live.as_ref()),
        recent: rec.recent.as_deref().unwrap_or_default(),
        lang,
        clock_until: None,
    });
    let embed = table.embed.unwrap();
    let public = public_fields(live.as_ref(), &Names::for_game(&rec, lang), lang).len();
    Shown {
        moves: service.store().moves(id).await.unwrap().len(),
        title: embed.title,
        fields: embed.fields[..public].to_vec(),
    }
}

/// A game of `kind` at `seats` users, random clicks to the end, with the table after every
/// request.
async fn play(
    db: &Db,
    service: &Service,
    kind: &str,
    seats: usize,
    seed: u64,
) -> (i64, Vec<Shown>) {
    let rec = service
        .open(OpenLobby {
            guild: GuildId(GUILD),
            channel: ChannelId(50_000 + seed * 10 + seats as u64),
            parent: None,
            kind: kind.into(),
            host: UserId(USERS[0]),
            seats: USERS[..seats]
                .iter()
                .map(|&u| SeatHolder::User(UserId(u)))
                .collect(),
            options: OptionValues::new(),
            seed: Some(seed),
            lang: Lang::En,
        })
        .await
        .unwrap();
    let mut rec = service
        .start(rec.id, Caller::user(UserId(USERS[0])))
        .await
        .unwrap()
        .game;
    let mut shown = vec![table_now(service, rec.id).await];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while rec.status == Status::Running {
        steps += 1;
        assert!(steps < 20_000, "{kind} with {seats}: no end in sight");
        let mut moved = false;
        for &user in &USERS[..seats] {
            let menus = service.pending_menus(rec.id, UserId(user)).await.unwrap();
            let Some(menu) = menus.first() else { continue };
            let choice = menu.menu.choices[rng.random_range(0..menu.menu.choices.len())].id;
            rec = service
                .play(UserId(user), menu.click(choice))
                .await
                .unwrap()
                .game;
            moved = true;
            break;
        }
        if !moved {
            // A game clock runs with nobody asked (a trading period): let it run out.
            let due = service
                .next_deadline()
                .await
                .unwrap()
                .expect("a clock runs");
            db.clock.advance_to(due);
            assert!(db.clock.now_ms() >= due);
            service.fire_due().await.unwrap();
            rec = service.game(rec.id).await.unwrap();
        }
        shown.push(table_now(service, rec.id).await);
    }
    assert_eq!(rec.status, Status::Finished, "{kind} with {seats}");
    (rec.id, shown)
}

#[tokio::test]
async fn every_finished_game_replays_to_its_stored_end_and_each_step_shows_what_the_table_showed() {
    let db = backends().await.remove(0);
    let service = db.service().await;
    let mut checked_steps = 0;
    for kind in registry::all() {
        let (min, max) = kind.seat_range();
        // How long one replay step takes to rebuild (what a ◀ ▶ click waits for).
        let mut times = Vec::new();
        let mut longest = 0;
        for case in 0..cases() {
            let seats = if case % 2 == 0 { min } else { max.min(4) };
            let (id, shown) = play(&db, &service, kind.id(), seats, case + 1).await;
            let rec = service.game(id).await.unwrap();
            let total = service.store().moves(id).await.unwrap().len();

            // The last step is the stored end, state and outcome.
            let last = service
                .replay_step(&Place::channel(GuildId(GUILD), rec.channel), id, total)
                .await
                .unwrap();
            assert_eq!(last.step, total);
            let stored = rec.snapshot.as_deref().unwrap();
            assert!(
                last.state.to_json() == stored || last.state.resumes_from(stored),
                "{}: the replay does not reach the stored state",
                kind.id()
            );
            assert_eq!(last.state.outcome(), rec.outcome, "{}", kind.id());
            assert!(last.revealed, "a finished game's replay shows every hand");

            // The export, through its JSON, replays to the same.
            let file = serde_json::to_string(
                &service
                    .export(&Place::channel(GuildId(GUILD), rec.channel), id)
                    .await
                    .unwrap(),
            )
            .unwrap();
            let exported: ExportedGame = serde_json::from_str(&file).unwrap();
            assert_eq!(exported.moves.len(), total);
            let replayed = exported.replay().unwrap();
            assert_eq!(replayed.matches_final, Some(true), "{}", kind.id());
            assert_eq!(replayed.outcome, rec.outcome, "{}", kind.id());

            // Every step the table showed is the replay's public view at that step.
            longest = longest.max(total);
            for s in &shown {
                let started = std::time::Instant::now();
                let step = service
                    .replay_step(&Place::channel(GuildId(GUILD), rec.channel), id, s.moves)
                    .await
                    .unwrap();
                times.push(started.elapsed());
                // A step's events may give way to its sections on Discord (the fields
                // compared below are whole): the step as Discord gets it is within its limits.
                check(&fit(replay_message(&step, Lang::Cs))).unwrap();
                let message = replay_message(&step, Lang::En);
                check(&fit(message.clone())).unwrap();
                let embed = message.embed.unwrap();
                assert_eq!(
                    embed.fields[..s.fields.len()],
                    s.fields[..],
                    "{} after {} moves",
                    kind.id(),
                    s.moves
                );
                assert!(
                    embed.description.starts_with(&format!("**{}**", s.title)),
                    "{} after {} moves: {:?} vs {:?}",
                    kind.id(),
                    s.moves,
                    embed.description,
                    s.title
                );
                checked_steps += 1;
            }
        }
        times.sort();
        eprintln!(
            "replays: {}: {} steps, longest game {longest} moves, a step rebuilt in median {:?}, max {:?}",
            kind.id(),
            times.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
    eprintln!("replays: {checked_steps} table steps compared");
    assert!(checked_steps > 0);
}

#[tokio::test]
async fn a_running_game_is_not_exported_and_a_game_is_replayed_only_in_its_own_channel() {
    let db = backends().await.remove(0);
    let service = db.service().await;
    let rec = started(&service, 3, 3).await;
    step(&service, rec.id, 0).await.unwrap().unwrap();
    assert!(matches!(
        service
            .export(&Place::channel(GuildId(GUILD), rec.channel), rec.id)
            .await,
        Err(ServiceError::StillRunning)
    ));
    assert!(matches!(
        service
            .replay_step(&Place::channel(GuildId(GUILD + 1), rec.channel), rec.id, 0)
            .await,
        Err(ServiceError::ForeignGame)
    ));
    assert!(matches!(
        service
            .export(
                &Place::channel(GuildId(GUILD), ChannelId(rec.channel.0 + 1)),
                rec.id
            )
            .await,
        Err(ServiceError::ForeignGame)
    ));
    // A replay's buttons count in the game's channel only; a history page in any channel
    // of a server (it lists that channel), never in a DM.
    let replay = ComponentAction::Replay {
        game: rec.id,
        step: 0,
        slot: 1,
    };
    let here = Place::channel(GuildId(GUILD), rec.channel);
    assert!(service
        .admit(&here, Caller::user(UserId(CAROL)), &replay)
        .await
        .is_ok());
    for elsewhere in [
        Place::channel(GuildId(GUILD), ChannelId(rec.channel.0 + 1)),
        Place::dm(ChannelId(5)),
    ] {
        assert!(matches!(
            service
                .admit(&elsewhere, Caller::user(UserId(ALICE)), &replay)
                .await,
            Err(ServiceError::ForeignGame)
        ));
    }
    let page = ComponentAction::HistoryPage(2);
    assert!(service
        .admit(
            &Place::channel(GuildId(GUILD), ChannelId(77)),
            Caller::user(UserId(CAROL)),
            &page
        )
        .await
        .is_ok());
    assert!(matches!(
        service
            .admit(&Place::dm(ChannelId(5)), Caller::user(UserId(CAROL)), &page)
            .await,
        Err(ServiceError::ForeignGame)
    ));
    let lobby = service.open(lobby(4, ALICE, 4)).await.unwrap();
    assert!(matches!(
        service
            .replay_step(&Place::channel(GuildId(GUILD), lobby.channel), lobby.id, 0)
            .await,
        Err(ServiceError::NotRunning)
    ));
}

#[tokio::test]
async fn an_export_that_was_tampered_with_does_not_replay_to_its_final_state() {
    let db = backends().await.remove(0);
    let service = db.service().await;
    let rec = started(&service, 6, 6).await;
    let mut n = 0;
    while let Some(moved) = step(&service, rec.id, n).await {
        moved.unwrap();
        n += 1;
    }
    let place = Place::channel(GuildId(GUILD), rec.channel);
    let exported = service.export(&place, rec.id).await.unwrap();
    assert_eq!(exported.replay().unwrap().matches_final, Some(true));
    // One move short: another state.
    let mut short = exported.clone();
    short.moves.pop();
    assert_eq!(short.replay().unwrap().matches_final, Some(false));
    // A choice the game never offered there.
    let mut forged = exported.clone();
    forged.moves[3].choice = u32::MAX;
    assert!(matches!(
        forged.replay(),
        Err(vliv_bot::service::ReplayFileError::Move { at: 4, .. })
    ));
    // Another rules version or format is refused rather than replayed differently.
    let mut newer = exported.clone();
    newer.rules_version += 1;
    assert!(newer.replay().is_err());
    let mut format = exported;
    format.format += 1;
    assert!(format.replay().is_err());
}
