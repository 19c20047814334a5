//! Vacations (issue 23) on a manual clock: the yearly allowance, refusals that keep anyone
//! from stalling a game, an early return and an admin's end, and a game that resumes with
//! the time its player had left.

use crate::common;
use vliv_bot::service::ChannelId;
use vliv_bot::service::{GuildId, UserId};

use common::*;
use jiff::Timestamp;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_bot::{
    render::{table_message, with_turn_times, TableInput},
    service::{
        Caller, Clock, DeadlineKind, Fired, GameId, OpenLobby, SeatHolder, Service, ServiceError,
        TimeChange, TurnTimes,
    },
};
use vliv_engine::{Actor, DecisionKind, Lang, OptionValue, OptionValues, Seat};
use vliv_service::mark;

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;

fn utc(text: &str) -> i64 {
    text.parse::<Timestamp>().unwrap().as_millisecond()
}

async fn due(service: &Service, game: GameId, kind: DeadlineKind) -> Option<i64> {
    let deadlines = service.store().deadlines(game).await.unwrap();
    deadlines.iter().find(|d| d.kind == kind).map(|d| d.due_ms)
}

#[tokio::test]
async fn the_allowance_counts_the_days_taken_in_a_calendar_year() {
    for db in backends().await {
        let service = db.service().await;
        db.clock.advance_to(utc("2026-01-10T09:00:00Z"));
        assert_eq!(
            service
                .vacation_days_left(GuildId(GUILD), UserId(ALICE))
                .await
                .unwrap(),
            14
        );
        // Five days planned, back after a day and a half: two days begun count.
        let report = service
            .start_vacation(GuildId(GUILD), UserId(ALICE), 5)
            .await
            .unwrap();
        assert_eq!(report.days_left, 9);
        assert!(matches!(
            service
                .start_vacation(GuildId(GUILD), UserId(ALICE), 1)
                .await,
            Err(ServiceError::OnVacation { .. })
        ));
        db.clock.advance_to(db.clock.now_ms() + DAY + 12 * HOUR);
        let back = service
            .end_vacation(GuildId(GUILD), Caller::user(UserId(ALICE)), UserId(ALICE))
            .await
            .unwrap();
        assert_eq!(back.days_left, 12, "{}", db.backend);
        // Ten more in summer leave two; three are refused.
        db.clock.advance_to(utc("2026-07-01T09:00:00Z"));
        service
            .start_vacation(GuildId(GUILD), UserId(ALICE), 10)
            .await
            .unwrap();
        db.clock.advance_to(utc("2026-07-20T09:00:00Z"));
        assert_eq!(
            service
                .vacation_days_left(GuildId(GUILD), UserId(ALICE))
                .await
                .unwrap(),
            2
        );
        assert!(matches!(
            service
                .start_vacation(GuildId(GUILD), UserId(ALICE), 3)
                .await,
            Err(ServiceError::VacationAllowance { left: 2 })
        ));
        assert!(matches!(
            service
                .start_vacation(GuildId(GUILD), UserId(ALICE), 0)
                .await,
            Err(ServiceError::VacationAllowance { left: 2 })
        ));
        // Another player and another server keep their own allowance.
        assert_eq!(
            service
                .vacation_days_left(GuildId(GUILD), UserId(BOB))
                .await
                .unwrap(),
            14
        );
        assert_eq!(
            service
                .vacation_days_left(GuildId(GUILD + 1), UserId(ALICE))
                .await
                .unwrap(),
            14
        );
        // A new year, a new allowance; the admin's setting counts.
        db.clock.advance_to(utc("2027-01-01T00:00:00Z"));
        assert_eq!(
            service
                .vacation_days_left(GuildId(GUILD), UserId(ALICE))
                .await
                .unwrap(),
            14
        );
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(BOB)), |cfg| {
                cfg.vacation_days = 3;
                Ok(())
            })
            .await
            .unwrap();
        assert!(matches!(
            service
                .start_vacation(GuildId(GUILD), UserId(ALICE), 4)
                .await,
            Err(ServiceError::VacationAllowance { left: 3 })
        ));
        service
            .start_vacation(GuildId(GUILD), UserId(ALICE), 3)
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn a_game_resumes_with_the_time_its_player_had_left_after_an_early_return() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 3).await.id;
        let (player, _) = pending_user(&service, game).await.unwrap();
        let timeout = due(&service, game, DeadlineKind::Timeout).await.unwrap();
        // Ten hours into the turn the player leaves for three days.
        db.clock.advance_to(db.clock.now_ms() + 10 * HOUR);
        let left = timeout - db.clock.now_ms();
        let report = service
            .start_vacation(GuildId(GUILD), UserId(player), 3)
            .await
            .unwrap();
        assert_eq!(report.paused, 1);
        let ends = report.vacation.ends_at;
        assert_eq!(
            due(&service, game, DeadlineKind::Timeout).await,
            Some(ends + left),
            "{}: the clock waits for the vacation",
            db.backend
        );
        // Nothing fires while they are away, not even the original deadline.
        db.clock.advance_to(timeout + HOUR);
        assert!(
            service.fire_due().await.unwrap().is_empty(),
            "{}",
            db.backend
        );
        // The table says so.
        let rec = service.game(game).await.unwrap();
        let seat = rec.seat_of(UserId(player)).unwrap();
        let away = service.vacations_at(&rec).await.unwrap();
        assert_eq!(away, vec![(seat, ends)]);
        let state = service.live(&rec).unwrap();
        let table = table_message(&TableInput {
            game: &rec,
            state: Some(state.as_ref()),
            recent: &[],
            lang: Lang::En,
            clock_until: None,
        });
        let times = service.turn_times(&rec).await.unwrap();
        assert_eq!(
            times,
            TurnTimes {
                clock_until: None,
                days_per_move: None,
                turn_ends: Some(ends + left),
                vacations: away,
            }
        );
        let table = with_turn_times(table, &rec, &times, Lang::En);
        let embed = table.embed.unwrap();
        let field = embed.fields.last().unwrap();
        assert!(
            matches!(
                mark::pieces(&field.name)[..],
                [
                    mark::Piece::Words("Time to move ends "),
                    mark::Piece::Instant(_, mark::InstantStyle::Relative)
                ]
            ),
            "{}",
            field.name
        );
        assert_eq!(
            field.value,
            format!(
                "{} is on vacation until {}",
                mark::user(UserId(player)),
                mark::instant(ends, mark::InstantStyle::DateTime)
            )
        );
        // Back early: the same time is left as when they went.
        db.clock.advance_to(db.clock.now_ms() + DAY);
        let back = service
            .end_vacation(GuildId(GUILD), Caller::user(UserId(player)), UserId(player))
            .await
            .unwrap();
        assert_eq!(back.paused, 1);
        let now = db.clock.now_ms();
        assert_eq!(
            due(&service, game, DeadlineKind::Timeout).await,
            Some(now + left),
            "{}",
            db.backend
        );
        assert!(service.vacations_at(&rec).await.unwrap().is_empty());
        db.clock.advance_to(now + left);
        let fired = service.fire_due().await.unwrap();
        assert!(
            fired.iter().any(|f| matches!(f, Fired::TimedOut { .. })),
            "{}: {fired:?}",
            db.backend
        );
    }
}

#[tokio::test]
async fn a_vacation_that_runs_its_course_leaves_the_same_time_after_it() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 3).await.id;
        let (player, _) = pending_user(&service, game).await.unwrap();
        let other = if player == ALICE { BOB } else { ALICE };
        let timeout = due(&service, game, DeadlineKind::Timeout).await.unwrap();
        let left = timeout - db.clock.now_ms();
        // The other player goes away first: a turn that comes to them meanwhile starts
        // its full time when they are back.
        let theirs = service
            .start_vacation(GuildId(GUILD), UserId(other), 2)
            .await
            .unwrap();
        assert_eq!(theirs.paused, 0, "it is not their turn");
        let report = service
            .start_vacation(GuildId(GUILD), UserId(player), 2)
            .await
            .unwrap();
        let went = db.clock.now_ms();
        assert!(service.vacations_over(went).await.unwrap().is_empty());
        db.clock.advance_to(report.vacation.ends_at);
        assert!(service.fire_due().await.unwrap().is_empty());
        // The scheduler refreshes the table once both vacations are over.
        let over = service.vacations_over(went).await.unwrap();
        assert_eq!(over.iter().map(|g| g.id).collect::<Vec<_>>(), vec![game]);
        assert!(service
            .vacations_over(report.vacation.ends_at)
            .await
            .unwrap()
            .is_empty());
        assert_eq!(
            due(&service, game, DeadlineKind::Timeout).await,
            Some(report.vacation.ends_at + left),
            "{}",
            db.backend
        );
        assert!(matches!(
            service
                .end_vacation(GuildId(GUILD), Caller::user(UserId(player)), UserId(player))
                .await,
            Err(ServiceError::NotOnVacation)
        ));
    }
}

#[tokio::test]
async fn a_clock_that_sleeps_at_night_keeps_its_waking_time_over_an_early_return() {
    for db in backends().await {
        let service = db.service().await;
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(CAROL)), |cfg| {
                cfg.timeout_minutes = 3 * 60;
                cfg.reminder_minutes = 0;
                Ok(())
            })
            .await
            .unwrap();
        for user in [ALICE, BOB] {
            service
                .set_player_time(
                    UserId(user),
                    TimeChange {
                        zone: Some("Europe/Prague"),
                        quiet: Some("22-08"),
                    },
                )
                .await
                .unwrap();
        }
        // 20:00 in Prague: three waking hours end at 09:00 the next morning.
        db.clock.advance_to(utc("2026-11-25T19:00:00Z"));
        let game = started(&service, 1, 3).await.id;
        let (player, _) = pending_user(&service, game).await.unwrap();
        assert_eq!(
            due(&service, game, DeadlineKind::Timeout).await,
            Some(utc("2026-11-26T08:00:00Z"))
        );
        // At 21:00 two waking hours are left (21–22 and 8–9); the player goes away.
        db.clock.advance_to(utc("2026-11-25T20:00:00Z"));
        service
            .start_vacation(GuildId(GUILD), UserId(player), 3)
            .await
            .unwrap();
        // Back early on Friday at 10:00: the two hours run from now.
        db.clock.advance_to(utc("2026-11-27T09:00:00Z"));
        service
            .end_vacation(GuildId(GUILD), Caller::user(UserId(player)), UserId(player))
            .await
            .unwrap();
        assert_eq!(
            due(&service, game, DeadlineKind::Timeout).await,
            Some(utc("2026-11-27T11:00:00Z")),
            "{}",
            db.backend
        );
    }
}

#[tokio::test]
async fn a_turn_that_comes_during_a_vacation_starts_when_it_ends() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 3).await.id;
        let (player, _) = pending_user(&service, game).await.unwrap();
        let other = if player == ALICE { BOB } else { ALICE };
        let report = service
            .start_vacation(GuildId(GUILD), UserId(other), 4)
            .await
            .unwrap();
        let cfg = service.guild_config(GuildId(GUILD)).await.unwrap();
        // Moves until the turn passes to the player on vacation.
        for n in 0..30 {
            if pending_user(&service, game).await.unwrap().0 == other {
                break;
            }
            step(&service, game, n).await.unwrap().unwrap();
        }
        assert_eq!(pending_user(&service, game).await.unwrap().0, other);
        assert_eq!(
            due(&service, game, DeadlineKind::Timeout).await,
            Some(report.vacation.ends_at + cfg.timeout_minutes as i64 * 60_000),
            "{}",
            db.backend
        );
    }
}

#[tokio::test]
async fn an_admin_ends_a_vacation_and_nobody_else_can() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 3).await.id;
        let (player, _) = pending_user(&service, game).await.unwrap();
        let other = if player == ALICE { BOB } else { ALICE };
        let timeout = due(&service, game, DeadlineKind::Timeout).await.unwrap();
        let left = timeout - db.clock.now_ms();
        service
            .start_vacation(GuildId(GUILD), UserId(player), 7)
            .await
            .unwrap();
        assert!(matches!(
            service
                .end_vacation(GuildId(GUILD), Caller::user(UserId(other)), UserId(player))
                .await,
            Err(ServiceError::NotAdmin)
        ));
        db.clock.advance_to(db.clock.now_ms() + 2 * DAY);
        let ended = service
            .end_vacation(GuildId(GUILD), Caller::admin(UserId(CAROL)), UserId(player))
            .await
            .unwrap();
        assert_eq!(ended.vacation.ended_by, Some(UserId(CAROL)));
        assert_eq!(
            due(&service, game, DeadlineKind::Timeout).await,
            Some(db.clock.now_ms() + left),
            "{}",
            db.backend
        );
        // Two days begun count against the allowance.
        assert_eq!(ended.days_left, 12);
    }
}

#[tokio::test]
async fn no_vacation_starts_while_a_reaction_window_or_a_trading_period_waits_for_the_player() {
    for db in backends().await {
        let service = db.service().await;
        let mut options = OptionValues::new();
        options.insert("reaction_secs".into(), OptionValue::Int(600));
        let game = open_and_start(&service, 1, "ovlivneni", 11, options, 2).await;
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let seat = until_a_window(&service, game, &mut rng).await;
        let rec = service.game(game).await.unwrap();
        let user = rec.seats[seat as usize].user().unwrap();
        assert!(
            matches!(
                service.start_vacation(GuildId(GUILD), user, 2).await,
                Err(ServiceError::VacationInReaction { game: g }) if g == game
            ),
            "{}",
            db.backend
        );
        assert_eq!(
            service
                .vacation_days_left(GuildId(GUILD), user)
                .await
                .unwrap(),
            14
        );

        // Chaotic Realms' trading period: everyone trades at once.
        let mut options = OptionValues::new();
        options.insert("variant".into(), OptionValue::Str("chaotic".into()));
        let game = open_and_start(&service, 2, "fantasy-realms", 5, options, 3).await;
        assert!(
            matches!(
                service.start_vacation(GuildId(GUILD), UserId(CAROL), 2).await,
                Err(ServiceError::VacationInSharedStep { game: g }) if g == game
            ),
            "{}",
            db.backend
        );
    }
}

async fn open_and_start(
    service: &Service,
    channel: u64,
    kind: &str,
    seed: u64,
    options: OptionValues,
    players: usize,
) -> GameId {
    let seats = [ALICE, BOB, CAROL][..players]
        .iter()
        .map(|&u| SeatHolder::User(UserId(u)))
        .collect();
    let rec = service
        .open(OpenLobby {
            guild: GuildId(GUILD),
            channel: ChannelId(channel),
            parent: None,
            kind: kind.into(),
            host: UserId(ALICE),
            seats,
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

/// Random clicks until a user faces a reaction window; that seat.
async fn until_a_window(service: &Service, game: GameId, rng: &mut ChaCha8Rng) -> Seat {
    for _ in 0..3_000 {
        let rec = service.game(game).await.unwrap();
        let state = service.live(&rec).unwrap();
        let window = state.pending().iter().find_map(|p| match p.actor {
            Actor::Seat(s) if p.kind == DecisionKind::Reaction => Some(s),
            _ => None,
        });
        if let Some(seat) = window {
            return seat;
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
