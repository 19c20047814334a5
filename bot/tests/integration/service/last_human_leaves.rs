//! Issue 50: when the last person leaves a running game, no AI plays on for nobody: the
//! game ends, abandoned and unrated, with nothing left to fire. On SQLite and Postgres.

use crate::common;
use vliv_bot::service::{GuildId, UserId};

use common::*;
use vliv_bot::service::{rating_of, Ending, Status, Unrated};

#[tokio::test]
async fn a_game_whose_last_person_leaves_ends_unrated() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 3).await.id;
        // Bob leaves: the AI takes his seat and Alice plays on.
        let report = service.leave(game, UserId(BOB), true).await.unwrap();
        assert_eq!(report.game.status, Status::Running, "{}", db.backend);

        // Alice leaves too: nobody is left to play against.
        let report = service.leave(game, UserId(ALICE), true).await.unwrap();
        assert_eq!(report.game.status, Status::Abandoned, "{}", db.backend);
        let rec = service.game(game).await.unwrap();
        assert_eq!(rec.status, Status::Abandoned, "{}", db.backend);
        assert_eq!(
            rec.ending,
            Some(Ending::Abandoned {
                by: Some(UserId(ALICE))
            }),
            "{}",
            db.backend
        );
        assert_eq!(rating_of(&rec), Some(Err(Unrated::Abandoned)));
        assert!(
            service.store().deadlines(game).await.unwrap().is_empty(),
            "{}: nothing left to fire",
            db.backend
        );
        assert!(service
            .store()
            .rating(GuildId(GUILD), "claim", UserId(ALICE))
            .await
            .unwrap()
            .is_none());
    }
}
