//! Issue 22: the facts the bot's process keeps in memory beside its games (vacations, quiet
//! hours, a game's deadlines) follow every write made through the store, on both backends.

use crate::common;
use vliv_bot::service::{GuildId, UserId};

use common::*;
use std::sync::Arc;

use vliv_bot::{
    service::Service,
    store::{Deadline, DeadlineKind, Store, TimeSettings},
};

#[tokio::test]
async fn cached_vacations_times_and_deadlines_follow_their_writes() {
    for db in backends().await {
        let store = Store::connect(&db.url)
            .await
            .expect("the store opens")
            .with_game_cache(true);
        let (guild, user, now) = (GUILD, ALICE, 1_700_000_000_000);
        // Read once (cached as nothing), then written: the next read sees the write.
        assert_eq!(
            store
                .current_vacation(GuildId(guild), UserId(user), now)
                .await
                .unwrap(),
            None
        );
        let v = store
            .insert_vacation(GuildId(guild), UserId(user), now, now + 3_600_000)
            .await
            .unwrap()
            .expect("a vacation starts");
        let seen = store
            .current_vacation(GuildId(guild), UserId(user), now + 1)
            .await
            .unwrap();
        assert_eq!(seen, Some(v), "{}", db.backend);
        // Over once its end has passed, with no write at all.
        let after = store
            .current_vacation(GuildId(guild), UserId(user), now + 3_600_000)
            .await;
        assert_eq!(after.unwrap(), None, "{}", db.backend);
        assert!(store
            .end_vacation(v.id, now + 10, UserId(user))
            .await
            .unwrap());
        let ended = store
            .current_vacation(GuildId(guild), UserId(user), now + 20)
            .await
            .unwrap();
        assert_eq!(ended, None, "{}", db.backend);

        assert_eq!(store.time_settings(UserId(user)).await.unwrap(), None);
        let time = TimeSettings {
            zone: "Europe/Prague".into(),
            quiet: Some((22 * 60, 7 * 60)),
        };
        store.put_time_settings(UserId(user), &time).await.unwrap();
        let read = store.time_settings(UserId(user)).await.unwrap();
        assert_eq!(read, Some(time), "{}", db.backend);

        // A game's deadlines, read while it is cached, then replaced.
        let service = Service::new(store.clone(), Arc::new(db.clock.clone()));
        let game = started(&service, 100, 7).await.id;
        store.deadlines(game).await.unwrap();
        let reminder = [Deadline {
            game,
            kind: DeadlineKind::Reminder,
            due_ms: now + 5,
        }];
        store.set_deadlines(game, &reminder).await.unwrap();
        assert_eq!(
            store.deadlines(game).await.unwrap(),
            reminder,
            "{}",
            db.backend
        );
        store.set_deadlines(game, &[]).await.unwrap();
        assert!(
            store.deadlines(game).await.unwrap().is_empty(),
            "{}",
            db.backend
        );
    }
}
