//! Every registered game plays to its end in the bot: users click through the menus the
//! service offers (the same ones the Discord hand panel shows), game clocks run out, and at
//! every step the table and each player's hand panel fit Discord's limits in both languages.

use crate::common;
use vliv_bot::service::ChannelId;
use vliv_bot::service::{GuildId, UserId};

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_bot::{
    render::{hand_panel, table_message, MessageSpec, RowSpec, TableInput},
    service::{Caller, Clock, GameRecord, OpenLobby, SeatHolder, Service, Status, RECENT_EVENTS},
};
use vliv_engine::{registry, Lang, OptionValues, Seat, MAX_MENU_CHOICES};

const USERS: [u64; 7] = [11, 22, 33, 44, 55, 66, 77];

fn cases() -> u64 {
    std::env::var("VLIV_CASES_BOT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

fn fits(what: &str, kind: &str, m: &MessageSpec) {
    vliv_bot::discord::limits::check_uncut(m)
        .unwrap_or_else(|e| panic!("{kind}: {what} would reach Discord cut: {e}"));
}

/// The table (with the latest events the game keeps) and every seat's hand panel, in
/// both languages.
async fn render_all(service: &Service, rec: &GameRecord) {
    let live = service.live(rec).ok();
    let recent = rec.recent.clone().unwrap_or_default();
    for lang in Lang::ALL {
        let table = table_message(&TableInput {
            game: rec,
            state: live.as_deref(),
            recent: &recent,
            lang,
            clock_until: None,
        });
        fits("the table", &rec.kind, &table);
        let Some(live) = live.as_deref() else {
            continue;
        };
        for (seat, user) in rec.seats.iter().enumerate() {
            let user = user.user().unwrap();
            let menus = service.pending_menus(rec.id, user).await.unwrap();
            let hand = hand_panel(rec, live, seat as Seat, menus.first(), lang);
            fits("a hand panel", &rec.kind, &hand);
            if let Some(p) = menus.first() {
                assert!(p.menu.choices.len() <= MAX_MENU_CHOICES);
                // Every offered choice is reachable from the panel.
                // The menu's row, then perhaps the "Card texts" button's.
                let menu_rows = match &hand.rows[..] {
                    [menu, RowSpec::Buttons(texts)] if texts.len() == 1 => {
                        std::slice::from_ref(menu)
                    }
                    rows => rows,
                };
                let offered = match menu_rows {
                    [RowSpec::Buttons(b)] => b.len(),
                    [RowSpec::Select(s)] => s.options.len(),
                    other => panic!("{}: a pending panel has {other:?}", rec.kind),
                };
                assert_eq!(offered, p.menu.choices.len(), "{}", rec.kind);
            }
        }
    }
}

/// One game of `kind` at `seats` users, random clicks, to the end.
async fn play_through(db: &Db, service: &Service, kind: &str, seats: usize, seed: u64) {
    let channel = 10_000 + seed * 10 + seats as u64;
    let rec = service
        .open(OpenLobby {
            guild: GuildId(GUILD),
            channel: ChannelId(channel),
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
    render_all(service, &rec).await;
    let mut rec = service
        .start(rec.id, Caller::user(UserId(USERS[0])))
        .await
        .unwrap()
        .game;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while rec.status == Status::Running {
        steps += 1;
        assert!(steps < 20_000, "{kind} with {seats}: no end in sight");
        if steps % 7 == 1 {
            render_all(service, &rec).await;
        }
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
            // Nobody is asked: a game clock runs (a trading period). Let it run out.
            let due = service.next_deadline().await.unwrap();
            let due = due.unwrap_or_else(|| panic!("{kind}: the game waits for nobody"));
            db.clock.advance_to(due);
            assert!(db.clock.now_ms() >= due);
            service.fire_due().await.unwrap();
            rec = service.game(rec.id).await.unwrap();
        }
    }
    assert_eq!(rec.status, Status::Finished, "{kind} with {seats}");
    render_all(service, &rec).await;
    assert!(rec.outcome.is_some());
    assert_eq!(service.verify(&rec).await.unwrap(), Ok(()));
    // The events kept for the table are the latest public ones of the whole game.
    let replayed = service.replayed_recent(&rec).await.unwrap();
    let events = vliv_bot::service::recent::events(&replayed);
    assert!(!events.is_empty() && events.len() <= RECENT_EVENTS);
    assert_eq!(
        rec.recent.as_deref(),
        Some(&replayed[..]),
        "{kind} with {seats}"
    );
}

#[tokio::test]
async fn every_game_plays_to_the_end_through_the_service_and_fits_discord() {
    let db = backends().await.remove(0);
    let service = db.service().await;
    for kind in registry::all() {
        let (min, max) = kind.seat_range();
        let mut counts = vec![min, max];
        counts.dedup();
        for seats in counts {
            for seed in 0..cases() {
                play_through(&db, &service, kind.id(), seats, seed).await;
            }
        }
    }
}
