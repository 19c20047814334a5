//! A game's end and its rating in one transaction; games that are not rated (AI seats, a
//! seat handed to the AI, abandoned games).

use super::*;
use vliv_bot::service::{GuildId, UserId};

#[tokio::test]
async fn a_game_played_to_the_end_is_rated_when_its_end_is_stored() {
    for db in backends().await {
        let service = db.service().await;
        let game = started_with(&service, GUILD, 1, "claim", &[ALICE, BOB], 5).await;
        play_out(&service, game, &[ALICE, BOB], 5).await;
        let rec = service.game(game).await.unwrap();
        assert_eq!(rating_of(&rec), Some(Ok(())));
        let places = &rec.outcome.as_ref().unwrap().places;
        let expected = rate(&[(None, places[0]), (None, places[1])]);
        for (seat, user) in [ALICE, BOB].into_iter().enumerate() {
            let r = service
                .store()
                .rating(GuildId(GUILD), "claim", UserId(user))
                .await
                .unwrap()
                .expect("rated");
            assert_eq!(r.skill, expected[seat], "{}", db.backend);
            assert_eq!(r.games, 1);
            assert_eq!(r.wins, u64::from(places[seat] == 1 && places != &[1, 1]));
        }
    }
}

#[tokio::test]
async fn an_end_whose_rating_cannot_be_written_is_not_stored_either() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 3).await;
        sqlx::query("DROP TABLE ratings")
            .execute(service.store().pool())
            .await
            .unwrap();
        assert!(service.concede(game.id, UserId(BOB)).await.is_err());
        let rec = service.game(game.id).await.unwrap();
        assert_eq!(rec.status, Status::Running, "{}", db.backend);
        let results: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM game_results")
            .fetch_one(service.store().pool())
            .await
            .unwrap();
        assert_eq!(results, 0, "{}", db.backend);
    }
}

#[tokio::test]
async fn games_with_ai_seats_and_abandoned_games_are_not_rated() {
    for db in backends().await {
        let service = db.service().await;
        // An AI seat from the lobby: conceded by the AI's opponent.
        let with_ai = against_ai(&service, 1, 1).await;
        service.concede(with_ai, UserId(ALICE)).await.unwrap();
        // Bob leaves a running game: the AI takes his seat; Alice concedes to it.
        let left = started(&service, 2, 2).await;
        service.leave(left.id, UserId(BOB), true).await.unwrap();
        service.concede(left.id, UserId(ALICE)).await.unwrap();
        // The server hands a seat that times out to the AI; the other player concedes.
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(CAROL)), |cfg| {
                cfg.timeout_action = vliv_bot::service::TimeoutAction::Ai;
                Ok(())
            })
            .await
            .unwrap();
        let timed_out = started(&service, 4, 4).await;
        db.clock.advance_minutes(60 * 49);
        service.fire_due().await.unwrap();
        let rec = service.game(timed_out.id).await.unwrap();
        let (waiting, _) = pending_user(&service, timed_out.id)
            .await
            .expect("the other seat is asked");
        assert!(rec.seats.iter().any(|h| matches!(
            h,
            SeatHolder::Ai {
                forfeited_by: Some(_),
                ..
            }
        )));
        service
            .concede(timed_out.id, UserId(waiting))
            .await
            .unwrap();
        // Abandoned by its host.
        let abandoned = started(&service, 3, 3).await;
        service
            .abandon(abandoned.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();

        let reason = |id| {
            let service = &service;
            async move { rating_of(&service.game(id).await.unwrap()) }
        };
        assert_eq!(reason(with_ai).await, Some(Err(Unrated::AiSeat)));
        assert_eq!(reason(left.id).await, Some(Err(Unrated::AiSeat)));
        assert_eq!(reason(timed_out.id).await, Some(Err(Unrated::AiSeat)));
        assert_eq!(reason(abandoned.id).await, Some(Err(Unrated::Abandoned)));
        assert!(service.store().all_ratings().await.unwrap().is_empty());
        // The games still count as played for the people who finished them.
        let alice = service
            .stats(GuildId(GUILD), UserId(ALICE), None)
            .await
            .unwrap();
        assert_eq!(
            alice.games,
            2 + u64::from(waiting == ALICE),
            "{}",
            db.backend
        );
        assert_eq!(alice.wins, 0, "{}", db.backend);
        assert!(alice.kinds.iter().all(|(_, rating)| rating.is_none()));
        // The result on the table says so, in both languages.
        let rec = service.game(left.id).await.unwrap();
        let state = service.live(&rec).unwrap();
        for (lang, line) in [
            (Lang::En, "Not rated: the AI played a seat."),
            (
                Lang::Cs,
                "Hra se do hodnocení nezapočítává: za některé místo hrála AI.",
            ),
        ] {
            let table = vliv_bot::render::table_message(&vliv_bot::render::TableInput {
                game: &rec,
                state: Some(state.as_ref()),
                recent: &[],
                lang,
                clock_until: None,
            });
            let result = &table.embed.unwrap().fields;
            assert!(
                result.iter().any(|f| f.value.contains(line)),
                "{lang:?}: {result:?}"
            );
        }
    }
}
