//! What running games may cost a server: a host may run so many games in a server and a
//! server so many in all (a start past either is refused, in both languages, and changes
//! nothing); a game may have so many spectators; a game whose last person times out where
//! timed-out seats pass to the AI ends, unrated, instead of AI playing AI. On SQLite and
//! Postgres.

use crate::common;
use vliv_bot::service::{GuildId, UserId};

use common::*;
use vliv_bot::service::{
    rating_of, Caller, Ending, GameLimits, ServiceError, Status, TimeoutAction, Unrated,
};
use vliv_bot::store::StoreError;
use vliv_engine::{Lang, Level};

const LIMITS: GameLimits = GameLimits {
    running_per_host: 2,
    running_per_server: 3,
    spectators_per_game: 2,
};

/// Alice's lobby in `channel` against one AI, not started.
async fn ai_lobby(service: &vliv_bot::service::Service, channel: u64, host: u64) -> i64 {
    let rec = service.open(lobby(channel, host, channel)).await.unwrap();
    service
        .add_ai(rec.id, Caller::user(UserId(host)), Level::Easy)
        .await
        .unwrap();
    rec.id
}

fn say(lang: Lang, e: &ServiceError) -> String {
    vliv_bot::i18n::tr(lang, &e.text(), &|s| lang.seat_name(s))
}

#[tokio::test]
async fn starts_past_the_caps_on_running_games_are_refused_and_change_nothing() {
    for db in backends().await {
        let service = db.service().await.with_game_limits(LIMITS);
        for channel in 1..=2 {
            let game = ai_lobby(&service, channel, ALICE).await;
            service
                .start(game, Caller::user(UserId(ALICE)))
                .await
                .unwrap();
        }
        let third = ai_lobby(&service, 3, ALICE).await;
        let before = fingerprint(&service, third).await;
        let got = service.start(third, Caller::user(UserId(ALICE))).await;
        let Err(
            e @ ServiceError::TooManyRunning {
                per_host: true,
                max: 2,
            },
        ) = got
        else {
            panic!("{}: {got:?}", db.backend);
        };
        assert_eq!(fingerprint(&service, third).await, before, "{}", db.backend);
        let en = say(Lang::En, &e);
        let cs = say(Lang::Cs, &e);
        assert_eq!(
            en,
            "You already host 2 running games on this server, the most allowed. Finish one first."
        );
        assert!(cs.contains("2 rozehraných her"), "{cs}");

        // Bob may start one more; then the server is full for everyone.
        let bobs = ai_lobby(&service, 4, BOB).await;
        service
            .start(bobs, Caller::user(UserId(BOB)))
            .await
            .unwrap();
        let carols = ai_lobby(&service, 5, CAROL).await;
        let got = service.start(carols, Caller::user(UserId(CAROL))).await;
        assert!(
            matches!(
                got,
                Err(ServiceError::TooManyRunning {
                    per_host: false,
                    max: 3
                })
            ),
            "{}: {got:?}",
            db.backend
        );

        // A game that ends makes room again.
        let first = service
            .store()
            .running_games(GuildId(GUILD), Some(UserId(ALICE)))
            .await
            .unwrap();
        assert_eq!(first, 2, "{}", db.backend);
        let alices = service.game(third).await.unwrap();
        assert_eq!(alices.status, Status::Lobby, "{}", db.backend);
        service
            .abandon(bobs, Caller::user(UserId(BOB)))
            .await
            .unwrap();
        service
            .start(carols, Caller::user(UserId(CAROL)))
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn a_game_takes_so_many_spectators() {
    for db in backends().await {
        let service = db.service().await.with_game_limits(LIMITS);
        let game = started(&service, 1, 7).await.id;
        service.watch(game, UserId(CAROL)).await.unwrap();
        service.watch(game, UserId(44)).await.unwrap();
        // Watching again is no new spectator.
        service.watch(game, UserId(CAROL)).await.unwrap();
        let got = service.watch(game, UserId(55)).await;
        let Err(e @ ServiceError::TooManySpectators { max: 2 }) = got else {
            panic!("{}: {got:?}", db.backend);
        };
        assert_eq!(
            say(Lang::En, &e),
            "2 people are already watching this game, the most allowed."
        );
        assert!(say(Lang::Cs, &e).contains("sledují 2 diváci"));
        assert_eq!(service.spectators(game).await.unwrap().len(), 2);
        service.unwatch(game, UserId(44)).await.unwrap();
        service.watch(game, UserId(55)).await.unwrap();
    }
}

#[tokio::test]
async fn a_game_whose_last_person_times_out_ends_unrated_instead_of_ai_against_ai() {
    for db in backends().await {
        let service = db.service().await;
        service
            .store()
            .update_guild_config::<StoreError>(GuildId(GUILD), |cfg| {
                cfg.timeout_action = TimeoutAction::Ai;
                Ok(())
            })
            .await
            .unwrap();
        let game = ai_lobby(&service, 1, ALICE).await;
        service
            .start(game, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        db.clock.advance_minutes(48 * 60 + 1);
        service.fire_due().await.unwrap();
        let rec = service.game(game).await.unwrap();
        assert_eq!(rec.status, Status::Abandoned, "{}", db.backend);
        assert!(
            matches!(rec.ending, Some(Ending::TimedOut { .. })),
            "{}: {:?}",
            db.backend,
            rec.ending
        );
        assert_eq!(rating_of(&rec), Some(Err(Unrated::Abandoned)));
        assert!(service.store().deadlines(game).await.unwrap().is_empty());

        // With a person left, the AI still takes the timed-out seat and play goes on.
        let two = started(&service, 2, 3).await.id;
        db.clock.advance_minutes(48 * 60 + 1);
        service.fire_due().await.unwrap();
        assert_eq!(service.game(two).await.unwrap().status, Status::Running);
    }
}
