//! Ovlivnění's reaction windows in the session (spec §7.4): each window runs on the game's
//! own clock, survives a restart, passes when it runs out, and a player's standing policy
//! (`/vliv preferences`) can pass windows at once.

use crate::common;
use vliv_bot::service::ChannelId;
use vliv_bot::service::{GuildId, UserId};

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_bot::service::{
    Caller, Clock, DeadlineKind, Fired, GameId, OpenLobby, SeatHolder, Service, ServiceError,
};
use vliv_engine::{Actor, ChoiceId, DecisionKind, Lang, OptionValue, OptionValues, Seat};

/// Ovlivnění's pass (`menu::id::PASS`).
const PASS: ChoiceId = ChoiceId(402);

async fn ovlivneni(service: &Service, channel: u64, seed: u64) -> GameId {
    let mut options = OptionValues::new();
    options.insert("reaction_secs".into(), OptionValue::Int(30));
    start(service, channel, seed, options).await
}

async fn start(service: &Service, channel: u64, seed: u64, options: OptionValues) -> GameId {
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

/// The seat facing a decision of `kind` now, if any.
async fn deciding(service: &Service, game: GameId, kind: DecisionKind) -> Option<Seat> {
    let rec = service.game(game).await.unwrap();
    let state = service.live(&rec).ok()?;
    state.pending().iter().find_map(|p| match p.actor {
        Actor::Seat(s) if p.kind == kind => Some(s),
        _ => None,
    })
}

/// The seat facing a reaction window now, if any.
async fn responder(service: &Service, game: GameId) -> Option<Seat> {
    deciding(service, game, DecisionKind::Reaction).await
}

/// Random clicks until a user faces a reaction window; false if the game ended first.
async fn play_until_a_window(service: &Service, game: GameId, rng: &mut ChaCha8Rng) -> bool {
    for _ in 0..3_000 {
        if responder(service, game).await.is_some() {
            return true;
        }
        let Some((user, menu)) = pending_user(service, game).await else {
            return false;
        };
        let choice = menu.menu.choices[rng.random_range(0..menu.menu.choices.len())].id;
        service
            .play(UserId(user), menu.click(choice))
            .await
            .unwrap();
    }
    false
}

#[tokio::test]
async fn a_window_runs_on_its_own_clock_survives_a_restart_and_passes_at_the_deadline() {
    for db in backends().await {
        let service = db.service().await;
        let game = ovlivneni(&service, 1, 4).await;
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        assert!(play_until_a_window(&service, game, &mut rng).await);
        let seat = responder(&service, game).await.unwrap();
        let opened = db.clock.now_ms();
        let deadlines = service.store().deadlines(game).await.unwrap();
        assert_eq!(
            deadlines
                .iter()
                .map(|d| (d.kind, d.due_ms))
                .collect::<Vec<_>>(),
            vec![(DeadlineKind::Clock(Actor::Seat(seat)), opened + 30_000)],
            "{}: the window's clock only, not the server's turn timeout",
            db.backend
        );
        let before = service.game(game).await.unwrap();
        db.clock.advance_secs(29);
        assert!(service.fire_due().await.unwrap().is_empty());
        drop(service);

        // The bot restarts during the window; the window still closes on time.
        db.clock.advance_secs(1);
        let service = db.service().await;
        assert_eq!(service.recover().await.unwrap().resumed.len(), 1);
        let fired = service.fire_due().await.unwrap();
        let [Fired::TimedOut { report, seats }] = &fired[..] else {
            panic!("{}: {fired:?}", db.backend);
        };
        assert_eq!(seats, &vec![seat]);
        assert_eq!(report.applied[0].actor, Actor::Seat(seat));
        assert_eq!(report.applied[0].choice, PASS, "a timeout is a pass");
        assert_eq!(
            report.game.counters[seat as usize],
            before.counters[seat as usize] + 1
        );
        assert_eq!(service.verify(&report.game).await.unwrap(), Ok(()));
    }
}

#[tokio::test]
async fn a_standing_auto_pass_answers_every_window_at_once() {
    for db in backends().await {
        let service = db.service().await;
        let mut prefs = OptionValues::new();
        prefs.insert("reactions".into(), OptionValue::Str("auto_pass".into()));
        let set = service
            .set_game_prefs(UserId(BOB), "ovlivneni", prefs)
            .await
            .unwrap();
        assert_eq!(set["reactions"], OptionValue::Str("auto_pass".into()));
        let game = ovlivneni(&service, 2, 9).await;
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        // Bob is never asked about a window; Alice still is.
        let mut alice_asked = 0;
        for _ in 0..400 {
            if responder(&service, game).await == Some(1) {
                panic!("{}: Bob was asked to react", db.backend);
            }
            if responder(&service, game).await == Some(0) {
                alice_asked += 1;
            }
            let Some((user, menu)) = pending_user(&service, game).await else {
                break;
            };
            let choice = menu.menu.choices[rng.random_range(0..menu.menu.choices.len())].id;
            service
                .play(UserId(user), menu.click(choice))
                .await
                .unwrap();
        }
        let bob_passes = service
            .store()
            .moves(game)
            .await
            .unwrap()
            .iter()
            .filter(|m| m.actor == Actor::Seat(1) && m.choice == PASS)
            .count();
        assert!(bob_passes > 0, "{}: Bob's windows were passed", db.backend);
        assert!(alice_asked > 0, "{}: Alice kept being asked", db.backend);
        let rec = service.game(game).await.unwrap();
        assert_eq!(service.verify(&rec).await.unwrap(), Ok(()));
    }
}

#[tokio::test]
async fn preferences_are_checked_against_the_game() {
    let db = backends().await.remove(0);
    let service = db.service().await;
    let mut bad = OptionValues::new();
    bad.insert("reactions".into(), OptionValue::Str("sometimes".into()));
    assert!(matches!(
        service
            .set_game_prefs(UserId(ALICE), "ovlivneni", bad)
            .await,
        Err(ServiceError::BadOption(_))
    ));
    assert!(matches!(
        service
            .set_game_prefs(UserId(ALICE), "claim", OptionValues::new())
            .await,
        Err(ServiceError::NoPreferences(_))
    ));
    assert!(service
        .user_settings(UserId(ALICE))
        .await
        .unwrap()
        .game_prefs
        .is_empty());
}

#[tokio::test]
async fn a_move_clock_set_in_the_lobby_ends_the_turn_when_it_runs_out() {
    for db in backends().await {
        let service = db.service().await;
        let mut options = OptionValues::new();
        options.insert("move_timeout".into(), OptionValue::Int(5));
        let game = start(&service, 3, 7, options).await;
        let mover = deciding(&service, game, DecisionKind::Move).await.unwrap();
        let deadlines = service.store().deadlines(game).await.unwrap();
        assert_eq!(
            deadlines
                .iter()
                .map(|d| (d.kind, d.due_ms))
                .collect::<Vec<_>>(),
            vec![(
                DeadlineKind::Clock(Actor::Seat(mover)),
                db.clock.now_ms() + 5 * 60_000
            )],
            "{}",
            db.backend
        );
        db.clock.advance_secs(5 * 60);
        let fired = service.fire_due().await.unwrap();
        let [Fired::TimedOut { report, seats }] = &fired[..] else {
            panic!("{}: {fired:?}", db.backend);
        };
        assert_eq!(seats, &vec![mover]);
        let after = service.live(&report.game).unwrap();
        assert!(
            after
                .pending()
                .iter()
                .all(|p| p.actor != Actor::Seat(mover) || p.kind != DecisionKind::Move),
            "{}: the turn ended (O-D38)",
            db.backend
        );
        assert_eq!(service.verify(&report.game).await.unwrap(), Ok(()));
    }
}

/// Ovlivnění's invest action (`menu::id::INVEST` + resource × 5 + slot), an amount of 1
/// (`AMOUNT + 1`) and the invest menu's cancel.
const INVEST: std::ops::Range<u32> = 200..210;
const AMOUNT_ONE: ChoiceId = ChoiceId(1001);
const CANCEL: ChoiceId = ChoiceId(401);

/// `user` clicks `choice` on its pending menu.
async fn click(service: &Service, game: GameId, user: u64, choice: ChoiceId) {
    let menus = service.pending_menus(game, UserId(user)).await.unwrap();
    service
        .play(UserId(user), menus[0].click(choice))
        .await
        .unwrap();
}

/// The move clock's due time for `seat`.
async fn move_clock(service: &Service, game: GameId, seat: Seat) -> i64 {
    let deadlines = service.store().deadlines(game).await.unwrap();
    deadlines
        .iter()
        .find(|d| d.kind == DeadlineKind::Clock(Actor::Seat(seat)))
        .map(|d| d.due_ms)
        .expect("a move clock")
}

/// §7.4 item 8 (O-D38): the move clock "restarts after each completed action" — an
/// investment opens no window and still restarts it — while a cancel in the invest menu
/// keeps the period running, so cancelling cannot hold the game for ever.
#[tokio::test]
async fn the_move_clock_runs_on_through_a_cancel_and_restarts_after_an_investment() {
    for db in backends().await {
        let service = db.service().await;
        let game = ovlivneni(&service, 5, 11).await;
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        // Random clicks (never an invest) until a user may invest in the main phase.
        let mut found = None;
        for _ in 0..3_000 {
            let (user, menu) = pending_user(&service, game)
                .await
                .expect("the game goes on");
            let invest = menu.menu.choices.iter().find(|c| INVEST.contains(&c.id.0));
            if let Some(c) = invest {
                found = Some((user, menu.seat, c.id));
                break;
            }
            let others: Vec<ChoiceId> = menu
                .menu
                .choices
                .iter()
                .map(|c| c.id)
                .filter(|id| !INVEST.contains(&id.0))
                .collect();
            let choice = others[rng.random_range(0..others.len())];
            service
                .play(UserId(user), menu.click(choice))
                .await
                .unwrap();
        }
        let (user, seat, invest) = found.expect("somebody can invest");
        let started = move_clock(&service, game, seat).await;
        db.clock.advance_minutes(3);
        click(&service, game, user, invest).await;
        click(&service, game, user, CANCEL).await;
        assert_eq!(
            move_clock(&service, game, seat).await,
            started,
            "{}: a cancel does not restart the clock",
            db.backend
        );
        db.clock.advance_minutes(3);
        click(&service, game, user, invest).await;
        click(&service, game, user, AMOUNT_ONE).await;
        assert_eq!(
            move_clock(&service, game, seat).await,
            db.clock.now_ms() + 10 * 60_000,
            "{}: a completed investment restarts the default 10-minute clock",
            db.backend
        );
        assert_eq!(
            deciding(&service, game, DecisionKind::Move).await,
            Some(seat)
        );
    }
}

/// O-D38: one expiry in the middle of an invest ends the turn; no cancel and fresh clock.
#[tokio::test]
async fn one_expiry_in_the_invest_menu_ends_the_turn() {
    for db in backends().await {
        let service = db.service().await;
        let game = ovlivneni(&service, 6, 11).await;
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut found = None;
        for _ in 0..3_000 {
            let (user, menu) = pending_user(&service, game)
                .await
                .expect("the game goes on");
            if let Some(c) = menu.menu.choices.iter().find(|c| INVEST.contains(&c.id.0)) {
                found = Some((user, menu.seat, menu.click(c.id)));
                break;
            }
            let others: Vec<ChoiceId> = menu
                .menu
                .choices
                .iter()
                .map(|c| c.id)
                .filter(|id| !INVEST.contains(&id.0))
                .collect();
            let choice = others[rng.random_range(0..others.len())];
            service
                .play(UserId(user), menu.click(choice))
                .await
                .unwrap();
        }
        let (user, seat, click) = found.expect("somebody can invest");
        service.play(UserId(user), click).await.unwrap();
        let due = move_clock(&service, game, seat).await;
        db.clock.advance_to(due);
        let fired = service.fire_due().await.unwrap();
        let [Fired::TimedOut { report, seats }] = &fired[..] else {
            panic!("{}: {fired:?}", db.backend);
        };
        assert_eq!(seats, &vec![seat]);
        assert_eq!(report.applied.len(), 1, "{}: one expiry", db.backend);
        let after = service.live(&report.game).unwrap();
        assert!(
            after
                .pending()
                .iter()
                .all(|p| p.actor != Actor::Seat(seat) || p.kind != DecisionKind::Move),
            "{}: the turn ended at the first expiry",
            db.backend
        );
    }
}

/// Ovlivnění's confirm (`menu::id::CONFIRM`, spec §6.1, §13).
const CONFIRM: ChoiceId = ChoiceId(406);

/// Rules version 1 to 2 (the confirm step, spec §6.1 and §13): a game stored before it,
/// version 1 in its row and no confirm among its moves, resumes after the upgrade rather
/// than freeze, plays on with confirms, and resumes again after another restart.
#[tokio::test]
async fn a_game_stored_under_rules_version_1_resumes_with_the_confirm_step() {
    for db in backends().await {
        let service = db.service().await;
        let game = ovlivneni(&service, 1, 9).await;
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        // Play as under version 1: every built play confirmed at once. Stop just after a
        // confirm, where a version 1 game stood with the card on the stack.
        let mut confirms = 0;
        for _ in 0..400 {
            let Some((user, menu)) = pending_user(&service, game).await else {
                break;
            };
            let ids: Vec<ChoiceId> = menu.menu.choices.iter().map(|c| c.id).collect();
            let choice = if ids.contains(&CONFIRM) {
                confirms += 1;
                CONFIRM
            } else {
                ids[rng.random_range(0..ids.len())]
            };
            service
                .play(UserId(user), menu.click(choice))
                .await
                .unwrap();
            if choice == CONFIRM && confirms >= 5 {
                break;
            }
        }
        assert!(confirms >= 5, "{}", db.backend);
        // The row and the move list as version 1 stored them.
        let pool = service.store().pool().clone();
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND choice = $2")
            .bind(game)
            .bind(i64::from(CONFIRM.0))
            .execute(&pool)
            .await
            .unwrap();
        sqlx::query("UPDATE games SET rules_version = 1 WHERE id = $1")
            .bind(game)
            .execute(&pool)
            .await
            .unwrap();
        drop(service);

        let service = db.service().await;
        let recovery = service.recover().await.unwrap();
        assert!(recovery.frozen.is_empty(), "{:?}", recovery.frozen);
        assert!(recovery.resumed.iter().any(|r| r.id == game));
        // It plays on under version 2: a confirm is a move of its own now.
        let mut confirmed = false;
        for _ in 0..400 {
            let Some((user, menu)) = pending_user(&service, game).await else {
                break;
            };
            let ids: Vec<ChoiceId> = menu.menu.choices.iter().map(|c| c.id).collect();
            let choice = if ids.contains(&CONFIRM) {
                CONFIRM
            } else {
                ids[rng.random_range(0..ids.len())]
            };
            service
                .play(UserId(user), menu.click(choice))
                .await
                .unwrap();
            if choice == CONFIRM {
                confirmed = true;
                break;
            }
        }
        assert!(confirmed);
        drop(service);
        let service = db.service().await;
        let recovery = service.recover().await.unwrap();
        assert!(recovery.frozen.is_empty(), "{:?}", recovery.frozen);
        let rec = service.game(game).await.unwrap();
        assert_eq!(
            rec.rules_version, 1,
            "the row keeps the version it began under"
        );
        assert_eq!(service.verify(&rec).await.unwrap(), Ok(()));
    }
}
