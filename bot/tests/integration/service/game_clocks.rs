//! Clocks a game sets itself (`Game::deadline_secs`): Fantasy Realms' Chaotic Realms trading
//! period (spec §7, D21) ends at its deadline, which neither trading nor a restart moves.

use crate::common;
use vliv_bot::service::ChannelId;
use vliv_bot::service::{GuildId, UserId};

use common::*;
use vliv_bot::service::{Caller, Clock, DeadlineKind, Fired, OpenLobby, SeatHolder, Status};
use vliv_engine::{Actor, ChoiceId, DecisionKind, Lang, Level, OptionValue, OptionValues};

fn chaotic_lobby(channel: u64, minutes: i64) -> OpenLobby {
    let mut options = OptionValues::new();
    options.insert("variant".into(), OptionValue::Str("chaotic".into()));
    options.insert("time_limit".into(), OptionValue::Int(minutes));
    OpenLobby {
        guild: GuildId(GUILD),
        channel: ChannelId(channel),
        parent: None,
        kind: "fantasy-realms".into(),
        host: UserId(ALICE),
        seats: vec![SeatHolder::User(UserId(ALICE))],
        options,
        seed: Some(5),
        lang: Lang::En,
    }
}

#[tokio::test]
async fn the_trading_period_ends_at_its_deadline_not_at_once_and_survives_a_restart() {
    for db in backends().await {
        let service = db.service().await;
        let rec = service.open(chaotic_lobby(7, 4)).await.unwrap();
        service.join(rec.id, UserId(BOB)).await.unwrap();
        service.join(rec.id, UserId(CAROL)).await.unwrap();
        let report = service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        assert!(
            report.applied.is_empty(),
            "{}: the system did not end trading at once",
            db.backend
        );
        let started_at = db.clock.now_ms();
        let deadlines = service.store().deadlines(rec.id).await.unwrap();
        assert_eq!(
            deadlines.iter().map(|d| d.kind).collect::<Vec<_>>(),
            vec![DeadlineKind::Clock(Actor::System)],
            "{}: only the trading clock runs; the traders have no turn timeout",
            db.backend
        );
        assert_eq!(deadlines[0].due_ms, started_at + 4 * 60_000);

        // A trading step a minute later does not restart the period.
        db.clock.advance_minutes(1);
        let menus = service.pending_menus(rec.id, UserId(ALICE)).await.unwrap();
        assert_eq!(menus[0].menu.kind, DecisionKind::Trade);
        let offer = ChoiceId(1000);
        assert!(menus[0].menu.choices.iter().any(|c| c.id == offer));
        service
            .play(UserId(ALICE), menus[0].click(offer))
            .await
            .unwrap();
        let deadlines = service.store().deadlines(rec.id).await.unwrap();
        assert_eq!(deadlines.len(), 1);
        assert_eq!(deadlines[0].due_ms, started_at + 4 * 60_000);
        assert!(service.fire_due().await.unwrap().is_empty());
        drop(service);

        // The bot restarts; the period still ends on time.
        db.clock.advance_minutes(3);
        let service = db.service().await;
        let recovery = service.recover().await.unwrap();
        assert_eq!(recovery.resumed.len(), 1);
        let fired = service.fire_due().await.unwrap();
        let [Fired::TimedOut { report, seats }] = &fired[..] else {
            panic!("{}: the trading clock fired: {fired:?}", db.backend);
        };
        assert!(seats.is_empty(), "no player timed out");
        assert_eq!(report.applied[0].actor, Actor::System);
        assert_eq!(report.game.status, Status::Finished, "scoring follows");
        assert!(service.store().deadlines(rec.id).await.unwrap().is_empty());
        assert_eq!(service.verify(&report.game).await.unwrap(), Ok(()));
    }
}

#[tokio::test]
async fn random_seats_trade_a_bounded_while_and_the_clock_still_closes_the_period() {
    for db in backends().await {
        let service = db.service().await;
        let rec = service.open(chaotic_lobby(8, 2)).await.unwrap();
        for _ in 0..3 {
            service
                .add_ai(rec.id, Caller::user(UserId(ALICE)), Level::Normal)
                .await
                .unwrap();
        }
        let report = service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        assert!(report.game.status == Status::Running);
        assert!(report.applied.len() <= 41, "{}", report.applied.len());
        // Alice waits; the AI seats cannot end the period by themselves.
        let menus = service.pending_menus(rec.id, UserId(ALICE)).await.unwrap();
        let wait = ChoiceId(1002);
        if menus[0].menu.choices.iter().any(|c| c.id == wait) {
            service
                .play(UserId(ALICE), menus[0].click(wait))
                .await
                .unwrap();
        }
        assert_eq!(service.game(rec.id).await.unwrap().status, Status::Running);
        db.clock.advance_minutes(2);
        let fired = service.fire_due().await.unwrap();
        assert!(
            matches!(&fired[..], [Fired::TimedOut { report, .. }] if report.game.status == Status::Finished),
            "{}: {fired:?}",
            db.backend
        );
    }
}
