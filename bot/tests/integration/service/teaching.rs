//! Hints and reviews through the application layer, on SQLite and Postgres: a hint goes to
//! the asker alone (nothing to publish), names only choices of the asker's own menu and
//! marks the game, which then is not rated while an identical unhinted game is; the server
//! setting and the lobby option refuse hints with their reasons; a review is refused while
//! the game runs, and waits in line once every review slot is taken.

use super::*;
use vliv_bot::service::{ChannelId, GuildId, UserId};
use vliv_bot::{
    app::{execute, Answer, Origin, Plan, Refusal, Request, Target},
    service::{hinted, rating_of, Place, Platform, Service, Unrated},
};
use vliv_engine::OptionValue;

const TABLE: u64 = 700;

fn asker(user: u64, channel: u64) -> Origin {
    Origin {
        platform: Platform::Discord,
        user: UserId(user),
        place: Place::channel(GuildId(GUILD), ChannelId(channel)),
        admin: false,
        private: false,
        key: None,
        reads: None,
        name: None,
    }
}

/// The refusal's text key, or a panic naming what came instead.
async fn refused(service: &Service, origin: &Origin, request: Request) -> String {
    match execute(service, origin, request).await {
        Err(Refusal::Refused(text)) => text.key.to_string(),
        Err(other) => panic!("not a refusal but {other:?}"),
        Ok(_) => panic!("not refused"),
    }
}

#[tokio::test]
async fn a_hint_is_the_askers_alone_and_its_game_is_not_rated_while_an_identical_one_is() {
    for db in backends().await {
        let service = db.service().await;
        let mut ended = Vec::new();
        for (channel, ask_hint) in [(TABLE, true), (TABLE + 1, false)] {
            // The same seed: the same deal, the same first decision.
            let rec = started(&service, channel, 48).await;
            let (mover, menu) = pending_user(&service, rec.id).await.expect("someone moves");
            let other = if mover == ALICE { BOB } else { ALICE };
            if ask_hint {
                let refusal = refused(&service, &asker(other, channel), Request::Hint).await;
                assert_eq!(refusal, "err-not-your-turn", "{}", db.backend);
                assert!(!hinted(&service.game(rec.id).await.unwrap().options));

                let outcome = execute(&service, &asker(mover, channel), Request::Hint)
                    .await
                    .unwrap_or_else(|e| panic!("{}: {e:?}", db.backend));
                assert!(
                    matches!(outcome.publish, Plan::Nothing),
                    "nothing is published"
                );
                let Answer::Hint(hint) = outcome.answer else {
                    panic!("a hint is answered with the hint");
                };
                assert!((1..=3).contains(&hint.choices.len()), "{:?}", hint.choices);
                for choice in &hint.choices {
                    assert!(
                        menu.menu
                            .choices
                            .iter()
                            .any(|c| c.id == choice.choice && c.label == choice.label),
                        "{choice:?} is a choice of the asker's own menu"
                    );
                    assert!((0.0..=1.0).contains(&choice.win_chance), "{choice:?}");
                }
                assert!(
                    hinted(&service.game(rec.id).await.unwrap().options),
                    "marked"
                );
            }
            let done = service.concede(rec.id, UserId(BOB)).await.unwrap();
            ended.push(done);
        }
        assert_eq!(
            rating_of(&ended[0]),
            Some(Err(Unrated::Hinted)),
            "{}: the hinted game",
            db.backend
        );
        assert_eq!(
            rating_of(&ended[1]),
            Some(Ok(())),
            "{}: the other",
            db.backend
        );

        // A rematch of the hinted game starts unmarked.
        let rematch = execute(
            &service,
            &asker(ALICE, TABLE),
            Request::Rematch(Target::Here),
        )
        .await
        .unwrap_or_else(|e| panic!("{}: {e:?}", db.backend));
        let Plan::Rematch(rematch) = rematch.publish else {
            panic!("a rematch plans its lobby");
        };
        assert!(!hinted(&rematch.lobby.options), "{}", db.backend);
    }
}

#[tokio::test]
async fn hints_are_refused_where_the_server_or_the_lobby_turned_them_off() {
    for db in backends().await {
        let service = db.service().await;
        // The lobby's option.
        let mut open = lobby(TABLE, ALICE, 5);
        open.options
            .insert("hints".into(), OptionValue::Str("off".into()));
        let rec = service.open(open).await.unwrap();
        service.join(rec.id, UserId(BOB)).await.unwrap();
        service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        let (mover, _) = pending_user(&service, rec.id).await.unwrap();
        let refusal = refused(&service, &asker(mover, TABLE), Request::Hint).await;
        assert_eq!(refusal, "err-hints-off-lobby", "{}", db.backend);
        assert!(!hinted(&service.game(rec.id).await.unwrap().options));

        // A lobby option that is neither on nor off is refused when the lobby opens.
        let mut bad = lobby(TABLE + 1, ALICE, 5);
        bad.options
            .insert("hints".into(), OptionValue::Str("sometimes".into()));
        assert!(matches!(
            service.open(bad.clone()).await,
            Err(ServiceError::BadOption(_))
        ));
        // Nobody opens a game already marked.
        bad.options.clear();
        bad.options
            .insert("hinted".into(), OptionValue::Bool(false));
        assert!(matches!(
            service.open(bad).await,
            Err(ServiceError::BadOption(_))
        ));

        // The server's setting.
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(CAROL)), |cfg| {
                cfg.hints = false;
                Ok(())
            })
            .await
            .unwrap();
        let rec = started(&service, TABLE + 2, 6).await;
        let (mover, _) = pending_user(&service, rec.id).await.unwrap();
        let refusal = refused(&service, &asker(mover, TABLE + 2), Request::Hint).await;
        assert_eq!(refusal, "err-hints-off-server", "{}", db.backend);
        assert!(!hinted(&service.game(rec.id).await.unwrap().options));
    }
}

#[tokio::test]
async fn a_review_is_refused_while_the_game_runs_and_waits_in_line_for_a_slot() {
    for db in backends().await {
        let service = db.service().await.with_reviews_at_once(1);
        let rec = started(&service, TABLE, 9).await;
        for n in 0..6 {
            step(&service, rec.id, n).await.unwrap().unwrap();
        }
        let review = |seat| Request::Review {
            game: Target::Here,
            seat,
        };
        let refusal = refused(&service, &asker(ALICE, TABLE), review(None)).await;
        assert_eq!(refusal, "err-review-running", "{}", db.backend);
        service.concede(rec.id, UserId(BOB)).await.unwrap();

        // A spectator names the seat; a seat the table does not have is refused.
        let refusal = refused(&service, &asker(CAROL, TABLE), review(None)).await;
        assert_eq!(refusal, "err-review-which-seat");
        let refusal = refused(&service, &asker(CAROL, TABLE), review(Some(3))).await;
        assert_eq!(refusal, "err-no-such-seat");

        let job = |answer: Answer| match answer {
            Answer::Review(job) => *job,
            _ => panic!("a review is answered with its job"),
        };
        let first = execute(&service, &asker(ALICE, TABLE), review(None))
            .await
            .unwrap();
        let first = job(first.answer);
        assert!(!first.queued, "a free slot");
        let second = execute(&service, &asker(CAROL, TABLE), review(Some(2)))
            .await
            .unwrap();
        let second = job(second.answer);
        assert!(second.queued, "{}: the one slot is taken", db.backend);
        assert_eq!(second.seat, 1);

        let waiting = tokio::spawn(second.finish());
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        assert!(!waiting.is_finished(), "it waits while the slot is taken");
        let reviewed = first.finish().await.unwrap();
        assert_eq!(reviewed.seat, rec.seat_of(UserId(ALICE)).unwrap());
        assert!(!reviewed.decisions.is_empty(), "Alice decided in six moves");
        for d in &reviewed.decisions {
            assert!(d.win_best >= 0.0 && d.win_made <= 1.0, "{d:?}");
        }
        let bobs = waiting.await.unwrap().unwrap();
        assert_eq!(bobs.seat, 1);
    }
}
