//! Issue 50: a turn notice held for the end of a player's quiet hours is deleted once it
//! is delivered, not when it is taken: a process that dies in between leaves it to the
//! next one, which delivers it once the first one's claim ran out. On SQLite and Postgres.

use crate::common;
use vliv_bot::service::UserId;

use common::*;
use vliv_bot::service::Clock;

#[tokio::test]
async fn a_held_notice_taken_by_a_process_that_died_is_delivered_by_the_next() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 3).await.id;
        let (user, menu) = pending_user(&service, game).await.unwrap();
        service
            .hold_notice(game, UserId(user), menu.seat, db.clock.now_ms())
            .await
            .unwrap();
        let due = service.due_notices().await.unwrap();
        assert_eq!(due.len(), 1, "{}", db.backend);
        // Killed before it delivered the notice.
        drop(service);

        db.clock.advance_secs(61);
        let service = db.service().await;
        let due = service.due_notices().await.unwrap();
        assert_eq!(
            due.len(),
            1,
            "{}: the notice the dead process took is delivered by the next",
            db.backend
        );
        // Delivered this time: gone for good.
        service.notice_delivered(&due[0].1).await.unwrap();
        db.clock.advance_secs(120);
        assert!(
            service.due_notices().await.unwrap().is_empty(),
            "{}",
            db.backend
        );
        assert!(
            service.held_notices(game).await.unwrap().is_empty(),
            "{}",
            db.backend
        );
    }
}
