//! Clocks that sleep with the player (issue 23) on a manual clock: a turn timeout does not
//! tick in the acting player's quiet hours (Europe/Prague and America/New_York, across
//! both daylight-saving changes), short clocks and reaction windows never pause, days per
//! move remind at half time and at 90 %, and turn notices held in quiet hours are stored
//! and delivered once.

use crate::common;
use vliv_bot::service::ChannelId;
use vliv_bot::service::{GuildId, UserId};

use common::*;
use jiff::Timestamp;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_bot::service::{
    Caller, Clock, DeadlineKind, Fired, GameId, OpenLobby, SeatHolder, Service, ServiceError,
    TimeChange,
};
use vliv_engine::{Actor, DecisionKind, Lang, OptionValue, OptionValues, Seat};

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

fn utc(text: &str) -> i64 {
    text.parse::<Timestamp>().unwrap().as_millisecond()
}

async fn set_time(service: &Service, user: u64, zone: &str, quiet: &str) {
    service
        .set_player_time(
            UserId(user),
            TimeChange {
                zone: Some(zone),
                quiet: Some(quiet),
            },
        )
        .await
        .unwrap();
}

async fn server_clock(service: &Service, timeout_minutes: u32, reminder_minutes: u32) {
    service
        .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |cfg| {
            cfg.timeout_minutes = timeout_minutes;
            cfg.reminder_minutes = reminder_minutes;
            Ok(())
        })
        .await
        .unwrap();
}

async fn due(service: &Service, game: GameId, kind: DeadlineKind) -> Option<i64> {
    let deadlines = service.store().deadlines(game).await.unwrap();
    deadlines.iter().find(|d| d.kind == kind).map(|d| d.due_ms)
}

/// The user whose turn it is in a two-player Claim game.
async fn mover(service: &Service, game: GameId) -> u64 {
    pending_user(service, game).await.expect("a turn").0
}

#[tokio::test]
async fn a_turn_timeout_does_not_tick_in_the_players_quiet_hours_in_prague() {
    for db in backends().await {
        let service = db.service().await;
        // Wednesday 25 November 2026, 20:00 in Prague (CET).
        db.clock.advance_to(utc("2026-11-25T19:00:00Z"));
        server_clock(&service, 3 * 60, 60).await;
        for user in [ALICE, BOB] {
            set_time(&service, user, "Europe/Prague", "22-08").await;
        }
        let game = started(&service, 1, 3).await.id;
        let now = db.clock.now_ms();
        // Three hours from 20:00 would end at 23:00, in the night: the ten quiet hours
        // are added, so the time to move ends at 09:00.
        let timeout = due(&service, game, DeadlineKind::Timeout).await.unwrap();
        assert_eq!(timeout, now + 3 * HOUR + 10 * HOUR, "{}", db.backend);
        assert_eq!(timeout, utc("2026-11-26T08:00:00Z"));
        // The reminder an hour later falls in waking time.
        let reminder = due(&service, game, DeadlineKind::Reminder).await.unwrap();
        assert_eq!(reminder, now + HOUR);
        // Nothing fires in the night; the timeout fires at 09:00.
        db.clock.advance_to(utc("2026-11-25T22:00:00Z"));
        let fired = service.fire_due().await.unwrap();
        assert!(matches!(&fired[..], [Fired::Reminder { .. }]), "{fired:?}");
        db.clock.advance_to(utc("2026-11-26T07:59:00Z"));
        let fired = service.fire_due().await.unwrap();
        assert!(
            fired.iter().all(|f| matches!(f, Fired::Reminder { .. })),
            "{}: {fired:?}",
            db.backend
        );
        db.clock.advance_to(timeout);
        let fired = service.fire_due().await.unwrap();
        assert!(
            fired.iter().any(|f| matches!(f, Fired::TimedOut { .. })),
            "{}: {fired:?}",
            db.backend
        );
    }
}

#[tokio::test]
async fn the_night_of_each_daylight_saving_change_is_as_long_as_it_really_is() {
    // (zone, 20:00 local before the change as UTC, quiet hours that night in hours)
    let nights = [
        ("Europe/Prague", "2026-03-28T19:00:00Z", 9),
        ("Europe/Prague", "2026-10-24T18:00:00Z", 11),
        ("America/New_York", "2026-03-08T01:00:00Z", 9),
        ("America/New_York", "2026-11-01T00:00:00Z", 11),
    ];
    for (zone, evening, night_hours) in nights {
        for db in backends().await {
            let service = db.service().await;
            db.clock.advance_to(utc(evening));
            server_clock(&service, 3 * 60, 0).await;
            for user in [ALICE, BOB] {
                set_time(&service, user, zone, "22-08").await;
            }
            let game = started(&service, 1, 3).await.id;
            let timeout = due(&service, game, DeadlineKind::Timeout).await.unwrap();
            assert_eq!(
                timeout - (db.clock.now_ms() + 3 * HOUR),
                night_hours * HOUR,
                "{zone} from {evening} ({})",
                db.backend
            );
        }
    }
}

#[tokio::test]
async fn clocks_sleep_only_with_the_server_setting_and_only_for_the_player_who_moves() {
    for db in backends().await {
        let service = db.service().await;
        db.clock.advance_to(utc("2026-11-25T19:00:00Z"));
        server_clock(&service, 3 * 60, 0).await;
        set_time(&service, ALICE, "Europe/Prague", "22-08").await;
        set_time(&service, BOB, "Asia/Tokyo", "22-08").await;
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |cfg| {
                cfg.sleeping_clocks = false;
                Ok(())
            })
            .await
            .unwrap();
        let game = started(&service, 1, 3).await.id;
        let now = db.clock.now_ms();
        assert_eq!(
            due(&service, game, DeadlineKind::Timeout).await,
            Some(now + 3 * HOUR),
            "{}: the server turned sleeping clocks off",
            db.backend
        );
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |cfg| {
                cfg.sleeping_clocks = true;
                Ok(())
            })
            .await
            .unwrap();
        // Each turn counts the mover's own nights: 20:00 in Prague is 04:00 in Tokyo,
        // where the quiet hours end at 08:00.
        let game = started(&service, 2, 3).await.id;
        let timeout = due(&service, game, DeadlineKind::Timeout).await.unwrap();
        let expected = match mover(&service, game).await {
            ALICE => now + 13 * HOUR,
            _ => utc("2026-11-25T23:00:00Z") + 3 * HOUR,
        };
        assert_eq!(timeout, expected, "{}", db.backend);
    }
}

#[tokio::test]
async fn a_ten_minute_clock_is_never_paused() {
    for db in backends().await {
        let service = db.service().await;
        // 23:30 in Prague: deep in the quiet hours.
        db.clock.advance_to(utc("2026-11-25T22:30:00Z"));
        server_clock(&service, 10, 0).await;
        for user in [ALICE, BOB] {
            set_time(&service, user, "Europe/Prague", "22-08").await;
        }
        let game = started(&service, 1, 3).await.id;
        assert_eq!(
            due(&service, game, DeadlineKind::Timeout).await,
            Some(db.clock.now_ms() + 10 * MINUTE),
            "{}: the server's 10-minute timeout",
            db.backend
        );
        // Ovlivnění's own move clock of 10 minutes likewise.
        let mut options = OptionValues::new();
        options.insert("move_timeout".into(), OptionValue::Int(10));
        let game = ovlivneni(&service, 2, 7, options).await;
        let seat = deciding(&service, game, DecisionKind::Move).await.unwrap();
        assert_eq!(
            due(&service, game, DeadlineKind::Clock(Actor::Seat(seat))).await,
            Some(db.clock.now_ms() + 10 * MINUTE),
            "{}: the game's 10-minute move clock",
            db.backend
        );
        // A move clock of three hours sleeps until 08:00 and then runs its three hours.
        let mut options = OptionValues::new();
        options.insert("move_timeout".into(), OptionValue::Int(180));
        let game = ovlivneni(&service, 3, 7, options).await;
        let seat = deciding(&service, game, DecisionKind::Move).await.unwrap();
        assert_eq!(
            due(&service, game, DeadlineKind::Clock(Actor::Seat(seat))).await,
            Some(utc("2026-11-26T07:00:00Z") + 3 * HOUR),
            "{}: a three-hour move clock",
            db.backend
        );
    }
}

#[tokio::test]
async fn a_reaction_window_of_hours_runs_through_the_night() {
    for db in backends().await {
        let service = db.service().await;
        db.clock.advance_to(utc("2026-11-25T22:30:00Z"));
        for user in [ALICE, BOB] {
            set_time(&service, user, "Europe/Prague", "22-08").await;
        }
        let mut options = OptionValues::new();
        options.insert("reaction_secs".into(), OptionValue::Int(2 * 3600));
        let game = ovlivneni(&service, 1, 11, options).await;
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let opened_at = until_a_window(&service, game, &mut rng).await;
        let seat = deciding(&service, game, DecisionKind::Reaction)
            .await
            .expect("a reaction window");
        assert_eq!(
            due(&service, game, DeadlineKind::Clock(Actor::Seat(seat))).await,
            Some(opened_at + 2 * HOUR),
            "{}: the window is not paused",
            db.backend
        );
    }
}

#[tokio::test]
async fn days_per_move_remind_at_half_time_and_at_ninety_percent_then_time_out() {
    for db in backends().await {
        let service = db.service().await;
        let mut bad = lobby(1, ALICE, 3);
        bad.options
            .insert("days_per_move".into(), OptionValue::Int(4));
        assert!(matches!(
            service.open(bad).await,
            Err(ServiceError::BadOption(_))
        ));
        let mut two_days = lobby(1, ALICE, 3);
        two_days
            .options
            .insert("days_per_move".into(), OptionValue::Int(2));
        let rec = service.open(two_days).await.unwrap();
        service.join(rec.id, UserId(BOB)).await.unwrap();
        let game = service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap()
            .game;
        let start = db.clock.now_ms();
        assert_eq!(
            due(&service, game.id, DeadlineKind::Timeout).await,
            Some(start + 2 * DAY)
        );
        assert_eq!(
            due(&service, game.id, DeadlineKind::Reminder).await,
            Some(start + DAY),
            "{}: half time",
            db.backend
        );
        db.clock.advance_to(start + DAY);
        let fired = service.fire_due().await.unwrap();
        assert!(matches!(&fired[..], [Fired::Reminder { .. }]), "{fired:?}");
        let ninety = start + 2 * DAY * 9 / 10;
        assert_eq!(
            due(&service, game.id, DeadlineKind::Reminder).await,
            Some(ninety),
            "{}: 90 %",
            db.backend
        );
        db.clock.advance_to(ninety);
        let fired = service.fire_due().await.unwrap();
        assert!(matches!(&fired[..], [Fired::Reminder { .. }]), "{fired:?}");
        assert_eq!(
            due(&service, game.id, DeadlineKind::Reminder).await,
            None,
            "{}: no third reminder",
            db.backend
        );
        db.clock.advance_to(start + 2 * DAY);
        let fired = service.fire_due().await.unwrap();
        assert!(
            matches!(&fired[..], [Fired::TimedOut { .. }]),
            "{}: the server's timeout action: {fired:?}",
            db.backend
        );
    }
}

#[tokio::test]
async fn a_notice_held_in_quiet_hours_is_delivered_once_when_they_end_even_after_a_restart() {
    for db in backends().await {
        let service = db.service().await;
        db.clock.advance_to(utc("2026-11-25T22:30:00Z"));
        set_time(&service, ALICE, "Europe/Prague", "22-08").await;
        let game = started(&service, 1, 3).await.id;
        let morning = utc("2026-11-26T07:00:00Z");
        assert_eq!(
            service.quiet_until(UserId(ALICE)).await.unwrap(),
            Some(morning)
        );
        assert_eq!(service.quiet_until(UserId(BOB)).await.unwrap(), None);
        // The front end holds the ping twice (the turn, then a reminder): one is kept.
        service
            .hold_notice(game, UserId(ALICE), 0, morning)
            .await
            .unwrap();
        service
            .hold_notice(game, UserId(ALICE), 0, morning)
            .await
            .unwrap();
        assert_eq!(service.held_notices(game).await.unwrap().len(), 1);
        assert_eq!(service.next_notice().await.unwrap(), Some(morning));
        db.clock.advance_to(morning - 1);
        assert!(service.due_notices().await.unwrap().is_empty());
        drop(service);

        // A restarted bot delivers it, once.
        db.clock.advance_to(morning);
        let service = db.service().await;
        let waits_for_alice = pending_user(&service, game).await.unwrap().0 == ALICE;
        let due = service.due_notices().await.unwrap();
        assert_eq!(
            due.len(),
            usize::from(waits_for_alice),
            "{}: delivered while it is still Alice's turn",
            db.backend
        );
        assert!(service.due_notices().await.unwrap().is_empty());
        for (_, notice) in &due {
            service.notice_delivered(notice).await.unwrap();
        }
        assert!(service.held_notices(game).await.unwrap().is_empty());
    }
}

async fn ovlivneni(service: &Service, channel: u64, seed: u64, options: OptionValues) -> GameId {
    let rec = service
        .open(OpenLobby {
            guild: GuildId(GUILD),
            channel: ChannelId(channel),
            parent: None,
            kind: "ovlivneni".into(),
            host: UserId(ALICE),
            seats: vec![
                SeatHolder::User(UserId(ALICE)),
                SeatHolder::User(UserId(BOB)),
            ],
            options,
            seed: Some(seed),
            lang: Lang::En,
        })
        .await
        .unwrap();
    service
        .start(rec.id, Caller::user(UserId(ALICE)))
        .await
        .unwrap();
    rec.id
}

async fn deciding(service: &Service, game: GameId, kind: DecisionKind) -> Option<Seat> {
    let rec = service.game(game).await.unwrap();
    let state = service.live(&rec).ok()?;
    state.pending().iter().find_map(|p| match p.actor {
        Actor::Seat(s) if p.kind == kind => Some(s),
        _ => None,
    })
}

/// Random clicks until a user faces a reaction window; the time it opened.
pub async fn until_a_window(service: &Service, game: GameId, rng: &mut ChaCha8Rng) -> i64 {
    for _ in 0..3_000 {
        if deciding(service, game, DecisionKind::Reaction)
            .await
            .is_some()
        {
            return service.now_ms();
        }
        let (user, menu) = pending_user(service, game).await.expect("the game goes on");
        let choice = menu.menu.choices[rng.random_range(0..menu.menu.choices.len())].id;
        service
            .play(UserId(user), menu.click(choice))
            .await
            .unwrap();
    }
    panic!("no reaction window in 3,000 clicks");
}
